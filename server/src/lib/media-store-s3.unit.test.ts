import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';
import { startTestS3Server } from '../test/s3-server.ts';
import { describeMediaStoreContract } from './media-store-contract.ts';
import { createS3MediaStore } from './media-store-s3.ts';

const s3 = await startTestS3Server();
afterAll(() => s3.stop());

describeMediaStoreContract('the S3', async () => ({
  store: createS3MediaStore(s3.settings),
  listKeys: s3.listKeys,
  // A multipart upload with a part sent and never completed nor aborted.
  abandonWrite: async (key) => {
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
      forcePathStyle: true,
    });
    const Bucket = s3.settings.bucket;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }));
    await client.send(
      new UploadPartCommand({
        Bucket,
        Key: key,
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(5 * 1024 * 1024, 1),
      }),
    );
    client.destroy();
  },
}));
