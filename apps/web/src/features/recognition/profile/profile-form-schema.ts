import { PROFILE_MIN_BIRTH_DATE, ProfileUpdateSchema } from '@high5/contract';
import { z } from 'zod';

/**
 * The profile body as the form holds it: the date of birth as the date field reports it
 * ('yyyy-MM-dd', '' for none, 'invalid' while incomplete) and checked against the school's today
 * (the server checks that too), and the hidden gender select as '' for none.
 */
export const profileFormSchema = (today: string) =>
  ProfileUpdateSchema.extend({
    dateOfBirth: z.string().transform((v) => v || null),
    gender: z.enum(['', 'M', 'F', 'O']).transform((v) => v || null),
  }).superRefine(({ dateOfBirth }, ctx) => {
    const problem =
      dateOfBirth === 'invalid'
        ? 'date'
        : dateOfBirth && dateOfBirth < PROFILE_MIN_BIRTH_DATE
          ? 'dateTooOld'
          : dateOfBirth && dateOfBirth > today
            ? 'dateFuture'
            : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: `profile:invalid.${problem}` });
  });
