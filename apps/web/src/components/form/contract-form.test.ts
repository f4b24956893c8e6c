import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, NameSchema, NewPasswordSchema, SignInBodySchema } from '@high5/contract';
import { resources } from '@high5/i18n';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueKey } from './contract-form';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: issueKey });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('issueKey (the contract form words zod issues with catalog keys)', () => {
  it('when a required field is empty, it says so', () => {
    // The password's own blank rule reports too; react-hook-form shows a field's first issue.
    expect(messages(SignInBodySchema, { login: '', password: '' })).toEqual(['errors:field.required', 'errors:field.required', 'PASSWORD_EMPTY']);
    expect(messages(SignInBodySchema, {})).toEqual(['errors:field.required', 'errors:field.required']);
    // A blank e-mail is missing, not malformed.
    expect(messages(EmailSchema, '  ')).toEqual(['errors:field.required']);
  });

  it('when the value is malformed or too long, it names that', () => {
    expect(messages(EmailSchema, 'not-an-address')).toEqual(['errors:field.email']);
    expect(messages(NameSchema, 'x'.repeat(61))).toEqual(['errors:field.too_big']);
  });

  it("when the schema words its own rule, that wins (the server's code for it)", () => {
    expect(messages(NewPasswordSchema, 'short')).toEqual(['PASSWORD_TOO_WEAK']);
  });

  it('every key it can give exists in both languages', () => {
    for (const lang of ['en', 'es'] as const)
      expect(Object.keys(resources[lang].errors.field).sort()).toEqual(['email', 'invalid', 'required', 'too_big', 'too_small']);
  });

  it('through the resolver, react-hook-form gets the keys as field messages', async () => {
    const resolve = zodResolver(SignInBodySchema, { error: issueKey });
    const result = await resolve({ login: '', password: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({ login: { message: 'errors:field.required' } });
    expect(result.errors).not.toHaveProperty('password');
  });
});
