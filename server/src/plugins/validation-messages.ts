import { type $ZodRawIssue, type $ZodType, globalRegistry } from 'zod/v4/core';

/** The parts of a request a route validates, as Fastify names them. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

const PART_LABELS: Record<RequestPart, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The address',
  headers: 'A header',
};

// Words a person reads in capitals inside a field name.
const UPPERCASE_WORDS = new Set(['id', 'url', 'cvc', 'otp', 'oidc']);

// A list of allowed values longer than this (the countries) is not spelled out.
const MAX_LISTED_VALUES = 12;

/**
 * A field's name as a person reads it: the `title` its schema carries in `root` where it
 * has one (a path parameter the spec calls `x`), else the last named key of its path,
 * camelCase and snake_case into words, the first letter capital ('countryCode' → 'Country
 * code'); an item of a list adds its place ('tags', 2 → 'Tags (item 3)'). A path with no
 * name is the part of the request itself.
 */
export function labelField(path: readonly PropertyKey[], part: string | undefined, root?: $ZodType): string {
  const nameIndex = path.findLastIndex((key) => typeof key === 'string' && key !== '');
  const partLabel = PART_LABELS[part as RequestPart] ?? 'The request';
  if (nameIndex === -1) return path.length === 0 ? partLabel : `${partLabel} (item ${Number(path[0]) + 1})`;
  const label = findTitle(root, path.slice(0, nameIndex + 1)) ?? toWords(String(path[nameIndex]));
  const item = path[nameIndex + 1];
  return typeof item === 'number' ? `${label} (item ${item + 1})` : label;
}

function toWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .map((word) => (UPPERCASE_WORDS.has(word) ? word.toUpperCase() : word));
  const name = words.join(' ') || 'field';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

type SchemaDef = {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  valueType?: $ZodType;
};

const defOf = (schema: $ZodType) => schema._zod.def as SchemaDef;

/** The schema inside a wrapper (optional, default, a pipe's input …), if `schema` is one. */
function innerOf(schema: $ZodType): $ZodType | undefined {
  const def = defOf(schema);
  return def.innerType ?? def.in;
}

function findTitle(root: $ZodType | undefined, path: readonly PropertyKey[]): string | undefined {
  // A route of a plugin may carry a JSON schema rather than a zod one.
  let current = root && typeof root === 'object' && '_zod' in root ? root : undefined;
  for (const key of path) {
    while (current && innerOf(current)) current = innerOf(current);
    if (!current) return undefined;
    const def = defOf(current);
    // Own keys only: a body's field may be called 'constructor'.
    const child = def.shape
      ? Object.hasOwn(def.shape, key)
        ? def.shape[String(key)]
        : undefined
      : (def.element ?? def.valueType);
    current = child && typeof child === 'object' && '_zod' in child ? child : undefined;
  }
  // The title may sit on a wrapper or on what it wraps.
  for (let schema = current; schema; schema = innerOf(schema)) {
    const title = globalRegistry.get(schema)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * The message for a zod issue that its schema gave no words of its own (a schema's
 * message, such as 'Email address is required!', always wins): what is wrong with which
 * field, in words a person understands.
 */
export function describeIssue(issue: $ZodRawIssue, part: string | undefined, root?: $ZodType): string {
  const label = labelField(issue.path ?? [], part, root);
  return `${label} ${describeProblem(issue)}.`;
}

function describeProblem(issue: $ZodRawIssue): string {
  // A field left out: whatever it should have been, it is missing.
  const isMissing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}`;
    case 'too_small':
      return describeBound(issue, 'at least', 'more than', issue.minimum);
    case 'too_big':
      return describeBound(issue, 'at most', 'less than', issue.maximum);
    case 'invalid_format':
      return describeFormat(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_value':
      return isMissing ? 'is required' : describeAllowedValues(issue.values);
    case 'invalid_union':
      return describeUnionMiss(issue);
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} we do not know: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has an item that is not valid';
    default:
      return 'is not valid';
  }
}

/** A discriminated union reports its key ('type') missing or not one of its values. */
function describeUnionMiss(issue: $ZodRawIssue & { discriminator?: string; options?: unknown[] }): string {
  const { discriminator, options, input } = issue;
  if (!discriminator || !Array.isArray(options) || options.length === 0) return 'is not valid';
  const value = input !== null && typeof input === 'object' ? Reflect.get(input, discriminator) : input;
  return value === undefined ? 'is required' : describeAllowedValues(options);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'empty',
};

function describeBound(
  issue: $ZodRawIssue & { origin: string; inclusive?: boolean; exact?: boolean },
  inclusiveWords: string,
  exclusiveWords: string,
  bound: number | bigint,
): string {
  const { origin } = issue;
  if (origin === 'string') {
    if (issue.code === 'too_small' && Number(bound) === 1) return 'is required';
    const count = `${bound} ${Number(bound) === 1 ? 'character' : 'characters'}`;
    return issue.exact ? `must be exactly ${count}` : `must be ${inclusiveWords} ${count}`;
  }
  if (origin === 'array' || origin === 'set') {
    const count = `${bound} ${Number(bound) === 1 ? 'item' : 'items'}`;
    return issue.exact ? `must have exactly ${count}` : `must have ${inclusiveWords} ${count}`;
  }
  if (origin === 'file') return `must be ${inclusiveWords} ${bound} bytes`;
  // The bounds of every integer (the largest a double holds exactly), not a rule of ours.
  if (Math.abs(Number(bound)) === Number.MAX_SAFE_INTEGER) {
    return issue.code === 'too_big' ? 'is too large' : 'is too small';
  }
  const shown = origin === 'date' ? new Date(Number(bound)).toISOString() : String(bound);
  return `must be ${issue.inclusive === false ? exclusiveWords : inclusiveWords} ${shown}`;
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email address',
  url: 'must be a web address',
  uuid: 'must be a UUID',
  guid: 'must be a UUID',
  datetime: 'must be a date and time',
  date: 'must be a date (YYYY-MM-DD)',
  time: 'must be a time of day',
  e164: 'must be a phone number in international format',
  base64: 'must be base64 text',
  base64url: 'must be base64url text',
};

function describeFormat(issue: $ZodRawIssue & { format: string }): string {
  const { format } = issue;
  if (format === 'starts_with') return `must start with "${issue.prefix}"`;
  if (format === 'ends_with') return `must end with "${issue.suffix}"`;
  if (format === 'includes') return `must contain "${issue.includes}"`;
  return FORMAT_WORDS[format] ?? 'is not in the right format';
}

function describeAllowedValues(values: readonly unknown[]): string {
  const shown = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  if (shown.length === 1) return `must be ${shown[0]}`;
  if (shown.length > MAX_LISTED_VALUES) return 'is not one of the allowed values';
  return `must be one of: ${shown.join(', ')}`;
}
