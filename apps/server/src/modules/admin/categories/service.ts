import { SCHOOL_CATEGORIES_MAX, type AdminCategory, type CategoryKind } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { insertCategory, listCategories, lockSchoolCategories, renameCategory, saveEnabled, type CategoryRow } from './queries.js';

const present = (row: CategoryRow): AdminCategory => ({
  id: row.id,
  kind: row.kind as CategoryKind,
  builtIn: row.builtIn,
  nameEn: row.nameEn,
  nameEs: row.nameEs,
  enabled: row.enabled,
});
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export async function getCategories(db: Db, schoolId: string, kind: CategoryKind) {
  return (await listCategories(db, schoolId, kind)).map(present);
}

/** Two categories of a kind may not share a name in the same language (users pick them by name). */
function assertNamesUnique(rows: { nameEn: string; nameEs: string }[]) {
  for (const language of ['nameEn', 'nameEs'] as const) {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row[language].trim().toLocaleLowerCase();
      if (seen.has(key)) throw conflict('CATEGORY_EXISTS');
      seen.add(key);
    }
  }
}

/** Adds a school category (names already trimmed, 1-35 characters, copied across languages by the contract). */
export async function addCategory(db: Db, services: Services, actor: Actor, kind: CategoryKind, names: { nameEn: string; nameEs: string }) {
  await lockSchoolCategories(db, actor.schoolId);
  const existing = await listCategories(db, actor.schoolId, kind);
  if (existing.filter((c) => !c.builtIn).length >= SCHOOL_CATEGORIES_MAX) throw new AppError(409, 'TOO_MANY_CATEGORIES');
  if (existing.some((c) => same(c.nameEn, names.nameEn) || same(c.nameEs, names.nameEs))) throw conflict('CATEGORY_EXISTS');
  const now = services.clock.now();
  const id = await insertCategory(db, { schoolId: actor.schoolId, kind, nameEn: names.nameEn, nameEs: names.nameEs, position: existing.length + 1, now });
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'category.add', targetType: 'category', targetId: id, details: { kind, ...names } },
    now,
  );
  return present((await listCategories(db, actor.schoolId, kind)).find((c) => c.id === id)!);
}

/**
 * Saves the editor: enabled flags for any category, names only for the school's own (built-in
 * names are locked). At least one category of the kind stays enabled, or nothing could be given.
 */
export async function updateCategories(
  db: Db,
  services: Services,
  actor: Actor,
  kind: CategoryKind,
  items: { id: string; enabled: boolean; nameEn?: string | undefined; nameEs?: string | undefined }[],
) {
  await lockSchoolCategories(db, actor.schoolId);
  const current = new Map((await listCategories(db, actor.schoolId, kind)).map((c) => [c.id, c]));
  const next = new Map([...current].map(([id, c]) => [id, { ...c }]));
  const changes: Record<string, unknown>[] = [];
  for (const item of items) {
    const row = next.get(item.id);
    if (!row) throw notFound();
    const nameEn = item.nameEn ?? row.nameEn;
    const nameEs = item.nameEs ?? row.nameEs;
    const renamed = nameEn !== row.nameEn || nameEs !== row.nameEs;
    if (renamed && row.builtIn) throw new AppError(400, 'CATEGORY_LOCKED');
    if (renamed || item.enabled !== row.enabled)
      changes.push({ id: item.id, ...(renamed ? { nameEn, nameEs } : {}), ...(item.enabled !== row.enabled ? { enabled: item.enabled } : {}) });
    Object.assign(row, { nameEn, nameEs, enabled: item.enabled });
  }
  assertNamesUnique([...next.values()]);
  if (![...next.values()].some((c) => c.enabled)) throw new AppError(400, 'CATEGORIES_ALL_DISABLED');
  for (const row of next.values()) {
    const before = current.get(row.id)!;
    if (!row.builtIn && (row.nameEn !== before.nameEn || row.nameEs !== before.nameEs))
      await renameCategory(db, actor.schoolId, row.id, row.nameEn, row.nameEs);
  }
  await saveEnabled(
    db,
    actor.schoolId,
    [...next.values()].filter((row) => row.enabled !== current.get(row.id)!.enabled).map((row) => ({ categoryId: row.id, enabled: row.enabled })),
  );
  if (changes.length)
    await audit(
      db,
      { actorId: actor.id, schoolId: actor.schoolId, action: 'categories.update', targetType: 'school', targetId: actor.schoolId, details: { kind, changes } },
      services.clock.now(),
    );
  return getCategories(db, actor.schoolId, kind);
}
