import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildDistrict } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const cases = [
  {
    locale: 'en-US',
    width: 1366,
    lang: 'en',
    paid: true,
    t: {
      email: /Continue with e-mail/,
      teacher: /I'm a teacher/,
      says: /unless your e-mail address is on its list, your account waits until High5's administrator approves you/,
    },
  },
  {
    locale: 'es-ES',
    width: 360,
    lang: 'es',
    paid: false,
    t: {
      email: /Continuar con correo electrónico/,
      teacher: /Soy docente/,
      says: /Otros docentes podrán encontrarla en el registro cuando la administración de High5 apruebe la escuela/,
    },
  },
] as const;

describe('the add-school dialog says what will really happen', () => {
  for (const c of cases) {
    it(`in an existing ${c.paid ? 'paid' : 'free'} district (${c.lang}, ${c.width} px)`, async () => {
      const district = await buildDistrict(h.app, { name: `Valley ${c.lang} ${Date.now()}`, paid: c.paid });
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width });
      await page.goto('/signup');
      await page.getByRole('button', { name: c.t.email }).click();
      await page.getByRole('button', { name: c.t.teacher }).click();
      await page.getByTestId('district-input').fill(district.name);
      await page.getByRole('option', { name: district.name }).click();
      const school = page.getByTestId('school-input');
      await school.fill('Brand New Academy');
      await school.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByText(c.t.says).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `add-school-dialog-${c.lang}-${c.width}`);
      await context.close();
    });
  }
});
