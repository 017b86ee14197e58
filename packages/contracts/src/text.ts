import { ApiError } from "./errors";

/**
 * Text PostgreSQL cannot store as sent: `text` refuses NUL, `jsonb` refuses the `\u0000` escape and
 * the escape of an unpaired UTF-16 surrogate, and a driver writes an unpaired surrogate into `text`
 * as U+FFFD, silently changing what the caller sent.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this pattern exists to find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

function join(path: string | null, key: string | number): string {
  if (typeof key === "number") return `${path ?? ""}[${key}]`;
  return path === null ? key : `${path}.${key}`;
}

/**
 * The first string (object keys included) in a parsed input that PostgreSQL cannot store, with its
 * path in the API's `param` form (`urls[1]`, `a.b`); null when every string is storable. Walks
 * without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, root: string | null = null): { param: string | null } | null {
  const stack: Array<[unknown, string | null]> = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      if (!isStorableText(item)) return { param: path };
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], join(path, i)]);
    } else if (
      item !== null &&
      typeof item === "object" &&
      (Object.getPrototypeOf(item) === Object.prototype || Object.getPrototypeOf(item) === null)
    ) {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return { param: join(path, key) };
        stack.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

/** Refuses, as `invalid_parameter` naming the field, any input holding text PostgreSQL cannot store. */
export function assertStorableText(value: unknown, root: string | null = null): void {
  const found = findUnstorableText(value, root);
  if (found) {
    const name = found.param ?? "body";
    throw new ApiError("invalid_parameter", `Invalid '${name}': ${UNSTORABLE_TEXT_MESSAGE}.`, found.param);
  }
}
