import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { hasGpsTag, jpegWithGps, multipartFile, pngImage } from '../student-details/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const upload = (cookie: string | undefined, bytes: Buffer, options?: Parameters<typeof multipartFile>[1]) => {
  const { body, headers } = multipartFile(bytes, options);
  return t.call('POST', '/v1/profile/photo', { ...(cookie ? { cookie } : {}), body, headers });
};
const fetchFile = async (url: string) => t.app.inject({ method: 'GET', url });

describe('POST /v1/profile/photo', () => {
  it('when signed out, it answers 401', async () => {
    expect((await upload(undefined, await pngImage(20, 20))).status).toBe(401);
  });

  it('when a phone JPEG with GPS arrives, it stores an upright webp without any metadata under the teachers folder', async () => {
    const school = await buildSchool(t.app);
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
    const original = await jpegWithGps(80, 40);
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);

    const res = await upload(await sessionFor(t.app, teacher.id), original);
    expect(res.status).toBe(200);
    const key = `schools/${school.id}/teachers/${teacher.id}.webp`;
    const row = await t.app.services.db.selectFrom('users').select('photoKey').where('id', '=', teacher.id).executeTakeFirstOrThrow();
    expect(row.photoKey).toBe(key);

    const stored = (await t.app.services.storage.get(key))!;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(hasGpsTag(meta.exif)).toBe(false);
    // EXIF orientation 6 (turned 90°) is applied to the pixels.
    expect([meta.width, meta.height]).toEqual([40, 80]);

    // The signed link serves the same bytes.
    expect(res.json.ResponseData.photoUrl).toContain(`/v1/files/${key}?expires=`);
    const served = await fetchFile(res.json.ResponseData.photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(hasGpsTag((await sharp(served.rawPayload).metadata()).exif)).toBe(false);
  });

  it('when the signed link is older than 15 minutes, it no longer works', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await upload(await sessionFor(t.app, teacher.id), await pngImage(30, 30), { filename: 'me.png', contentType: 'image/png' });
    const url = res.json.ResponseData.photoUrl as string;
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires - Math.floor(t.clock.now().getTime() / 1000)).toBe(900);
    t.clock.advance(899_000);
    expect((await fetchFile(url)).statusCode).toBe(200);
    t.clock.advance(2_000);
    expect((await fetchFile(url)).statusCode).toBe(403);
    t.clock.advance(-901_000);
  });

  it('when the image is larger than 1920 px, it is scaled down to fit', async () => {
    const staff = await buildUser(t.app, { role: 'staff' });
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const res = await upload(await sessionFor(t.app, staff.id), big);
    expect(res.status).toBe(200);
    const row = await t.app.services.db.selectFrom('users').select('photoKey').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.photoKey).toMatch(/\/staffs\//);
    const meta = await sharp((await t.app.services.storage.get(row.photoKey!))!).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 640]);
  });

  it('when an admin or a parent uploads, the photo goes to the admins or parents folder', async () => {
    const school = await buildSchool(t.app);
    const admin = await buildUser(t.app, { role: 'teacher', schoolId: school.id, isAdmin: true });
    const parent = await buildUser(t.app, { role: 'parent', schoolId: school.id });
    await upload(await sessionFor(t.app, admin.id), await pngImage(20, 20));
    await upload(await sessionFor(t.app, parent.id), await pngImage(20, 20));
    const rows = await t.app.services.db.selectFrom('users').select(['id', 'photoKey']).where('id', 'in', [admin.id, parent.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.photoKey]))).toEqual({
      [admin.id]: `schools/${school.id}/admins/${admin.id}.webp`,
      [parent.id]: `schools/${school.id}/parents/${parent.id}.webp`,
    });
  });

  it('when a text file is renamed .jpg and declared as a JPEG, it answers 400 IMAGE_INVALID and stores nothing', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await upload(await sessionFor(t.app, teacher.id), Buffer.from('this is not a photo, just some text\n'.repeat(20)), {
      filename: 'holiday.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('IMAGE_INVALID');
    const row = await t.app.services.db.selectFrom('users').select('photoKey').where('id', '=', teacher.id).executeTakeFirstOrThrow();
    expect(row.photoKey).toBeNull();
  });

  it('when an SVG (which could carry script) is sent, it answers 400 IMAGE_INVALID', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>alert(1)</script><rect width="20" height="20"/></svg>');
    const res = await upload(await sessionFor(t.app, teacher.id), svg, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('IMAGE_INVALID');
  });

  it('when a truncated JPEG is sent, it answers 400 IMAGE_INVALID', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const res = await upload(await sessionFor(t.app, teacher.id), jpeg.subarray(0, jpeg.length / 2));
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('IMAGE_INVALID');
  });

  it('when the file is over 5 MB, it answers 413', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await upload(await sessionFor(t.app, teacher.id), Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(res.status).toBe(413);
    expect(res.json.ErrorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when the body is JSON rather than a file, or the field is not `photo`, it answers 400', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await t.call('POST', '/v1/profile/photo', { cookie, body: { photo: 'x' } })).status).toBe(400);
    expect((await upload(cookie, await pngImage(20, 20), { field: 'avatar' })).status).toBe(400);
  });

  it('when a student uploads, it answers 403 PHOTO_CHANGE_NOT_ALLOWED', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const res = await upload(await sessionFor(t.app, student.id), await pngImage(20, 20));
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('PHOTO_CHANGE_NOT_ALLOWED');
  });

  it('when the school is paid, it answers 403 PHOTO_CHANGE_NOT_ALLOWED', async () => {
    const school = await buildSchool(t.app, { paid: true });
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
    const res = await upload(await sessionFor(t.app, teacher.id), await pngImage(20, 20));
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('PHOTO_CHANGE_NOT_ALLOWED');
  });

  it('when a super admin uploads, it answers 403', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    expect((await upload(await sessionFor(t.app, admin.id), await pngImage(20, 20))).status).toBe(403);
  });

  it('when the upload comes from another site, it is refused', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const { body, headers } = multipartFile(await pngImage(20, 20));
    const res = await t.call('POST', '/v1/profile/photo', {
      cookie: await sessionFor(t.app, teacher.id),
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('CSRF_REJECTED');
  });
});
