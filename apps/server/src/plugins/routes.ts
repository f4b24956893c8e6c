import { CONTROL_CHARACTERS_ISSUE, findControlCharacter, type Endpoint, type FieldIssue } from '@high5/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inTransaction, type Db } from '../db/database.js';
import { AppError, badRequest, forbidden, unauthenticated } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';
import type { Services } from '../services/index.js';
import { isDeclared, noteUndeclared } from './declared-errors.js';

export interface RouteContext<E extends Endpoint> {
  params: NonNullable<E['params']> extends z.ZodType ? z.output<NonNullable<E['params']>> : undefined;
  query: NonNullable<E['query']> extends z.ZodType ? z.output<NonNullable<E['query']>> : undefined;
  body: NonNullable<E['body']> extends z.ZodType ? z.output<NonNullable<E['body']>> : undefined;
  /** The caller; never null on endpoints that need a session. */
  user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  /** The database, or this request's transaction for writes. */
  db: Db;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<z.input<E['response']>>;

function toIssues(error: z.ZodError, prefix: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    code: issue.message.startsWith('invalid_') || /^[A-Za-z_]+$/.test(issue.message) ? issue.message : issue.code,
  }));
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown, part: string) {
  if (!schema) return undefined;
  // No string of any request holds NUL or another control character (tab and line breaks aside;
  // one-line fields refuse those in their schemas): 400, before PostgreSQL could refuse it.
  const where = findControlCharacter(value);
  if (where !== null) throw badRequest('VALIDATION_FAILED', [{ path: [part, where].filter(Boolean).join('.'), code: CONTROL_CHARACTERS_ISSUE }]);
  const result = schema.safeParse(value ?? (part === 'body' ? {} : value));
  if (!result.success) throw badRequest('VALIDATION_FAILED', toIssues(result.error, part));
  return result.data;
}

/** Checks the endpoint's coarse access rule; finer rules (school scope, family) live in services. */
export function assertAccess(endpoint: Endpoint, user: SessionUser | null) {
  if (endpoint.access === 'public') return;
  if (!user) throw unauthenticated();
  // The idle lock holds on the server: a new tab gets nothing but the lock screen (docs/decisions/0160).
  if (user.locked && !endpoint.allowWhileLocked) throw new AppError(423, 'SESSION_LOCKED');
  if (user.mustChangePassword && !endpoint.allowDuringPasswordChange) throw forbidden('PASSWORD_CHANGE_REQUIRED');
  // Not yet approved by the school: nothing about anyone else (decision 0151).
  if (user.school?.status === 'pending' && !user.isSuperAdmin && !endpoint.allowWhilePending) throw forbidden('ACCOUNT_PENDING_APPROVAL');
  if (endpoint.access === 'session') return;
  if (endpoint.access === 'superAdmin') {
    if (!user.isSuperAdmin) throw forbidden();
    return;
  }
  if (endpoint.access === 'schoolAdmin') {
    if (!user.isAdmin || user.school?.status !== 'active') throw forbidden();
    return;
  }
  if (!user.role || !endpoint.access.includes(user.role)) throw forbidden();
}

/**
 * Registers one contract endpoint: checks access, validates params, query and body with
 * the contract's schemas, runs writes in one transaction, and filters the answer
 * through the response schema into the envelope (docs/decisions/0004).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) {
  app.route({
    method: endpoint.method,
    url: `/v1${endpoint.path}`,
    config: { endpointId: endpoint.id },
    handler: async (request, reply) => {
      // A public endpoint (sign-in, sign-up) called from a locked session acts as signed out.
      const user = request.user?.locked && endpoint.access === 'public' ? null : request.user;
      assertAccess(endpoint, user);
      const params = parsePart(endpoint.params, request.params, 'params');
      const query = parsePart(endpoint.query, request.query, 'query');
      const body = parsePart(endpoint.body, request.body, 'body');
      const run = (db: Db) => handler({ params, query, body, user, db, services: app.services, request, reply } as RouteContext<E>);
      let result;
      try {
        result = endpoint.method === 'GET' ? await run(app.services.db) : await inTransaction(app.services.db, run);
      } catch (error) {
        if (error instanceof AppError && !isDeclared(endpoint, error.code)) {
          request.log.warn({ endpoint: endpoint.id, code: error.code }, 'answered an error code its endpoint does not declare');
          noteUndeclared(endpoint, error.code);
        }
        throw error;
      }
      if (reply.sent) return reply;
      const output = endpoint.response.safeParse(result);
      if (!output.success) {
        request.log.error({ endpoint: endpoint.id, issues: output.error.issues.slice(0, 5) }, 'response does not match its schema');
        throw new AppError(500, 'INTERNAL');
      }
      return { ErrorCode: 'err_0', ResponseData: output.data, body: '' };
    },
  });
}
