import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import { createPerson } from '../test/factories/people.ts';
import { publishText } from '../test/factories/posts.ts';

/**
 * A seeded fuzzer of the whole API: every route the app has (read from the router, so a
 * new route is in it the day it is added), each asked with requests that are mostly right
 * and wrong in one or a few places (a NUL byte, a lone surrogate, a huge string, a wrong
 * type, an object where text goes, bad JSON, a bad cursor, a number out of any range, a
 * malformed escape, an unknown content type, an empty body), signed out and signed in.
 * The API test runs a few thousand of them; bench/fuzz-requests.ts runs more and prints
 * the figures.
 */

export type FuzzPeople = { cookies: string[]; usernames: string[]; userIds: string[]; postIds: string[] };

export type FuzzRequest = InjectOptions & { method: string; url: string; describe: string };

export type FuzzOffence = { request: string; status: number; body: string; reason: string };

export type FuzzResult = {
  requests: number;
  byStatusClass: Record<string, number>;
  serverErrors: number;
  /** Answers that broke a rule: a 5xx, or an /api/ failure not in the API's shape. */
  offences: FuzzOffence[];
};

type Route = { method: string; path: string };
type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** A small, fast, seedable generator (mulberry32): the same seed asks the same requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (probability: number) => next() < probability,
    integer: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

/**
 * Every route of the app, as its router prints them: the tree of `printRoutes` with each
 * line's text appended to its parent's.
 */
export function listRoutes(app: App): Route[] {
  const routes: Route[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch === -1) continue;
    const depth = branch / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    const segment = match?.[1] ?? '';
    const path = `${pathAtDepth[depth - 1] ?? ''}${segment}`;
    pathAtDepth[depth] = path;
    pathAtDepth.length = depth + 1;
    for (const method of match?.[2]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

// Values that have broken, or could break, a route that takes text.
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  '\ud83d',
  'a'.repeat(10_000),
  '',
  ' ',
  '%zz',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '2147483648',
  '-9223372036854775809',
  '99999999999999999999',
  'null',
  'true',
  '{}',
  '[]',
  '🎤',
  '\u202e\u200b',
  'ZZZZ',
  // Cursors of the lists' own shapes, with keys no list made.
  ...[
    { at: '9999-99-99T99:99:99.000000Z', id: 'A'.repeat(16) },
    { at: '2024-02-30T00:00:00.000000Z', id: 'A'.repeat(16) },
    { at: '2024-01-01T24:00:00.000000Z', id: 'A'.repeat(16) },
    { at: '0000-01-01T00:00:00.000000Z', id: 'A'.repeat(16) },
    { at: '2024-01-01T00:00:00.000000Z', id: 'a\u0000b' },
    { at: 5, id: null },
    ['2024-02-30T00:00:00.000000Z', 'ledger:1'],
    ['1', 'deposit:x'],
    ['2024-01-01T00:00:00.000000Z', 'a\u0000'],
    { k: 'featured', at: 9e15, s: 0, i: 'x' },
    { k: 'featured', at: 8.64e15, s: 2_147_483_647, i: 'x' },
    { k: 'all', f: 0, i: 'a\u0000' },
    { k: 'search', r: 0, f: 0, i: '\ud800' },
    { a: '\u0000' },
  ].map((key) => Buffer.from(JSON.stringify(key)).toString('base64url')),
  Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('base64url'),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  [],
  {},
  [1, 'two', null],
  { a: { b: { c: '\u0000' } } },
  { $ne: null },
  { toString: 'x', __proto: 1 },
  Array.from({ length: 200 }, (_, index) => index),
];

// Raw path segments that encodeURIComponent would never make.
const HOSTILE_SEGMENTS = [
  '%zz',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '.',
  'a'.repeat(150),
  '%2F',
  '%',
];

const RAW_BODIES = [
  '{"a": ',
  '{',
  '[',
  'null',
  '"\\u0000"',
  '{"x":"\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
  '\u0000',
  '',
  '1e999',
  '{"a":1,"a":2}',
  '\ufeff{}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json\u0000',
  'image/png',
  '',
];

/** A value as one percent-encoded part of an address (text as it is, anything else as JSON). */
function encodeText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // A lone surrogate has no UTF-8 form to escape: it goes as the bytes a careless client sends.
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replaceAll('%EF%BF%BD', '%ED%A0%80');
}

export function hostileValue(random: Random): unknown {
  return random.chance(0.6) ? random.pick(HOSTILE_TEXT) : random.pick(HOSTILE_VALUES);
}

/** The fuzzer's generator: a request for a route, mostly valid, wrong in one or a few places. */
export function createRequestMaker(app: App, people: FuzzPeople, seed: number) {
  const random = createRandom(seed);
  const routes = listRoutes(app);
  const document = app.swagger() as unknown as OpenApiDocument;

  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
  };

  // A value of the schema's shape, so that most requests get past validation to the rules.
  const sampleOf = (schema: JsonSchema | undefined, name: string, depth = 0): unknown => {
    const resolved = resolve(schema);
    if (!resolved || depth > 6) return 'x';
    if (resolved.const !== undefined) return resolved.const;
    if (resolved.enum) return random.pick(resolved.enum);
    const options = resolved.oneOf ?? resolved.anyOf;
    if (options) return sampleOf(random.pick(options), name, depth + 1);
    const type = Array.isArray(resolved.type) ? random.pick(resolved.type) : resolved.type;
    switch (type) {
      case 'object': {
        const value: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(resolved.properties ?? {})) {
          if (resolved.required?.includes(key) || random.chance(0.5)) {
            value[key] = sampleOf(property, key, depth + 1);
          }
        }
        return value;
      }
      case 'array':
        return Array.from({ length: random.integer(3) }, () => sampleOf(resolved.items, name, depth + 1));
      case 'integer':
      case 'number': {
        const minimum = resolved.minimum ?? 0;
        const maximum = Math.min(resolved.maximum ?? minimum + 1000, minimum + 1000);
        return minimum + random.integer(maximum - minimum + 1);
      }
      case 'boolean':
        return random.chance(0.5);
      case 'null':
        return null;
      default:
        return sampleText(resolved, name);
    }
  };

  const sampleText = (schema: JsonSchema, name: string): string => {
    const known = knownValue(name);
    if (known !== undefined) return known;
    if (schema.format === 'email') return `fuzz${random.integer(1e6)}@example.com`;
    if (schema.format === 'uuid') return crypto.randomUUID();
    if (schema.format === 'date') return '1990-05-17';
    if (schema.format === 'date-time') return new Date().toISOString();
    const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
    return 'abcdefghijklmnop'.repeat(4).slice(0, length);
  };

  // Names whose right values the schema cannot tell: real people and posts of this run.
  const knownValue = (name: string): string | undefined => {
    const lower = name.toLowerCase();
    if (lower.includes('username') || lower === 'x') return random.pick(people.usernames);
    if (lower === 'userid') return random.pick(people.userIds);
    if (lower === 'postid' || lower === 'id') return random.pick(people.postIds);
    if (lower === 'password' || lower.startsWith('password')) return 'a long enough password 42';
    if (lower === 'cursor' || lower === 'page' || lower === 'a') return '0';
    if (lower === 'limit' || lower === 'b') return String(1 + random.integer(20));
    if (lower.includes('phone')) return '0971234567';
    if (lower === 'country') return 'ZM';
    return undefined;
  };

  const mutate = (value: unknown, depth = 0): unknown => {
    if (depth > 4 || value === null || typeof value !== 'object' || random.chance(0.2)) {
      return hostileValue(random);
    }
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length === 0 || random.chance(0.15)) {
      copy[random.pick(['extra', 'x', '\u0000key', 'k\ud800', '__proto__', 'constructor'])] =
        hostileValue(random);
    } else {
      const key = random.pick(keys);
      copy[key] = random.chance(0.3) ? undefined : mutate(copy[key], depth + 1);
    }
    return Array.isArray(value) ? Object.values(copy) : copy;
  };

  const cookieFor = (route: Route): string | undefined => {
    const roll = random.next();
    if (roll < 0.35) return undefined;
    // Signing out one of the run's people would sign them out for the rest of the run.
    if (roll < 0.9 && !route.path.endsWith('/signout')) return random.pick(people.cookies);
    return random.pick([
      'token=%00',
      'token=a%00b',
      `token=${'x'.repeat(4000)}`,
      'token=%zz; security_check=%ED%A0%80',
      'security_check=abc.def',
      `${random.pick(people.cookies)}; security_check=${'0'.repeat(80)}`,
      'sp_oidc_flow=%00; sp_oidc_pending=e30',
      '=; ;;==',
    ]);
  };

  const pathFor = (route: Route, operation: Operation | undefined): string => {
    if (route.path.includes('*')) {
      return route.path.replace(
        '*',
        random.pick(['index.html', 'assets/%00.js', 'x%ED%A0%80', 'a'.repeat(300)]),
      );
    }
    return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const roll = random.next();
      if (roll < 0.25) return random.pick(HOSTILE_SEGMENTS);
      if (roll < 0.5) return encodeText(hostileValue(random));
      const schema = operation?.parameters?.find((parameter) => parameter.name === name)?.schema;
      return encodeText(sampleOf(schema, name));
    });
  };

  const queryFor = (operation: Operation | undefined): string => {
    const pairs: string[] = [];
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in !== 'query' || random.chance(0.3)) continue;
      const value = random.chance(0.4) ? hostileValue(random) : sampleOf(parameter.schema, parameter.name);
      pairs.push(`${parameter.name}=${encodeText(value)}`);
      // A repeated name makes an array of it.
      if (random.chance(0.05)) pairs.push(`${parameter.name}=${encodeText(value)}`);
    }
    if (random.chance(0.1))
      pairs.push(random.pick(['%zz=1', 'a=%00', '%00=a', 'q=%ED%A0%80', '&&=&', 'limit[]=1']));
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  };

  const bodyFor = (
    route: Route,
    operation: Operation | undefined,
  ): Pick<InjectOptions, 'payload' | 'headers'> => {
    const roll = random.next();
    if (route.path.includes('upload')) return multipartBody();
    if (roll < 0.08)
      return { payload: random.pick(RAW_BODIES), headers: { 'content-type': 'application/json' } };
    if (roll < 0.14) {
      return { payload: random.pick(RAW_BODIES), headers: { 'content-type': random.pick(CONTENT_TYPES) } };
    }
    if (roll < 0.17) return { headers: { 'content-type': 'application/json' } };
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    const sample = schema ? sampleOf(schema, 'body') : random.chance(0.5) ? undefined : {};
    const body = random.chance(0.7) ? mutate(sample) : sample;
    if (body === undefined) return {};
    return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  };

  const multipartBody = (): Pick<InjectOptions, 'payload' | 'headers'> => {
    const boundary = 'fuzzboundary';
    const fieldName = random.pick(['file', 'fi\u0000le', 'file\ud800', 'other', '']);
    const fileName = random.pick(['a.png', 'a\u0000.png', '\ud800.jpg', '../../x.png', 'a'.repeat(2000)]);
    const type = random.pick(['image/png', 'video/mp4', 'text/plain\u0000', '']);
    const content = random.pick([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.from('not an image'),
      Buffer.alloc(0),
      Buffer.from('\u0000\u0000\u0000'),
    ]);
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(random.chance(0.8) ? `\r\n--${boundary}--\r\n` : '\r\n--'),
    ];
    return {
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  return (): FuzzRequest => {
    const route = random.chance(0.05)
      ? {
          method: random.pick(['GET', 'POST', 'PATCH', 'OPTIONS']),
          path: `/api/${random.pick(HOSTILE_SEGMENTS)}`,
        }
      : random.pick(routes);
    const operation =
      document.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const url = `${pathFor(route, operation)}${queryFor(operation)}`;
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method) || random.chance(0.03);
    const { payload, headers } = hasBody ? bodyFor(route, operation) : {};
    const cookie = cookieFor(route);
    // Each request from another loopback address, so per-address rate limits do not turn
    // most of the run into 429s before any validation.
    const remoteAddress = `127.${random.integer(256)}.${random.integer(256)}.${1 + random.integer(254)}`;
    return {
      method: route.method as 'GET',
      url,
      payload,
      remoteAddress,
      headers: { ...headers, ...(cookie && { cookie }) },
      describe: `${route.method} ${url.slice(0, 160)} ${typeof payload === 'string' ? payload.slice(0, 160) : ''}`,
    };
  };
}

/** The signed-in side of a run: two creators with a post each and two fans. */
export async function createPeopleForFuzz(app: App): Promise<FuzzPeople> {
  const people: FuzzPeople = { cookies: [], usernames: [], userIds: [], postIds: [] };
  for (const role of ['creator', 'creator', 'fan', 'fan'] as const) {
    const person = await createPerson(app, { role });
    people.cookies.push(person.cookie);
    people.usernames.push(person.username);
    people.userIds.push(person.id);
    if (role === 'creator') people.postIds.push(await publishText(app, person));
  }
  return people;
}

/** Sends `count` requests one after another and judges every answer. */
export async function runFuzz(app: App, people: FuzzPeople, options: { count: number; seed: number }) {
  const makeRequest = createRequestMaker(app, people, options.seed);
  const result: FuzzResult = { requests: 0, byStatusClass: {}, serverErrors: 0, offences: [] };
  for (let index = 0; index < options.count; index++) {
    const { describe, ...request } = makeRequest();
    const response = await app.inject(request);
    result.requests += 1;
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    result.byStatusClass[statusClass] = (result.byStatusClass[statusClass] ?? 0) + 1;
    if (response.statusCode >= 500) result.serverErrors += 1;
    // As the server sees it: inject resolves dot segments ('/api/..' is '/').
    const path = new URL(request.url, 'http://localhost').pathname;
    const reason = judgeAnswer(request.method, path, response);
    if (reason) {
      result.offences.push({
        request: describe,
        status: response.statusCode,
        body: response.body.slice(0, 300),
        reason,
      });
    }
  }
  return result;
}

function judgeAnswer(
  method: string,
  path: string,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | undefined {
  if (response.statusCode >= 500) return 'a 5xx';
  if (response.statusCode < 400 || !path.startsWith('/api/') || method === 'HEAD') return undefined;
  if (!String(response.headers['content-type']).startsWith('application/json')) return 'not JSON';
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'not JSON';
  }
  const { success, message, code } = (body ?? {}) as Record<string, unknown>;
  if (success !== false || typeof message !== 'string' || typeof code !== 'string' || message === '') {
    return 'not { success: false, message, code }';
  }
  return undefined;
}
