import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, mediaAssets } from '../../../db/schema/index.ts';
import { silentLogger } from '../../../jobs/test-jobs.ts';
import { uploadForProcessing, waitUntilProcessed } from '../../../test/factories/media.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { findMediaTools } from './media-tools.ts';
import { processMediaAsset } from './process-media.ts';
import { createOwner, readStored, waitForJobOf } from './test-media.ts';

const testApp = setupTestApp();
let ownerId: string;
beforeAll(async () => {
  ownerId = await createOwner(testApp.app);
});

/**
 * A camera's JPEG: stored sideways (1200 × 800) with EXIF orientation 6 (turn a quarter
 * clockwise to view), the photographer's name and a GPS position.
 */
function makeCameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3060c0' } })
    .composite([
      { input: { create: { width: 300, height: 200, channels: 3, background: '#f0c020' } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Artist: 'Thandiwe Phiri' }, IFD3: { GPSMapDatum: 'WGS-84', GPSLatitudeRef: 'S' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('processing a photo post', () => {
  it('makes the post, mobile and placeholder WebPs, upright and without metadata', async () => {
    const { app } = testApp;
    const photo = await makeCameraPhoto();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('WGS-84');

    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'image',
      data: photo,
      extension: 'jpg',
    });
    const asset = await waitUntilProcessed(app, publicId);

    expect(asset).toMatchObject({ status: 'ready', failureReason: null, width: 800, height: 1200 });
    expect(asset.variants).toEqual({
      original: `${publicId}/original.jpg`,
      post: `${publicId}/post.webp`,
      mobile: `${publicId}/mobile.webp`,
      placeholder: `${publicId}/placeholder.webp`,
      square: `${publicId}/square.webp`,
    });
    const expectedSizes = {
      post: { width: 686, height: 386 },
      mobile: { width: 356, height: 200 },
      placeholder: { width: 24, height: 14 },
      square: { width: 512, height: 512 },
    };
    for (const [name, size] of Object.entries(expectedSizes)) {
      const metadata = await sharp(await readStored(app, asset.variants[name]!)).metadata();
      expect({ name, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        name,
        format: 'webp',
        ...size,
      });
      // Nothing of the camera's EXIF (name, GPS), no orientation flag: the pixels are upright.
      expect({ name, exif: metadata.exif, xmp: metadata.xmp, orientation: metadata.orientation }).toEqual({
        name,
        exif: undefined,
        xmp: undefined,
        orientation: undefined,
      });
    }
    expect((await waitForJobOf(app, publicId, 'done')).attempts).toBe(1);
  });

  it('turns a sideways photo upright before cropping', async () => {
    const { app } = testApp;
    // Stored 800 × 400 with the yellow left half; orientation 6 shows it 400 × 800, yellow on top.
    const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2040a0' } })
      .composite([
        {
          input: { create: { width: 400, height: 400, channels: 3, background: '#f0c020' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'image',
      data: photo,
      extension: 'jpg',
    });
    const asset = await waitUntilProcessed(app, publicId);
    expect({ width: asset.width, height: asset.height }).toEqual({ width: 400, height: 800 });
    // The cover crop keeps the middle band of the upright photo: the seam runs across it, so
    // its top row is yellow and its bottom row is blue (unrotated, the seam would stand upright).
    const { data, info } = await sharp(await readStored(app, asset.variants.post!))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixelAt = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    };
    const isYellow = ([red, green, blue]: number[]) => red! > 200 && green! > 160 && blue! < 100;
    expect(isYellow(pixelAt(10, 5))).toBe(true);
    expect(isYellow(pixelAt(info.width - 10, 5))).toBe(true);
    expect(isYellow(pixelAt(10, info.height - 5))).toBe(false);
  });

  it('fails a damaged image with a reason the creator understands', async () => {
    const { app } = testApp;
    const photo = await makeCameraPhoto();
    const damaged = Buffer.concat([photo.subarray(0, 600), Buffer.alloc(4000, 0x5a)]);
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'image',
      data: damaged,
      extension: 'jpg',
    });
    const asset = await waitUntilProcessed(app, publicId);
    expect(asset).toMatchObject({ status: 'failed', failureReason: MEDIA_MESSAGES.unreadable });
    expect(asset.variants).toEqual({ original: `${publicId}/original.jpg` });
    // Trying again cannot mend the file: the job failed on its first try.
    const [job] = await app.db.select().from(jobs).where(eq(jobs.payload, { publicId }));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toContain(MEDIA_MESSAGES.unreadable);
  });

  it('does nothing for an asset deleted before its job ran', async () => {
    const { app, config } = testApp;
    const photo = await makeCameraPhoto();
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'image',
      data: photo,
      extension: 'jpg',
      isQueued: false,
    });
    await app.db.delete(mediaAssets).where(eq(mediaAssets.publicId, publicId));
    await app.mediaStore.delete([`${publicId}/original.jpg`]);
    await processMediaAsset({
      db: app.db,
      mediaStore: app.mediaStore,
      tools: () => findMediaTools(config),
      workRoot: `${config.dataDir}/tmp/media-processing`,
      instance: app.serverInstance,
      publicId,
      signal: new AbortController().signal,
      log: silentLogger(),
    });
    expect(await app.mediaStore.stat(`${publicId}/post.webp`)).toBeNull();
  });
});
