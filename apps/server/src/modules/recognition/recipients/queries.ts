import type { Role } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';
import { containsPattern } from '../../../lib/search.js';
import type { RecipientScope } from '../../../policies/recognition.js';

/** One page of the active members of `role` in a school, by name, with the total. */
export async function listMembers(
  db: Queryable,
  input: {
    schoolId: string;
    giverId: string;
    role: Role;
    scope: NonNullable<RecipientScope>;
    q?: string | undefined;
    searchEmail: boolean;
    offset: number;
    limit: number;
  },
) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('m.schoolId', '=', input.schoolId)
    .where('m.role', '=', input.role)
    .where('m.status', '=', 'active');
  const { scope, giverId } = input;
  if (scope === 'others') query = query.where('m.userId', '<>', giverId);
  if (scope === 'childrenOfGiver') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('parentLinks as pl')
          .select(sql`1`.as('one'))
          .where('pl.parentId', '=', giverId)
          .whereRef('pl.studentId', '=', 'm.userId'),
      ),
    );
  }
  if (scope === 'parentsOfGiver') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('parentLinks as pl')
          .select(sql`1`.as('one'))
          .where('pl.studentId', '=', giverId)
          .whereRef('pl.parentId', '=', 'm.userId'),
      ),
    );
  }
  if (input.q) {
    const pattern = containsPattern(input.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
        eb(sql`u.last_name || ' ' || u.first_name`, 'ilike', pattern),
        // Logins are searched only where the caller may see them, or a search would reveal them.
        ...(input.searchEmail ? [eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern)] : []),
      ]),
    );
  }
  const rows = await query
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'u.username', 'm.grade', 'm.role', sql<number>`count(*) over ()`.as('total')])
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  if (rows.length > 0 || input.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the rows are gone but the total is still wanted.
  const count = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: count.n };
}

/**
 * A possible recipient in a school, with what the give rules need to know about
 * them and the giver: undefined when they are not a member of that school.
 */
export async function findMember(db: Queryable, schoolId: string, userId: string, giverId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select((eb) => [
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.username',
      'u.language',
      'm.role',
      'm.status',
      'm.grade',
      eb
        .exists(
          eb
            .selectFrom('parentLinks as pl')
            .select(sql`1`.as('one'))
            .where('pl.parentId', '=', giverId)
            .whereRef('pl.studentId', '=', 'm.userId'),
        )
        .$castTo<boolean>()
        .as('isChildOfGiver'),
      eb
        .exists(
          eb
            .selectFrom('parentLinks as pl')
            .select(sql`1`.as('one'))
            .where('pl.studentId', '=', giverId)
            .whereRef('pl.parentId', '=', 'm.userId'),
        )
        .$castTo<boolean>()
        .as('isParentOfGiver'),
    ])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}

/** True when the parent has a linked child who is an active student of the school. */
export async function parentHasChildIn(db: Queryable, parentId: string, schoolId: string) {
  const row = await db
    .selectFrom('parentLinks as pl')
    .innerJoin('schoolMemberships as m', (join) =>
      join.onRef('m.userId', '=', 'pl.studentId').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '=', 'active'),
    )
    .select('pl.studentId')
    .where('pl.parentId', '=', parentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
