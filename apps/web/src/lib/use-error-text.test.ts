import { resources } from '@high5/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorKeyFor } from './use-error-text';

const catalog = new Set(['errors:VALIDATION_FAILED', 'errors:INTERNAL', 'admin:errors.LAST_ADMIN', ...Object.keys(resources.en.errors.issues).map((k) => `errors:issues.${k}`)]);
const exists = (key: string) => catalog.has(key);

describe('errorKeyFor', () => {
  it('when a range is over a year, it says so instead of "check the highlighted fields"', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', [{ path: 'query.range', code: 'range_too_long' }]);
    expect(errorKeyFor(error, 'admin', exists)).toBe('errors:issues.range_too_long');
  });

  it('when the issue has no sentence of its own, it falls back to the code', () => {
    expect(errorKeyFor(new ApiError(400, 'VALIDATION_FAILED', [{ path: 'body.name', code: 'too_small' }]), 'admin', exists)).toBe('errors:VALIDATION_FAILED');
  });

  it("prefers the area's sentence, then the shared one, then INTERNAL", () => {
    expect(errorKeyFor(new ApiError(409, 'LAST_ADMIN'), 'admin', exists)).toBe('admin:errors.LAST_ADMIN');
    expect(errorKeyFor(new Error('boom'), 'admin', exists)).toBe('errors:INTERNAL');
  });
});
