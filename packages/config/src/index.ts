import path from "node:path";
import { z } from "zod";
import { DEFAULT_MAIL_RETRY_SCHEDULE, DEFAULT_WEBHOOK_RETRY_SCHEDULE, readRetrySchedule } from "./retry-schedule";
import { trustProxy } from "./trust-proxy";

export { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule } from "./retry-schedule";
export { s3Settings, type S3Settings } from "./s3";
export { tracingConfigured } from "./tracing";
export type { TrustProxy } from "./trust-proxy";

/*
 * Every environment variable the servers, workers and CLIs read, validated here and nowhere else.
 * An empty value counts as unset. A bad value stops the process with a message naming the variable.
 * Browser code never reads this (Next inlines NEXT_PUBLIC_* itself); test harnesses keep their own.
 */

const int = (min = 0) =>
  z.coerce
    .number({ error: "expected a number (an integer)" })
    .int({ error: "expected an integer" })
    .min(min, { error: `expected an integer of at least ${min}` });
const port = (min = 1) => int(min).max(65_535, { error: `expected a port number (${min}-65535)` });
const url = () => z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://example.com" });
const postgresUrl = () => z.url({ protocol: /^postgres(ql)?$/, error: "expected a postgresql:// URL" });
const redisUrl = () => z.url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// URL" });
/** 1/true turns a switch on, 0/false (or unset) leaves it off. */
const flag = () =>
  z
    .enum(["1", "0", "true", "false"], { error: "expected 1 or 0" })
    .optional()
    .transform((value) => value === "1" || value === "true");
const lowercase = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value);
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

export const envSchema = z
  .object({
    PORT: port(0).default(3000).describe("Port the web server listens on (0: any free port)."),
    HOST: z.string().default("0.0.0.0").describe("Address the web server listens on."),
    PUBLIC_BASE_URL: url()
      .transform(withoutTrailingSlash)
      .optional()
      .describe("Public address, used in doc_url, output URLs and samples; default http://localhost:$PORT."),
    CDN_BASE_URL: url()
      .transform(withoutTrailingSlash)
      .optional()
      .describe("Base address of output files; default $PUBLIC_BASE_URL/cdn."),
    DATA_DIR: z
      .string()
      .default("./.data")
      .describe("Embedded database, outputs and generated secrets (relative to the working directory)."),
    OUTPUT_DIR: z.string().optional().describe("Where rendered MP4s are stored and served from; default $DATA_DIR/outputs."),
    DATABASE_URL: postgresUrl()
      .optional()
      .describe("External PostgreSQL; unset, the start command runs an embedded one and sets it."),
    MIGRATE_ON_START: flag().describe("1 applies pending migrations when the web server starts on an external database."),
    SHADOW_DATABASE_URL: postgresUrl().optional().describe("Throwaway database (wiped) that `db:new-migration` diffs against."),
    EMBEDDED_PG_PORT: port().optional().describe("Port of the embedded PostgreSQL."),
    DATABASE_CONNECT_TIMEOUT_MS: int(100)
      .default(2000)
      .describe("Longest wait for a database connection (a new one, or a free one of the pool) before answering 503."),
    DATABASE_QUERY_TIMEOUT_MS: int(100)
      .default(3000)
      .describe(
        "PostgreSQL's statement_timeout for the app's connections; the client gives up 0.5 s later (a frozen server), and the request answers 503.",
      ),
    REDIS_URL: redisUrl().optional().describe("Shared rate-limit store across web instances; unset, limits are per process."),
    WORKER_MODE: z
      .preprocess(lowercase, z.enum(["embedded", "off"], { error: "expected embedded or off" }))
      .default("embedded")
      .describe("off on web instances when workers run separately."),
    WORKER_CONCURRENCY: int().default(2).describe("Renders per worker process."),
    SAMPLE_CLIPS: z
      .enum(["1", "0", "true", "false"], { error: "expected 1 or 0" })
      .default("1")
      .transform((value) => value === "1" || value === "true")
      .describe(
        "0 stops workers rendering the landing page's sample clip of each model (small, low priority, once per catalog change).",
      ),
    WEBHOOK_CONCURRENCY: int(1).default(4).describe("Webhook deliveries in flight per worker process."),
    WEBHOOK_DESTINATION_CONCURRENCY: int(1)
      .default(2)
      .describe("Attempts in flight to one destination across all processes (1 while it times out)."),
    WEBHOOK_ACCOUNT_CONCURRENCY: int(1).default(2).describe("Attempts in flight for one account across all processes."),
    JOB_HEARTBEAT_SECONDS: int()
      .default(30)
      .transform((s) => Math.max(10, s))
      .describe("A job whose worker stopped heart-beating is taken up again after this (min 10)."),
    IDEMPOTENCY_LEASE_SECONDS: int()
      .default(15)
      .transform((s) => Math.max(1, s))
      .describe("An Idempotency-Key whose request died is taken over by a retry after this (min 1)."),
    GENERATION_MAX_AGE_SECONDS: int()
      .default(6 * 3600)
      .describe("A generation still processing after this fails with timeout."),
    UPSTREAM_POLL_INTERVAL_MS: int()
      .default(5_000)
      .transform((ms) => Math.max(10, ms))
      .describe("First delay between status checks of an upstream job; grows with its age."),
    UPSTREAM_MAX_POLL_INTERVAL_MS: int().default(30_000).describe("Longest delay between status checks of an upstream job."),
    UPSTREAM_TIMEOUT_SECONDS: int()
      .default(20 * 60)
      .transform((s) => Math.max(1, s))
      .describe("An upstream job not finished this long after it was accepted is canceled and fails with timeout."),
    UPSTREAM_RECONCILE_SECONDS: int()
      .default(15 * 60)
      .transform((s) => Math.max(1, s))
      .describe("How long a job whose submit may have reached the upstream keeps its hold before it is released."),
    ROUTE_BREAKER_FAILURES: int(1).default(3).describe("Retryable failures in a row that take a route out (circuit breaker)."),
    ROUTE_BREAKER_COOLDOWN_SECONDS: int(1).default(30).describe("How long a route stays out before one job probes it."),
    ROUTE_BREAKER_MAX_COOLDOWN_SECONDS: int(1).default(600).describe("Longest time out; the cooldown doubles while probes fail."),
    ROUTE_WAIT_POLL_MS: int()
      .default(5_000)
      .transform((ms) => Math.max(10, ms))
      .describe("How often a generation waiting for a free route looks again (a freed slot also wakes the longest waiting)."),
    WEBHOOK_DELIVERY_RETENTION_DAYS: int(1)
      .default(30)
      .describe("Finished webhook deliveries (and their attempts) older than this many days are deleted."),
    LISTEN_SESSION_RETENTION_DAYS: int(1)
      .default(7)
      .describe("`vgen listen` sessions not seen for this many days are deleted, with their deliveries."),
    REQUEST_LOG_RETENTION_DAYS: int(1)
      .default(90)
      .describe("Request logs older than this many days are deleted (90 keeps the longest usage statistics range whole)."),
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .default(DEFAULT_WEBHOOK_RETRY_SCHEDULE)
      .transform((raw, ctx) => {
        const read = readRetrySchedule(raw);
        if ("delays" in read) return read.delays;
        ctx.addIssue({ code: "custom", message: read.error });
        return z.NEVER;
      })
      .describe("Delays between webhook attempts, e.g. 5s,5m,30m,2h (ms, s, m, h, d; empty: no retries)."),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587" })
      .optional()
      .describe("Mail server that sends account emails; unset, they stay in the outbox as not_sent and go to the log."),
    MAIL_FROM: z
      .string()
      .trim()
      .min(3)
      .default("vgen <no-reply@localhost>")
      .describe("From address of account emails, e.g. vgen <no-reply@example.com>."),
    MAIL_RETRY_SCHEDULE: z
      .string()
      .default(DEFAULT_MAIL_RETRY_SCHEDULE)
      .transform((raw, ctx) => {
        const read = readRetrySchedule(raw);
        if ("delays" in read) return read.delays;
        ctx.addIssue({ code: "custom", message: read.error });
        return z.NEVER;
      })
      .describe("Delays between attempts to send an email while the mail server fails (empty: one attempt)."),
    ALLOW_PRIVATE_NETWORK_FETCH: flag().describe(
      "1 lets webhooks and image fetches reach loopback and private addresses (tests, local dev).",
    ),
    SSO_DNS_SERVERS: z
      .string()
      .optional()
      .describe("Comma list of DNS servers (host or host:port) that verify SSO domains' TXT records; default the system's."),
    ACCOUNT_RATE_LIMIT_QPS: int().default(100).describe("Per-account ceiling across all endpoints."),
    TEST_MODE_CONCURRENCY: int()
      .default(2)
      .describe("Test-mode generations an account may have processing at once (they render locally, free)."),
    MAX_OPEN_STREAMS_PER_ACCOUNT: int()
      .default(100)
      .describe("Event streams one account may hold open on one web process; more are refused with 429 too_many_open_streams."),
    TEST_MODE_DAILY_LIMIT: int().default(100).describe("Test-mode generations an account may create per UTC day."),
    UNAUTHENTICATED_RATE_LIMIT_QPS: int().default(50).describe("Per client address ceiling for requests without a valid key."),
    LOGIN_ATTEMPTS_PER_ADDRESS: int().default(50).describe("Sign-in attempts per client address per 15 minutes."),
    SIGN_UPS_PER_ADDRESS_PER_HOUR: int().default(20).describe("Account sign-ups per client address per hour."),
    TRUST_PROXY: trustProxy().describe(
      "Proxies that may name the client: a count of hops (1: the nearest proxy appends to X-Forwarded-For) or a comma list of proxy IPs/CIDRs.",
    ),
    METRICS_TOKEN: z.string().optional().describe("Bearer token that opens /api/metrics; unset, it answers 404."),
    NEXTAUTH_URL: url().optional().describe("Dashboard sign-in callback base; default $PUBLIC_BASE_URL."),
    NEXTAUTH_SECRET: z.string().optional().describe("Session signing key; unset, one is generated into DATA_DIR."),
    GITHUB_ID: z.string().optional().describe("GitHub OAuth client id (with GITHUB_SECRET turns on GitHub sign-in)."),
    GITHUB_SECRET: z.string().optional().describe("GitHub OAuth client secret."),
    STRIPE_SECRET_KEY: z.string().optional().describe("Turns on Stripe Checkout for top-ups."),
    STRIPE_WEBHOOK_SECRET: z.string().optional().describe("Verifies Stripe's webhook calls."),
    BANK_BENEFICIARY: z.string().optional().describe("Beneficiary on bank-transfer invoices; default BILLING_ISSUER_NAME."),
    BANK_NAME: z.string().optional().describe("Bank on bank-transfer invoices."),
    BANK_IBAN: z.string().optional().describe("IBAN on bank-transfer invoices."),
    BANK_SWIFT: z.string().optional().describe("SWIFT/BIC on bank-transfer invoices."),
    BILLING_ISSUER_NAME: z.string().default("vgen").describe("Issuer name on invoices, receipts and statements."),
    BILLING_ISSUER_ADDRESS: z.string().default("").describe("Issuer address on invoices, receipts and statements."),
    BILLING_ISSUER_EMAIL: z.string().default("").describe("Issuer email on invoices, receipts and statements."),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "expected a pino level (fatal, error, warn, info, debug, trace, silent)",
      })
      .default("info")
      .describe("Log level of the structured JSON logs."),
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "expected development, production or test" })
      .optional()
      .describe("Set by Next and the test runners; development loosens the pages' CSP for hot reload."),
    STORAGE_DRIVER: z
      .preprocess(lowercase, z.enum(["local", "s3"], { error: 'expected "local" or "s3"' }))
      .default("local")
      .describe("local keeps outputs in OUTPUT_DIR; s3 uploads them to an S3-compatible bucket."),
    S3_BUCKET: z.string().optional().describe("Bucket of outputs (required with STORAGE_DRIVER=s3)."),
    S3_REGION: z.string().optional().describe("Region of the bucket; default AWS_REGION, then us-east-1."),
    AWS_REGION: z.string().optional().describe("AWS's own region variable, used when S3_REGION is unset."),
    S3_ENDPOINT: url().optional().describe("Custom endpoint for MinIO, R2 and other S3-compatible stores."),
    S3_FORCE_PATH_STYLE: flag().describe("1 for path-style bucket addressing (MinIO)."),
    S3_ACCESS_KEY_ID: z.string().optional().describe("Static bucket credentials; unset, the AWS default chain is used."),
    S3_SECRET_ACCESS_KEY: z.string().optional().describe("Secret of S3_ACCESS_KEY_ID."),
    RENDERER_SCRIPT: z
      .string()
      .optional()
      .describe("Path of the render worker script, when it cannot be found next to the engine."),
    VGEN_RENDER_PROFILE: flag().describe("1 copies the render worker's timing profile to stderr."),
    OPS_ACTOR_EMAIL: z.string().optional().describe("Staff email the ops CLI records as the actor of its audits."),
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE_DRIVER !== "s3") return;
    if (!e.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required with STORAGE_DRIVER=s3" });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
      });
  });

/** The per-credentials variables of an upstream route, read as UPSTREAM_<NAME>_<KEY> (NAME = the route's credentials). */
export const upstreamSchema = z.object({
  URL: url()
    .transform(withoutTrailingSlash)
    .describe("Base URL of the provider's API (docs/providers.md lists each provider's)."),
  API_KEY: z.string().optional().describe("The provider's API key."),
  WEBHOOK_SECRET: z.string().optional().describe("Secret the provider signs its webhooks with (Replicate, OpenAI)."),
  MAX_VIDEO_MB: int()
    .default(512)
    .transform((mb) => Math.max(1, mb))
    .describe("Cap on a downloaded video's size."),
  REQUEST_TIMEOUT_SECONDS: int()
    .default(30)
    .transform((s) => Math.max(1, s))
    .describe("How long one API call to the provider may take before it counts as unanswered."),
});

type RawEnv = Record<string, string | undefined>;
type ParsedEnv = z.output<typeof envSchema>;

export interface Env extends Omit<ParsedEnv, "PUBLIC_BASE_URL" | "CDN_BASE_URL" | "DATA_DIR" | "OUTPUT_DIR"> {
  PUBLIC_BASE_URL: string;
  CDN_BASE_URL: string;
  /** Absolute. */
  DATA_DIR: string;
  /** Absolute. */
  OUTPUT_DIR: string;
}
export type UpstreamEnv = z.output<typeof upstreamSchema>;

/** A configuration value that cannot be used; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

function pick(source: RawEnv, keys: readonly string[], prefix = ""): RawEnv {
  const raw: RawEnv = {};
  for (const key of keys) {
    const value = source[prefix + key];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  return raw;
}

function check<S extends z.ZodType>(schema: S, raw: RawEnv, prefix = ""): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${prefix}${String(issue.path[0] ?? "")}: ${issue.message}`));
}

const ENV_KEYS = Object.keys(envSchema.shape);

/** Validates an environment and fills in the defaults, including those derived from other variables. */
export function parseEnv(source: RawEnv): Env {
  const parsed = check(envSchema, pick(source, ENV_KEYS));
  const publicBaseUrl = parsed.PUBLIC_BASE_URL ?? `http://localhost:${parsed.PORT}`;
  // Runtime paths from the environment; not part of the bundle.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ parsed.DATA_DIR);
  return {
    ...parsed,
    PUBLIC_BASE_URL: publicBaseUrl,
    CDN_BASE_URL: parsed.CDN_BASE_URL ?? `${publicBaseUrl}/cdn`,
    DATA_DIR: dataDir,
    OUTPUT_DIR: path.resolve(/*turbopackIgnore: true*/ parsed.OUTPUT_DIR ?? path.join(dataDir, "outputs")),
  };
}

let memo: { key: string; env: Env } | undefined;

/**
 * The process's validated configuration. Parsed on first use and again only if a variable it reads
 * has changed since (the start command fills in DATABASE_URL and secrets before serving; tests set
 * variables before the code under test runs), so every caller sees the same checked values.
 */
export function env(): Env {
  const raw = pick(process.env, ENV_KEYS);
  const key = JSON.stringify(raw);
  if (memo?.key !== key) memo = { key, env: parseEnv(raw) };
  return memo.env;
}

type EnvName = keyof typeof envSchema.shape;

/**
 * Sets a variable for the rest of the process (the start command's embedded DATABASE_URL, generated
 * secrets, its DATA_DIR default); env() reads it from then on, and so do libraries that read the
 * environment themselves (next-auth).
 */
export function setEnv(name: EnvName, value: string): void {
  // Next's types make NODE_ENV read-only; the process's environment itself is a plain record.
  const vars: RawEnv = process.env;
  vars[name] = value;
}

/** Sets a variable unless it is set already (an empty value counts as unset, as everywhere here). */
export function setEnvDefault(name: EnvName, value: string): void {
  if (!process.env[name]) setEnv(name, value);
}

/** DATABASE_URL, which the start command sets for the embedded database before anything connects. */
export function requireDatabaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (the start command sets it for the embedded database)");
  return url;
}

/** The environment prefix of an upstream: provider "veo" → UPSTREAM_VEO_, "my-veo" → UPSTREAM_MY_VEO_. */
export function upstreamEnvPrefix(name: string): string {
  return `UPSTREAM_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`;
}

/**
 * The validated UPSTREAM_<NAME>_* variables, or null when UPSTREAM_<NAME>_URL is unset. Read at call
 * time, so an upstream can be added with a restart of workers only.
 */
export function upstreamEnv(name: string, source: RawEnv = process.env): UpstreamEnv | null {
  const prefix = upstreamEnvPrefix(name);
  const raw = pick(source, Object.keys(upstreamSchema.shape), prefix);
  if (raw.URL === undefined) return null;
  return check(upstreamSchema, raw, prefix);
}
