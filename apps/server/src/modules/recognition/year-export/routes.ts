import { profileEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { yearExport, yearExportOptions } from './service.js';

export function registerYearExportRoutes(app: FastifyInstance) {
  route(app, e.yearExportOptions, ({ db, services, user, params }) => yearExportOptions(db, services, user, params.studentId));
  route(app, e.yearExport, async ({ db, services, user, params, query, reply }) => {
    const { stream, fileName } = await yearExport(db, services, user, params.studentId, params.startYear, query.journal === 'true');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
