import { randomBytes } from 'node:crypto';
import { CARD_SIGN_IN_PATH, formatCardCode, LIMITS, type ClassDeviceSession } from '@high5/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { cardCodeHash, classDeviceHash, newCardCode, setClassDeviceCookie } from '../../../lib/class-device.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { hashToken } from '../../../plugins/session.js';
import type { Services } from '../../../services/index.js';
import { loadManagedClass } from '../classes/service.js';
import { assertSeesStudents } from '../../../policies/student.js';
import { mapLimit } from '../../../lib/map-limit.js';
import * as q from './queries.js';

/** The class's teachers and its school's admins manage its cards and devices (the class rule). */
async function managedClass(db: Db, user: SessionUser, classId: string) {
  const cls = await loadManagedClass(db, user, classId);
  assertSeesStudents(user);
  return cls;
}

/**
 * Issues a new card for each student of the class (or each listed one, who must be enrolled):
 * a fresh code whose keyed hash replaces the previous card's, so the old card stops working.
 * The codes are in this answer only; printing again issues new cards. One student's new card
 * (a lost card) is this with that student listed; the audit then names them (docs/decisions/0589).
 */
export async function issueCards(db: Db, services: Services, user: SessionUser, classId: string, studentIds?: string[]) {
  const cls = await managedClass(db, user, classId);
  const enrolled = await q.cardStudents(db, cls.id, cls.schoolId);
  let students = enrolled;
  if (studentIds) {
    const byId = new Map(enrolled.map((s) => [s.id, s]));
    if (studentIds.some((id) => !byId.has(id))) throw badRequest('STUDENT_NOT_ENROLLED');
    students = studentIds.map((id) => byId.get(id)!);
  }
  const now = services.clock.now();
  const cards = await mapLimit(students, 4, async (s) => {
    const code = newCardCode();
    const url = `${services.config.publicUrl}${CARD_SIGN_IN_PATH}#${code}`;
    const pictureKey = s.avatarKey ?? s.photoKey;
    return {
      studentId: s.id,
      name: s.name,
      avatarUrl: pictureKey ? await services.storage.signedUrl(pictureKey, LIMITS.profilePhotoLinkSeconds) : null,
      code: formatCardCode(code),
      url,
      qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
      hash: cardCodeHash(services.secret, cls.id, code),
    };
  });
  for (const card of cards) await q.saveCard(db, { classId: cls.id, studentId: card.studentId, codeHash: card.hash, issuedBy: user.id, issuedAt: now });
  if (cards.length > 0) {
    await audit(
      db,
      {
        actorId: user.id,
        schoolId: cls.schoolId,
        action: 'class.signInCards',
        targetType: 'class',
        targetId: cls.id,
        details: { cards: cards.length, ...(studentIds ? { studentIds } : {}) },
      },
      now,
    );
  }
  return { className: cls.name, cards: cards.map(({ hash: _hash, ...card }) => card) };
}

function present(row: { id: string; tokenHash: string; openedBy: string; createdAt: Date; expiresAt: Date }, deviceHash: string | null): ClassDeviceSession {
  return {
    id: row.id,
    openedBy: row.openedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    thisDevice: row.tokenHash === deviceHash,
  };
}

export async function listDeviceSessions(db: Db, services: Services, user: SessionUser, request: FastifyRequest, classId: string) {
  const cls = await managedClass(db, user, classId);
  const rows = await q.openDeviceSessions(db, cls.id, services.clock.now());
  return rows.map((r) => present(r, classDeviceHash(request)));
}

/**
 * Opens the class on the calling device for `hours`: a new class session whose token only this
 * device's HttpOnly cookie holds. A class session the device had (any class) is closed first.
 */
export async function openDeviceSession(
  db: Db,
  services: Services,
  user: SessionUser,
  request: FastifyRequest,
  reply: FastifyReply,
  classId: string,
  hours: number,
) {
  const cls = await managedClass(db, user, classId);
  const now = services.clock.now();
  const previous = classDeviceHash(request);
  if (previous) await q.deleteDeviceSession(db, { tokenHash: previous });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const tokenHash = hashToken(token);
  const { id } = await q.insertDeviceSession(db, { classId: cls.id, tokenHash, openedBy: user.id, createdAt: now, expiresAt });
  setClassDeviceCookie(reply, token, expiresAt, now);
  await audit(db, { actorId: user.id, schoolId: cls.schoolId, action: 'class.deviceOpen', targetType: 'class', targetId: cls.id, details: { hours } }, now);
  const [row] = (await q.openDeviceSessions(db, cls.id, now)).filter((r) => r.id === id);
  return present(row!, tokenHash);
}

/** Closes a class session: its device's cards stop working and its card sign-ins end. */
export async function closeDeviceSession(db: Db, services: Services, user: SessionUser, classId: string, deviceSessionId: string) {
  const cls = await managedClass(db, user, classId);
  if ((await q.deleteDeviceSession(db, { id: deviceSessionId, classId: cls.id })) === 0) throw notFound();
  await audit(db, { actorId: user.id, schoolId: cls.schoolId, action: 'class.deviceClose', targetType: 'class', targetId: cls.id }, services.clock.now());
  return {};
}
