import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import type { Harness } from '../support/harness.js';
import { buildRecognition, builtinCategories } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { buildSchool, buildUser, linkParent } from '../../apps/server/src/test/factories.js';
import { shot } from '../support/shot.js';

/** A school with a teacher, staff, three students (one with two parents) and a school year of activity for the teacher. */
export async function recognitionSchool(app: FastifyInstance, options: { dailyGiveLimit?: number; activity?: boolean } = {}) {
  const school = await buildSchool(app, { name: 'Maple Grove Elementary', ...(options.dailyGiveLimit ? { dailyGiveLimit: options.dailyGiveLimit } : {}) });
  const teacher = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
  const teacher2 = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: 'Óscar', lastName: 'Núñez' });
  const staff = await buildUser(app, { schoolId: school.id, role: 'staff', firstName: 'Sam', lastName: 'Staffer' });
  const ana = await buildUser(app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Pupil', grade: 4 });
  const bea = await buildUser(app, { schoolId: school.id, role: 'student', firstName: 'Bea', lastName: 'Pupil', grade: 5 });
  const kid = await buildUser(app, {
    schoolId: school.id,
    role: 'student',
    firstName: 'Kai',
    lastName: 'Kinder',
    grade: 0,
    email: null,
    username: `kai.${school.id.slice(0, 6)}`,
  });
  const parent = await buildUser(app, { schoolId: school.id, role: 'parent', firstName: 'Paula', lastName: 'Pupil' });
  await linkParent(app, parent.id, ana.id);
  const high5 = await builtinCategories(app, 'high5');
  const vibe = await builtinCategories(app, 'vibe');
  if (options.activity) {
    // The teacher's school year so far (the test clock is 15 October 2026): given and received.
    const rows: Parameters<typeof buildRecognition>[1][] = [
      { schoolId: school.id, giverId: teacher.id, receiverId: ana.id, schoolDate: '2026-08-20', categoryIds: [high5[0]!.id] },
      { schoolId: school.id, giverId: teacher.id, receiverId: bea.id, schoolDate: '2026-09-03', categoryIds: [high5[1]!.id] },
      { schoolId: school.id, giverId: teacher.id, receiverId: bea.id, schoolDate: '2026-09-04', categoryIds: [high5[1]!.id], kind: 'vibe' },
      {
        schoolId: school.id,
        giverId: ana.id,
        giverRole: 'student',
        receiverId: teacher.id,
        receiverRole: 'teacher',
        schoolDate: '2026-09-12',
        categoryIds: [high5[0]!.id, high5[12]!.id],
        comment: 'Thank you for helping me with fractions!',
      },
      {
        schoolId: school.id,
        giverId: teacher2.id,
        receiverId: teacher.id,
        receiverRole: 'teacher',
        schoolDate: '2026-10-02',
        categoryIds: [high5[3]!.id],
        comment: '<script>alert("x")</script> Great teamwork at the fair',
      },
      {
        schoolId: school.id,
        giverId: staff.id,
        giverRole: 'staff',
        receiverId: teacher.id,
        receiverRole: 'teacher',
        schoolDate: '2026-10-09',
        categoryIds: [high5[3]!.id, high5[0]!.id],
      },
      {
        schoolId: school.id,
        giverId: parent.id,
        giverRole: 'parent',
        receiverId: teacher.id,
        receiverRole: 'teacher',
        schoolDate: '2026-10-10',
        categoryIds: [vibe[1]!.id],
        kind: 'vibe',
        comment: 'You make Ana love school.',
      },
    ];
    for (const row of rows) await buildRecognition(app, row);
  }
  return { school, teacher, teacher2, staff, ana, bea, kid, parent, high5, vibe };
}

/** A screenshot for a person to look at (support/shot.ts). */
export const snap = (page: Page, name: string) => shot(page, name);

/**
 * A page signed in as `userId`, with the user's language set to match `locale`. When
 * E2E_WEB_DIST names a folder, the web app is served from there instead of apps/web/dist
 * (a private build, so that a rebuild of the shared folder cannot break a running test).
 */
export async function pageAs(h: Harness, userId: string, options: { locale?: 'en-US' | 'es-ES'; width?: number; height?: number } = {}) {
  const locale = options.locale ?? 'en-US';
  await app(h)
    .services.db.updateTable('users')
    .set({ language: locale === 'es-ES' ? 'es' : 'en' })
    .where('id', '=', userId)
    .execute();
  const { context, page } = await h.newPage({
    locale,
    ...(options.width ? { width: options.width } : {}),
    ...(options.height ? { height: options.height } : {}),
  });
  const dist = process.env.E2E_WEB_DIST;
  if (dist) {
    await context.route(/^http:\/\/127\.0\.0\.1:\d+\/(?!v1\/)/, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = path.startsWith('/assets/') && existsSync(`${dist}${path}`) ? `${dist}${path}` : `${dist}/index.html`;
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'text/html';
      await route.fulfill({ status: 200, body: readFileSync(file), contentType: type });
    });
  }
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A comment's <script> must never run: any alert fails the test.
  page.on('dialog', (dialog) => {
    errors.push(`unexpected dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await h.signInAs(context, userId);
  return { context, page, errors };
}

const app = (h: Harness) => h.app;

/** Nothing sticks out sideways: the page is no wider than the window. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`the page is ${scroll} px wide in a ${width} px window`);
}
