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
  allowPrivateNetworkFetch: boolean;
  redisUrl: string | null;
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
    allowPrivateNetworkFetch: process.env.ALLOW_PRIVATE_NETWORK_FETCH === "1",
    redisUrl: process.env.REDIS_URL || null,
  };
}

let cached: EngineConfig | undefined;
export function config(): EngineConfig {
  cached ??= loadConfig();
  return cached;
}
