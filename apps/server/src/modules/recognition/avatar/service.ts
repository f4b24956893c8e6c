import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, ColourInfoSchema, LIMITS, type ColourInfo } from '@high5/contract';
import sharp from 'sharp';
import type { Db } from '../../../db/database.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { reencodeImage, type ImageRule } from '../../../lib/images.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { currentSchool } from '../../../lib/current-school.js';
import { findAvatar, schoolUsersAvatars, upsertAvatar } from './queries.js';

const DATA_URL = /^data:image\/(webp|png);base64,([A-Za-z0-9+/]+={0,2})$/;

/** What the builder exports (a square canvas of at most 1024 px), and no more. */
const AVATAR_RULE: ImageRule = {
  formats: new Set(['webp', 'png']),
  maxInputPixels: AVATAR_MAX_SIDE * AVATAR_MAX_SIDE,
  maxInputSide: AVATAR_MAX_SIDE,
  maxSide: AVATAR_MAX_SIDE,
  minSide: 16,
  quality: 80,
};

/**
 * Reads the builder's data URL: a real webp (or png, from browsers that cannot encode webp)
 * of bounded size, decoded rather than trusted by its prefix, then re-encoded as webp like
 * photos (lib/images.ts): whatever metadata or text chunks it carried are not stored.
 */
export async function readAvatarImage(dataUrl: string): Promise<Buffer> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw badRequest('IMAGE_INVALID');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) throw badRequest('IMAGE_INVALID');
  const format = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .then((m) => m.format)
    .catch(() => null);
  if (format !== match[1]) throw badRequest('IMAGE_INVALID');
  return reencodeImage(bytes, AVATAR_RULE);
}

const avatarLink = (services: Services, key: string) => services.storage.signedUrl(key, LIMITS.profilePhotoLinkSeconds);

export async function myAvatar(db: Db, services: Services, user: SessionUser) {
  const row = await findAvatar(db, user.id);
  if (!row) return null;
  const colourInfo = ColourInfoSchema.safeParse(row.colourInfo);
  if (!colourInfo.success) return null;
  return { imageUrl: await avatarLink(services, row.imageKey), colourInfo: colourInfo.data, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Stores the re-encoded image (readAvatarImage, done before the request's transaction) under
 * `avatars/<userId>.webp` (a user's hand, in every school) and the colour info beside it.
 */
export async function saveAvatar(db: Db, services: Services, user: SessionUser, input: { image: Buffer; colourInfo: ColourInfo }) {
  const key = `avatars/${user.id}.webp`;
  await services.storage.put(key, input.image, 'image/webp');
  const now = services.clock.now();
  const previous = await upsertAvatar(db, {
    userId: user.id,
    imageKey: key,
    hand: input.colourInfo.handSelected,
    colourInfo: input.colourInfo,
    updatedAt: now,
  });
  if (previous && previous !== key) await services.storage.delete(previous).catch(() => {});
  return { imageUrl: await avatarLink(services, key), colourInfo: input.colourInfo, updatedAt: now.toISOString() };
}

/** Avatar links of users of the caller's school; users of other schools are left out. */
export async function avatarsOf(db: Db, services: Services, user: SessionUser, userIds: string[]) {
  const school = currentSchool(user);
  const rows = await schoolUsersAvatars(db, school.schoolId, userIds);
  return Promise.all(rows.map(async (r) => ({ userId: r.userId, imageUrl: r.imageKey ? await avatarLink(services, r.imageKey) : null })));
}

/** One user's avatar link; 404 when the user is not in the caller's school. */
export async function avatarOf(db: Db, services: Services, user: SessionUser, userId: string) {
  const [row] = await avatarsOf(db, services, user, [userId]);
  if (!row) throw notFound();
  return row;
}
