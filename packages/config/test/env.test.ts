import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, env, envSchema, parseEnv, s3Settings, setEnv, setEnvDefault, upstreamEnv, upstreamSchema } from "../src";

describe("parseEnv", () => {
  it("fills in every default, including the ones derived from other variables", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_BASE_URL: "http://localhost:3000",
      CDN_BASE_URL: "http://localhost:3000/cdn",
      DATA_DIR: path.resolve(".data"),
      OUTPUT_DIR: path.resolve(".data", "outputs"),
      WORKER_MODE: "embedded",
      WORKER_CONCURRENCY: 2,
      ACCOUNT_RATE_LIMIT_QPS: 100,
      ALLOW_PRIVATE_NETWORK_FETCH: false,
      STORAGE_DRIVER: "local",
      LOG_LEVEL: "info",
      BILLING_ISSUER_NAME: "vgen",
    });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.WEBHOOK_RETRY_SCHEDULE).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
  });

  it("derives addresses from the variables they depend on and coerces numbers and switches", () => {
    const e = parseEnv({
      PORT: "4000",
      DATA_DIR: "/srv/vgen",
      TRUST_PROXY: "1",
      S3_FORCE_PATH_STYLE: "true",
      JOB_HEARTBEAT_SECONDS: "3",
    });
    expect(e.PUBLIC_BASE_URL).toBe("http://localhost:4000");
    expect(e.CDN_BASE_URL).toBe("http://localhost:4000/cdn");
    expect(e.OUTPUT_DIR).toBe("/srv/vgen/outputs");
    expect(e.TRUST_PROXY).toEqual({ hops: 1 });
    expect(e.S3_FORCE_PATH_STYLE).toBe(true);
    expect(e.JOB_HEARTBEAT_SECONDS).toBe(10);
    expect(parseEnv({ PUBLIC_BASE_URL: "https://api.example.com/" }).CDN_BASE_URL).toBe("https://api.example.com/cdn");
  });

  it("treats an empty value as unset", () => {
    const e = parseEnv({ PORT: "", REDIS_URL: "", STORAGE_DRIVER: "" });
    expect(e).toMatchObject({ PORT: 3000, STORAGE_DRIVER: "local" });
    expect(e.REDIS_URL).toBeUndefined();
  });

  it("reads TRUST_PROXY as a count of hops (1/true: one) or a list of proxy addresses and ranges", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.1,2001:db8::/32" }).TRUST_PROXY).toEqual({
      proxies: ["10.0.0.0/8", "192.0.2.1", "2001:db8::/32"],
    });
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1,", "2001:db8::/129"])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: expected a number of proxy hops/);
  });

  it("refuses a bad value with a message naming the variable", () => {
    expect(() => parseEnv({ ACCOUNT_RATE_LIMIT_QPS: "abc" })).toThrow(
      new ConfigError(["ACCOUNT_RATE_LIMIT_QPS: expected a number (an integer)"]),
    );
    expect(() => parseEnv({ ACCOUNT_RATE_LIMIT_QPS: "abc" })).toThrow(
      "Invalid configuration: ACCOUNT_RATE_LIMIT_QPS: expected a number",
    );
    const cases: Record<string, RegExp> = {
      PORT: /^Invalid configuration: PORT: expected a port number \(0-65535\)$/,
      PUBLIC_BASE_URL: /^Invalid configuration: PUBLIC_BASE_URL: expected an http\(s\) URL/,
      DATABASE_URL: /^Invalid configuration: DATABASE_URL: expected a postgresql:\/\/ URL/,
      WORKER_MODE: /^Invalid configuration: WORKER_MODE: expected embedded or off/,
      LOG_LEVEL: /^Invalid configuration: LOG_LEVEL: expected a pino level/,
      ALLOW_PRIVATE_NETWORK_FETCH: /^Invalid configuration: ALLOW_PRIVATE_NETWORK_FETCH: expected 1 or 0/,
      WEBHOOK_RETRY_SCHEDULE: /^Invalid configuration: WEBHOOK_RETRY_SCHEDULE: cannot read 'soon'/,
      WORKER_CONCURRENCY: /^Invalid configuration: WORKER_CONCURRENCY: expected an integer$/,
    };
    const bad: Record<string, string> = {
      PORT: "70000",
      PUBLIC_BASE_URL: "localhost:3000",
      DATABASE_URL: "127.0.0.1:5432/vgen",
      WORKER_MODE: "separate",
      LOG_LEVEL: "verbose",
      ALLOW_PRIVATE_NETWORK_FETCH: "yes",
      WEBHOOK_RETRY_SCHEDULE: "5s,soon",
      WORKER_CONCURRENCY: "1.5",
    };
    for (const [name, pattern] of Object.entries(cases)) expect(() => parseEnv({ [name]: bad[name] }), name).toThrow(pattern);
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "http", REDIS_URL: "not a url" })).toThrow(/PORT: .*; REDIS_URL: /);
  });

  it("needs a bucket and both or neither static keys for S3 storage", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow("Invalid configuration: S3_BUCKET: required with STORAGE_DRIVER=s3");
    expect(() => parseEnv({ STORAGE_DRIVER: "S3", S3_BUCKET: "out", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(parseEnv({ STORAGE_DRIVER: "S3", S3_BUCKET: "out" }).STORAGE_DRIVER).toBe("s3");
  });

  it("describes every variable", () => {
    for (const [name, schema] of [...Object.entries(envSchema.shape), ...Object.entries(upstreamSchema.shape)]) {
      expect(schema.description, name).toMatch(/\w/);
    }
  });
});

describe("env", () => {
  const saved = process.env.ACCOUNT_RATE_LIMIT_QPS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ACCOUNT_RATE_LIMIT_QPS;
    else process.env.ACCOUNT_RATE_LIMIT_QPS = saved;
  });

  it("parses the process's environment once and again only after a variable changed", () => {
    process.env.ACCOUNT_RATE_LIMIT_QPS = "7";
    const first = env();
    expect(env()).toBe(first);
    expect(first.ACCOUNT_RATE_LIMIT_QPS).toBe(7);
    process.env.ACCOUNT_RATE_LIMIT_QPS = "8";
    expect(env().ACCOUNT_RATE_LIMIT_QPS).toBe(8);
    process.env.ACCOUNT_RATE_LIMIT_QPS = "abc";
    expect(() => env()).toThrow(ConfigError);
  });

  it("sees what setEnv and setEnvDefault set; a default does not replace a set value but fills an empty one", () => {
    setEnv("ACCOUNT_RATE_LIMIT_QPS", "9");
    expect(env().ACCOUNT_RATE_LIMIT_QPS).toBe(9);
    setEnvDefault("ACCOUNT_RATE_LIMIT_QPS", "10");
    expect(env().ACCOUNT_RATE_LIMIT_QPS).toBe(9);
    process.env.ACCOUNT_RATE_LIMIT_QPS = "";
    setEnvDefault("ACCOUNT_RATE_LIMIT_QPS", "11");
    expect(env().ACCOUNT_RATE_LIMIT_QPS).toBe(11);
  });
});

describe("upstreamEnv", () => {
  it("is null until the upstream's URL is set, then validates its variables under their full names", () => {
    expect(upstreamEnv("veo", {})).toBeNull();
    expect(upstreamEnv("my-veo", { UPSTREAM_MY_VEO_URL: "http://up.example/" })).toMatchObject({
      URL: "http://up.example",
      MAX_VIDEO_MB: 512,
    });
    expect(() => upstreamEnv("veo", { UPSTREAM_VEO_URL: "http://x", UPSTREAM_VEO_MAX_VIDEO_MB: "lots" })).toThrow(
      "Invalid configuration: UPSTREAM_VEO_MAX_VIDEO_MB",
    );
  });
});

describe("s3Settings", () => {
  it("reads STORAGE_DRIVER=s3 and the S3_* variables", () => {
    const vars = {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "outputs",
      S3_REGION: "eu-central-1",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    };
    expect(s3Settings(parseEnv(vars))).toEqual({
      bucket: "outputs",
      region: "eu-central-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(s3Settings(parseEnv({ ...vars, S3_REGION: undefined, AWS_REGION: "us-west-2" }))?.region).toBe("us-west-2");
    expect(() => parseEnv({ ...vars, S3_BUCKET: undefined })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ ...vars, STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
    expect(s3Settings(parseEnv({ ...vars, STORAGE_DRIVER: undefined }))).toBeNull();
  });
});
