import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_AGE_SECONDS, signRequest, verifyRequest } from './http-message-signatures.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const keys = new Map([['key-1', publicKey.export({ type: 'spki', format: 'pem' }).toString()]]);
const request = {
  method: 'POST',
  authority: 'stagepass.example',
  path: '/api/pawapay/callbacks/deposits',
  contentType: 'application/json',
  body: '{"depositId":"d","status":"COMPLETED"}',
};

describe('HTTP message signatures (RFC 9421, ecdsa-p256-sha256)', () => {
  it('verifies what was signed, with the key of its keyid', () => {
    const headers = signRequest(request, { id: 'key-1', privateKey });
    expect(headers['content-digest']).toMatch(/^sha-512=:[A-Za-z0-9+/]+=*:$/);
    expect(verifyRequest({ ...request, headers }, keys)).toEqual({ ok: true });
  });

  it('follows the components in the order the sender listed them, and takes a SHA-256 digest', () => {
    const created = Math.floor(Date.now() / 1000);
    const digest = `sha-256=:${createHash('sha256').update(request.body).digest('base64')}:`;
    const signatureDate = new Date().toISOString();
    const parameters = `("content-digest" "@path" "@method" "signature-date" "@authority" "content-type");alg="ecdsa-p256-sha256";keyid="key-1";created=${created}`;
    const base = [
      `"content-digest": ${digest}`,
      `"@path": ${request.path}`,
      '"@method": POST',
      `"signature-date": ${signatureDate}`,
      `"@authority": ${request.authority}`,
      `"content-type": ${request.contentType}`,
      `"@signature-params": ${parameters}`,
    ].join('\n');
    const signature = sign('sha256', Buffer.from(base), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    const headers = {
      'content-digest': digest,
      'signature-date': signatureDate,
      'signature-input': `sig-pp=${parameters}`,
      signature: `sig-pp=:${signature.toString('base64')}:`,
    };
    expect(verifyRequest({ ...request, headers }, keys)).toEqual({ ok: true });
  });

  it('refuses a changed body, path, authority, an unknown key and an old signature', () => {
    const headers = signRequest(request, { id: 'key-1', privateKey });
    const failures = [
      verifyRequest({ ...request, body: request.body.replace('COMPLETED', 'FAILED'), headers }, keys),
      verifyRequest({ ...request, path: '/api/other', headers }, keys),
      verifyRequest({ ...request, authority: 'evil.example', headers }, keys),
      verifyRequest(
        {
          ...request,
          headers: { ...headers, 'signature-input': headers['signature-input']!.replace('key-1', 'key-2') },
        },
        keys,
      ),
      verifyRequest({ ...request, headers: {} }, keys),
      verifyRequest(
        {
          ...request,
          headers: signRequest(
            request,
            { id: 'key-1', privateKey },
            new Date(Date.now() - (SIGNATURE_MAX_AGE_SECONDS + 60) * 1000),
          ),
        },
        keys,
      ),
    ];
    expect(failures.map((result) => result.ok)).toEqual([false, false, false, false, false, false]);
  });
});
