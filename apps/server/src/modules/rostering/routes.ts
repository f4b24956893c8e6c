import { randomUUID } from 'node:crypto';
import { ONEROSTER_UPLOAD_MAX_BYTES, rosteringEndpoints as e, type Endpoint } from '@high5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertAccess, route } from '../../plugins/routes.js';
import { schoolAdminActor } from '../../policies/actors.js';
import {
  approveRun,
  discardRun,
  districtOfSchool,
  getRoster,
  getRun,
  schoolRuns,
  startUpload,
  syncNow,
  testConnection,
  updateRosterSettings,
} from './service.js';

const uploads = new WeakMap<FastifyRequest, string>();

/** Uploads per school (a school admin's) or district (the super admin's) per hour: each one is a worker's parse (decision 0500). */
export const ROSTER_UPLOAD_RATE = { max: 10, perSeconds: 3600 };

export function registerRosteringRoutes(app: FastifyInstance) {
  route(app, e.rosterRuns, async ({ db, services, params }) => getRoster(db, services, params.districtId));
  route(app, e.rosterRun, async ({ db, params }) => getRun(db, params.runId));
  route(app, e.rosterSyncNow, async ({ db, services, user, params }) => syncNow(db, services, user.id, params.districtId));
  route(app, e.rosterTestConnection, async ({ db, services, params }) => testConnection(db, services, params.districtId));
  route(app, e.rosterApprove, async ({ db, services, user, params }) => approveRun(db, services, user.id, params.runId));
  route(app, e.rosterDiscard, async ({ db, services, user, params }) => discardRun(db, services, user.id, params.runId));
  route(app, e.rosterSettings, async ({ db, services, user, params, body }) => updateRosterSettings(db, services, user.id, params.districtId, body));
  route(app, e.schoolRosterRuns, async ({ db, user }) => schoolRuns(db, schoolAdminActor(user).schoolId));

  // The zip goes to storage before the request's transaction opens; the run reads it from there.
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const endpoint = [e.rosterUpload, e.schoolRosterUpload].find((x) => request.routeOptions.url === `/v1${x.path}`);
      if (!endpoint) return;
      assertAccess(endpoint as Endpoint, request.user);
      const target =
        endpoint === e.schoolRosterUpload
          ? `school:${schoolAdminActor(request.user!).schoolId}`
          : `district:${(request.params as { districtId?: string }).districtId ?? ''}`;
      await scope.services.rateLimits.hit('roster.upload', ROSTER_UPLOAD_RATE, target);
      uploads.set(request, await storeZip(scope, request));
    });
    route(scope, e.rosterUpload, async ({ db, services, user, params, request }) =>
      startUpload(db, services, user.id, { districtId: params.districtId, schoolId: null }, uploads.get(request)!),
    );
    route(scope, e.schoolRosterUpload, async ({ db, services, user, request }) => {
      const schoolId = schoolAdminActor(user).schoolId;
      return startUpload(db, services, user.id, { districtId: await districtOfSchool(db, schoolId), schoolId }, uploads.get(request)!);
    });
  });
}

async function storeZip(scope: FastifyInstance, request: FastifyRequest) {
  // A body that is not well-formed multipart is the caller's mistake (400), never a 500.
  const malformedBody = () => badRequest('VALIDATION_FAILED', [{ path: 'body.roster', code: 'invalid' }]);
  const part = await request.file({ limits: { fileSize: ONEROSTER_UPLOAD_MAX_BYTES, files: 1 } }).catch((error: unknown) => {
    throw error instanceof AppError || (error as { statusCode?: number }).statusCode === 413 ? error : malformedBody();
  });
  if (!part || part.fieldname !== 'roster') throw badRequest('VALIDATION_FAILED', [{ path: 'body.roster', code: 'required' }]);
  const key = `roster-uploads/${randomUUID()}.zip`;
  try {
    await scope.services.storage.putStream(key, part.file, 'application/zip');
  } catch (error) {
    await scope.services.storage.delete(key);
    // The multipart parser destroyed the file stream (a body cut short): the request's fault.
    throw part.file.errored ? malformedBody() : error;
  }
  if (part.file.truncated) {
    await scope.services.storage.delete(key);
    throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  }
  return key;
}
