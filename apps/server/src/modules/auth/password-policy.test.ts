import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword, newPasswordProblem } from './password-policy.js';

describe('password policy', () => {
  it('bundles at least 10,000 common passwords, compared without case and trailing symbols', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword('Password1!')).toBe(true);
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword('Violet-Harbor-42!')).toBe(false);
  });

  it('applies the password rule first, then the list', () => {
    expect(newPasswordProblem('short1!A')).toBeNull();
    expect(newPasswordProblem('nouppercase1!')).toBe('PASSWORD_TOO_WEAK');
    expect(newPasswordProblem('Qwerty123!')).toBe('PASSWORD_TOO_COMMON');
    expect(newPasswordProblem(`Aa1!${'x'.repeat(125)}`)).toBe('PASSWORD_TOO_WEAK');
  });
});
