import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, ColourInfoSchema, LIMITS, type ColourInfo } from '@high5/contract';
import sharp from 'sharp';
import type { Db } from '../../../db/database.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { currentSchool } from '../profile/service.js';
import { findAvatar, schoolUsersAvatars, upsertAvatar } from './queries.js';

const DATA_URL = /^data:image\/(webp|png);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Reads the builder's data URL and checks that it is a real webp (or png, from browsers
 * that cannot encode webp) of bounded size: decoded, not trusted by its prefix.
 */
export async function readAvatarImage(dataUrl: string): Promise<{ bytes: Buffer; format: 'webp' | 'png' }> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw badRequest('IMAGE_INVALID');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) throw badRequest('IMAGE_INVALID');
  const meta = await sharp(bytes, { limitInputPixels: AVATAR_MAX_SIDE * AVATAR_MAX_SIDE })
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== 'webp' && meta.format !== 'png') || meta.format !== match[1]) throw badRequest('IMAGE_INVALID');
  if (!meta.width || !meta.height || meta.width > AVATAR_MAX_SIDE || meta.height > AVATAR_MAX_SIDE || meta.width < 16 || meta.height < 16) throw badRequest('IMAGE_INVALID');
  return { bytes, format: meta.format };
}

const avatarLink = (services: Services, key: string) => services.storage.signedUrl(key, LIMITS.profilePhotoLinkSeconds);

export async function myAvatar(db: Db, services: Services, user: SessionUser) {
  const row = await findAvatar(db, user.id);
  if (!row) return null;
  const colourInfo = ColourInfoSchema.safeParse(row.colourInfo);
  if (!colourInfo.success) return null;
  return { imageUrl: await avatarLink(services, row.imageKey), colourInfo: colourInfo.data, updatedAt: row.updatedAt.toISOString() };
}

/** Stores the image under `avatars/<userId>.<format>` (a user's hand, in every school) and the colour info beside it. */
export async function saveAvatar(db: Db, services: Services, user: SessionUser, input: { image: string; colourInfo: ColourInfo }) {
  const { bytes, format } = await readAvatarImage(input.image);
  const key = `avatars/${user.id}.${format}`;
  await services.storage.put(key, bytes, `image/${format}`);
  const now = services.clock.now();
  const previous = await upsertAvatar(db, { userId: user.id, imageKey: key, hand: input.colourInfo.handSelected, colourInfo: input.colourInfo, updatedAt: now });
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
