/**
 * Verification of fal.ai webhook calls (https://docs.fal.ai/model-endpoints/webhooks#verifying-your-webhook):
 * an ED25519 signature (hex, X-Fal-Webhook-Signature) over
 *   request id \n user id \n timestamp \n sha256-hex(raw body)
 * from the X-Fal-Webhook-Request-Id / -User-Id / -Timestamp headers, checked against every key of
 * fal's JWKS, with the timestamp within five minutes of now.
 */
import { createHash, createPublicKey, type KeyObject, verify } from "node:crypto";
import { safeFetch } from "../../net";
import { UpstreamCallError } from "../adapter";

export const FAL_JWKS_URL = "https://rest.fal.ai/.well-known/jwks.json";

const MAX_SKEW_SECONDS = 300;
/** fal allows caching its keys for a day; an hour bounds how long a rotated key goes unseen. */
const JWKS_TTL_MS = 60 * 60_000;
const JWKS_TIMEOUT_MS = 10_000;
const JWKS_MAX_BYTES = 64 * 1024;
const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

interface Jwk {
  kty?: unknown;
  crv?: unknown;
  x?: unknown;
}

function publicKeys(body: Buffer): KeyObject[] {
  let parsed: { keys?: unknown };
  try {
    parsed = JSON.parse(body.toString("utf8")) as { keys?: unknown };
  } catch {
    return [];
  }
  const keys: KeyObject[] = [];
  for (const jwk of Array.isArray(parsed.keys) ? (parsed.keys as Jwk[]) : []) {
    if (jwk?.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.x !== "string") continue;
    try {
      // Re-encoded so that a padded `x` (which strict JWK import refuses) still loads.
      const x = Buffer.from(jwk.x, "base64url").toString("base64url");
      keys.push(createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" }));
    } catch {
      /* a key this verifier cannot use */
    }
  }
  return keys;
}

export interface FalWebhookVerifier {
  /**
   * Whether the call carries a valid signature from fal. Throws UpstreamCallError when fal's keys
   * cannot be fetched, so the caller can answer with an error and fal delivers again later.
   */
  verify(headers: Record<string, string>, rawBody: Buffer): Promise<boolean>;
}

export function createFalWebhookVerifier(jwksUrl: string): FalWebhookVerifier {
  let cached: { keys: KeyObject[]; fetchedAt: number } | undefined;
  let loading: Promise<KeyObject[]> | undefined;

  async function fetchKeys(): Promise<KeyObject[]> {
    let res: Awaited<ReturnType<typeof safeFetch>>;
    try {
      res = await safeFetch(jwksUrl, {
        headers: { accept: "application/json" },
        timeoutMs: JWKS_TIMEOUT_MS,
        maxBytes: JWKS_MAX_BYTES,
      });
    } catch (err) {
      throw new UpstreamCallError(`fal JWKS: ${(err as Error).message}`, { retryable: true, accepted: "unknown", cause: err });
    }
    const keys = res.status === 200 ? publicKeys(res.body) : [];
    if (keys.length === 0) {
      throw new UpstreamCallError(`fal JWKS answered HTTP ${res.status} without a usable Ed25519 key`, {
        retryable: true,
        accepted: "unknown",
        status: res.status,
      });
    }
    cached = { keys, fetchedAt: Date.now() };
    return keys;
  }

  function keys(): Promise<KeyObject[]> {
    if (cached && Date.now() - cached.fetchedAt < JWKS_TTL_MS) return Promise.resolve(cached.keys);
    loading ??= fetchKeys().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return {
    async verify(headers, rawBody) {
      const requestId = headers["x-fal-webhook-request-id"];
      const userId = headers["x-fal-webhook-user-id"];
      const timestamp = headers["x-fal-webhook-timestamp"];
      const signature = headers["x-fal-webhook-signature"];
      if (!requestId || !userId || !timestamp || !signature) return false;
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
      if (!SIGNATURE_HEX.test(signature)) return false;
      const digest = createHash("sha256").update(rawBody).digest("hex");
      const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`, "utf8");
      const sig = Buffer.from(signature, "hex");
      return (await keys()).some((key) => verify(null, message, key, sig));
    },
  };
}
