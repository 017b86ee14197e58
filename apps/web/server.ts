/**
 * The start command's process: brings up the database (embedded unless DATABASE_URL is set),
 * applies migrations, seeds the catalog, serves Next.js and, unless WORKER_MODE=off, runs the
 * generation worker in this same process. It owns shutdown so work drains before the database stops.
 */
import "@vgen/config/start";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { env, requireDatabaseUrl, setEnv, setEnvDefault } from "@vgen/config";
import { createDb, embeddedUrlFile } from "@vgen/db";
import { sanitizeAuthRequest } from "./src/server/http/auth-request";
import { CLIENT_IP_HEADER } from "./src/server/http/client-ip";
import { crossSiteProblem } from "./src/server/http/same-origin";
import { serveNodeRoute } from "./src/server/http/node-routes";
import { answerOutageAs503 } from "./src/server/http/outage-status";
import { writeApiError } from "./src/server/errors/http";
import { answerClientError, keepApiErrorsJson, requestLineProblem } from "./src/server/http/request-guard";
import { applySecurityHeaders } from "./src/server/http/security-headers";
import { closeAllEventStreams } from "./src/server/http/sse";
import { startEmbeddedPostgres } from "@vgen/db/embedded";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";
import { closeSharedConnections, getBoss, logger, startTracing, withOutageScope } from "@vgen/engine/platform";
import { flushRequestLogs, reportDatabaseSupervisor, type DatabaseSupervisorState } from "@vgen/engine/observability";
import { forwardedResolver } from "@vgen/engine/net";
import { startWorker, type RunningWorker } from "@vgen/engine/generations";
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");

async function main() {
  setEnvDefault("DATA_DIR", path.join(repoRoot, ".data"));
  const { PORT: port, HOST: hostname, DATA_DIR: dataDir } = env();
  const stops: Array<() => Promise<unknown>> = [];
  // First, so every span (a request's, its job's when the worker runs here) is made by the SDK; its
  // shutdown is the last stop, exporting the spans of the requests and jobs drained before it.
  const tracing = await startTracing("web");
  if (tracing) stops.push(() => tracing.shutdown());

  let embedded = false;
  if (!env().DATABASE_URL) {
    embedded = true;
    let supervisor: DatabaseSupervisorState = { state: "running", restarts: 0 };
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "postgres"),
      port: env().EMBEDDED_PG_PORT,
      log: (line) => logger.debug({ component: "postgres" }, line),
      // Requests answer 503 while it is down; pools and LISTEN connections reconnect once it is back.
      // It is restarted for as long as this process runs; /api/health shows its state meanwhile.
      supervise: {
        onDown: (reason) => {
          supervisor = { state: "restarting", restarts: supervisor.restarts, lastExit: { reason, at: new Date().toISOString() } };
          reportDatabaseSupervisor(supervisor);
          logger.error({ reason }, "embedded PostgreSQL stopped unexpectedly: restarting it");
        },
        onRetry: (err, attempt, nextDelayMs) =>
          logger.error({ err: err.message, attempt, nextDelayMs }, "embedded PostgreSQL did not start: trying again"),
        onUp: (attempts) => {
          supervisor = { ...supervisor, state: "running", restarts: supervisor.restarts + 1 };
          reportDatabaseSupervisor(supervisor);
          logger.warn({ attempts, restarts: supervisor.restarts }, "embedded PostgreSQL restarted");
        },
      },
    });
    setEnv("DATABASE_URL", pg.url);
    stops.unshift(pg.stop);
    // The ops CLI finds the running embedded database through this file.
    await writeFile(embeddedUrlFile(dataDir), pg.url, { mode: 0o600 });
    stops.unshift(() => rm(embeddedUrlFile(dataDir), { force: true }));
    reportDatabaseSupervisor(supervisor);
    logger.info({ dataDir }, "embedded PostgreSQL started");
  }

  const db = createDb(requireDatabaseUrl(), 4);
  if (embedded || env().MIGRATE_ON_START) {
    const applied = await applyMigrations(requireDatabaseUrl());
    if (applied.length) logger.info({ applied }, "migrations applied");
  }
  await seedCatalog(db);
  // Start the queue client now, not inside the first request's transaction.
  await getBoss();
  stops.unshift(() => db.$disconnect());
  stops.unshift(async () => {
    // The buffered request logs still need the database that closeSharedConnections lets go of.
    await flushRequestLogs();
    await closeSharedConnections();
  });

  setEnvDefault("NEXTAUTH_URL", env().PUBLIC_BASE_URL);
  // Sessions are signed with NEXTAUTH_SECRET; the embedded default keeps a generated one in DATA_DIR.
  // Several web instances must share one: set it in the environment.
  if (!env().NEXTAUTH_SECRET) setEnv("NEXTAUTH_SECRET", await persistentSecret(path.join(dataDir, "auth-secret")));

  const app = next({ dev: false, dir: here, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const resolveForwarded = forwardedResolver(env().TRUST_PROXY);
  const publicBaseUrl = env().PUBLIC_BASE_URL;
  const server = createServer((req, res) => {
    // The one client address handlers may trust: the socket's, or the one the trusted proxies vouch for.
    const forwardedFor = req.headers["x-forwarded-for"];
    const { client, viaTrustedProxy } = resolveForwarded(
      req.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
    );
    req.headers[CLIENT_IP_HEADER] = client;
    applySecurityHeaders(req, res, publicBaseUrl);
    const problem = requestLineProblem(req.method, req.url ?? "/");
    if (problem) return writeApiError(res, problem.error, problem.headers);
    const crossSite = crossSiteProblem(req, viaTrustedProxy);
    if (crossSite) return writeApiError(res, crossSite);
    if (serveNodeRoute(req, res)) return;
    sanitizeAuthRequest(req);
    keepApiErrorsJson(req, res);
    return withOutageScope((outcome) => {
      answerOutageAs503(res, () => outcome().databaseUnavailable);
      return handle(req, res);
    });
  });
  server.on("clientError", answerClientError);
  // Idle keep-alive connections outlive clients' and proxies' own idle timeouts (undici: the server's
  // hint less 1 s; load balancers: 60 s), so nobody sends on a connection the server is closing at that
  // moment: with Node's 5 s a client whose event loop lagged got ECONNRESET instead of an answer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });

  let worker: RunningWorker | null = null;
  if (env().WORKER_MODE !== "off") {
    worker = await startWorker(db);
  }
  logger.notice({ url: env().PUBLIC_BASE_URL, embedded, worker: worker !== null }, `vgen is serving on ${env().PUBLIC_BASE_URL}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.notice({ signal }, "shutting down: draining requests and jobs");
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    server.close();
    // Open event streams end with a final event telling their clients to reconnect, instead of being cut.
    const streams = closeAllEventStreams();
    if (streams) logger.info({ streams }, "event streams closed");
    server.closeIdleConnections();
    await worker?.stop().catch((err) => logger.error({ err }, "worker stop failed"));
    for (const stop of stops) await stop().catch((err) => logger.error({ err }, "shutdown step failed"));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

async function persistentSecret(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => null);
  if (existing?.trim()) return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

main().catch((err) => {
  logger.fatal({ err }, "could not start");
  process.exit(1);
});
