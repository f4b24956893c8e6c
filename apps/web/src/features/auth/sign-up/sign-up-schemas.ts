import { EmailSchema, NewPasswordSchema, StudentSignUpSchema, TeacherSignUpSchema, USERNAME_PATTERN } from '@high5/contract';
import { z } from 'zod';
import type { DistrictChoice, SchoolChoice } from '../components/district-school-picker';

/**
 * What the sign-up forms add to the contract's bodies (docs/rules/shell.md#sign-up): the confirmation,
 * the terms box (the button waits for it), and a blank password said as "required" rather than
 * as the rule (the checklist already shows the rule).
 */
const formFields = {
  password: z.string().min(1).pipe(NewPasswordSchema),
  confirm: z.string().min(1),
  acceptedTerms: z.boolean(),
};

function checkConfirm({ password, confirm }: { password: string; confirm: string }, ctx: z.RefinementCtx) {
  if (password && confirm && password !== confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordNotEqual' });
}

/** The teacher's body, with the district and school as the picker holds them (existing or new). */
export const teacherFormSchema = TeacherSignUpSchema.pick({ firstName: true, lastName: true, email: true, aeriesUsername: true })
  .extend({ ...formFields, district: z.custom<DistrictChoice | null>(), school: z.custom<SchoolChoice | null>() })
  .superRefine((values, ctx) => {
    if (!values.district) ctx.addIssue({ code: 'custom', path: ['district'], message: 'DISTRICT_REQUIRED' });
    if (!values.school) ctx.addIssue({ code: 'custom', path: ['school'], message: 'SCHOOL_REQUIRED' });
    checkConfirm(values, ctx);
  });

/** The student's body; the login is an e-mail when it has an `@`, else a username (docs/rules/shell.md#passwords-and-logins). */
export const studentFormSchema = StudentSignUpSchema.pick({ classCode: true, firstName: true, lastName: true, emailOrUsername: true })
  .extend(formFields)
  .superRefine((values, ctx) => {
    const login = values.emailOrUsername.trim();
    if (login.length >= 3) {
      if (login.includes('@') ? !EmailSchema.safeParse(login).success : !USERNAME_PATTERN.test(login.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['emailOrUsername'], message: login.includes('@') ? 'INVALID_EMAIL' : 'USERNAME_INVALID' });
    }
    checkConfirm(values, ctx);
  });
