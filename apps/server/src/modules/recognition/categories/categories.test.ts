import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { buildCategory, builtinCategories, setCategoryEnabled } from '../give/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('categories', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/recognition/categories?kind=high5')).status).toBe(401);
  });

  it('when the kind is unknown, it answers 400', async () => {
    const user = await buildUser(t.app);
    expect((await t.call('GET', '/v1/recognition/categories?kind=badge', { cookie: await sessionFor(t.app, user.id) })).status).toBe(400);
  });

  it("lists the built-in and the school's own enabled categories of one kind, built-in first, in the asked language", async () => {
    const school = await buildSchool(t.app);
    const other = await buildSchool(t.app);
    const user = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const builtin = await builtinCategories(t.app, 'high5');
    const own = await buildCategory(t.app, { schoolId: school.id, kind: 'high5', nameEn: 'Eagle spirit', nameEs: 'Espíritu águila' });
    const ownOff = await buildCategory(t.app, { schoolId: school.id, kind: 'high5', nameEn: 'Retired', nameEs: 'Retirada' });
    await setCategoryEnabled(t.app, school.id, ownOff.id, false);
    await setCategoryEnabled(t.app, school.id, builtin[0]!.id, false);
    await buildCategory(t.app, { schoolId: other.id, kind: 'high5', nameEn: 'Not ours' });
    await buildCategory(t.app, { schoolId: school.id, kind: 'vibe', nameEn: 'A vibe' });
    // Another school switching a built-in off changes nothing here.
    await setCategoryEnabled(t.app, other.id, builtin[1]!.id, false);

    const cookie = await sessionFor(t.app, user.id);
    const en = await t.call('GET', '/v1/recognition/categories?kind=high5', { cookie });
    expect(en.status).toBe(200);
    const names = en.json.ResponseData.map((c: { name: string }) => c.name);
    expect(names).toEqual([...builtin.slice(1).map((c) => c.nameEn), 'Eagle spirit']);
    expect(en.json.ResponseData.at(-1)).toEqual({ id: own.id, key: null, name: 'Eagle spirit' });

    const es = await t.call('GET', '/v1/recognition/categories?kind=high5&language=es', { cookie });
    expect(es.json.ResponseData.map((c: { name: string }) => c.name)).toEqual([...builtin.slice(1).map((c) => c.nameEs), 'Espíritu águila']);

    const vibes = await t.call('GET', '/v1/recognition/categories?kind=vibe', { cookie });
    expect(vibes.json.ResponseData.map((c: { name: string }) => c.name)).toContain('A vibe');
    expect(vibes.json.ResponseData.map((c: { name: string }) => c.name)).not.toContain('Eagle spirit');
  });

  it("answers in the user's own language when none is asked for", async () => {
    const user = await buildUser(t.app, { role: 'teacher', language: 'es' });
    const res = await t.call('GET', '/v1/recognition/categories?kind=vibe', { cookie: await sessionFor(t.app, user.id) });
    expect(res.json.ResponseData[0].name).toBe('Marcas la diferencia');
  });
});
