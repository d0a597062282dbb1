import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * The part of RFC 9421 (HTTP Message Signatures) and RFC 9530 (Content-Digest) that pawaPay
 * uses to sign callbacks: ecdsa-p256-sha256 over the method, authority, path, the
 * content digest, the content type and the signature date. The sandbox signs with it and
 * the callback route verifies with it, over the raw body as it arrived.
 * Written here rather than taken from the npm package pawaPay's example uses
 * (http-message-signatures): this profile is small, synchronous, and says why a signature
 * fails ('unknown key' makes the callback route fetch pawaPay's keys again). The package is
 * a dev dependency: http-message-signatures-package.unit.test.ts signs with each and
 * verifies with the other.
 */

export const SIGNATURE_LABEL = 'sig-pp';
const ALGORITHM = 'ecdsa-p256-sha256';
const COVERED = [
  '@method',
  '@authority',
  '@path',
  'signature-date',
  'content-digest',
  'content-type',
] as const;
/** A signature older or newer than this is refused: a replayed callback ages out. */
export const SIGNATURE_MAX_AGE_SECONDS = 300;

export type SignedRequest = {
  method: string;
  /** host[:port] as the receiver sees it in Host. */
  authority: string;
  path: string;
  contentType: string;
  body: Buffer | string;
};

export function contentDigest(body: Buffer | string): string {
  return `sha-512=:${createHash('sha512').update(body).digest('base64')}:`;
}

/** The headers to add to a request: Content-Digest, Signature-Date, Signature-Input, Signature. */
export function signRequest(
  request: SignedRequest,
  key: { id: string; privateKey: KeyObject },
  now = new Date(),
): Record<string, string> {
  const created = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-digest': contentDigest(request.body),
    'signature-date': now.toISOString(),
  };
  const parameters = `(${COVERED.map((name) => `"${name}"`).join(' ')});alg="${ALGORITHM}";keyid="${key.id}";created=${created}`;
  const base = signatureBase(request, headers, parameters);
  const signature = sign('sha256', Buffer.from(base), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return {
    ...headers,
    'signature-input': `${SIGNATURE_LABEL}=${parameters}`,
    signature: `${SIGNATURE_LABEL}=:${signature.toString('base64')}:`,
  };
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

type Headers = Record<string, string | string[] | undefined>;

/**
 * Checks a request's signature with the sender's public keys (PEM by key id): the body
 * matches Content-Digest (SHA-512 or SHA-256), every component we need is covered, the
 * signature is fresh and unexpired, and it was made with a key of the sender. The
 * signature base follows the components in the order the sender listed them.
 */
export function verifyRequest(
  request: SignedRequest & { headers: Headers },
  publicKeys: ReadonlyMap<string, string>,
  now = new Date(),
): VerifyResult {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const signatureInput = header('signature-input');
  const signatureHeader = header('signature');
  if (!signatureInput || !signatureHeader) return { ok: false, reason: 'unsigned' };
  if (!isDigestOfBody(header('content-digest'), request.body)) {
    return { ok: false, reason: 'content digest does not match the body' };
  }

  const inputMatch = new RegExp(`(?:^|,\\s*)${SIGNATURE_LABEL}=(\\([^)]*\\)[^,]*)`).exec(signatureInput);
  const signatureMatch = new RegExp(`(?:^|,\\s*)${SIGNATURE_LABEL}=:([A-Za-z0-9+/=]+):`).exec(
    signatureHeader,
  );
  if (!inputMatch?.[1] || !signatureMatch?.[1]) return { ok: false, reason: 'no signature of ours' };
  const parameters = inputMatch[1];
  const covered = (/^\(([^)]*)\)/.exec(parameters)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((name) => name.replace(/^"|"$/g, ''));
  if (COVERED.some((name) => !covered.includes(name))) return { ok: false, reason: 'components not covered' };
  if (!parameters.includes(`alg="${ALGORITHM}"`)) return { ok: false, reason: 'unexpected algorithm' };
  const keyId = /;keyid="([^"]+)"/.exec(parameters)?.[1];
  const created = Number(/;created=(\d+)/.exec(parameters)?.[1]);
  const expires = Number(/;expires=(\d+)/.exec(parameters)?.[1] ?? Number.POSITIVE_INFINITY);
  const publicKey = keyId ? publicKeys.get(keyId) : undefined;
  if (!publicKey) return { ok: false, reason: 'unknown key' };
  const nowSeconds = now.getTime() / 1000;
  if (
    !Number.isFinite(created) ||
    Math.abs(nowSeconds - created) > SIGNATURE_MAX_AGE_SECONDS ||
    nowSeconds > expires
  ) {
    return { ok: false, reason: 'signature too old' };
  }

  const lines: string[] = [];
  for (const name of covered) {
    const value = componentValue(request, header, name);
    if (value === undefined) return { ok: false, reason: `component ${name} missing` };
    lines.push(`"${name}": ${value}`);
  }
  const base = [...lines, `"@signature-params": ${parameters}`].join('\n');
  const isValid = isSignatureOf(
    Buffer.from(base),
    readPublicKey(publicKey),
    Buffer.from(signatureMatch[1], 'base64'),
  );
  return isValid ? { ok: true } : { ok: false, reason: 'signature does not match' };
}

/**
 * RFC 9421 sends an ECDSA P-256 signature as r and s, 32 bytes each; pawaPay's own examples
 * sign with the DER encoding instead (Node's createSign('SHA256'), Java's SHA256withECDSA),
 * and the response they verify from pawaPay is DER too. Both encode the same signature, so
 * either is accepted.
 */
function isSignatureOf(data: Buffer, key: KeyObject, signature: Buffer): boolean {
  if (signature.length === 64 && verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    return true;
  }
  return signature[0] === 0x30 && verify('sha256', data, { key, dsaEncoding: 'der' }, signature);
}

// Parsing a PEM costs more than the signature check itself: each key is parsed once.
const parsedKeys = new Map<string, KeyObject>();
function readPublicKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (parsedKeys.size > 100) parsedKeys.clear();
    parsedKeys.set(pem, key);
  }
  return key;
}

function isDigestOfBody(digestHeader: string | undefined, body: Buffer | string): boolean {
  if (!digestHeader) return false;
  return digestHeader.split(',').some((entry) => {
    const match = /^\s*(sha-512|sha-256)=:([A-Za-z0-9+/=]+):\s*$/.exec(entry);
    if (!match?.[1] || !match[2]) return false;
    const algorithm = match[1] === 'sha-512' ? 'sha512' : 'sha256';
    return createHash(algorithm).update(body).digest('base64') === match[2];
  });
}

function componentValue(
  request: SignedRequest,
  header: (name: string) => string | undefined,
  name: string,
): string | undefined {
  switch (name) {
    case '@method':
      return request.method.toUpperCase();
    case '@authority':
      return request.authority.toLowerCase();
    case '@path':
      return request.path;
    case 'content-type':
      return request.contentType;
    default:
      return name.startsWith('@') ? undefined : header(name)?.trim();
  }
}

function signatureBase(
  request: SignedRequest,
  headers: { 'content-digest': string; 'signature-date': string },
  parameters: string,
): string {
  const lines = COVERED.map(
    (name) =>
      `"${name}": ${componentValue(request, (header) => headers[header as keyof typeof headers], name)}`,
  );
  return [...lines, `"@signature-params": ${parameters}`].join('\n');
}
