import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { type SignedUpAccount, signUpAccount } from '../../test/accounts.ts';

/** Real images made with sharp for the tests: a 300×200 picture in each accepted format. */
export function makeImage(format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif', width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: '#d94f30' } })
    .toFormat(format)
    .toBuffer();
}

/** Posts a multipart form with one file part, as a browser's FormData would. */
export function uploadFile(
  app: App,
  cookie: string,
  file: { data: Buffer; name?: string; type?: string; field?: string },
  query = '?purpose=avatar',
) {
  const form = new FormData();
  form.append(
    file.field ?? 'file',
    new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
    file.name ?? 'picture',
  );
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, headers: { cookie }, payload: form });
}

/** Every file (not folder) under the media store and the upload folder, relative to DATA_DIR. */
export function listFilesLeft(dataDir: string): string[] {
  return ['media', 'tmp/uploads']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name))),
    )
    .sort();
}

/** Every folder under the media store except its own '.incoming'. */
export function listFoldersLeft(dataDir: string): string[] {
  return fs
    .readdirSync(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '.incoming')
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

/**
 * An account that may upload: signed up, its email verified (as the emailed code does) and
 * of the given type, a creator unless said (null: none chosen yet).
 */
export async function signUpUploader(
  app: App,
  { role = 'creator', isVerified = true }: { role?: 'creator' | 'fan' | null; isVerified?: boolean } = {},
): Promise<SignedUpAccount & { id: string }> {
  const account = await signUpAccount(app);
  const [user] = await app.db
    .update(users)
    .set({
      emailVerifiedAt: isVerified ? new Date() : null,
      role,
      category: role === 'creator' ? 'music artist' : null,
    })
    .where(eq(users.email, account.email))
    .returning({ id: users.id });
  return { ...account, id: user!.id };
}

/** Marks an account's email verified, as the emailed code does. */
export async function markEmailVerified(app: App, email: string): Promise<void> {
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
}
