import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { hasGpsTag } from '../../apps/server/src/modules/recognition/student-details/test-factories.js';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

/** Records what the page sends as multipart uploads: field, file name and size. */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __uploads: [string, string, number][]; fetch: typeof fetch };
    w.__uploads = [];
    const original = w.fetch.bind(window);
    w.fetch = (input, init) => {
      if (init?.body instanceof FormData) init.body.forEach((value, field) => value instanceof File && w.__uploads.push([field, value.name, value.size]));
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __uploads: [string, string, number][] }).__uploads);
}

let h: Harness;
beforeAll(async () => {
  // WebGL is not needed here, but the same launch adds the fake camera.
  h = await startHarness({ webgl: true });
});
afterAll(() => h.close());

const db = () => h.app.services.db;

async function typeDate(page: Page, label: string | RegExp, mmddyyyy: string) {
  const group = page.getByRole('group', { name: label });
  await group.click();
  await page.keyboard.press('Home');
  await page.keyboard.type(mmddyyyy.replace(/\D/g, ''));
}

describe('profile', () => {
  it('a teacher corrects wrong input, saves, and finds the profile saved after a reload (en, 1280 px)', async () => {
    const school = await buildSchool(h.app, { name: 'Maple Grove Elementary' });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280 });
    await h.signInAs(context, teacher.id);
    const writes: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && writes.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Update profile' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(teacher.email);
    await expect.poll(() => page.getByLabel('School', { exact: true }).inputValue()).toBe('Maple Grove Elementary');
    await expectNoAxeViolations(page);

    // Wrong input first: the messages say what to fix, and nothing is sent.
    await page.getByLabel('Phone').fill('call me');
    await page.getByLabel('ZIP code').fill('9411');
    await page.getByLabel('First name').fill('  ');
    await page.getByLabel('Department').click();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Use 7 to 20 characters: digits, spaces and + ( ) -.').waitFor();
    await page.getByText('Use a ZIP code like 12345 or 12345-6789.').waitFor();
    await page.getByText('This field is required.').waitFor();
    await typeDate(page, 'Date of birth', '01/01/2099');
    await page.getByLabel('Department').click();
    await page.getByText('The date of birth cannot be in the future.').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'profile-errors-en-1280');
    expect(writes).toEqual([]);

    await page.getByLabel('First name').fill('Tina');
    await page.getByLabel('Phone').fill('+1 (555) 010-2000');
    await page.getByLabel('ZIP code').fill('94110-1234');
    await typeDate(page, 'Date of birth', '04/02/1990');
    await page.getByLabel('Preferred pronoun').fill('she/her');
    await page.getByLabel('Department').fill('Science');
    await page.getByLabel('Bio').fill('I teach fourth grade <b>science</b>.');
    await submit.click();
    await page.getByText('Profile updated').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const row = await db()
      .selectFrom('users')
      .select(['phone', 'zipCode', 'dateOfBirth', 'pronoun', 'department', 'bio'])
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      phone: '+1 (555) 010-2000',
      zipCode: '94110-1234',
      dateOfBirth: '1990-04-02',
      pronoun: 'she/her',
      department: 'Science',
      bio: 'I teach fourth grade <b>science</b>.',
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+1 (555) 010-2000');
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe('I teach fourth grade <b>science</b>.');
    await expect.poll(() => page.getByRole('group', { name: 'Date of birth' }).textContent()).toContain('04/02/1990');
    await expect.poll(() => page.getByRole('button', { name: 'Update profile' }).isDisabled()).toBe(true);
    await shot(page, 'profile-saved-en-1280');

    // The close control returns to the dashboard.
    await page.getByRole('button', { name: 'Close profile' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('a student sees no bio, cannot change the photo, and can invite a parent (es, 360 px)', async () => {
    const student = await buildUser(h.app, { role: 'student', firstName: 'Lucía', lastName: 'Díaz', language: 'es' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(context, student.id);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Perfil', level: 1 }).waitFor();
    await page.getByText('Tu escuela se encarga de tu foto.').waitFor();
    await expect.poll(() => page.getByLabel('Biografía').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Examinar' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Cámara web' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Invitar a un padre o madre' }).waitFor();
    await expectNoAxeViolations(page);
    // Students are not asked for phone, ZIP code or department (decision 0306).
    await expect.poll(() => page.getByLabel('Teléfono').count()).toBe(0);
    await shot(page, 'profile-student-es-360');
    await context.close();
  });

  it('a teacher uploads a photo from a file: compressed in the browser, stored without GPS (en)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Photo', lastName: 'Teacher' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280 });
    await h.signInAs(context, teacher.id);
    const uploads = await recordUploads(page);
    await page.goto('/profile');
    // A large phone photo with a GPS position.
    const big = await sharp(
      await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
        .jpeg({ quality: 95 })
        .toBuffer(),
    )
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1' } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(500_000);
    await page.locator('input[type=file]').setInputFiles({ name: 'holiday.JPG', mimeType: 'image/jpeg', buffer: big });
    await page.getByText('Ready to upload. Press Upload to save it.').waitFor();
    await page.getByRole('img', { name: 'Preview of the new photo' }).waitFor();
    await shot(page, 'profile-photo-preview-en');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Photo of Photo Teacher' }).waitFor();

    // What left the browser was compressed to about 0.1 MB, named after the user with the file's extension.
    const sent = await uploads();
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('photo');
    expect(sent[0]![1]).toBe(`${teacher.id}.jpg`);
    expect(sent[0]![2]).toBeLessThanOrEqual(0.1 * 1024 * 1024 * 1.05);
    const key = `schools/${school.id}/teachers/${teacher.id}.webp`;
    const meta = await sharp((await h.app.services.storage.get(key))!).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1920);
    expect(hasGpsTag(meta.exif)).toBe(false);
    await page.reload();
    await page.getByRole('img', { name: 'Photo of Photo Teacher' }).waitFor();
    await context.close();
  });

  it('a text file renamed .jpg is refused with a clear message', async () => {
    const teacher = await buildUser(h.app, { role: 'teacher' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280 });
    await h.signInAs(context, teacher.id);
    await page.goto('/profile');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo\n'.repeat(40)) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('That file is not an image High5 can use. Please choose a photo.').waitFor();
    expect((await db().selectFrom('users').select('photoKey').where('id', '=', teacher.id).executeTakeFirstOrThrow()).photoKey).toBeNull();
    await context.close();
  });

  it('a staff member takes a photo with the webcam: live view, 100x100 capture, upload (es, 360 px)', async () => {
    const school = await buildSchool(h.app);
    const staff = await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Cam', lastName: 'Era', language: 'es' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(context, staff.id);
    const uploads = await recordUploads(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cámara web' }).click();
    const video = page.getByLabel('Imagen en vivo de la cámara');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await expectNoAxeViolations(page);
    await shot(page, 'profile-webcam-es-360');
    await page.getByRole('button', { name: 'Capturar' }).click();
    await page.getByRole('img', { name: 'Vista previa de la nueva foto' }).waitFor();
    await expect.poll(() => page.locator('video').count()).toBe(0);
    await page.getByRole('button', { name: 'Subir' }).click();
    await page.getByText('Subida', { exact: true }).waitFor();
    expect((await uploads()).map((u) => u[1])).toEqual([`${staff.id}.jpeg`]);
    const meta = await sharp((await h.app.services.storage.get(`schools/${school.id}/staffs/${staff.id}.webp`))!).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
    await context.close();
  });
});
