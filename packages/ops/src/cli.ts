#!/usr/bin/env -S node --import tsx
/**
 * Ops CLI: what a person does on a server with no dashboard at hand.
 * Talks to DATABASE_URL, or to the embedded database of a running `npm start`.
 */
import "@vgen/config/start";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatAmount, KeyRestrictionsRequest, parseUsd, toKeyRestrictions } from "@vgen/contracts";
import { env, setEnv, setEnvDefault } from "@vgen/config";
import { createDb, locateDatabaseUrl, type Db, type Role } from "@vgen/db";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";
import { checkedKeyRestrictions, createAccount, declineTestBalance, grantTestBalance, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount, markInvoicePaid } from "@vgen/engine/billing";
import { startWorker } from "@vgen/engine/generations";
import { closeSharedConnections, logToStderr, startTracing } from "@vgen/engine/platform";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const USAGE = `Usage: npm run ops -- <command> [options]

  create-account --email E [--password P] [--role user|support|admin] [--name N]
  issue-key      --email E [--name N]            prints the key once; only its hash is stored
                 [--models M1,M2] [--read-only] [--expires 2026-12-31T23:59] [--monthly-spend-cap 25.00]
                 [--sources 203.0.113.7,10.0.0.0/8]
                                                  restrictions, checked as the dashboard checks them
  credit         --email E --amount 10.00 --reason "..." [--type top_up|test_credit|adjustment]
  balance        --email E
  migrate                                         applies pending migrations and seeds the catalog
  worker         [--concurrency N]                runs a generation worker until SIGTERM
  mark-invoice-paid    --invoice INV --actor EMAIL              a bank transfer arrived: credits once, audited
  grant-test-balance   --request ID --amount 5.00 --response "..." [--actor EMAIL]
  decline-test-balance --request ID --response "..." [--actor EMAIL]
                       answer a test balance request (a grant credits test_credit once), audited;
                       the actor is a support/admin account (default: OPS_ACTOR_EMAIL)

The database is DATABASE_URL, or the embedded one of a running \`npm start\` (DATA_DIR, default ./.data).`;

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}

function databaseUrl(): string {
  // Like the start command, the CLI defaults to the repository's data directory.
  setEnvDefault("DATA_DIR", path.join(repoRoot, ".data"));
  const url = locateDatabaseUrl(env().DATA_DIR);
  if (!url) fail("no database: set DATABASE_URL, or start the service with `npm start` first");
  return url;
}

async function accountByEmail(db: Db, email: string | undefined) {
  if (!email) fail("--email is required");
  const account = await db.account.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!account) fail(`no account with email ${email}`);
  return account;
}

/** The staff member a support action is recorded against (audit log): --actor, else OPS_ACTOR_EMAIL. */
async function staffActor(db: Db, email: string | undefined) {
  const actorEmail = email ?? env().OPS_ACTOR_EMAIL;
  if (!actorEmail) fail("--actor EMAIL is required (a support or admin account; or set OPS_ACTOR_EMAIL)");
  const actor = await accountByEmail(db, actorEmail);
  if (actor.role === "user")
    fail(`${actor.email} is not staff (support or admin); create one with create-account --role support`);
  return actor;
}

/** A comma or whitespace separated flag value as a list. */
const listOf = (value: string | undefined) => (value ?? "").split(/[\s,]+/).filter(Boolean);

/**
 * issue-key's restriction flags, validated with the dashboard's schema and checked by the engine
 * (catalog models, addresses, cap and expiry bounds); undefined when none is given.
 */
async function keyRestrictionsFromFlags(db: Db, values: Record<string, string | boolean | undefined>) {
  const request = {
    allowedModels: listOf(values.models as string | undefined),
    readOnly: values["read-only"] === true,
    expiresAt: (values.expires as string | undefined) ?? null,
    monthlySpendCap: (values["monthly-spend-cap"] as string | undefined) ?? null,
    allowedSources: listOf(values.sources as string | undefined),
  };
  const parsed = KeyRestrictionsRequest.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(`--${RESTRICTION_FLAGS[String(issue.path[0])] ?? issue.path.join(".")}: ${issue.message}`);
  }
  return Promise.resolve()
    .then(() => checkedKeyRestrictions(db, toKeyRestrictions(parsed.data)))
    .catch((err: Error & { param?: string | null }) =>
      fail(`--${RESTRICTION_FLAGS[err.param ?? ""] ?? "restrictions"}: ${err.message}`),
    );
}

/** The flag of each restriction field, for error messages. */
const RESTRICTION_FLAGS: Record<string, string> = {
  allowedModels: "models",
  readOnly: "read-only",
  expiresAt: "expires",
  monthlySpendCap: "monthly-spend-cap",
  allowedSources: "sources",
};

const ROLES: Role[] = ["user", "support", "admin"];
const CREDIT_TYPES = ["top_up", "test_credit", "adjustment"] as const;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string", default: "user" },
      name: { type: "string" },
      amount: { type: "string" },
      reason: { type: "string" },
      type: { type: "string", default: "top_up" },
      concurrency: { type: "string" },
      invoice: { type: "string" },
      actor: { type: "string" },
      request: { type: "string" },
      response: { type: "string" },
      models: { type: "string" },
      "read-only": { type: "boolean" },
      expires: { type: "string" },
      "monthly-spend-cap": { type: "string" },
      sources: { type: "string" },
    },
  });
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  // A command's stdout is its answer (`export API_KEY=$(npm run -s ops -- issue-key ...)`); the
  // long-running worker logs on stdout like the web process.
  if (command !== "worker") logToStderr();
  const url = databaseUrl();
  setEnv("DATABASE_URL", url);
  const db = createDb(url, 2);
  try {
    switch (command) {
      case "create-account": {
        if (!values.email) fail("--email is required");
        if (!ROLES.includes(values.role as Role)) fail(`--role must be one of ${ROLES.join(", ")}`);
        // A weak password is refused with the engine's message, like a suspended account at issue-key.
        const account = await createAccount(db, {
          email: values.email,
          password: values.password,
          role: values.role as Role,
          name: values.name,
        }).catch((err: Error) => fail(err.message));
        console.log(JSON.stringify({ id: account.id, email: account.email, role: account.role }));
        break;
      }
      case "issue-key": {
        const account = await accountByEmail(db, values.email);
        const restrictions = await keyRestrictionsFromFlags(db, values);
        const { key, record } = await issueApiKey(db, account.id, values.name ?? "CLI key", restrictions).catch((err: Error) =>
          fail(err.message),
        );
        console.error(`Key ${record.prefix}… issued for ${account.email}. It is shown once; store it now.`);
        console.log(key);
        break;
      }
      case "credit": {
        const account = await accountByEmail(db, values.email);
        if (!values.amount) fail("--amount is required (dollars, e.g. 10.00)");
        if (!values.reason) fail("--reason is required");
        if (!CREDIT_TYPES.includes(values.type as never)) fail(`--type must be one of ${CREDIT_TYPES.join(", ")}`);
        let micros: bigint;
        try {
          micros = values.amount.startsWith("-") ? -parseUsd(values.amount.slice(1)) : parseUsd(values.amount);
        } catch {
          fail(`--amount must be a dollar amount like 10.00, got ${values.amount}`);
        }
        const entry = await creditAccount(db, {
          accountId: account.id,
          amountMicros: micros,
          type: values.type as (typeof CREDIT_TYPES)[number],
          reason: values.reason,
          actor: "ops-cli",
        });
        console.log(
          JSON.stringify({
            ledger_entry: entry.id,
            amount: formatAmount(entry.amountMicros),
            balance: formatAmount(entry.balanceAfterMicros),
          }),
        );
        break;
      }
      case "balance": {
        const account = await accountByEmail(db, values.email);
        const held = await db.generation.aggregate({
          where: { accountId: account.id, status: "processing", livemode: true },
          _sum: { costMicros: true },
        });
        console.log(
          JSON.stringify({
            email: account.email,
            available: formatAmount(account.balanceMicros),
            on_hold: formatAmount(held._sum.costMicros ?? 0n),
          }),
        );
        break;
      }
      case "migrate": {
        const applied = await applyMigrations(url);
        await seedCatalog(db);
        console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
        break;
      }
      case "worker": {
        const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
        // Before the first job: a job's span continues the trace of the request that queued it.
        const tracing = await startTracing("worker");
        const worker = await startWorker(db, concurrency);
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          process.once("SIGTERM", stop);
          process.once("SIGINT", stop);
        });
        await worker.stop();
        // The queue, and the LISTEN connection the worker's caches opened (webhook endpoints):
        // left open, it would keep the process alive after SIGTERM.
        await closeSharedConnections();
        // Last: the spans of the jobs that drained above are exported before the process ends.
        await tracing?.shutdown();
        break;
      }
      case "mark-invoice-paid": {
        if (!values.invoice) fail("--invoice is required (number like INV-2026-000001, or inv_… id)");
        const actor = await staffActor(db, values.actor);
        const result = await markInvoicePaid(db, {
          invoice: values.invoice,
          via: "bank_transfer",
          actor: actor.id,
          audit: { actorId: actor.id, action: "invoice.mark_paid", details: { via: "ops-cli", actorEmail: actor.email } },
        }).catch((err: Error) => fail(err.message));
        if (!result.credited) fail(`invoice ${result.invoice.number} is already ${result.invoice.status}; nothing credited`);
        const account = await db.account.findUniqueOrThrow({ where: { id: result.invoice.accountId } });
        console.log(
          JSON.stringify({
            invoice: result.invoice.number,
            status: result.invoice.status,
            credited: formatAmount(result.invoice.amountMicros),
            balance: formatAmount(account.balanceMicros),
            ledger_entry: result.ledgerEntryId,
          }),
        );
        break;
      }
      case "grant-test-balance":
      case "decline-test-balance": {
        if (!values.request) fail("--request is required (tbr_… id)");
        if (!values.response) fail("--response is required (the answer the user sees)");
        const actor = await staffActor(db, values.actor);
        if (command === "grant-test-balance") {
          if (!values.amount) fail("--amount is required (dollars, e.g. 5.00)");
          let micros: bigint;
          try {
            micros = parseUsd(values.amount);
          } catch {
            fail(`--amount must be a dollar amount like 5.00, got ${values.amount}`);
          }
          const { request, ledgerEntry } = await grantTestBalance(db, {
            requestId: values.request,
            actorId: actor.id,
            amountMicros: micros,
            response: values.response,
          }).catch((err: Error) => fail(err.message));
          console.log(
            JSON.stringify({
              request: request.id,
              status: request.status,
              granted: formatAmount(micros),
              balance: formatAmount(ledgerEntry.balanceAfterMicros),
              ledger_entry: ledgerEntry.id,
            }),
          );
        } else {
          const { request } = await declineTestBalance(db, {
            requestId: values.request,
            actorId: actor.id,
            response: values.response,
          }).catch((err: Error) => fail(err.message));
          console.log(JSON.stringify({ request: request.id, status: request.status }));
        }
        break;
      }
      default:
        fail(`unknown command '${command}'\n\n${USAGE}`);
    }
  } finally {
    await db.$disconnect();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
