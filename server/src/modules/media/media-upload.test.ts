import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { avatarUrl, MEDIA_MESSAGES } from '@stagepass/contract/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { mediaAssets, users } from '../../db/schema/index.ts';
import {
  listFilesLeft,
  listFoldersLeft,
  makeImage,
  signUpUploader,
  uploadFile,
} from '../../test/factories/media.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function ownerIdOf(email: string) {
  const [user] = await testApp.app.db.select().from(users).where(eq(users.email, email));
  return user!.id;
}

async function fetchImage(url: string) {
  const response = await testApp.app.inject(url);
  expect(response.statusCode).toBe(200);
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

describe('POST /api/media/upload?purpose=avatar', () => {
  it('turns an image into 256 and 64 px WebP squares and records the asset', async () => {
    const account = await signUpUploader(testApp.app);
    const response = await uploadFile(testApp.app, account.cookie, {
      data: await makeImage('png', 640, 360),
      name: 'me.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.public_id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(body).toMatchObject({
      secure_url: avatarUrl(body.public_id, 256),
      width: 256,
      height: 256,
      format: 'webp',
      variants: { avatar256: avatarUrl(body.public_id, 256), avatar64: avatarUrl(body.public_id, 64) },
    });

    const large = await fetchImage(body.secure_url);
    expect(large.metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(body.bytes).toBe(large.response.rawPayload.length);
    const small = await fetchImage(body.variants.avatar64);
    expect(small.metadata).toMatchObject({ format: 'webp', width: 64, height: 64 });

    const [row] = await testApp.app.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.publicId, body.public_id));
    expect(row).toMatchObject({
      ownerId: await ownerIdOf(account.email),
      kind: 'image',
      purpose: 'avatar',
      variants: {
        avatar256: `${body.public_id}/avatar256.webp`,
        avatar64: `${body.public_id}/avatar64.webp`,
      },
    });
    // The upload itself is not kept once the variants exist.
    expect(listFilesLeft(testApp.config.dataDir).filter((file) => file.startsWith('tmp'))).toEqual([]);
  });

  it.each(['jpeg', 'gif', 'webp'] as const)('accepts %s', async (format) => {
    const account = await signUpUploader(testApp.app);
    const response = await uploadFile(testApp.app, account.cookie, { data: await makeImage(format) });
    expect(response.statusCode).toBe(201);
  });

  it('gives every upload its own unguessable id', async () => {
    const account = await signUpUploader(testApp.app);
    const image = await makeImage('png');
    const first = (await uploadFile(testApp.app, account.cookie, { data: image })).json();
    const second = (await uploadFile(testApp.app, account.cookie, { data: image })).json();
    expect(first.public_id).not.toBe(second.public_id);
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const account = await signUpUploader(testApp.app);
    const pngCalledText = await uploadFile(testApp.app, account.cookie, {
      data: await makeImage('png'),
      name: 'notes.txt',
      type: 'text/plain',
    });
    expect(pngCalledText.statusCode).toBe(201);

    const textCalledJpeg = await uploadFile(testApp.app, account.cookie, {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(textCalledJpeg.statusCode).toBe(415);
    expect(textCalledJpeg.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: MEDIA_MESSAGES.unsupportedType,
    });
  });

  it('takes a HEIF-family image sharp can decode (AVIF), and refuses a HEIC it cannot', async () => {
    const account = await signUpUploader(testApp.app);
    const avif = await uploadFile(testApp.app, account.cookie, { data: await makeImage('avif') });
    expect(avif.statusCode).toBe(201);

    // A HEIC header (ftyp box, brand 'heic') with no decodable picture behind it.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const heic = await uploadFile(testApp.app, account.cookie, {
      data: Buffer.concat([ftyp, Buffer.alloc(2000, 7)]),
      name: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    expect(heic.statusCode).toBe(415);
    expect(heic.json().message).toBe(MEDIA_MESSAGES.unsupportedType);
  });

  it('strips EXIF, GPS included, from what it stores', async () => {
    const account = await signUpUploader(testApp.app);
    const photo = await sharp(await makeImage('jpeg'))
      .withExif({
        IFD0: { Make: 'SecretPhoneMaker', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '15/1 25/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '28/1 17/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    // The photo really carries EXIF with a GPS block (IFD0 tag 0x8825 points to it).
    const exif = (await sharp(photo).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const body = (await uploadFile(testApp.app, account.cookie, { data: photo })).json();
    for (const url of Object.values<string>(body.variants)) {
      const { response, metadata } = await fetchImage(url);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(response.rawPayload.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
      expect(response.rawPayload.includes(Buffer.from('EXIF'))).toBe(false);
    }
  });

  it('turns the picture upright by its EXIF orientation before cropping', async () => {
    const account = await signUpUploader(testApp.app);
    // 200×100 stored sideways: red left half, blue right half; orientation 6 means "rotate
    // 90° clockwise to view", so upright it is 100×200 with red on top.
    const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const body = (await uploadFile(testApp.app, account.cookie, { data: sideways })).json();
    const { response } = await fetchImage(body.secure_url);
    const { data } = await sharp(response.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(200, 20);
    const [bottomRed, , bottomBlue] = pixel(200, 236);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(50);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(50);
  });

  it('leaves nothing behind when the image cannot be read (a truncated JPEG)', async () => {
    const account = await signUpUploader(testApp.app);
    const before = listFilesLeft(testApp.config.dataDir);
    const jpeg = await makeImage('jpeg', 800, 600);
    const response = await uploadFile(testApp.app, account.cookie, {
      data: jpeg.subarray(0, jpeg.length / 2),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'IMAGE_UNREADABLE',
      message: MEDIA_MESSAGES.unreadable,
    });
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(before);
    const rows = await testApp.app.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.ownerId, await ownerIdOf(account.email)));
    expect(rows).toEqual([]);
  });

  it('removes the variants already stored when a later one fails, and writes no row', async () => {
    const account = await signUpUploader(testApp.app);
    const before = listFilesLeft(testApp.config.dataDir);
    const foldersBefore = listFoldersLeft(testApp.config.dataDir);
    const store = testApp.app.mediaStore;
    const realPut = store.put;
    let calls = 0;
    const put = vi.spyOn(store, 'put').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return realPut(...args);
    });
    try {
      const response = await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') });
      expect(response.statusCode).toBe(500);
    } finally {
      put.mockRestore();
    }
    expect(calls).toBe(2);
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(before);
    expect(listFoldersLeft(testApp.config.dataDir)).toEqual(foldersBefore);
    const rows = await testApp.app.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.ownerId, await ownerIdOf(account.email)));
    expect(rows).toEqual([]);
  });

  it.each([
    ['names no boundary', 'multipart/form-data', 'a file'],
    ['never reaches its boundary', 'multipart/form-data; boundary=never-seen', 'a file'],
    [
      'is cut short in its file',
      'multipart/form-data; boundary=cut',
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n',
    ],
  ])('answers 400 to a multipart body that %s', async (_name, contentType, payload) => {
    const account = await signUpUploader(testApp.app);
    const before = listFilesLeft(testApp.config.dataDir);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/media/upload?purpose=avatar',
      headers: { cookie: account.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'MALFORMED_UPLOAD',
      message: MEDIA_MESSAGES.noFile,
    });
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(before);
  });

  it('answers 500, not a 400 blaming the file, when the upload cannot be written to disk', async () => {
    const account = await signUpUploader(testApp.app);
    const uploadFolder = path.join(testApp.config.dataDir, 'tmp', 'uploads');
    fs.rmSync(uploadFolder, { recursive: true });
    try {
      const response = await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') });
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe('INTERNAL');
    } finally {
      fs.mkdirSync(uploadFolder, { recursive: true });
    }
  });

  it('needs a signed-in account and a file in the field "file"', async () => {
    const image = await makeImage('png');
    const signedOut = await uploadFile(testApp.app, '', { data: image });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(AUTH_MESSAGES.notSignedIn);

    const account = await signUpUploader(testApp.app);
    const otherField = await uploadFile(testApp.app, account.cookie, { data: image, field: 'picture' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe(MEDIA_MESSAGES.noFile);

    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { cookie: account.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MEDIA_MESSAGES.noFile);

    const unknownPurpose = await uploadFile(testApp.app, account.cookie, { data: image }, '?purpose=banner');
    expect(unknownPurpose.statusCode).toBe(400);
  });
});
