import sharp from 'sharp';
import { AppError, badRequest } from './errors.js';

/**
 * The one way an uploaded image becomes a stored one (photos and hand avatars alike,
 * docs/decisions/0163): decoded, never trusted by its name or prefix; refused before any
 * pixel is decoded when its header promises more pixels than the screens use; re-encoded as
 * webp, turned upright, scaled to fit, with every piece of metadata (EXIF and its GPS
 * position, XMP, ICC, PNG text chunks) left behind. Decodes wait their turn.
 */
export interface ImageRule {
  /** Formats accepted, as sharp names them. */
  formats: ReadonlySet<string>;
  /** The most pixels (width × height) decoded; more answers 400 IMAGE_TOO_LARGE. */
  maxInputPixels: number;
  /** The longest side of the stored image (larger ones are scaled down). */
  maxSide: number;
  /** The longest side accepted (more answers 400 IMAGE_TOO_LARGE). */
  maxInputSide?: number;
  /** The shortest side accepted. */
  minSide?: number;
  quality: number;
}

/** Decodes running at once; each holds a core and tens of megabytes. */
export const DECODE_CONCURRENCY = 2;
/** Decodes waiting for a turn; more answer 429 (with the per-user upload limits, only a crowd gets here). */
export const DECODE_QUEUE_MAX = 32;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the DECODE_CONCURRENCY slots is free. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODE_CONCURRENCY) {
    if (waiting.length >= DECODE_QUEUE_MAX) throw new AppError(429, 'RATE_LIMITED', undefined, { retryAfterSeconds: 5 });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many decodes run and wait now (tests, metrics). */
export const decodeLoad = () => ({ running, waiting: waiting.length });

export async function reencodeImage(bytes: Buffer, rule: ImageRule): Promise<Buffer> {
  // The header alone (no pixels): what it is and how large it says it is.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !rule.formats.has(meta.format) || !meta.width || !meta.height) throw badRequest('IMAGE_INVALID');
  if (meta.width * meta.height > rule.maxInputPixels) throw badRequest('IMAGE_TOO_LARGE');
  if (rule.maxInputSide && Math.max(meta.width, meta.height) > rule.maxInputSide) throw badRequest('IMAGE_TOO_LARGE');
  if (rule.minSide && (meta.width < rule.minSide || meta.height < rule.minSide)) throw badRequest('IMAGE_INVALID');
  return withDecodeSlot(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: rule.maxInputPixels, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: rule.maxSide, height: rule.maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: rule.quality })
        .toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest('IMAGE_INVALID');
    }
  });
}
