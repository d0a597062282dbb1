import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { jobs, mediaAssets, users } from '../../db/schema/index.ts';
import { uploadFile } from './test-images.ts';

/** Helpers of the post media tests: upload as a post, and read what the upload recorded. */

export function uploadPostFile(
  app: App,
  cookie: string,
  file: { data: Buffer; name?: string; type?: string },
) {
  return uploadFile(app, cookie, file, '?purpose=post');
}

export async function findUserId(app: App, email: string): Promise<string> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

export function findAssetRows(app: App, ownerId: string) {
  return app.db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, ownerId));
}

export function findProcessingJobs(app: App, publicId: string) {
  return app.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'process-media' and ${jobs.payload}->>'publicId' = ${publicId}`);
}

export async function countJobs(app: App): Promise<number> {
  const [row] = await app.db.select({ count: sql<number>`count(*)::int` }).from(jobs);
  return row!.count;
}
