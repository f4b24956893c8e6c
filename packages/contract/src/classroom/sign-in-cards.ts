import { z } from 'zod';
import { endpoint, EmptySchema, UuidSchema } from '../core.js';
import { ClassDeviceOpenBodySchema, ClassDeviceSessionSchema, SignInCardSchema, SignInCardsBodySchema } from '../class-cards.js';
import { ClassIdParams, MANAGERS } from './internal.js';

export const signInCardsEndpoints = {
  // --- Class sign-in cards (docs/decisions/0553) ----------------------------
  classDeviceSessions: endpoint({
    id: 'classroom.classDeviceSessions',
    method: 'GET',
    path: '/classes/:classId/device-sessions',
    summary: 'The devices this class is open on for card sign-in (unexpired class sessions).',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassDeviceSessionSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDeviceOpen: endpoint({
    id: 'classroom.classDeviceOpen',
    rateLimit: { max: 30, perSeconds: 3600 },
    method: 'POST',
    path: '/classes/:classId/device-sessions',
    summary: "Opens the class on the calling device for card sign-in, for 1 to 8 hours: sets the device's class-session cookie (replacing one it had).",
    access: MANAGERS,
    params: ClassIdParams,
    body: ClassDeviceOpenBodySchema,
    response: ClassDeviceSessionSchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDeviceClose: endpoint({
    id: 'classroom.classDeviceClose',
    method: 'DELETE',
    path: '/classes/:classId/device-sessions/:deviceSessionId',
    summary: 'Closes a class session on a device: its cards stop working there and the students it signed in are signed out.',
    access: MANAGERS,
    params: z.object({ classId: UuidSchema, deviceSessionId: UuidSchema }),
    response: EmptySchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classSignInCards: endpoint({
    id: 'classroom.classSignInCards',
    rateLimit: { max: 30, perSeconds: 3600 },
    method: 'POST',
    path: '/classes/:classId/sign-in-cards',
    summary:
      "Issues new sign-in cards (name, avatar, code, QR code) for the class's students, or the ones listed: each replaces and voids that student's previous card for the class.",
    access: MANAGERS,
    params: ClassIdParams,
    body: SignInCardsBodySchema,
    response: z.object({ className: z.string(), cards: z.array(SignInCardSchema) }),
    errors: ['STUDENT_NOT_ENROLLED', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
};
