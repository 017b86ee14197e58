/**
 * The floor of the request cases: the least a server must do to answer the same two API calls on
 * the same tables, with node:http and pg and nothing else. The app is measured against it in the
 * same run, so the ratio says how much the framework, the ORM and the extra features cost.
 *
 *   POST /api/v1/videos/generations  one transaction: key (by SHA-256 hash) joined with its account,
 *                                    the generation row, then the conditional balance hold and its
 *                                    ledger entry in one statement (the account row stays locked
 *                                    only from there to COMMIT); answers 202 with the record.
 *   POST /api/v1/videos/result       key lookup, then one indexed select by id and account.
 *   GET  /health                     SELECT 1 through the same pool, like the app's health check.
 *
 * What it leaves out, on purpose (the app does these): rate limiting, the subscription check, the
 * queue job and NOTIFY, the ETA estimate, idempotency keys and the request log. The catalog is read
 * once at start instead of per request.
 *
 * With FLOOR_MODE=minimal it is the minimal floor instead: each call is ONE statement.
 *   create  key lookup, balance hold (with its ledger entry: no balance change without one) and the
 *           generation insert, as CTEs of one statement (its own implicit transaction, no BEGIN/COMMIT);
 *   result  the generation by id joined to the key's hash on the account (a LEFT JOIN, so an unknown
 *           key and an unknown generation still answer 401 and 404).
 * Env: DATABASE_URL, PORT, POOL_MAX (default 10, the size of the app's request pool), FLOOR_MODE.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

interface Model {
  id: string;
  priceMicrosPerSecond: bigint;
  minChargeSeconds: number;
  queue: string;
  sizes: string[];
  minDuration: number;
  maxDuration: number;
  defaultDuration: number;
}

interface Auth {
  keyId: string;
  accountId: string;
  accountStatus: string;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
/** Long and short side in pixels of each size. */
const SIDES: Record<string, [number, number]> = { "720p": [1280, 720], "1080p": [1920, 1080], "4k": [3840, 2160] };
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

const KEY_SQL = `
  SELECT k.id AS key_id, a.id AS account_id, a.status::text AS account_status
  FROM api_keys k JOIN accounts a ON a.id = k.account_id
  WHERE k.hash = $1 AND k.revoked_at IS NULL`;
const GENERATION_SQL = `
  INSERT INTO generations (id, account_id, api_key_id, model_id, prompt, duration, size, aspect_ratio, width, height,
    urls, price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '{}', $11, $12, $13, $14::"QueueName", $15, 0)
  RETURNING *`;
const HOLD_SQL = `
  WITH hold AS (
    UPDATE accounts SET balance_micros = balance_micros - $2, updated_at = now()
    WHERE id = $1 AND balance_micros - $2 >= 0
    RETURNING balance_micros)
  INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, generation_id, reference)
  SELECT $3, $1, 'hold', -$2::bigint, balance_micros, $4, $4 FROM hold
  RETURNING balance_after_micros`;
const RESULT_SQL = "SELECT * FROM generations WHERE id = $1 AND account_id = $2";
/**
 * Minimal create: $1 key hash, $2 cost, $3 generation id, $4 ledger id, then the generation's fields.
 * The hold runs only for an active key of an active account with the balance; the generation and
 * the ledger entry only when the hold did. The key's row comes back either way (401 vs 402).
 */
const MINIMAL_CREATE_SQL = `
  WITH auth AS (
    SELECT k.id AS key_id, a.id AS account_id, a.status::text AS account_status
    FROM api_keys k JOIN accounts a ON a.id = k.account_id
    WHERE k.hash = $1 AND k.revoked_at IS NULL),
  hold AS (
    UPDATE accounts a SET balance_micros = a.balance_micros - $2, updated_at = now()
    FROM auth WHERE a.id = auth.account_id AND auth.account_status <> 'suspended' AND a.balance_micros - $2 >= 0
    RETURNING a.id, a.balance_micros),
  generation AS (
    INSERT INTO generations (id, account_id, api_key_id, model_id, prompt, duration, size, aspect_ratio, width, height,
      urls, price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept)
    SELECT $3, hold.id, auth.key_id, $5, $6, $7, $8, $9, $10, $11, '{}', $12, $13, $2, $14::"QueueName", $15, 0
    FROM hold, auth
    RETURNING *),
  ledger AS (
    INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, generation_id, reference)
    SELECT $4, hold.id, 'hold', -$2::bigint, hold.balance_micros, $3, $3 FROM hold)
  SELECT auth.account_status, generation.* FROM auth LEFT JOIN generation ON true`;
const MINIMAL_RESULT_SQL = `
  SELECT g.* FROM api_keys k LEFT JOIN generations g ON g.id = $1 AND g.account_id = k.account_id
  WHERE k.hash = $2 AND k.revoked_at IS NULL`;

function newId(prefix: string): string {
  let out = "";
  while (out.length < 22) for (const byte of randomBytes(32)) if (byte < 232 && out.length < 22) out += BASE58[byte % 58];
  return `${prefix}_${out}`;
}

function usd(micros: bigint): string {
  return `$${(Number(micros) / 1e6).toFixed(3)}`;
}

function record(row: Record<string, unknown>) {
  return {
    id: row.id,
    model: row.model_id,
    status: row.status,
    price: `${usd(BigInt(row.price_micros_per_second as string))} / сек`,
    eta_seconds: row.eta_seconds_at_accept,
    output: [],
    created_at: (row.created_at as Date).toISOString().replace(/\.\d{3}Z$/, "Z"),
    prompt: row.prompt,
    duration: row.duration,
    size: row.size,
    aspect_ratio: row.aspect_ratio,
    progress: row.progress,
    billed_seconds: row.billed_seconds,
    cost: usd(BigInt(row.cost_micros as string)),
    completed_at: null,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (body && typeof body === "object") return body;
  } catch {
    // falls through to the refusal
  }
  throw new Refused(400, "invalid_json");
}

function keyHash(req: IncomingMessage): string {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token) throw new Refused(401, "missing_api_key");
  return createHash("sha256").update(token).digest("hex");
}

async function authenticate(db: pg.Pool | pg.PoolClient, hash: string): Promise<Auth> {
  const { rows } = await db.query(KEY_SQL, [hash]);
  if (!rows[0]) throw new Refused(401, "invalid_api_key");
  return { keyId: rows[0].key_id, accountId: rows[0].account_id, accountStatus: rows[0].account_status };
}

function resolve(catalog: Map<string, Model>, body: Record<string, unknown>) {
  const model = catalog.get(String(body.model));
  if (!model) throw new Refused(400, "unknown_model");
  if (typeof body.prompt !== "string" || !body.prompt.trim()) throw new Refused(400, "invalid_parameter");
  const duration = body.duration === undefined ? model.defaultDuration : Number(body.duration);
  if (!Number.isInteger(duration) || duration < model.minDuration || duration > model.maxDuration)
    throw new Refused(400, "invalid_parameter");
  const size = body.size === undefined ? model.sizes[0] : String(body.size);
  const sides = size !== undefined && model.sizes.includes(size) ? SIDES[size] : undefined;
  if (size === undefined || !sides) throw new Refused(400, "unsupported_size");
  const aspectRatio = body.aspect_ratio === "9:16" ? "9:16" : "16:9";
  const [width, height] = aspectRatio === "16:9" ? sides : [sides[1], sides[0]];
  const billedSeconds = Math.max(duration, model.minChargeSeconds);
  return {
    model,
    prompt: body.prompt,
    duration,
    size,
    aspectRatio,
    width,
    height,
    billedSeconds,
    cost: BigInt(billedSeconds) * model.priceMicrosPerSecond,
  };
}

async function create(catalog: Map<string, Model>, req: IncomingMessage, res: ServerResponse) {
  const hash = keyHash(req);
  const r = resolve(catalog, await readJson(req));
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    try {
      const auth = await authenticate(client, hash);
      if (auth.accountStatus === "suspended") throw new Refused(403, "account_suspended");
      const id = newId("vid");
      const generation = await client.query(GENERATION_SQL, [
        id,
        auth.accountId,
        auth.keyId,
        r.model.id,
        r.prompt,
        r.duration,
        r.size,
        r.aspectRatio,
        r.width,
        r.height,
        r.model.priceMicrosPerSecond,
        r.billedSeconds,
        r.cost,
        r.model.queue,
        randomInt(0, 2 ** 31 - 1),
      ]);
      const hold = await client.query(HOLD_SQL, [auth.accountId, r.cost, newId("led"), id]);
      if (!hold.rows[0]) throw new Refused(402, "insufficient_balance");
      await client.query("COMMIT");
      send(res, 202, record(generation.rows[0]));
    } catch (err) {
      await client.query("ROLLBACK");
      throw err;
    }
  } finally {
    client.release();
  }
}

async function result(req: IncomingMessage, res: ServerResponse) {
  const hash = keyHash(req);
  const body = await readJson(req);
  const auth = await authenticate(pool, hash);
  const { rows } = await pool.query(RESULT_SQL, [String(body.id), auth.accountId]);
  if (!rows[0]) throw new Refused(404, "generation_not_found");
  send(res, 200, record(rows[0]));
}

async function minimalCreate(catalog: Map<string, Model>, req: IncomingMessage, res: ServerResponse) {
  const hash = keyHash(req);
  const r = resolve(catalog, await readJson(req));
  const { rows } = await pool.query(MINIMAL_CREATE_SQL, [
    hash,
    r.cost,
    newId("vid"),
    newId("led"),
    r.model.id,
    r.prompt,
    r.duration,
    r.size,
    r.aspectRatio,
    r.width,
    r.height,
    r.model.priceMicrosPerSecond,
    r.billedSeconds,
    r.model.queue,
    randomInt(0, 2 ** 31 - 1),
  ]);
  if (!rows[0]) throw new Refused(401, "invalid_api_key");
  if (rows[0].account_status === "suspended") throw new Refused(403, "account_suspended");
  if (rows[0].id === null) throw new Refused(402, "insufficient_balance");
  send(res, 202, record(rows[0]));
}

async function minimalResult(req: IncomingMessage, res: ServerResponse) {
  const hash = keyHash(req);
  const body = await readJson(req);
  const { rows } = await pool.query(MINIMAL_RESULT_SQL, [String(body.id), hash]);
  if (!rows[0]) throw new Refused(401, "invalid_api_key");
  if (rows[0].id === null) throw new Refused(404, "generation_not_found");
  send(res, 200, record(rows[0]));
}

async function loadCatalog(): Promise<Map<string, Model>> {
  const { rows } = await pool.query("SELECT * FROM catalog_models WHERE enabled");
  return new Map(
    rows.map((m) => [
      m.id,
      {
        id: m.id,
        priceMicrosPerSecond: BigInt(m.price_micros_per_second),
        minChargeSeconds: m.min_charge_seconds,
        queue: m.queue,
        sizes: m.sizes,
        minDuration: m.min_duration,
        maxDuration: m.max_duration,
        defaultDuration: m.default_duration,
      },
    ]),
  );
}

async function main() {
  const catalog = await loadCatalog();
  const minimal = process.env.FLOOR_MODE === "minimal";
  const server = createServer((req, res) => {
    const handled =
      req.method === "POST" && req.url === "/api/v1/videos/generations"
        ? (minimal ? minimalCreate : create)(catalog, req, res)
        : req.method === "POST" && req.url === "/api/v1/videos/result"
          ? minimal
            ? minimalResult(req, res)
            : result(req, res)
          : req.method === "GET" && req.url === "/health"
            ? pool.query("SELECT 1").then(() => send(res, 200, { status: "ok" }))
            : Promise.reject(new Refused(404, "not_found"));
    handled.catch((err: Error) => {
      if (err instanceof Refused) send(res, err.status, { error: { code: err.code } });
      else {
        console.error(err);
        send(res, 500, { error: { code: "internal_error" } });
      }
    });
  });
  server.listen(Number(process.env.PORT), "127.0.0.1");
  const stop = () => {
    server.close(() => void pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
