import { afterAll, expect } from 'vitest';
import { takeUndeclared } from '../plugins/declared-errors.js';

// Every error code a handler answers is declared on its endpoint (docs/decisions/0621).
afterAll(() => {
  expect(takeUndeclared(), 'error codes answered but not declared in the contract').toEqual([]);
});
