import type { ErrorCode, FieldIssue } from '@high5/contract';

/** A failure the client should see: an HTTP status and a translatable code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly issues?: FieldIssue[],
    /** Extra data the client needs (e.g. seconds to wait), returned in ResponseData. */
    readonly data?: unknown,
  ) {
    super(code);
  }
}

export const badRequest = (code: ErrorCode = 'VALIDATION_FAILED', issues?: FieldIssue[]) => new AppError(400, code, issues);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const forbidden = (code: ErrorCode = 'FORBIDDEN') => new AppError(403, code);
export const notFound = () => new AppError(404, 'NOT_FOUND');
export const conflict = (code: ErrorCode = 'CONFLICT') => new AppError(409, code);
