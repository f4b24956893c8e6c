import { createHmac, randomInt } from 'node:crypto';
import { CARD_CODE_ALPHABET, CARD_CODE_LENGTH } from '@high5/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { hashToken, isSecure } from '../plugins/session.js';

/**
 * The device's class session (docs/decisions/0553): an HttpOnly cookie a teacher's "open the class
 * on this device" sets, kept on the device after the teacher signs out; only its hash is stored.
 */
export const CLASS_DEVICE_COOKIE = 'high5_class_device';

export function setClassDeviceCookie(reply: FastifyReply, token: string, expiresAt: Date, now: Date) {
  reply.setCookie(CLASS_DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(reply.request),
    maxAge: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

/** The hash of the device's class-session cookie, or null without one. */
export function classDeviceHash(request: FastifyRequest): string | null {
  const token = request.cookies[CLASS_DEVICE_COOKIE];
  return token && token.length <= 100 ? hashToken(token) : null;
}

/** The device's open (unexpired) class session, with its class and school. */
export async function openClassDevice(db: Db, request: FastifyRequest, now: Date) {
  const hash = classDeviceHash(request);
  if (!hash) return undefined;
  return db
    .selectFrom('classDeviceSessions as d')
    .innerJoin('classes as c', 'c.id', 'd.classId')
    .innerJoin('schools as s', 's.id', 'c.schoolId')
    .select(['d.id', 'd.classId', 'd.expiresAt', 'c.name as className', 'c.schoolId', 's.name as schoolName'])
    .where('d.tokenHash', '=', hash)
    .where('d.expiresAt', '>', now)
    .executeTakeFirst();
}

/** A new card code from the system's secure random source (the contract's alphabet). */
export function newCardCode() {
  let code = '';
  for (let i = 0; i < CARD_CODE_LENGTH; i++) code += CARD_CODE_ALPHABET[randomInt(0, CARD_CODE_ALPHABET.length)];
  return code;
}

/** Card codes are stored as a keyed hash bound to their class: a copy of the database does not reveal them. */
export const cardCodeHash = (secret: string, classId: string, code: string) =>
  createHmac('sha256', secret).update(`class_card\n${classId}\n${code}`).digest('hex');
