// The deployment files (compose.yaml, Dockerfile) against what the tests run: the test harness starts
// its migration, web and worker processes with compose.yaml's commands (support/deploy-commands.ts),
// so these checks keep that file a deployment that runs what CI runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "@vgen/config";
import { COMPOSE_FILE, type ComposeService, deployCommand, readCompose } from "../support/deploy-commands";
import { WEB_COMMAND } from "../../scripts/web-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { services } = readCompose();
const service = (name: string): ComposeService => {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};
const APP_SERVICES = ["migrate", "web-1", "web-2", "worker-1", "worker-2"];
const WEB = ["web-1", "web-2"];
const WORKERS = ["worker-1", "worker-2"];

/** The outputs of the compiled entry points (apps/web/scripts/build-server.mjs): what `node` may run. */
const BUILT_ENTRIES = [
  ...readFileSync(path.join(root, "apps/web/scripts/build-server.mjs"), "utf8").matchAll(/out: "([^"]+)"/g),
].map((m) => m[1]);

/** Compose's interpolation with a .env that sets only the required secrets: `${X:-default}` takes its default. */
function interpolate(value: string): string {
  const dotEnv: Record<string, string> = {
    POSTGRES_PASSWORD: "pg-secret",
    NEXTAUTH_SECRET: "session-secret",
    S3_ACCESS_KEY_ID: "access-key",
    S3_SECRET_ACCESS_KEY: "secret-key",
  };
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    if (dotEnv[name] !== undefined) return dotEnv[name];
    if (op === "?") throw new Error(`${name} is required: ${arg}`);
    return op === "-" ? (arg ?? "") : "";
  });
}

function dependsOn(name: string): Record<string, string> {
  const deps = service(name).depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, "service_started"]));
  return Object.fromEntries(Object.entries(deps).map(([d, v]) => [d, v.condition]));
}

/** The instructions of the Dockerfile's last stage (the image compose.yaml runs), continuation lines joined. */
function finalStage(): string[] {
  const lines = readFileSync(path.join(root, "Dockerfile"), "utf8")
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((l) => l.trim() && !l.trim().startsWith("#"));
  return lines.slice(lines.findLastIndex((l) => l.startsWith("FROM ")));
}

describe("compose.yaml", () => {
  it("has PostgreSQL, Redis, an S3-compatible store with its bucket, a proxy, a one-off migration, two web and two worker services", () => {
    expect(service("postgres").image).toMatch(/^postgres:/);
    expect(service("redis").image).toMatch(/^redis:/);
    expect(service("s3").image).toMatch(/seaweedfs/);
    expect(service("s3").command).toContain("-s3");
    expect(service("create-bucket").restart).toBe("no");
    expect(service("migrate").restart).toBe("no");
    expect(Object.keys(services).filter((s) => s.startsWith("web-"))).toEqual(WEB);
    expect(Object.keys(services).filter((s) => s.startsWith("worker-"))).toEqual(WORKERS);
    for (const name of APP_SERVICES) {
      expect(service(name).build, name).toBe(".");
      expect(service(name).image, name).toBe(service("migrate").image);
    }
  });

  it("runs the commands the test harness runs: the compiled web server, ops worker and ops migrate", () => {
    // The web command `npm start` and the bench run (with its young-generation size).
    expect(deployCommand("web")).toEqual(WEB_COMMAND);
    expect(deployCommand("web")).toEqual(["node", "--max-semi-space-size=64", "apps/web/dist/server.mjs"]);
    const webPackage = JSON.parse(readFileSync(path.join(root, "apps/web/package.json"), "utf8"));
    expect(webPackage.scripts.start).toBe(WEB_COMMAND.join(" ").replace("apps/web/", ""));
    expect(deployCommand("worker")).toEqual(["node", "packages/ops/dist/cli.mjs", "worker"]);
    expect(deployCommand("migrate")).toEqual(["node", "packages/ops/dist/cli.mjs", "migrate"]);
    for (const role of ["web", "worker", "migrate"] as const)
      expect(BUILT_ENTRIES).toContain(deployCommand(role).find((arg) => arg.endsWith(".mjs")));
    for (const name of WEB) expect(service(name).command, name).toEqual(deployCommand("web"));
    for (const name of WORKERS) expect(service(name).command, name).toEqual(deployCommand("worker"));
  });

  it("starts web and workers only after the migration and the bucket creation completed successfully", () => {
    expect(dependsOn("migrate")).toEqual({ postgres: "service_healthy" });
    for (const name of [...WEB, ...WORKERS]) {
      expect(dependsOn(name).migrate, name).toBe("service_completed_successfully");
      expect(dependsOn(name)["create-bucket"], name).toBe("service_completed_successfully");
    }
    for (const name of WEB) expect(dependsOn(name).redis, name).toBe("service_healthy");
    expect(dependsOn("proxy")).toEqual({ "web-1": "service_healthy", "web-2": "service_healthy" });
  });

  it("configures the app only with variables the config schema knows, and values it accepts", () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const name of APP_SERVICES) {
      const environment = service(name).environment ?? {};
      expect(
        Object.keys(environment).filter((key) => !known.has(key)),
        name,
      ).toEqual([]);
      const values = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(String(v))]));
      const env = parseEnv(values);
      expect(env.DATABASE_URL, name).toBe("postgresql://vgen:pg-secret@postgres:5432/vgen");
      expect(env.REDIS_URL, name).toBe("redis://redis:6379");
      expect(env.STORAGE_DRIVER, name).toBe("s3");
      expect(new URL(env.S3_ENDPOINT!).hostname, name).toBe("s3");
      expect(env.NEXTAUTH_SECRET, name).toBe("session-secret");
    }
    for (const name of WEB) expect(service(name).environment?.WORKER_MODE, name).toBe("off");
  });

  it("names every variable it requires in .env.example", () => {
    const required = new Set([...readFileSync(COMPOSE_FILE, "utf8").matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]));
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    expect(required.size).toBeGreaterThan(0);
    for (const name of required) expect(example, name).toMatch(new RegExp(`^${name}=`, "m"));
  });

  it("creates the bucket the app uses, with the app's credentials", () => {
    const bucket = service("create-bucket").environment!;
    const app = service("web-1").environment!;
    expect(bucket.BUCKET).toBe(app.S3_BUCKET);
    expect(bucket.AWS_ACCESS_KEY_ID).toBe(app.S3_ACCESS_KEY_ID);
    expect(bucket.AWS_SECRET_ACCESS_KEY).toBe(app.S3_SECRET_ACCESS_KEY);
    expect(service("create-bucket").command!.join("\n")).toContain(`--endpoint-url ${app.S3_ENDPOINT}`);
  });

  it("balances the proxy over both web services on the port the image serves, and health-checks only web", () => {
    const port = parseEnv({}).PORT;
    expect(service("proxy").command).toEqual(expect.arrayContaining(["--to", `web-1:${port}`, "--to", `web-2:${port}`]));
    for (const name of [...WORKERS, "migrate"]) expect(service(name).healthcheck?.disable, name).toBe(true);
    for (const name of WEB) expect(service(name).healthcheck, name).toBeUndefined();
  });
});

describe("Dockerfile", () => {
  const stage = finalStage();
  const instruction = (name: string) => stage.filter((l) => l.startsWith(`${name} `)).map((l) => l.slice(name.length + 1));

  it("builds in stages and runs on Node 20 as a non-root user", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20[-.]/m);
    expect(dockerfile).toContain("pnpm install --frozen-lockfile");
    expect(instruction("USER")).toEqual(["node"]);
  });

  it("defaults to the web command and health-checks the endpoint the harness waits for", () => {
    expect(JSON.parse(instruction("CMD").at(-1)!)).toEqual(deployCommand("web"));
    const [healthcheck] = instruction("HEALTHCHECK");
    expect(healthcheck).toContain("/api/health");
    expect(instruction("ENV").join(" ")).toContain(`PORT=${parseEnv({}).PORT}`);
  });
});
