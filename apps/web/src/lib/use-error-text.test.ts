import { resources } from '@high5/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorKeyFor, fieldErrorKey } from './use-error-text';

const catalog = new Set([
  'errors:VALIDATION_FAILED',
  'errors:INTERNAL',
  'admin:errors.LAST_ADMIN',
  ...Object.keys(resources.en.errors.issues).map((k) => `errors:issues.${k}`),
]);
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

describe('fieldErrorKey', () => {
  const keys = new Set(['errors:field.required', 'errors:field.too_big', 'errors:field.invalid', 'auth:errors.PASSWORD_TOO_WEAK', 'errors:issues.invalid_url']);
  const has = (key: string) => keys.has(key);

  it('when the form state holds a full key, it uses it', () => {
    expect(fieldErrorKey('errors:field.required', 'auth', has)).toBe('errors:field.required');
  });

  it("when it holds a code, it looks in the area's errors, the issue sentences, then the generic field words", () => {
    expect(fieldErrorKey('PASSWORD_TOO_WEAK', 'auth', has)).toBe('auth:errors.PASSWORD_TOO_WEAK');
    expect(fieldErrorKey('invalid_url', 'admin', has)).toBe('errors:issues.invalid_url');
    expect(fieldErrorKey('too_big', 'admin', has)).toBe('errors:field.too_big');
  });

  it('when nothing words it, it says "check this field" rather than showing a code', () => {
    expect(fieldErrorKey('something_new', 'admin', has)).toBe('errors:field.invalid');
  });
});
