import type { z } from 'zod';

/**
 * The catalog key of a zod issue the schema did not word itself: zod's own messages are English
 * sentences, so every form says `errors:field.<kind>` instead. A schema's own message (a refinement's
 * `PASSWORD_TOO_WEAK`, `invalid_url`) takes precedence over this map, as zod orders error maps.
 */
export function issueKey(issue: z.core.$ZodRawIssue): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'too_small':
      return empty || issue.minimum === 1 ? 'errors:field.required' : 'errors:field.too_small';
    case 'invalid_type':
      return empty ? 'errors:field.required' : 'errors:field.invalid';
    case 'too_big':
      return 'errors:field.too_big';
    case 'invalid_format':
      // A blank e-mail field is missing, not malformed.
      if (empty) return 'errors:field.required';
      return issue.format === 'email' ? 'errors:field.email' : issue.format === 'url' ? 'errors:issues.invalid_url' : 'errors:field.invalid';
    case 'invalid_value':
      return empty ? 'errors:field.required' : 'errors:field.invalid';
    default:
      return 'errors:field.invalid';
  }
}
