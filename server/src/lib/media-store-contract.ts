import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createId } from './ids.ts';
import type { MediaStore } from './media-store.ts';

/**
 * What every media store promises, run against each implementation (local disk and S3):
 * the routes and jobs use the interface only, so both must behave alike.
 */
export function describeMediaStoreContract(
  name: string,
  setup: () => Promise<{
    store: MediaStore;
    listKeys(): string[];
    /** Leaves what a server killed in the middle of writing `key` leaves behind. */
    abandonWrite(key: string): Promise<void>;
  }>,
): void {
  describe(`${name} media store`, () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-contract-'));
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
    // Each test works in its own folder of keys, so tests sharing a store stay independent.
    const folder = () => createId(20);

    it('writes, describes, reads (whole or a range) and deletes files', async () => {
      const { store } = await setup();
      const key = `${folder()}/v.webp`;
      expect(await store.put(key, Buffer.from('0123456789'), { contentType: 'image/webp' })).toEqual({
        bytes: 10,
      });
      const info = await store.stat(key);
      expect(info).toMatchObject({ size: 10, contentType: 'image/webp' });
      expect(info?.etag).toMatch(/^"[^"]+"$/);
      expect(info?.modifiedAt).toBeInstanceOf(Date);
      expect(await readAll(await store.open(key))).toBe('0123456789');
      expect(await readAll(await store.open(key, { start: 2, end: 4 }))).toBe('234');
      expect(await readAll(await store.open(key, { start: 9, end: 9 }))).toBe('9');

      await store.delete([key, `${key}-never-written`]);
      expect(await store.stat(key)).toBeNull();
      expect(await store.open(key)).toBeNull();
    });

    it('opens a file once to describe it and then read it (whole or a range), or to let it go unread', async () => {
      const { store } = await setup();
      const key = `${folder()}/v.mp4`;
      await store.put(key, Buffer.from('0123456789'), { contentType: 'video/mp4' });
      const described = await store.stat(key);
      const whole = await store.openFile(key);
      expect(whole?.info).toEqual(described);
      expect(await readAll(await whole!.read())).toBe('0123456789');
      whole!.close(); // nothing more after a read
      const part = await store.openFile(key);
      expect(await readAll(await part!.read({ start: 3, end: 5 }))).toBe('345');
      const unread = await store.openFile(key);
      unread!.close();
      unread!.close();
      expect(await store.openFile(`${key}-never-written`)).toBeNull();
      expect(await store.openFile(key.split('/')[0]!)).toBeNull(); // a folder is no file
      expect(await store.openFile('a/../b')).toBeNull();
    });

    it('answers null for a key it does not hold or could never hold', async () => {
      const { store } = await setup();
      expect(await store.stat(`${folder()}/missing.webp`)).toBeNull();
      expect(await store.open(`${folder()}/missing.webp`)).toBeNull();
      expect(await store.stat('../escape.webp')).toBeNull();
      expect(await store.open('a/../b')).toBeNull();
    });

    it('stores a large stream in parts, with the same bytes and size back', async () => {
      const { store } = await setup();
      const key = `${folder()}/original.mp4`;
      // 20 MiB in 1 MiB chunks: more than two parts of a multipart upload.
      const chunk = (index: number) => Buffer.alloc(1024 * 1024, index);
      const stream = Readable.from(
        (function* () {
          for (let index = 0; index < 20; index++) yield chunk(index);
        })(),
      );
      expect(await store.put(key, stream, { contentType: 'video/mp4' })).toEqual({ bytes: 20 * 1024 * 1024 });
      expect(await store.stat(key)).toMatchObject({ size: 20 * 1024 * 1024, contentType: 'video/mp4' });
      // A range across a part boundary (8 MiB) reads the right bytes.
      const start = 8 * 1024 * 1024 - 2;
      const bytes = await readBytes(await store.open(key, { start, end: start + 3 }));
      expect([...bytes]).toEqual([7, 7, 8, 8]);
      await store.delete([key]);
    });

    it('stores a file from disk', async () => {
      const { store } = await setup();
      const key = `${folder()}/original.webm`;
      const file = path.join(scratch, `${createId(8)}.upload`);
      fs.writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 5));
      expect(await store.putFile(key, file, { contentType: 'video/webm' })).toEqual({
        bytes: 3 * 1024 * 1024,
      });
      fs.rmSync(file, { force: true });
      expect(await store.stat(key)).toMatchObject({ size: 3 * 1024 * 1024, contentType: 'video/webm' });
      expect((await readBytes(await store.open(key, { start: 0, end: 1 }))).toJSON().data).toEqual([5, 5]);
      await store.delete([key]);
    });

    it('never shows a file under its name until it is complete, and keeps nothing of a failed write', async () => {
      const { store, listKeys } = await setup();
      const before = listKeys();
      const key = `${folder()}/original.mp4`;
      let sent = 0;
      // Fails after more than one part has gone out, so a multipart upload was under way.
      const failing = new Readable({
        read() {
          sent += 1;
          if (sent > 12) this.destroy(new Error('connection lost'));
          else this.push(Buffer.alloc(1024 * 1024, sent));
        },
      });
      await expect(store.put(key, failing, { contentType: 'video/mp4' })).rejects.toThrow('connection lost');
      expect(await store.stat(key)).toBeNull();
      expect(listKeys()).toEqual(before);
    });

    it('deletes every file under a prefix, and only those', async () => {
      const { store } = await setup();
      const asset = folder();
      const neighbour = `${asset}x`;
      for (const key of [
        `${asset}/a.webp`,
        `${asset}/b.mp4`,
        `${asset}/deep/c.webp`,
        `${neighbour}/a.webp`,
      ]) {
        await store.put(key, Buffer.from(key), { contentType: 'application/octet-stream' });
      }
      await store.deletePrefix(asset);
      for (const key of [`${asset}/a.webp`, `${asset}/b.mp4`, `${asset}/deep/c.webp`]) {
        expect(await store.stat(key)).toBeNull();
      }
      expect(await store.stat(`${neighbour}/a.webp`)).not.toBeNull();
      // Nothing there is not an error: a retry finishes a partial delete.
      await store.deletePrefix(asset);
      await store.delete([`${neighbour}/a.webp`]);
    });

    it('lists its top folders, and tells when the newest file of one was written', async () => {
      const { store } = await setup();
      const asset = folder();
      const before = Date.now();
      await store.put(`${asset}/a.webp`, Buffer.from('a'), { contentType: 'image/webp' });
      await store.put(`${asset}/deep/b.webp`, Buffer.from('b'), { contentType: 'image/webp' });
      const listed: string[] = [];
      for await (const page of store.listFolders()) listed.push(...page);
      expect(listed).toContain(asset);
      expect(listed.every((name) => !name.includes('/') && !name.startsWith('.'))).toBe(true);
      const newest = await store.findNewestFile(asset);
      // Stores keep times to the second (S3) or finer.
      expect(newest!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(newest!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(await store.findNewestFile(folder())).toBeNull();

      await store.deletePrefix(asset);
      const after: string[] = [];
      for await (const page of store.listFolders()) after.push(...page);
      expect(after).not.toContain(asset);
    });

    it('refuses to write outside its keys', async () => {
      const { store } = await setup();
      await expect(
        store.put('../escape.webp', Buffer.from('x'), { contentType: 'image/webp' }),
      ).rejects.toThrow(/invalid media key/);
      await expect(store.deletePrefix('..')).rejects.toThrow(/invalid media key/);
    });

    it('removes what a write cut off by a crash left, once quiet since the time given, never a write in flight', async () => {
      const { store, listKeys, abandonWrite } = await setup();
      const before = listKeys();
      await abandonWrite(`${folder()}/original.mp4`);
      const leftovers = listKeys().filter((key) => !before.includes(key));
      expect(leftovers).toHaveLength(1);
      // Touched after the time given: perhaps another server writing it now.
      expect(await store.deleteAbandonedWrites(new Date(Date.now() - 60_000))).toBe(0);
      expect(listKeys()).toEqual(expect.arrayContaining(leftovers));

      // A write of this process, more than a part sent and the rest held back.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const key = `${folder()}/in-flight.mp4`;
      const body = Readable.from(
        (async function* () {
          for (let index = 0; index < 6; index++) yield Buffer.alloc(1024 * 1024, index);
          await held;
          yield Buffer.alloc(1024, 9);
        })(),
      );
      const writing = store.put(key, body, { contentType: 'video/mp4' });
      await vi.waitFor(() => expect(listKeys().length).toBe(before.length + 2), { timeout: 10_000 });

      expect(await store.deleteAbandonedWrites(new Date(Date.now() + 60_000))).toBe(1);
      expect(listKeys().filter((name) => leftovers.includes(name))).toEqual([]);
      release();
      expect(await writing).toEqual({ bytes: 6 * 1024 * 1024 + 1024 });
      expect((await store.stat(key))?.size).toBe(6 * 1024 * 1024 + 1024);
      await store.delete([key]);
      expect(listKeys()).toEqual(before);
    });

    it('reports that it can be written to', async () => {
      const { store } = await setup();
      expect(await store.check()).toBe(true);
    });
  });
}

async function readBytes(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readAll(stream: Readable | null): Promise<string> {
  return (await readBytes(stream)).toString();
}
