import { classroomRangeTooLong } from '@high5/contract';
import { badRequest } from '../../lib/errors.js';

/** Rejects ranges longer than a year (the journal, feedback, High 5, mood and attendance lists). */
export function assertRange(range: { from: string; to: string }) {
  if (classroomRangeTooLong(range)) throw badRequest('DATE_RANGE_TOO_LONG');
}
