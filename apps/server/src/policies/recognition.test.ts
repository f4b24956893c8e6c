import type { Role } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import { canGiveTo, recipientScope, type GiverFacts, type RecipientScope } from './recognition.js';

const roles: Role[] = ['student', 'teacher', 'parent', 'staff'];

/** Whether a list of that scope holds the recipient. */
function listed(scope: RecipientScope, recipient: { isChildOfGiver: boolean; isParentOfGiver: boolean }) {
  if (scope === 'others') return true;
  if (scope === 'childrenOfGiver') return recipient.isChildOfGiver;
  if (scope === 'parentsOfGiver') return recipient.isParentOfGiver;
  return false;
}

describe('the recipient list is the list form of canGiveTo (policies/recognition.ts)', () => {
  const cases = roles.flatMap((giverRole) =>
    (['active', 'pending'] as const).flatMap((status) => roles.map((role) => ({ giver: { id: 'giver', role: giverRole, status } as GiverFacts, role }))),
  );
  it.each(cases)('$giver.role ($giver.status) listing $role', ({ giver, role }) => {
    const scope = recipientScope(giver, role);
    for (const isChildOfGiver of [false, true]) {
      for (const isParentOfGiver of [false, true]) {
        const recipient = { id: 'other', role, status: 'active', isChildOfGiver, isParentOfGiver };
        expect(listed(scope, recipient), JSON.stringify(recipient)).toBe(canGiveTo(giver, recipient));
      }
    }
  });
});
