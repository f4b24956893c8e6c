import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: a compressed copy would save less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, CSV, the OpenAPI document) above 1 KB for a client that asks:
 * brotli at quality 4 (close to gzip's speed, smaller) else gzip (docs/decisions/0530). Registered
 * before @fastify/static, whose pre-compressed files already carry a Content-Encoding and are
 * never compressed again; images, backups (gzip) and zips are not compressible types (mime-db) and
 * go as they are. Request bodies are never inflated: a small compressed upload must not become a
 * large one behind the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
