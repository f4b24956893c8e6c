import { sql, type RawBuilder } from 'kysely';

/**
 * A person has registered once they chose their own password (or signed in with Google):
 * invited and rostered accounts with only a temporary password, or none, have not
 * (docs/decisions/0114-registered-students.md). One rule for the student list, the staff list and
 * sign-up's claim of a rostered account (decision 0536).
 */
export function registered(alias: string): RawBuilder<boolean> {
  return sql<boolean>`((${sql.ref(`${alias}.passwordHash`)} is not null or ${sql.ref(`${alias}.googleSub`)} is not null) and not ${sql.ref(`${alias}.mustChangePassword`)})`;
}
