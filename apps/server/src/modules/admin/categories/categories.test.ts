import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool } from '../../../test/factories.js';
import { auditActions, builtinCategories, member, schoolWithAdmin } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Category {
  id: string;
  builtIn: boolean;
  nameEn: string;
  nameEs: string;
  enabled: boolean;
}

describe('GET /admin/categories/:kind', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/admin/categories/high5')).status).toBe(401);
  });

  it('when the kind is unknown, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', '/v1/admin/categories/hugs', { cookie })).status).toBe(400);
  });

  it('when a student asks, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'student' });
    expect((await t.call('GET', '/v1/admin/categories/high5', { cookie })).status).toBe(403);
  });

  it('lists the built-in categories, all enabled, with both names', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const builtIn = await builtinCategories(t.app, 'vibe');
    const res = await t.call('GET', '/v1/admin/categories/vibe', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual(builtIn.map((c) => ({ id: c.id, kind: 'vibe', builtIn: true, nameEn: c.nameEn, nameEs: c.nameEs, enabled: true })));
  });
});

describe('POST /admin/categories/:kind', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', '/v1/admin/categories/high5', { body: { nameEn: 'Curiosity' } })).status).toBe(401);
  });

  it('when a teacher without the admin flag adds one, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: 'Curiosity' } })).status).toBe(403);
  });

  it.each([
    ['both names empty', { nameEn: '  ', nameEs: '' }],
    ['an English name of 36 characters', { nameEn: 'x'.repeat(36), nameEs: 'ok' }],
    ['a Spanish name of 36 characters after trimming', { nameEn: 'ok', nameEs: ` ${'ñ'.repeat(36)} ` }],
  ])('when given %s, it answers 400', async (_label, body) => {
    const { cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('POST', '/v1/admin/categories/high5', { cookie, body });
    expect(res.status).toBe(400);
  });

  it('accepts 35 characters, trims, copies one language to the other and records it', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const name = 'C'.repeat(35);
    const res = await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: `  ${name}  ` } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ kind: 'high5', builtIn: false, nameEn: name, nameEs: name, enabled: true });
    const spanishOnly = await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEs: 'Curiosidad' } });
    expect(spanishOnly.json.ResponseData).toMatchObject({ nameEn: 'Curiosidad', nameEs: 'Curiosidad' });
    const row = await t.app.services.db.selectFrom('categories').selectAll().where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
    expect(row.schoolId).toBe(school.id);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'category.add', actorId: admin.id, targetId: row.id }));
    const list = (await t.call('GET', '/v1/admin/categories/high5', { cookie })).json.ResponseData as Category[];
    expect(list.slice(-2).map((c) => c.nameEs)).toEqual([name, 'Curiosidad']);
  });

  it('when the name is already taken in the school (any case), it answers 409 CATEGORY_EXISTS', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const [kindness] = await builtinCategories(t.app, 'high5');
    const res = await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: kindness!.nameEn.toUpperCase(), nameEs: 'Otra' } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('CATEGORY_EXISTS');
  });

  it("another school's categories are neither listed nor in the way", async () => {
    const first = await schoolWithAdmin(t.app);
    const second = await schoolWithAdmin(t.app);
    await t.call('POST', '/v1/admin/categories/vibe', { cookie: first.cookie, body: { nameEn: 'Stellar', nameEs: 'Estelar' } });
    const list = (await t.call('GET', '/v1/admin/categories/vibe', { cookie: second.cookie })).json.ResponseData as Category[];
    expect(list.some((c) => c.nameEn === 'Stellar')).toBe(false);
    expect((await t.call('POST', '/v1/admin/categories/vibe', { cookie: second.cookie, body: { nameEn: 'Stellar', nameEs: 'Estelar' } })).status).toBe(200);
  });

  it('when the school has 50 categories of its own, it answers 409 TOO_MANY_CATEGORIES', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await t.app.services.db
      .insertInto('categories')
      .values(Array.from({ length: 50 }, (_, i) => ({ kind: 'vibe', schoolId: school.id, key: null, nameEn: `Own ${i}`, nameEs: `Propia ${i}` })))
      .execute();
    const res = await t.call('POST', '/v1/admin/categories/vibe', { cookie, body: { nameEn: 'One too many' } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('TOO_MANY_CATEGORIES');
  });
});

describe('PUT /admin/categories/:kind', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', '/v1/admin/categories/high5', { body: { items: [] } })).status).toBe(401);
  });

  it('when a non-admin saves, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'staff' });
    const [c] = await builtinCategories(t.app, 'high5');
    expect((await t.call('PUT', '/v1/admin/categories/high5', { cookie, body: { items: [{ id: c!.id, enabled: false }] } })).status).toBe(403);
  });

  it('when a name is blank or longer than 35, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const own = (await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: 'Mine' } })).json.ResponseData as Category;
    for (const nameEn of [' ', 'y'.repeat(36)]) {
      expect((await t.call('PUT', '/v1/admin/categories/high5', { cookie, body: { items: [{ id: own.id, enabled: true, nameEn }] } })).status).toBe(400);
    }
  });

  it('disables a built-in category for this school only, renames its own, and records the changes', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const other = await schoolWithAdmin(t.app);
    const [kindness] = await builtinCategories(t.app, 'high5');
    const own = (await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: 'Mine', nameEs: 'Mía' } })).json.ResponseData as Category;
    const res = await t.call('PUT', '/v1/admin/categories/high5', {
      cookie,
      body: {
        items: [
          { id: kindness!.id, enabled: false, nameEn: kindness!.nameEn, nameEs: kindness!.nameEs },
          { id: own.id, enabled: false, nameEn: ' Ours ', nameEs: 'Nuestra' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const list = res.json.ResponseData as Category[];
    expect(list.find((c) => c.id === kindness!.id)).toMatchObject({ enabled: false, nameEn: kindness!.nameEn });
    expect(list.find((c) => c.id === own.id)).toMatchObject({ enabled: false, nameEn: 'Ours', nameEs: 'Nuestra' });
    const theirs = (await t.call('GET', '/v1/admin/categories/high5', { cookie: other.cookie })).json.ResponseData as Category[];
    expect(theirs.find((c) => c.id === kindness!.id)!.enabled).toBe(true);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'categories.update', actorId: admin.id }));
    // Enabling it again.
    const again = await t.call('PUT', '/v1/admin/categories/high5', { cookie, body: { items: [{ id: kindness!.id, enabled: true }] } });
    expect((again.json.ResponseData as Category[]).find((c) => c.id === kindness!.id)!.enabled).toBe(true);
  });

  it('when a built-in name is changed, it answers 400 CATEGORY_LOCKED and saves nothing', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const [a, b] = await builtinCategories(t.app, 'vibe');
    const res = await t.call('PUT', '/v1/admin/categories/vibe', {
      cookie,
      body: {
        items: [
          { id: b!.id, enabled: false },
          { id: a!.id, enabled: true, nameEn: 'Renamed' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('CATEGORY_LOCKED');
    const list = (await t.call('GET', '/v1/admin/categories/vibe', { cookie })).json.ResponseData as Category[];
    expect(list.every((c) => c.enabled)).toBe(true);
  });

  it('when two categories would share a name, it answers 409 CATEGORY_EXISTS', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const one = (await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: 'One', nameEs: 'Uno' } })).json.ResponseData as Category;
    await t.call('POST', '/v1/admin/categories/high5', { cookie, body: { nameEn: 'Two', nameEs: 'Dos' } });
    const res = await t.call('PUT', '/v1/admin/categories/high5', { cookie, body: { items: [{ id: one.id, enabled: true, nameEn: 'two', nameEs: 'Uno' }] } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('CATEGORY_EXISTS');
  });

  it('when every category would be disabled, it answers 400 CATEGORIES_ALL_DISABLED', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const all = await builtinCategories(t.app, 'vibe');
    const res = await t.call('PUT', '/v1/admin/categories/vibe', { cookie, body: { items: all.map((c) => ({ id: c.id, enabled: false })) } });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('CATEGORIES_ALL_DISABLED');
  });

  it("when an id is another school's category, of the other kind, or unknown, it answers 404", async () => {
    const first = await schoolWithAdmin(t.app);
    const second = await schoolWithAdmin(t.app);
    const theirs = (await t.call('POST', '/v1/admin/categories/high5', { cookie: first.cookie, body: { nameEn: 'Theirs' } })).json.ResponseData as Category;
    const [vibe] = await builtinCategories(t.app, 'vibe');
    for (const id of [theirs.id, vibe!.id, randomUUID()]) {
      expect((await t.call('PUT', '/v1/admin/categories/high5', { cookie: second.cookie, body: { items: [{ id, enabled: false }] } })).status).toBe(404);
    }
    const row = await t.app.services.db.selectFrom('categories').select('nameEn').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.nameEn).toBe('Theirs');
  });
});
