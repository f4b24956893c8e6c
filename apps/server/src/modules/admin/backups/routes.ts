import { randomUUID } from 'node:crypto';
import { adminEndpoints, RESTORE_UPLOAD_MAX_BYTES } from '@high5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../lib/errors.js';
import { assertAccess, route } from '../../../plugins/routes.js';
import { getRestoreTargets } from '../schools/service.js';
import {
  assertRestoreTarget,
  backupSchool,
  deleteBackup,
  getBackups,
  getRestore,
  getRestores,
  readBackup,
  startRestore,
  startUploadedRestore,
} from './service.js';

const uploads = new WeakMap<FastifyRequest, { storageKey: string; fileName: string }>();

export function registerBackupRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.backups, async ({ db, query }) => getBackups(db, query.schoolId));
  route(app, adminEndpoints.backupSchool, async ({ db, services, user, params, body }) => backupSchool(db, services, user.id, params.schoolId, body));
  route(app, adminEndpoints.deleteBackup, async ({ db, services, user, params }) => deleteBackup(db, services, user.id, params.backupId));
  route(app, adminEndpoints.downloadBackup, async ({ db, services, user, params, reply }) => {
    const { stream, fileName, contentType } = await readBackup(db, services, user.id, params.backupId);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  route(app, adminEndpoints.restores, async ({ db }) => getRestores(db));
  route(app, adminEndpoints.restoreTargets, async ({ db }) => getRestoreTargets(db));
  route(app, adminEndpoints.restore, async ({ db, params }) => getRestore(db, params.restoreId));
  route(app, adminEndpoints.startRestore, async ({ db, services, user, body }) => startRestore(db, services, user.id, body));

  // The upload streams to storage before the request's transaction opens; a refused restore removes it again.
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const endpoint = adminEndpoints.uploadRestore;
      assertAccess(endpoint, request.user);
      const query = endpoint.query!.safeParse(request.query);
      if (!query.success) throw badRequest('VALIDATION_FAILED', [{ path: 'query.targetSchoolId', code: 'invalid' }]);
      await assertRestoreTarget(scope.services.db, query.data.targetSchoolId);
      const part = await request.file({ limits: { fileSize: RESTORE_UPLOAD_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'backup') throw badRequest('VALIDATION_FAILED', [{ path: 'body.backup', code: 'required' }]);
      const storageKey = `restores/${randomUUID()}.ndjson.gz`;
      await scope.services.storage.putStream(storageKey, part.file, 'application/gzip');
      if (part.file.truncated) {
        await scope.services.storage.delete(storageKey);
        throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      }
      uploads.set(request, { storageKey, fileName: part.filename });
    });
    route(scope, adminEndpoints.uploadRestore, async ({ db, services, user, query, request }) => {
      const upload = uploads.get(request)!;
      try {
        return await startUploadedRestore(db, services, user.id, query.targetSchoolId, upload);
      } catch (error) {
        await services.storage.delete(upload.storageKey);
        throw error;
      }
    });
  });
}
