import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline of the range benches: node:http serving one file with fs.createReadStream
 * and single byte ranges, nothing else (no routing, no checks, no logs). With a read size,
 * each range is read in pieces of that size (at most) instead of the stream's default
 * 64 KB, as the media store reads it.
 *
 *   tsx bench/static-range-server.ts <file> <port> [<read size in bytes>]
 */
const [file, port, readSize] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: static-range-server.ts <file> <port> [<read size in bytes>]');
const { size } = fs.statSync(file);
const highWaterMark = readSize ? Number(readSize) : undefined;

const server = http.createServer((request, response) => {
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!match) {
    response.writeHead(200, { 'content-length': size, 'content-type': 'video/mp4' });
    fs.createReadStream(file, { highWaterMark }).pipe(response);
    return;
  }
  const start = Number(match[1]);
  const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
  if (start >= size) {
    response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    return;
  }
  response.writeHead(206, {
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${size}`,
    'content-type': 'video/mp4',
  });
  fs.createReadStream(file, { start, end, highWaterMark }).pipe(response);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGINT', () => server.close(() => process.exit(0)));
