import { env, parseEnv, type Env } from "@vgen/config";

/** The engine's settings, derived from the validated environment of @vgen/config. */
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
/** The engine's view of the validated environment (see @vgen/config for every variable). */
function engineConfig(e: Env): EngineConfig {
  return {
    publicBaseUrl: e.PUBLIC_BASE_URL,
    cdnBaseUrl: e.CDN_BASE_URL,
    dataDir: e.DATA_DIR,
    outputDir: e.OUTPUT_DIR,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    idempotencyLeaseSeconds: e.IDEMPOTENCY_LEASE_SECONDS,
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH,
    redisUrl: e.REDIS_URL ?? null,
    storageDriver: e.STORAGE_DRIVER,
    s3:
      e.STORAGE_DRIVER === "s3"
        ? {
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION ?? e.AWS_REGION ?? "us-east-1",
            endpoint: e.S3_ENDPOINT ?? null,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
  };
}

/** Reads and validates the environment now (throws ConfigError naming any bad variable). */
export function loadConfig(): EngineConfig {
  return engineConfig(parseEnv(process.env));
}

/**
 * The configuration of the upstream a catalog model names, or null when UPSTREAM_<NAME>_URL is unset.
 * Read at call time (not cached) so an upstream can be added with a restart of workers only.
 */
let cached: { env: Env; config: EngineConfig } | undefined;
/** The engine configuration of the process's environment, derived once per validated environment. */
export function config(): EngineConfig {
  const e = env();
  if (cached?.env !== e) cached = { env: e, config: engineConfig(e) };
  return cached.config;
}
