// NUL, which PostgreSQL cannot store in text or jsonb, and a UTF-16 surrogate without its
// partner, which is no character at all (the drivers would store U+FFFD in its place).
const UNSTORABLE_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a character the database cannot store was found: the path of its value, or of the object whose key has it. */
export type UnstorableText = { path: PropertyKey[]; character: string; isInKey: boolean };
type Visit = { value: unknown; key: PropertyKey | undefined; parent: Visit | undefined };

/**
 * The first string (value or object key) in `root` with a character that cannot be stored.
 * Walks without recursion: a body may nest deeper than the stack goes.
 */
export function findUnstorableText(root: unknown): UnstorableText | undefined {
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      const match = UNSTORABLE_CHARACTER.exec(value);
      if (match) return { path: pathOf(visit), character: match[0], isInKey: false };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], key: index, parent: visit });
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        const match = UNSTORABLE_CHARACTER.exec(key);
        if (match) return { path: pathOf(visit), character: match[0], isInKey: true };
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let current: Visit | undefined = visit; current?.key !== undefined; current = current.parent) {
    path.unshift(current.key);
  }
  return path;
}
