import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClassroomWorld, giveHigh5, type ClassroomWorld } from '../../apps/server/src/modules/classroom/test-factories.js';
import { schoolToday } from '../support/calendar.js';
import { apiSettled, startHarness, type Harness } from '../support/harness.js';
import { expectAccessible } from './support.js';
import { shot } from '../support/shot.js';

let h: Harness;
let w: ClassroomWorld;

beforeAll(async () => {
  h = await startHarness();
  // The browser runs on the real clock; the server's clock follows it here.
  h.clock.set(new Date());
  w = await buildClassroomWorld(h.app);
  const db = h.app.services.db;
  await db.insertInto('enrolments').values({ classId: w.cls.id, studentId: w.student2.id }).execute();
  await db.updateTable('schoolMemberships').set({ iep: true, languageLevel: 'L' }).where('userId', '=', w.student2.id).execute();
  await db
    .insertInto('seatingCharts')
    .values({ classId: w.cls.id, name: 'Period 1', rows: 2, cols: 3, seats: JSON.stringify({ '0_0': w.student.id, '1_2': w.student2.id }) })
    .execute();
  await db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.teacher.id }).execute();
  const today = schoolToday();
  await giveHigh5(h.app, {
    schoolId: w.school.id,
    giverId: w.teacher.id,
    giverRole: 'teacher',
    receiverId: w.student.id,
    schoolDate: today,
    comment: 'Helped a classmate',
    categoryKeys: ['kindness', 'teamwork'],
  });
});
afterAll(() => h?.close());

/** A table, or on phones its cards (the one data table draws a list there). */
const TABLE = 'main table, main ul[aria-label]';

const screens: { who: keyof ClassroomWorld['cookies'] & ('teacher' | 'student' | 'parent'); path: string; ready: string }[] = [
  { who: 'teacher', path: '/teacher-classes', ready: '[data-testid="class-code"]' },
  { who: 'teacher', path: '/seatingchart', ready: '[data-testid="teacher-desk"]' },
  { who: 'teacher', path: '/student-list', ready: TABLE },
  { who: 'teacher', path: '/feedback', ready: 'main h1' },
  { who: 'teacher', path: '/gratitude-journal', ready: 'main h1' },
  { who: 'student', path: '/mood', ready: '[data-mood="smile"]' },
  { who: 'student', path: '/student-classes', ready: TABLE },
  { who: 'student', path: '/trustedadults', ready: TABLE },
  { who: 'parent', path: '/mystudent', ready: TABLE },
  { who: 'parent', path: '/viewhigh5', ready: TABLE },
];

async function visit(page: Page, path: string, ready: string) {
  await page.goto(path);
  try {
    await page.waitForSelector(ready, { timeout: 20_000 });
  } catch (error) {
    await shot(page, `FAILED-${path.slice(1)}`);
    throw error;
  }
  await apiSettled(page);
}

describe('classroom screens pass axe in both languages, narrow and wide', () => {
  for (const locale of (process.env.LOCALES?.split(',') ?? ['en-US', 'es-ES']) as ('en-US' | 'es-ES')[]) {
    for (const width of process.env.WIDTHS?.split(',').map(Number) ?? [360, 1366]) {
      for (const screen of screens) {
        it(`${screen.path} (${screen.who}, ${locale}, ${width} px)`, async () => {
          // The signed-in app speaks the user's language.
          const language = locale === 'es-ES' ? 'es' : 'en';
          await h.app.services.db.updateTable('users').set({ language }).where('id', '=', w[screen.who].id).execute();
          const { context, page } = await h.newPage({ locale, width, height: 768 });
          try {
            await h.signInAs(context, w[screen.who].id);
            await visit(page, screen.path, screen.ready);
            await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
            await expect.poll(() => page.locator('main h1').count()).toBe(1);
            // Nothing wider than the window but the seating grid, which scrolls inside its frame.
            await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
            await shot(page, `${screen.path.slice(1)}-${locale}-${width}`);
            await expectAccessible(page);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
