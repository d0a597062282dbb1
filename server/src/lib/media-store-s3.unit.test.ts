import { afterAll } from 'vitest';
import { startTestS3Server } from '../test/s3-server.ts';
import { describeMediaStoreContract } from './media-store-contract.ts';
import { createS3MediaStore } from './media-store-s3.ts';

const s3 = await startTestS3Server();
afterAll(() => s3.stop());

describeMediaStoreContract('the S3', async () => ({
  store: createS3MediaStore(s3.settings),
  listKeys: s3.listKeys,
}));
