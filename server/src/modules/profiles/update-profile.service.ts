import { PROFILE_MESSAGES, type TProfile, type ZUpdateProfileRequest } from '@stagepass/contract/profiles';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mediaAssets, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { toSignUpConflict } from '../auth/sign-up.service.ts';
import { readPassOffer, toProfileView } from './profile-view.service.ts';

type UpdateProfileInput = z.output<typeof ZUpdateProfileRequest>;

export const AVATAR_NOT_FOUND_MESSAGE =
  'This image was not found among your uploads. Upload the picture again.';

/**
 * Saves the edit-account form. The username follows the sign-up rules (unique ignoring
 * case, decided by the database's unique index under races); a creator keeps a category,
 * a fan has none; the avatar must be an avatar upload of this user.
 */
export async function updateProfile(options: {
  db: Db;
  user: UserRow;
  request: UpdateProfileInput;
  log: FastifyBaseLogger;
  /** Called after the commit with an avatar no profile references any more. */
  releaseAvatar?: (publicId: string) => Promise<void>;
}): Promise<TProfile> {
  const { db, user, request } = options;
  const isCreator = user.role === 'creator';
  if (isCreator && !request.cartegory) {
    // The same shape as every schema failure, so the form shows it under the field.
    throw new AppError('VALIDATION_ERROR', PROFILE_MESSAGES.categoryRequired, 400, 'cartegory');
  }

  const { updated, previousAvatar } = await db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ avatarPublicId: users.avatarPublicId })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      if (request.imagePublicId) {
        // Locked so the media module cannot delete the asset between this check and the commit.
        const [asset] = await tx
          .select({ publicId: mediaAssets.publicId })
          .from(mediaAssets)
          .where(
            and(
              eq(mediaAssets.publicId, request.imagePublicId),
              eq(mediaAssets.ownerId, user.id),
              eq(mediaAssets.purpose, 'avatar'),
            ),
          )
          .for('share');
        if (!asset) throw new AppError('VALIDATION_ERROR', AVATAR_NOT_FOUND_MESSAGE, 400, 'imagePublicId');
      }
      const [row] = await tx
        .update(users)
        .set({
          name: request.name,
          username: request.username,
          gender: request.gender,
          countryCode: request.country,
          category: isCreator ? request.cartegory : null,
          bio: request.bio,
          birthday: request.birthday,
          about: request.about,
          avatarPublicId: request.imagePublicId,
          phone: request.phone,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return { updated: row!, previousAvatar: current?.avatarPublicId ?? null };
    })
    .catch((error: unknown) => {
      throw toSignUpConflict(error, request.username) ?? error;
    });

  if (previousAvatar && previousAvatar !== updated.avatarPublicId && options.releaseAvatar) {
    // The profile is saved either way; a file left behind is tidied later, not an error here.
    await options
      .releaseAvatar(previousAvatar)
      .catch((error: unknown) =>
        options.log.error({ err: error, publicId: previousAvatar }, 'old avatar not deleted'),
      );
  }
  const offer = await readPassOffer(options.db, updated, updated);
  return toProfileView(updated, { viewer: updated, followStatus: false, ...offer });
}

/**
 * A deleted asset that was the owner's avatar leaves the profile with the default picture.
 * Registered with media (registerMediaReferenceRelease) by register-profiles.ts; runs in
 * the transaction that deletes the asset's row.
 */
export async function releaseDeletedAvatar(
  tx: Db,
  asset: { publicId: string; ownerId: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ avatarPublicId: null, updatedAt: new Date() })
    .where(and(eq(users.id, asset.ownerId), eq(users.avatarPublicId, asset.publicId)));
}
