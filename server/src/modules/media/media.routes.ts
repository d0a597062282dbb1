import fs from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  MEDIA_MESSAGES,
  ZMediaDeleteResponse,
  ZMediaStatusResponse,
  ZMediaUploadQuery,
  ZMediaUploadResponse,
  ZPostMediaUploadResponse,
} from '@stagepass/contract/media';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { deleteMediaAsset, storeAvatarImage } from './media.service.ts';
import { readMediaStatus } from './media-status.ts';
import { storePostMedia } from './post-media.service.ts';
import { receiveUploadToFile, UPLOAD_FIELD, uploadFolderOf } from './receive-upload.ts';
import { assertMayUpload, readDeclaredLength, reserveUploadSpace } from './upload-admission.ts';
import { avatarUploadRules, postUploadRules } from './upload-rules.ts';

const tags = ['media'];
const UPLOADS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };

/** Upload and delete. Registered as its own plugin, so multipart parsing exists only here. */
export async function registerMediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.post(
    '/api/media/upload',
    {
      schema: {
        tags,
        summary: `Upload an avatar or a post's photo, video or audio (multipart/form-data, one file field "${UPLOAD_FIELD}")`,
        description:
          'Needs a verified email; purpose=post also a creator account (403 otherwise). Each account ' +
          'may hold MEDIA_UNATTACHED_QUOTA_BYTES (4 GB) of uploads no post or profile uses yet, uploads ' +
          'in progress included: an upload past it is refused with 413, before its body is read when it ' +
          'declares its length, else once it passes the quota. ' +
          'The type is read from the bytes, never the name. purpose=avatar: JPEG, PNG, WebP, GIF or HEIC ' +
          '(when the server can decode it), at most MEDIA_MAX_IMAGE_BYTES (20 MB by default); it becomes ' +
          '256 and 64 px WebP squares without metadata, and secure_url is the 256 px one ' +
          '(MediaUploadResponse). purpose=post: those images, video (MP4, MOV, WebM, Matroska) up to ' +
          'MEDIA_MAX_VIDEO_BYTES (2 GB) or audio (MP3, M4A/AAC, OGG, WAV, FLAC) up to ' +
          'MEDIA_MAX_AUDIO_BYTES (200 MB), streamed to disk and then to the media store; it is ' +
          'processed in the background (PostMediaUploadResponse, status processing: see ' +
          'GET /api/media/{publicId}/status).',
        querystring: ZMediaUploadQuery,
        response: {
          201: z.union([ZMediaUploadResponse, ZPostMediaUploadResponse]),
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      preHandler: admitUpload,
    },
    async (request, reply) => {
      const { user } = await requireCurrentSession(request);
      // Who may, and whether the quota has room: before a byte of the file is read.
      assertMayUpload(user, request.query.purpose);
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
  );

  app.get(
    '/api/media/:publicId/status',
    {
      schema: {
        tags,
        summary:
          'How the processing of one of your uploads goes (processing, ready, or failed with a reason)',
        params: z.object({ publicId: z.string().max(100) }),
        response: { 200: ZMediaStatusResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return readMediaStatus({
        db,
        appSecret: config.appSecret,
        ownerId: user.id,
        publicId: request.params.publicId,
      });
    },
  );

  app.delete(
    '/api/media/:publicId',
    {
      schema: {
        tags,
        summary: 'Delete one of your uploads and its files (clears your avatar if it was this one)',
        params: z.object({ publicId: z.string().max(100) }),
        response: {
          200: ZMediaDeleteResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      await deleteMediaAsset({ db, mediaStore, ownerId: user.id, publicId: request.params.publicId });
      return { success: true as const, message: MEDIA_MESSAGES.deleted };
    },
  );
}

/** Runs `work`, then removes the received file before the answer goes out. */
async function removingFileAfter<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await fs.rm(file, { force: true });
  }
}
