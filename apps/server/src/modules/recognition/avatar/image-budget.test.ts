import { crc32, deflateSync } from 'node:zlib';
import { resources } from '@high5/i18n';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_CONCURRENCY, DECODE_QUEUE_MAX, withDecodeSlot } from '../../../lib/images.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { hasGpsTag, multipartFile } from '../student-details/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const colourInfo = { handSelected: 'Hand7', hand: '#C68642', chain: '#d4af37', bracelet: '#6a1b9a' };
const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`;
const GPS = { IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 10/1' } };
const SECRET = 'home address: 12 Elm Street';

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Inserts a tEXt chunk before IEND: text that survives any copy of the file as uploaded. */
function withTextChunk(png: Buffer, keyword: string, text: string) {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), png.subarray(iend)]);
}

/** A PNG whose header promises `width` × `height` pixels, in a few hundred bytes (a decompression bomb's shape). */
function hugePng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function handWithMetadata() {
  const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 200, g: 120, b: 90, alpha: 1 } } })
    .png()
    .withExif(GPS)
    .toBuffer();
  return withTextChunk(png, 'Comment', SECRET);
}

async function storedAvatar(userId: string) {
  const row = await t.app.services.db.selectFrom('avatars').select('imageKey').where('userId', '=', userId).executeTakeFirstOrThrow();
  return (await t.app.services.storage.get(row.imageKey))!;
}

describe('hand avatars are re-encoded like photos', () => {
  it('a PNG with a tEXt chunk and EXIF GPS is stored, and served, without either', async () => {
    const original = await handWithMetadata();
    expect(original.includes(Buffer.from(SECRET))).toBe(true);
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);
    const student = await buildUser(t.app, { role: 'student' });
    const cookie = await sessionFor(t.app, student.id);
    const res = await t.call('PUT', '/v1/avatar', { cookie, body: { image: dataUrl(original), colourInfo } });
    expect(res.status).toBe(200);

    const served = await t.app.inject({ method: 'GET', url: res.json.ResponseData.imageUrl });
    for (const bytes of [served.rawPayload, await storedAvatar(student.id)]) {
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('a webp carrying EXIF GPS is stored without it', async () => {
    const original = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#a63' } })
      .webp()
      .withExif(GPS)
      .toBuffer();
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await t.call('PUT', '/v1/avatar', { cookie: await sessionFor(t.app, teacher.id), body: { image: dataUrl(original, 'webp'), colourInfo } });
    expect(res.status).toBe(200);
    const stored = await storedAvatar(teacher.id);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
  });
});

describe('image decoding has a budget', () => {
  it('a huge-dimension PNG hand is refused from its header with a translated 400, and nothing is stored', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const cookie = await sessionFor(t.app, teacher.id);
    for (const [width, height] of [
      [30_000, 30_000],
      [1100, 200],
    ]) {
      const res = await t.call('PUT', '/v1/avatar', { cookie, body: { image: dataUrl(hugePng(width!, height!)), colourInfo } });
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('IMAGE_TOO_LARGE');
    }
    expect(await t.app.services.db.selectFrom('avatars').select('userId').where('userId', '=', teacher.id).executeTakeFirst()).toBeUndefined();
    expect(resources.en.profile.errors.IMAGE_TOO_LARGE).toMatch(/too large/);
    expect(resources.es.profile.errors.IMAGE_TOO_LARGE).toMatch(/demasiado grande/);
  });

  it('a photo upload larger than a 4K frame is refused with 400 IMAGE_TOO_LARGE before decoding; a 4K frame is taken', async () => {
    const school = await buildSchool(t.app);
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
    const cookie = await sessionFor(t.app, teacher.id);
    const upload = (bytes: Buffer) => {
      const { body, headers } = multipartFile(bytes, { filename: 'me.png', contentType: 'image/png' });
      return t.call('POST', '/v1/profile/photo', { cookie, body, headers });
    };
    const started = Date.now();
    const bomb = await upload(hugePng(20_000, 20_000));
    expect(bomb.status).toBe(400);
    expect(bomb.json.ErrorCode).toBe('IMAGE_TOO_LARGE');
    // Refused from the header: no time spent decoding 400 million pixels.
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await upload(hugePng(4000, 3000))).json.ErrorCode).toBe('IMAGE_TOO_LARGE');
    const fourK = await sharp({ create: { width: 3840, height: 2160, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    expect((await upload(fourK)).status).toBe(200);
  });

  it('at most DECODE_CONCURRENCY decodes run at once; the rest wait, and a crowd beyond the queue gets 429', async () => {
    let now = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const job = () =>
      withDecodeSlot(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => gates.push(resolve));
        now--;
      });
    const jobs = Array.from({ length: DECODE_CONCURRENCY + DECODE_QUEUE_MAX }, job);
    await expect.poll(() => gates.length).toBe(DECODE_CONCURRENCY);
    await expect(job()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    while (gates.length || now) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(most).toBe(DECODE_CONCURRENCY);
  });

  it('four hands saved at the same moment are all stored (they queue, none fails)', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.app, { role: 'teacher' })));
    const image = dataUrl(await handWithMetadata());
    const answers = await Promise.all(
      users.map(async (u) => t.call('PUT', '/v1/avatar', { cookie: await sessionFor(t.app, u.id), body: { image, colourInfo } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});
