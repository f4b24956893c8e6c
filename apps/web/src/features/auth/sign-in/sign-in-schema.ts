import { EmailSchema, SignInBodySchema } from '@high5/contract';

/**
 * The sign-in body as the server reads it, plus the screen's one extra rule: a login with an `@`
 * must be an e-mail address. Loaded on the first submit, so zod stays out of the first load.
 */
export const signInFormSchema = SignInBodySchema.superRefine(({ login }, ctx) => {
  if (login.includes('@') && !EmailSchema.safeParse(login).success) ctx.addIssue({ code: 'custom', path: ['login'], message: 'INVALID_EMAIL' });
});
