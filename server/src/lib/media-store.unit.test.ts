import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore, isValidMediaKey } from './media-store.ts';
import { describeMediaStoreContract } from './media-store-contract.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-store-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function readAll(stream: Readable | null): Promise<string> {
  if (!stream) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('media keys', () => {
  it('accept relative url-safe names only', () => {
    expect(isValidMediaKey('Ab3_-x/avatar256.webp')).toBe(true);
    for (const key of [
      '',
      '/etc/passwd',
      '../x',
      'a/../b',
      'a//b',
      'a/',
      '.incoming/x',
      'a\\b',
      'a/%2e%2e',
      'C:x',
    ]) {
      expect({ key, valid: isValidMediaKey(key) }).toEqual({ key, valid: false });
    }
  });
});

describeMediaStoreContract('the local', async () => {
  const folder = path.join(root, 'contract');
  const store = await createLocalMediaStore(folder);
  const listKeys = () =>
    fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  // The temporary file a write makes first, cut off by a crash.
  const abandonWrite = async () => {
    fs.writeFileSync(path.join(folder, '.incoming', `${Date.now()}-cut-off.tmp`), Buffer.alloc(4096, 1));
  };
  return { store, listKeys, abandonWrite };
});

describe('the local media store', () => {
  it('writes, describes, reads (whole or a range) and deletes files', async () => {
    const store = await createLocalMediaStore(path.join(root, 'a'));
    expect(await store.put('id1/v.webp', Buffer.from('0123456789'), { contentType: 'image/webp' })).toEqual({
      bytes: 10,
    });
    expect(await store.stat('id1/v.webp')).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await readAll(await store.open('id1/v.webp'))).toBe('0123456789');
    expect(await readAll(await store.open('id1/v.webp', { start: 2, end: 4 }))).toBe('234');

    await store.delete(['id1/v.webp', 'id1/never-written.webp']);
    expect(await store.stat('id1/v.webp')).toBeNull();
    expect(await store.open('id1/v.webp')).toBeNull();
    // The key's emptied folder goes too; the store's root stays.
    expect(fs.readdirSync(path.join(root, 'a'))).toEqual(['.incoming']);
  });

  it('never shows a file under its name until it is complete, and drops a failed write', async () => {
    const store = await createLocalMediaStore(path.join(root, 'b'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('first half'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put('id2/v.webp', failing, { contentType: 'image/webp' })).rejects.toThrow(
      'connection lost',
    );
    expect(await store.stat('id2/v.webp')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'b', '.incoming'))).toEqual([]);
  });

  it('moves a stored file from disk rather than copying it, and drops emptied folders by prefix', async () => {
    const store = await createLocalMediaStore(path.join(root, 'd'));
    const upload = path.join(root, 'upload.tmp');
    fs.writeFileSync(upload, 'video bytes');
    const { ino } = fs.statSync(upload);
    await store.putFile('id3/original.mp4', upload, { contentType: 'video/mp4' });
    expect(fs.statSync(path.join(root, 'd', 'id3', 'original.mp4')).ino).toBe(ino);
    expect(fs.existsSync(upload)).toBe(false);

    await store.deletePrefix('id3');
    expect(fs.readdirSync(path.join(root, 'd'))).toEqual(['.incoming']);
  });

  it('holds an opened file until it is read to the end, its read is cut short, or it is closed', async () => {
    const store = await createLocalMediaStore(path.join(root, 'held'));
    await store.put('id1/360p.mp4', Buffer.alloc(1024 * 1024, 7), { contentType: 'video/mp4' });
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const settled = async () => {
      // The descriptors are closed by the thread pool, a moment after the stream says so.
      for (let attempt = 0; attempt < 50 && openFiles() !== before; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return openFiles();
    };

    const read = await store.openFile('id1/360p.mp4');
    expect(openFiles()).toBe(before + 1);
    expect((await readAll(await read!.read({ start: 0, end: 99 }))).length).toBe(100);
    read!.close();
    expect(await settled()).toBe(before);

    const cut = await store.openFile('id1/360p.mp4');
    const stream = await cut!.read();
    stream!.once('data', () => stream!.destroy());
    await new Promise((resolve) => stream!.once('close', resolve));
    cut!.close();
    expect(await settled()).toBe(before);
    await expect(cut!.read()).rejects.toThrow(/read or closed already/);

    const unread = await store.openFile('id1/360p.mp4');
    unread!.close();
    expect(await settled()).toBe(before);
    await expect(unread!.read()).rejects.toThrow(/read or closed already/);
  });

  it('refuses to write outside its folder', async () => {
    const store = await createLocalMediaStore(path.join(root, 'c'));
    await expect(
      store.put('../escape.webp', Buffer.from('x'), { contentType: 'image/webp' }),
    ).rejects.toThrow(/invalid media key/);
    expect(fs.existsSync(path.join(root, 'escape.webp'))).toBe(false);
    expect(await store.stat('../a/.incoming')).toBeNull();
  });
});
