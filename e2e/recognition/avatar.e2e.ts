import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  // Software WebGL (SwiftShader) for the 3D preview.
  h = await startHarness({ webgl: true });
});
afterAll(() => h.close());

describe('hand avatar', () => {
  it('a teacher builds a hand, turns it, saves it, and sees it again after a reload; three.js loads only when the builder opens (en, 1280 px)', async () => {
    const teacher = await buildUser(h.app, { role: 'teacher', firstName: 'Hana', lastName: 'Hand' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280 });
    await h.signInAs(context, teacher.id);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/profile');
    await page.getByRole('img', { name: 'No hand avatar yet' }).waitFor();
    expect(scripts.filter((s) => /avatar-builder|three/i.test(s))).toEqual([]);

    await page.getByRole('button', { name: 'Build my hand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Build your hand' });
    await dialog.waitFor();
    expect(scripts.some((s) => s.includes('avatar-builder'))).toBe(true);
    const canvas = dialog.locator('canvas');
    await canvas.waitFor();

    await dialog.getByRole('radio', { name: /^Hand 8:/ }).click();
    await expect.poll(() => dialog.getByRole('radio', { name: /^Hand 8:/ }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('radiogroup', { name: 'Chain colour' }).getByRole('radio', { name: 'Silver' }).click();
    await dialog.getByRole('radiogroup', { name: 'Bracelet colour' }).getByRole('radio', { name: 'Red' }).click();
    await dialog.getByRole('radiogroup', { name: 'Hand colour' }).getByRole('radio', { name: 'Caramel' }).click();
    // Turn it with the buttons, the keyboard and a drag.
    await dialog.getByRole('button', { name: 'Turn left' }).click();
    await dialog.getByRole('button', { name: 'Tilt up' }).click();
    await dialog.getByRole('group', { name: /3D preview/ }).focus();
    await page.keyboard.press('ArrowRight');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await expectNoAxeViolations(page);
    await shot(page, 'avatar-builder-en-1280');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your hand is saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const image = page.getByRole('img', { name: 'Your hand avatar' });
    await image.waitFor();
    await expect.poll(() => image.getAttribute('src')).toContain(`/v1/files/avatars/${teacher.id}.webp`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const row = await h.app.services.db
      .selectFrom('avatars')
      .select(['hand', 'colourInfo', 'imageKey'])
      .where('userId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(row.hand).toBe('Hand8');
    expect(row.colourInfo).toEqual({ handSelected: 'Hand8', hand: '#c68642', chain: '#c0c0c0', bracelet: '#e53935' });
    // A real picture of a hand: a webp with drawn (not empty) pixels.
    const stored = (await h.app.services.storage.get(row.imageKey))!;
    const stats = await sharp(stored).stats();
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stats.channels[3]!.min).toBe(0);
    expect(stats.channels[3]!.max).toBe(255);
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);

    await page.reload();
    await page.getByRole('img', { name: 'Your hand avatar' }).waitFor();
    await page.getByRole('button', { name: 'Change my hand' }).click();
    const again = page.getByRole('dialog', { name: 'Build your hand' });
    await again.getByRole('radio', { name: /^Hand 8:/ }).waitFor();
    await expect.poll(() => again.getByRole('radio', { name: /^Hand 8:/ }).getAttribute('aria-checked')).toBe('true');
    await again.getByRole('button', { name: 'Cancel' }).last().click();
    await shot(page, 'avatar-saved-en-1280');
    await context.close();
  });

  it('the builder works in Spanish on a phone, with the keyboard alone (es, 360 px)', async () => {
    const student = await buildUser(h.app, { role: 'student', firstName: 'Nico', lastName: 'Mano', language: 'es' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 740 });
    await h.signInAs(context, student.id);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Crear mi mano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crea tu mano' });
    await dialog.locator('canvas').waitFor();
    // Arrow keys move through the hands like any radio group.
    await dialog.getByRole('radio', { name: /^Mano 1:/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('radio', { name: /^Mano 3:/ }).getAttribute('aria-checked')).toBe('true');
    await expectNoAxeViolations(page);
    await shot(page, 'avatar-builder-es-360');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tu mano está guardada.').waitFor();
    await page.getByRole('img', { name: 'Tu mano' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Tu mano' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const row = await h.app.services.db.selectFrom('avatars').select('hand').where('userId', '=', student.id).executeTakeFirstOrThrow();
    expect(row.hand).toBe('Hand3');
    await shot(page, 'avatar-saved-es-360');
    await context.close();
  });
});
