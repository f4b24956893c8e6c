import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { classDeviceStatus, signInWithCard } from './service.js';

/** Class sign-in cards on a device a teacher opened for the class (docs/decisions/0553). */
export function registerClassCardRoutes(app: FastifyInstance) {
  const limits = app.authLimits;
  route(app, authEndpoints.classDevice, async ({ db, services, request }) => classDeviceStatus({ db, services, request }));
  route(app, authEndpoints.cardSignIn, async ({ body, db, services, request, reply }) => signInWithCard({ db, services, request, reply, limits }, body.code));
}
