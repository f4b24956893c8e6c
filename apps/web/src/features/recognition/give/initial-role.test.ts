import { describe, expect, it } from 'vitest';
import { initialRole, recipientRoles } from './initial-role';

describe('recipient roles', () => {
  it('offers every role to everyone (a parent sees only their own children, by the server)', () => {
    expect(recipientRoles('teacher')).toEqual(['student', 'teacher', 'parent', 'staff', 'self']);
    expect(recipientRoles('parent')).toEqual(['student', 'teacher', 'parent', 'staff', 'self']);
  });

  it('starts from the role passed in navigation state, when the caller may choose it', () => {
    expect(initialRole({ role: 'staff' }, recipientRoles('student'))).toBe('staff');
    expect(initialRole({ role: 'self' }, recipientRoles('teacher'))).toBe('self');
    expect(initialRole({ role: 'student' }, recipientRoles('parent'))).toBe('student');
    expect(initialRole({ role: 'admin' }, recipientRoles('teacher'))).toBe('student');
    expect(initialRole(null, recipientRoles('teacher'))).toBe('student');
    expect(initialRole(undefined, recipientRoles('parent'))).toBe('student');
  });
});
