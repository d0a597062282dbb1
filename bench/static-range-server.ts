import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline of bench/media-throughput.ts: node:http serving one file with
 * fs.createReadStream and single byte ranges, nothing else (no routing, no checks, no logs).
 *
 *   tsx bench/static-range-server.ts <file> <port>
 */
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: static-range-server.ts <file> <port>');
const { size } = fs.statSync(file);

const server = http.createServer((request, response) => {
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!match) {
    response.writeHead(200, { 'content-length': size, 'content-type': 'video/mp4' });
    fs.createReadStream(file).pipe(response);
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
  fs.createReadStream(file, { start, end }).pipe(response);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGINT', () => server.close(() => process.exit(0)));
