import { z } from 'zod';
import { DateRangeSchema, endpoint, EmptySchema, requiredMultilineText, requiredText, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS } from './common.js';

export const JournalEntrySchema = z.object({
  id: UuidSchema,
  heading: z.string(),
  description: z.string(),
  writtenAt: z.string(),
  updatedAt: z.string(),
});
export const JournalInputSchema = z.object({
  heading: requiredText(CLASSROOM_LIMITS.journalHeadingMax),
  description: requiredMultilineText(CLASSROOM_LIMITS.journalDescriptionMax),
});

export const journalEndpoints = {
  // --- Gratitude journal (docs/rules/classroom.md#gratitude-journal) ------------------
  journalList: endpoint({
    id: 'classroom.journalList',
    allowWhilePending: true,
    method: 'GET',
    path: '/journal',
    summary: "The caller's own journal entries written in a date range of the school's calendar (UTC without a school).",
    access: 'session',
    query: z.object({ dateRange: DateRangeSchema }),
    response: z.array(JournalEntrySchema),
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  journalCreate: endpoint({
    id: 'classroom.journalCreate',
    allowWhilePending: true,
    method: 'POST',
    path: '/journal',
    summary: 'Writes a journal entry.',
    access: 'session',
    body: JournalInputSchema,
    response: JournalEntrySchema,
  }),
  journalUpdate: endpoint({
    id: 'classroom.journalUpdate',
    allowWhilePending: true,
    method: 'PUT',
    path: '/journal/:entryId',
    summary: "Edits one of the caller's journal entries.",
    access: 'session',
    params: z.object({ entryId: UuidSchema }),
    body: JournalInputSchema,
    response: JournalEntrySchema,
    errors: ['NOT_FOUND'],
  }),
  journalDelete: endpoint({
    id: 'classroom.journalDelete',
    allowWhilePending: true,
    method: 'DELETE',
    path: '/journal/:entryId',
    summary: "Deletes one of the caller's journal entries.",
    access: 'session',
    params: z.object({ entryId: UuidSchema }),
    response: EmptySchema,
    errors: ['NOT_FOUND'],
  }),
};
