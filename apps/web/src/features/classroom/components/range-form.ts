import { ClassroomRangeSchema } from '@high5/contract';
import { rangeForm } from '../../../components/form/range-field';

/**
 * The date filter of a classroom list (feedback, the journal, a student's High 5s, the attendance
 * export): the list query's `dateRange`, as the server checks it (From not after To, at most a year).
 */
export const classroomRangeForm = rangeForm(ClassroomRangeSchema);
