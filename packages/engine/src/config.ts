import path from "node:path";

/** Everything the engine reads from the environment, in one place. */
export interface EngineConfig {
  publicBaseUrl: string;
  cdnBaseUrl: string;
  dataDir: string;
  outputDir: string;
  workerConcurrency: number;
  /** Seconds without a heartbeat before a crashed worker's job is taken up again. */
  jobHeartbeatSeconds: number;
  /** Seconds an Idempotency-Key claim is held for its request; past that a retry takes it over. */
  idempotencyLeaseSeconds: number;
  allowPrivateNetworkFetch: boolean;
  redisUrl: string | null;
  /** Where finished outputs are stored: "local" (OUTPUT_DIR, served at {cdn_url} by /cdn) or "s3". */
  storageDriver: "local" | "s3";
  /** S3-compatible bucket settings; set when storageDriver is "s3". */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Custom endpoint for MinIO, R2 and other S3-compatible stores; unset for AWS. */
  endpoint: string | null;
  /** Static credentials; unset → the AWS default provider chain (instance role, env, profile). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** One Veo-style upstream, configured by UPSTREAM_<NAME>_* (NAME = the catalog's provider, uppercased). */
export interface UpstreamConfig {
  name: string;
  /** Base URL; requests go to {url}/{apiVersion}/models/{model}:predictLongRunning and {url}/{apiVersion}/{operation}. */
  url: string;
  apiKey: string | null;
  /** How the key is sent: "bearer" (Authorization) or "x-goog-api-key". */
  authHeader: "bearer" | "x-goog-api-key";
  model: string;
  apiVersion: string;
  /** First delay between polls; grows ×1.5 up to maxPollIntervalMs. */
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  /** Whole-job limit (submit to download) before failing with `timeout`. */
  timeoutSeconds: number;
  /** "inline" sends images as base64; "uri" sends the request's image URLs. */
  imageMode: "inline" | "uri";
  /** Cap on the downloaded video's size. */
  maxVideoBytes: number;
}

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be an integer, got ${raw}`);
  return value;
}

export function loadConfig(): EngineConfig {
  const publicBaseUrl = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  // Runtime paths from the environment; not part of the bundle.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(process.cwd(), ".data"));
  return {
    publicBaseUrl,
    cdnBaseUrl: (process.env.CDN_BASE_URL ?? `${publicBaseUrl}/cdn`).replace(/\/$/, ""),
    dataDir,
    outputDir: path.resolve(/*turbopackIgnore: true*/ process.env.OUTPUT_DIR ?? path.join(dataDir, "outputs")),
    workerConcurrency: intEnv("WORKER_CONCURRENCY", 2),
    jobHeartbeatSeconds: Math.max(10, intEnv("JOB_HEARTBEAT_SECONDS", 30)),
    idempotencyLeaseSeconds: Math.max(1, intEnv("IDEMPOTENCY_LEASE_SECONDS", 15)),
    allowPrivateNetworkFetch: process.env.ALLOW_PRIVATE_NETWORK_FETCH === "1",
    redisUrl: process.env.REDIS_URL || null,
    ...storageConfig(process.env),
  };
}

function storageConfig(env: NodeJS.ProcessEnv): Pick<EngineConfig, "storageDriver" | "s3"> {
  const driver = (env.STORAGE_DRIVER || "local").toLowerCase();
  if (driver === "local") return { storageDriver: "local", s3: null };
  if (driver !== "s3") throw new Error(`STORAGE_DRIVER must be "local" or "s3", got ${env.STORAGE_DRIVER}`);
  if (!env.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!!accessKeyId !== !!secretAccessKey) throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  return {
    storageDriver: "s3",
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || env.AWS_REGION || "us-east-1",
      endpoint: env.S3_ENDPOINT || null,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE === "true",
    },
  };
}

/** The environment prefix of an upstream: provider "veo" → UPSTREAM_VEO_, "my-veo" → UPSTREAM_MY_VEO_. */
export function upstreamEnvPrefix(name: string): string {
  return `UPSTREAM_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`;
}

/**
 * The configuration of the upstream a catalog model names, or null when UPSTREAM_<NAME>_URL is unset.
 * Read at call time (not cached) so an upstream can be added with a restart of workers only.
 */
export function upstreamConfig(name: string, env: NodeJS.ProcessEnv = process.env): UpstreamConfig | null {
  const prefix = upstreamEnvPrefix(name);
  const get = (key: string) => env[prefix + key] || undefined;
  const url = get("URL");
  if (!url) return null;
  const int = (key: string, fallback: number) => {
    const raw = get(key);
    if (raw === undefined) return fallback;
    const value = Number.parseInt(raw, 10);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${prefix}${key} must be a non-negative integer, got ${raw}`);
    return value;
  };
  const auth = (get("AUTH_HEADER") ?? "bearer").toLowerCase();
  if (auth !== "bearer" && auth !== "x-goog-api-key") throw new Error(`${prefix}AUTH_HEADER must be bearer or x-goog-api-key`);
  const imageMode = (get("IMAGE_MODE") ?? "inline").toLowerCase();
  if (imageMode !== "inline" && imageMode !== "uri") throw new Error(`${prefix}IMAGE_MODE must be inline or uri`);
  const pollIntervalMs = Math.max(10, int("POLL_INTERVAL_MS", 5_000));
  return {
    name,
    url: url.replace(/\/+$/, ""),
    apiKey: get("API_KEY") ?? null,
    authHeader: auth,
    model: get("MODEL") ?? name,
    apiVersion: (get("API_VERSION") ?? "v1").replace(/^\/+|\/+$/g, ""),
    pollIntervalMs,
    maxPollIntervalMs: Math.max(pollIntervalMs, int("MAX_POLL_INTERVAL_MS", 30_000)),
    timeoutSeconds: Math.max(1, int("TIMEOUT_SECONDS", 20 * 60)),
    imageMode,
    maxVideoBytes: Math.max(1, int("MAX_VIDEO_MB", 512)) * 1024 * 1024,
  };
}

let cached: EngineConfig | undefined;
export function config(): EngineConfig {
  cached ??= loadConfig();
  return cached;
}
