import type { Endpoint } from '@high5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { assertAccess, route, type RouteContext } from '../../../plugins/routes.js';
import type { Services } from '../../../services/index.js';
import { reencodePhoto } from './service.js';

const photos = new WeakMap<FastifyRequest, Buffer>();

type ParamsOf<E extends Endpoint> = NonNullable<E['params']> extends z.ZodType ? z.output<NonNullable<E['params']>> : undefined;

/**
 * Registers a multipart photo upload (one file in the field `photo`, at most
 * LIMITS.photoMaxUploadBytes: larger answers 413). The caller's access and `precheck`
 * come first; then the file is read, checked and re-encoded, all before the request's
 * transaction opens, so a slow upload or a large decode never holds the database.
 */
export function photoUploadRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  precheck: (ctx: { user: SessionUser; params: ParamsOf<E>; services: Services }) => Promise<void>,
  handler: (ctx: RouteContext<E> & { photo: Buffer }) => Promise<z.input<E['response']>>,
) {
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      assertAccess(endpoint, request.user);
      const params = endpoint.params ? endpoint.params.safeParse(request.params) : { success: true as const, data: undefined };
      if (!params.success) throw badRequest('VALIDATION_FAILED', [{ path: 'params', code: 'invalid' }]);
      await precheck({ user: request.user!, params: params.data as ParamsOf<E>, services: scope.services });
      const part = await request.file();
      if (!part || part.fieldname !== 'photo') throw badRequest('IMAGE_INVALID');
      const bytes = await part.toBuffer();
      photos.set(request, await reencodePhoto(bytes));
    });
    route(scope, endpoint, (ctx) => handler({ ...ctx, photo: photos.get(ctx.request)! }));
  });
}
