import fs from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { MEDIA_MESSAGES, mediaRoutes } from '@stagepass/contract/media';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { deleteMediaAsset, storeAvatarImage } from './media.service.ts';
import { readMediaStatus } from './media-status.ts';
import { storePostMedia } from './post-media.service.ts';
import { receiveUploadToFile, uploadFolderOf } from './receive-upload.ts';
import { assertMayUpload, readDeclaredLength, reserveUploadSpace } from './upload-admission.ts';
import { avatarUploadRules, postUploadRules } from './upload-rules.ts';

const UPLOADS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };

/** Upload and delete. Registered as its own plugin, so multipart parsing exists only here. */
export async function registerMediaRoutes(app: FastifyInstance): Promise<void> {
  const { db, mediaStore, config } = app;
  const instance = app.serverInstance;
  const target = { folder: uploadFolderOf(config.dataDir), instance };
  await fs.mkdir(target.folder, { recursive: true });
  const avatarRules = avatarUploadRules(config, target);
  const postRules = postUploadRules(config, target);

  // The file size limit is set per request, by the kind of upload (receiveUploadToFile).
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.mediaMaxImageBytes, files: 1, fields: 2, parts: 3, headerPairs: 20 },
  });

  // Per account, wherever it uploads from; checked before a byte of the file is read.
  const admitUpload = limitPerSignedInAccount(app, 'media-upload', UPLOADS_PER_ACCOUNT);

  registerRoute(
    app,
    mediaRoutes.uploadMedia,
    async (request, reply, viewer) => {
      const { user } = viewer;
      // Who may, and whether the quota has room: before a byte of the file is read.
      assertMayUpload(viewer, request.query.purpose);
      const space = await reserveUploadSpace({
        db,
        instance,
        ownerId: user.id,
        quotaBytes: config.mediaUnattachedQuotaBytes,
        declaredBytes: readDeclaredLength(request.headers),
      });
      try {
        if (request.query.purpose === 'post') {
          const upload = await receiveUploadToFile(request, postRules, space);
          const asset = await removingFileAfter(upload.file, () =>
            storePostMedia({ db, mediaStore, appSecret: config.appSecret, ownerId: user.id, upload, space }),
          );
          return reply.status(201).send(asset);
        }
        const upload = await receiveUploadToFile(request, avatarRules, space);
        const asset = await removingFileAfter(upload.file, () =>
          storeAvatarImage({ db, mediaStore, ownerId: user.id, input: upload.file }),
        );
        return reply.status(201).send(asset);
      } finally {
        await space
          .release()
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not release an upload reservation'),
          );
      }
    },
    { preHandler: admitUpload },
  );

  registerRoute(app, mediaRoutes.getMediaStatus, async (request, _reply, { user }) => {
    return readMediaStatus({
      db,
      appSecret: config.appSecret,
      ownerId: user.id,
      publicId: request.params.publicId,
    });
  });

  registerRoute(app, mediaRoutes.deleteMedia, async (request, _reply, { user }) => {
    await deleteMediaAsset({ db, mediaStore, ownerId: user.id, publicId: request.params.publicId });
    return { success: true as const, message: MEDIA_MESSAGES.deleted };
  });
}

/** Runs `work`, then removes the received file before the answer goes out. */
async function removingFileAfter<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await fs.rm(file, { force: true });
  }
}
