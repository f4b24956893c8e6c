import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, linkParent } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs, shot } from './support.js';

// A parent's mood history of their children (docs/decisions/0597).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

async function family(share: boolean) {
  const school = await buildSchool(h.app);
  if (!share) await h.app.services.db.insertInto('schoolAlertSettings').values({ schoolId: school.id, parentsSeeMoods: false }).execute();
  const child = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Tomás', lastName: 'Luna', grade: 3 });
  const quiet = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Zoe', lastName: 'Luna', grade: 1 });
  const parent = await buildUser(h.app, { schoolId: school.id, role: 'parent', firstName: 'Elena', lastName: 'Luna' });
  await linkParent(h.app, parent.id, child.id);
  await linkParent(h.app, parent.id, quiet.id);
  const moods = [
    { schoolDate: schoolToday(), mood: 'smile' },
    { schoolDate: schoolToday(-3), mood: 'worried' },
    // Older than the default 30 days: not listed until the dates change.
    { schoolDate: schoolToday(-45), mood: 'hushed' },
  ];
  await h.app.services.db
    .insertInto('moods')
    .values(moods.map((m) => ({ ...m, userId: child.id, schoolId: school.id, lowEnjoyment: false })))
    .execute();
  return { child, quiet, parent };
}

describe("a parent reads their child's mood history", () => {
  it.each([
    ['en', 1366, 'Mood history of Tomás Luna', ['Excited', 'Worried'], 'Calm', 'Mood history of Zoe Luna', 'Zoe Luna did not check in on these dates.'],
    [
      'es',
      360,
      'Historial de ánimo de Tomás Luna',
      ['Emocionado/a', 'Preocupado/a'],
      'Calmado/a',
      'Historial de ánimo de Zoe Luna',
      'Zoe Luna no registró su ánimo en estas fechas.',
    ],
  ] as const)('%s at %i px: from My students, the last 30 days, an empty child', async (lang, width, link, shown, older, quietLink, empty) => {
    const { parent } = await family(true);
    const p = await openAs(h, parent.id, '/mystudent', { lang, width });
    await p.page.getByRole('link', { name: link }).waitFor();
    await shot(p.page, `parent-moods-list-${lang}-${width}`);
    await p.page.getByRole('link', { name: link }).click();
    await p.page.getByRole('heading', { level: 1, name: link }).waitFor();
    for (const feeling of shown) await p.page.getByText(feeling, { exact: true }).first().waitFor();
    await expect.poll(() => p.page.getByText(older, { exact: true }).count()).toBe(0);
    await expectAccessible(p.page);
    await shot(p.page, `parent-moods-${lang}-${width}`);
    await p.page.getByRole('link', { name: lang === 'en' ? 'Back to my students' : 'Volver a mis estudiantes' }).click();
    await p.page.getByRole('link', { name: quietLink }).click();
    await p.page.getByText(empty).waitFor();
    await expectAccessible(p.page);
    await shot(p.page, `parent-moods-empty-${lang}-${width}`);
    await p.context.close();
  });

  it.each([
    ['en', 360, "Your school does not share students' moods with families.", 'Mood history of Tomás Luna'],
    ['es', 1366, 'Tu escuela no comparte el estado de ánimo de los estudiantes con las familias.', 'Historial de ánimo de Tomás Luna'],
  ] as const)('%s at %i px: a school that does not share moods shows no entry, only a sentence', async (lang, width, sentence, link) => {
    const { parent, child } = await family(false);
    const p = await openAs(h, parent.id, '/mystudent', { lang, width });
    await p.page.getByText(sentence).waitFor();
    await expect.poll(() => p.page.getByRole('link', { name: link }).count()).toBe(0);
    await expectAccessible(p.page);
    await shot(p.page, `parent-moods-off-${lang}-${width}`);
    // The history's address leads back to the list, not to the moods.
    await p.page.goto(`/mystudent?moods=${child.id}`);
    await p.page.getByText(sentence).waitFor();
    await expect.poll(() => p.page.getByRole('heading', { level: 1, name: link }).count()).toBe(0);
    await p.context.close();
  });
});
