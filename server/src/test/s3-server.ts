import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config.ts';

export type TestS3Server = {
  settings: S3Settings;
  /** The same settings as S3_* environment variables, for loadConfig or a spawned server. */
  env: Record<string, string>;
  /** Every object key in the bucket, and 'unfinished-upload:<id>' for each multipart upload left open. */
  listKeys(): string[];
  stop(): Promise<void>;
};

// s3rver checks request signatures against its one built-in key pair.
const ACCESS_KEY = 'S3RVER';
/** Where s3rver keeps the parts of multipart uploads not yet completed. */
const UPLOADS_FOLDER = '._S3rver_uploads';

/**
 * A real S3-compatible HTTP server (s3rver, objects on a temporary disk folder) on a free
 * loopback port, with one empty bucket: the S3 media store is tested against the same
 * protocol, signatures and multipart uploads as a production bucket, without a network.
 */
export async function startTestS3Server(bucket = 'stagepass-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const uploadsFolder = path.join(directory, bucket, UPLOADS_FOLDER);
  const handle = s3rver.getMiddleware();
  const server = createServer((request, response) => {
    // s3rver lacks AbortMultipartUpload (DELETE …?uploadId=), which S3 and every compatible
    // service have and which a failed upload sends; it only removes the parts kept so far.
    const url = new URL(request.url ?? '/', 'http://localhost');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      fs.rmSync(path.join(uploadsFolder, uploadId), { recursive: true, force: true });
      response.writeHead(204).end();
      return;
    }
    // Nor ListMultipartUploads (GET /bucket?uploads), which finds uploads a crash left open.
    if (
      request.method === 'GET' &&
      url.pathname.replace(/\/$/, '') === `/${bucket}` &&
      url.searchParams.has('uploads')
    ) {
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(listUnfinishedUploads(uploadsFolder));
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    listKeys: () => [
      ...listObjectFiles(path.join(directory, bucket)),
      ...(fs.existsSync(uploadsFolder) ? fs.readdirSync(uploadsFolder) : []).map(
        (uploadId) => `unfinished-upload:${uploadId}`,
      ),
    ],
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A ListMultipartUploadsResult of the uploads s3rver keeps open (one page: tests make few). */
function listUnfinishedUploads(uploadsFolder: string): string {
  const ids = fs.existsSync(uploadsFolder) ? fs.readdirSync(uploadsFolder) : [];
  const uploads = ids.map((uploadId) => {
    const folder = path.join(uploadsFolder, uploadId);
    const key = fs.readFileSync(path.join(folder, 'key'), 'utf8');
    const initiated = fs.statSync(path.join(folder, 'key')).mtime.toISOString();
    return `<Upload><Key>${key}</Key><UploadId>${uploadId}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
}

/** s3rver keeps an object as '<key>._S3rver_object' beside its metadata files. */
function listObjectFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) =>
      path.relative(folder, path.join(entry.parentPath, entry.name.replace(/\._S3rver_object$/, ''))),
    )
    .sort();
}
