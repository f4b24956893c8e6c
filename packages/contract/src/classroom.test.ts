import { describe, expect, it } from 'vitest';
import { cardName, InviteRowSchema, isLowMood, MOODS } from './classroom.js';

describe('invite rows', () => {
  it('rows are validated by the same schema as the server', () => {
    expect(InviteRowSchema.safeParse({ email: ' A@Example.org ' }).data).toEqual({ email: 'a@example.org', firstName: '', lastName: '' });
    expect(InviteRowSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(InviteRowSchema.safeParse({ email: 'a@example.org', firstName: 'x'.repeat(61) }).success).toBe(false);
  });
});

describe('moods and cards', () => {
  it('has the 22 moods of docs/rules/classroom.md#mood-meter, 12 of them low-energy', () => {
    expect(MOODS).toHaveLength(22);
    expect(MOODS.filter((m) => m.low)).toHaveLength(12);
    expect(isLowMood('weary')).toBe(true);
    expect(isLowMood('smile')).toBe(false);
  });

  it('cuts names over 20 characters to 15 plus an ellipsis', () => {
    expect(cardName('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(cardName('Maximiliano Fernández')).toBe('Maximiliano Fer…');
  });
});
