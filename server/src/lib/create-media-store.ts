import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalMediaStore, type MediaStore } from './media-store.ts';

/** The bucket of S3_* when they are set; otherwise files on local disk under DATA_DIR/media. */
export async function createMediaStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<MediaStore> {
  if (config.s3) {
    // Loaded only when used: the AWS SDK is some 12 MB of memory a local store does not need.
    const { createS3MediaStore } = await import('./media-store-s3.ts');
    return createS3MediaStore(config.s3);
  }
  return createLocalMediaStore(path.join(config.dataDir, 'media'));
}
