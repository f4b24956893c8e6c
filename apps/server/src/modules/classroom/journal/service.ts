import type { Db } from '../../../db/database.js';
import { calendarTimeZone } from '../../../lib/current-school.js';
import { notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { assertRange } from '../range.js';
import * as q from './queries.js';

type Row = Awaited<ReturnType<typeof q.insert>>;
const present = (r: Row) => ({
  id: r.id,
  heading: r.heading,
  description: r.description,
  writtenAt: r.writtenAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

// A journal is private to its writer: every query is keyed by the caller's id, and an entry
// of someone else answers 404 exactly like one that does not exist.

/** The entries written on the range's dates, as the session's school counts dates (decision 0327). */
export async function list(db: Db, user: SessionUser, range: { from: string; to: string }) {
  assertRange(range);
  return (await q.entries(db, user.id, range.from, range.to, calendarTimeZone(user))).map(present);
}

export async function create(db: Db, services: Services, user: SessionUser, input: { heading: string; description: string }) {
  return present(await q.insert(db, user.id, input.heading, input.description, services.clock.now()));
}

export async function update(db: Db, services: Services, user: SessionUser, id: string, input: { heading: string; description: string }) {
  const row = await q.update(db, user.id, id, input.heading, input.description, services.clock.now());
  if (!row) throw notFound();
  return present(row);
}

export async function remove(db: Db, user: SessionUser, id: string) {
  if ((await q.remove(db, user.id, id)) === 0) throw notFound();
  return {};
}
