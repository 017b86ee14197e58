// What the request log keeps of a request's and an answer's JSON body: secrets redacted, then cut at
// a size cap. Runs in the batched writer, off the response path, before anything is stored.

/** Characters kept of each body; a longer one is cut and marked truncated. */
export const MAX_STORED_BODY_CHARS = 16 * 1024;

export const REDACTED = "[redacted]";

/** A body as stored: its (redacted) text and whether the cap cut it. */
export interface StoredBody {
  text: string;
  truncated: boolean;
}

/** Our API keys, webhook signing secrets, and an Authorization header's credentials, wherever they appear. */
const SECRET_TEXT = /\bvgk_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_+/=-]+|\b(?:Bearer|Basic)\s+[^\s"'\\,;]+/gi;

/** Field names whose value is a secret whatever it looks like: secret, password, token, apiKey, key... */
const SECRET_FIELD = /secret|passw(?:or)?d|passphrase|token|authori[sz]ation|credential|api[-_]?key|(?:^|[-_.])key$/i;
const CAMEL_KEY_FIELD = /[a-z0-9]Key$/;

/** Cheap test that lets most bodies skip the parse: nothing in them could be a secret. */
const MAYBE_SECRET = /vgk_|whsec_|bearer|basic|secret|passw|token|authori|credential|key/i;

function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name) || CAMEL_KEY_FIELD.test(name);
}

/** The value with secret fields and secret-shaped text replaced; `changed` tells whether anything was. */
function redactValue(value: unknown, state: { changed: boolean }): unknown {
  if (typeof value === "string") {
    const scrubbed = value.replace(SECRET_TEXT, REDACTED);
    if (scrubbed !== value) state.changed = true;
    return scrubbed;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, state));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      if (isSecretField(name) && item !== null && item !== "") {
        out[name] = REDACTED;
        state.changed = true;
      } else {
        out[name] = redactValue(item, state);
      }
    }
    return out;
  }
  return value;
}

/** The text with secrets redacted: JSON walked field by field, anything else scrubbed as text. */
function redactBody(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(SECRET_TEXT, REDACTED);
  }
  const state = { changed: false };
  const redacted = redactValue(parsed, state);
  // Unchanged bodies are stored exactly as they came, not re-serialised.
  return state.changed ? JSON.stringify(redacted) : text;
}

/** What is stored of a body (null when there is none): redacted first, so the cap never splits a secret. */
export function storedBody(text: string | null): StoredBody | null {
  if (text === null || text === "") return null;
  const redacted = redactBody(text);
  if (redacted.length <= MAX_STORED_BODY_CHARS) return { text: redacted, truncated: false };
  let end = MAX_STORED_BODY_CHARS;
  // Never cut a surrogate pair in half: PostgreSQL refuses the lone half.
  const last = redacted.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: redacted.slice(0, end), truncated: true };
}
