import { createHash, createSign, generateKeyPairSync, sign, verify } from 'node:crypto';
import { httpbis } from 'http-message-signatures';
import { describe, expect, it } from 'vitest';
import { signRequest, verifyRequest } from './http-message-signatures.ts';

// Ours against the npm package pawaPay's own Node example signs with
// (github.com/pawaPay/signatures-node-example): what either signs, the other verifies.

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const keyId = 'pawapay-key-1';
const keys = new Map([[keyId, publicKey.export({ type: 'spki', format: 'pem' }).toString()]]);
const authority = 'stagepass.example';
const path = '/api/pawapay/callbacks/deposits';
const body = '{"depositId":"8917c345-4791-4285-a416-62f24b6982db","status":"COMPLETED"}';

/** RFC 9421's ecdsa-p256-sha256: the signature is r and s, 32 bytes each. */
const rawSigner = {
  id: keyId,
  alg: 'ecdsa-p256-sha256',
  sign: async (data: Buffer) => sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }),
};

/** Signs as pawaPay's example does: the components it lists, including content-length. */
async function signWithPackage(signer: typeof rawSigner, requestBody = body) {
  const signed = await httpbis.signMessage(
    {
      key: signer,
      name: 'sig-pp',
      fields: [
        '@method',
        '@authority',
        '@path',
        'signature-date',
        'content-digest',
        'content-type',
        'content-length',
      ],
    },
    {
      method: 'POST',
      url: `https://${authority}${path}`,
      headers: {
        'Signature-Date': new Date().toISOString(),
        'Content-Type': 'application/json',
        'Content-Digest': `sha-512=:${createHash('sha512').update(requestBody).digest('base64')}:`,
        'Content-Length': String(Buffer.byteLength(requestBody)),
      },
    },
  );
  // As Fastify hands them to the route: names in lower case.
  return Object.fromEntries(
    Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

function verifyWithPackage(headers: Record<string, string>, requestPath = path) {
  return httpbis.verifyMessage(
    {
      keyLookup: async (parameters) =>
        parameters.keyid === keyId
          ? {
              id: keyId,
              algs: ['ecdsa-p256-sha256'],
              verify: async (data, signature) =>
                verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature),
            }
          : null,
      requiredFields: ['@method', '@authority', '@path', 'content-digest'],
    },
    { method: 'POST', url: `http://${authority}${requestPath}`, headers },
  );
}

const callback = { method: 'POST', authority, path, contentType: 'application/json', body };

describe('our RFC 9421 subset and the http-message-signatures package', () => {
  it('verifies what the package signs, and refuses it once the body changes', async () => {
    const headers = await signWithPackage(rawSigner);
    expect(headers['signature-input']).toMatch(/^sig-pp=\("@method" "@authority" "@path" /);
    expect(verifyRequest({ ...callback, headers }, keys)).toEqual({ ok: true });
    const changed = verifyRequest({ ...callback, body: body.replace('COMPLETED', 'FAILED'), headers }, keys);
    expect(changed).toEqual({ ok: false, reason: 'content digest does not match the body' });
    const elsewhere = verifyRequest({ ...callback, path: '/api/other', headers }, keys);
    expect(elsewhere).toEqual({ ok: false, reason: 'signature does not match' });
  });

  it("verifies a DER-encoded signature, as pawaPay's example makes with createSign('SHA256')", async () => {
    const headers = await signWithPackage({
      ...rawSigner,
      sign: async (data) => createSign('SHA256').update(data).sign(privateKey),
    });
    const signature = Buffer.from(/:([^:]+):/.exec(headers.signature!)![1]!, 'base64');
    expect(signature[0]).toBe(0x30);
    expect(verifyRequest({ ...callback, headers }, keys)).toEqual({ ok: true });
    expect(verifyRequest({ ...callback, authority: 'evil.example', headers }, keys)).toEqual({
      ok: false,
      reason: 'signature does not match',
    });
  });

  it('signs what the package verifies, and the package refuses it on another path', async () => {
    // Sent as our sandbox sends a callback: the content type beside the signature's headers.
    const headers = {
      'content-type': 'application/json',
      ...signRequest(callback, { id: keyId, privateKey }),
    };
    expect(await verifyWithPackage(headers)).toBe(true);
    expect(await verifyWithPackage(headers, '/api/other')).toBe(false);
  });
});
