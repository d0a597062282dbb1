import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  MEDIA_MESSAGES,
  ZMediaDeleteResponse,
  ZMediaUploadQuery,
  ZMediaUploadResponse,
} from '@stagepass/contract/media';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireCurrentSession } from '../auth/sessions.ts';
import { deleteMediaAsset, storeAvatarImage } from './media.service.ts';
import { prepareUploadFolder, receiveUploadToFile, UPLOAD_FIELD } from './receive-upload.ts';

const tags = ['media'];
const UPLOADS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };

/** Upload and delete. Registered as its own plugin, so multipart parsing exists only here. */
export async function registerMediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mediaStore, config } = app;
  const uploadFolder = path.join(config.dataDir, 'tmp', 'uploads');
  await prepareUploadFolder(uploadFolder);

  await app.register(fastifyMultipart, {
    limits: { fileSize: config.mediaMaxImageBytes, files: 1, fields: 2, parts: 3, headerPairs: 20 },
  });

  const countUpload = app.createRateLimit({
    ...UPLOADS_PER_ACCOUNT,
    // Per account, wherever it uploads from; admitUpload has already found the session.
    keyGenerator: async (request) => `media-upload:${(await requireCurrentSession(request)).user.id}`,
  });
  // Checked before a byte of the file is read: who asks, and how often.
  const admitUpload = async (request: FastifyRequest) => {
    await requireCurrentSession(request);
    const result = await countUpload(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, 429);
    }
  };

  app.post(
    '/api/media/upload',
    {
      schema: {
        tags,
        summary: `Upload an image (multipart/form-data, one file field "${UPLOAD_FIELD}")`,
        description:
          'JPEG, PNG, WebP, GIF or HEIC (when the server can decode it), recognised from its bytes; ' +
          'at most MEDIA_MAX_IMAGE_BYTES (20 MB by default). Avatars become 256 and 64 px WebP ' +
          'squares without metadata; secure_url is the 256 px one.',
        querystring: ZMediaUploadQuery,
        response: {
          201: ZMediaUploadResponse,
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
      const file = await receiveUploadToFile(request, {
        folder: uploadFolder,
        maxBytes: config.mediaMaxImageBytes,
      });
      try {
        const asset = await storeAvatarImage({ db, mediaStore, ownerId: user.id, input: file });
        return reply.status(201).send(asset);
      } finally {
        await fs.rm(file, { force: true });
      }
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
