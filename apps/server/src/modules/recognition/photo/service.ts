import type { Role } from '@high5/contract';
import { LIMITS } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { reencodeImage, type ImageRule } from '../../../lib/images.js';
import type { Services } from '../../../services/index.js';
import { setPhotoKey } from './queries.js';

/** The longest side of a stored photo (docs/rules/recognition.md#photos). */
export const PHOTO_MAX_SIDE = 1920;
/**
 * The most pixels a photo upload may have: a 4K frame. The screens send at most 1920 px (the
 * browser compresses first); this leaves room for other clients and refuses decompression
 * bombs from the header, before any pixel is decoded (docs/decisions/0163).
 */
export const PHOTO_MAX_INPUT_PIXELS = 3840 * 2160;

const PHOTO_RULE: ImageRule = {
  // Formats a camera or phone produces. SVG, PDF and the like are refused even though sharp reads them.
  formats: new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']),
  maxInputPixels: PHOTO_MAX_INPUT_PIXELS,
  maxSide: PHOTO_MAX_SIDE,
  quality: 82,
};

/**
 * Checks that `bytes` really are an image (by decoding them, whatever the file was called)
 * and re-encodes them as webp: turned upright from the EXIF orientation, at most 1920 px,
 * with every piece of metadata (GPS position, camera, time) left behind.
 */
export const reencodePhoto = (bytes: Buffer) => reencodeImage(bytes, PHOTO_RULE);

type PhotoFolder = 'teachers' | 'students' | 'parents' | 'staffs' | 'admins';
const FOLDER_BY_ROLE: Record<Role, PhotoFolder> = { teacher: 'teachers', student: 'students', parent: 'parents', staff: 'staffs' };

/** The per-role folder of docs/rules/recognition.md#photos: admins have their own. */
export function photoFolder(role: Role, isAdmin: boolean): PhotoFolder {
  return isAdmin ? 'admins' : FOLDER_BY_ROLE[role];
}

export const photoKey = (schoolId: string, folder: PhotoFolder, userId: string) => `schools/${schoolId}/${folder}/${userId}.webp`;

/** A link to a stored photo that stops working after 15 minutes. */
export function photoLink(services: Services, key: string | null): Promise<string | null> {
  return key ? services.storage.signedUrl(key, LIMITS.profilePhotoLinkSeconds) : Promise.resolve(null);
}

/**
 * Stores an already re-encoded photo for `userId` under the school's folder for their role,
 * points the user at it and removes a previous file kept under another key.
 */
export async function storePhoto(db: Db, services: Services, target: { userId: string; schoolId: string; role: Role; isAdmin: boolean }, webp: Buffer) {
  const key = photoKey(target.schoolId, photoFolder(target.role, target.isAdmin), target.userId);
  await services.storage.put(key, webp, 'image/webp');
  const previous = await setPhotoKey(db, target.userId, key);
  if (previous && previous !== key) await services.storage.delete(previous).catch(() => {});
  return { photoUrl: (await photoLink(services, key))! };
}
