import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from './clock.js';

/** Photos, avatars and backups. Keys look like `schools/<id>/students/<userId>.webp`. */
export interface ObjectStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Writes a stream without holding it in memory (backups); the object appears only when it is whole. */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Reads an object as a stream, or null when there is none. */
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** A link that works for `seconds`, then stops. */
  signedUrl(key: string, seconds: number): Promise<string>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,300}$/;
function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

/** Embedded default: files under DATA_DIR/objects, served by /v1/files with an HMAC-signed expiry. */
export class LocalStorage implements ObjectStorage {
  private readonly root: string;
  constructor(
    root: string,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {
    this.root = resolve(root);
  }
  private path(key: string) {
    assertKey(key);
    return join(this.root, key);
  }
  // Readable by the server's own user only: files hold children's data.
  async put(key: string, bytes: Buffer) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { mode: 0o600 });
  }
  async putStream(key: string, body: Readable) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const partial = `${path}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
  async get(key: string) {
    try {
      return await readFile(this.path(key));
    } catch {
      return null;
    }
  }
  async getStream(key: string) {
    const path = this.path(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }
  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }
  sign(key: string, expires: number) {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }
  async signedUrl(key: string, seconds: number) {
    assertKey(key);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + seconds;
    return `/v1/files/${key}?expires=${expires}&signature=${this.sign(key, expires)}`;
  }
  /** True when the link is genuine and not yet expired. */
  verify(key: string, expires: number, signature: string) {
    if (!SAFE_KEY.test(key) || !Number.isInteger(expires)) return false;
    if (expires < Math.floor(this.clock.now().getTime() / 1000)) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Any S3-compatible store, when S3_BUCKET is set. */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }
  async put(key: string, bytes: Buffer, contentType: string) {
    assertKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }
  async putStream(key: string, body: Readable, contentType: string) {
    assertKey(key);
    await new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType } }).done();
  }
  async get(key: string) {
    assertKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return Buffer.from(await result.Body!.transformToByteArray());
    } catch {
      return null;
    }
  }
  async getStream(key: string) {
    assertKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return result.Body as Readable;
    } catch {
      return null;
    }
  }
  async delete(key: string) {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
  signedUrl(key: string, seconds: number) {
    assertKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn: seconds });
  }
}
