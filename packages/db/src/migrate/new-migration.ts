// `npm run db:new-migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL that takes a database from the existing migrations to the current prisma/schema.prisma
// (what `prisma migrate dev --create-only` does), using Prisma's schema engine (WebAssembly).
//
// Throwaway database for replaying the existing migrations, in order of preference:
//   $SHADOW_DATABASE_URL (emptied before use, as Prisma does with a shadow database),
//   else a temporary database created and dropped on $DATABASE_URL's server,
//   else a temporary embedded PostgreSQL in the OS temp directory.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "@vgen/config";
import {
  LOCKFILE_CONTENT,
  LOCKFILE_NAME,
  loadMigrations,
  MIGRATIONS_DIR,
  type MigrationList,
  NO_FILTERS,
  openEngine,
  SCHEMA_PATH,
} from "./engine";

export interface NewMigrationOptions {
  name: string;
  migrationsDir?: string;
  schemaPath?: string;
  databaseUrl?: string;
  shadowDatabaseUrl?: string;
  /** Write the folder even when the schema has no changes (for hand-written data migrations). */
  allowEmpty?: boolean;
  now?: Date;
}

export interface NewMigrationResult {
  /** Folder name, or null when there was nothing to write. */
  migrationName: string | null;
  sql: string;
  path: string | null;
}

const EMPTY = /^\s*(--[^\n]*\n?\s*)*$/;

// Hand-written SQL the schema cannot express and the WebAssembly schema engine aborts on
// ("RuntimeError: unreachable") when it introspects the replayed database: CHECK constraints and
// constraint triggers. Neither is in schema.prisma, so leaving them out of the replay changes no diff.
const UNINTROSPECTABLE = [/^ALTER TABLE [^;]*ADD CONSTRAINT [^;]*\bCHECK\b[^;]*;/gim, /^CREATE CONSTRAINT TRIGGER [^;]*;/gim];

function withoutUnintrospectable(list: MigrationList): MigrationList {
  return {
    ...list,
    migrationDirectories: list.migrationDirectories.map((d) => {
      const content = d.migrationFile.content;
      if (content.tag !== "ok") return d;
      const value = UNINTROSPECTABLE.reduce((sql, re) => sql.replace(re, ""), content.value);
      return { ...d, migrationFile: { ...d.migrationFile, content: { tag: "ok", value } } };
    }),
  };
}

function migrationTimestamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

function sanitizeName(name: string): string {
  const s = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!s) throw new Error(`Invalid migration name ${JSON.stringify(name)}: use letters, digits and underscores`);
  return s.slice(0, 200);
}

/** Computes the SQL from the existing migrations to the schema, on a throwaway database. */
async function diffMigrationsToSchema(opts: {
  migrationsDir: string;
  schemaPath: string;
  databaseUrl?: string;
  shadowDatabaseUrl?: string;
}): Promise<string> {
  const schema = await readFile(opts.schemaPath, "utf8");
  const migrationsList = withoutUnintrospectable(await loadMigrations(opts.migrationsDir));
  // The engine refuses a migrations directory without a lockfile; the one we are about to write is implied.
  migrationsList.lockfile.content ??= LOCKFILE_CONTENT;

  let mainUrl = opts.shadowDatabaseUrl ?? opts.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  if (!mainUrl) {
    const { startEmbeddedPostgres } = await import("../embedded-postgres");
    // mkdtemp's directory (mode 0700) is the data directory itself, never an ancestor of it.
    tmpDir = await mkdtemp(path.join(os.tmpdir(), "vgen-migrate-"));
    const pgServer = await startEmbeddedPostgres({ dataDir: tmpDir, port: 0 });
    mainUrl = pgServer.url;
    stopEmbedded = pgServer.stop;
  }
  try {
    const handle = await openEngine(mainUrl, { shadowDatabaseUrl: opts.shadowDatabaseUrl });
    try {
      if (opts.shadowDatabaseUrl) await handle.run((e) => e.reset({ filter: NO_FILTERS }));
      const result = await handle.run((e) =>
        e.diff({
          from: { tag: "migrations", ...migrationsList },
          to: { tag: "schemaDatamodel", files: [{ path: opts.schemaPath, content: schema }] },
          script: true,
          exitCode: null,
          filters: NO_FILTERS,
        }),
      );
      return result.stdout ?? "";
    } finally {
      if (opts.shadowDatabaseUrl) await handle.run((e) => e.reset({ filter: NO_FILTERS })).catch(() => {});
      await handle.close();
    }
  } finally {
    await stopEmbedded?.();
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
  }
}

export async function createMigration(opts: NewMigrationOptions): Promise<NewMigrationResult> {
  const name = sanitizeName(opts.name);
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const sql = await diffMigrationsToSchema({
    migrationsDir,
    schemaPath: opts.schemaPath ?? SCHEMA_PATH,
    databaseUrl: opts.databaseUrl,
    shadowDatabaseUrl: opts.shadowDatabaseUrl,
  });
  if (EMPTY.test(sql) && !opts.allowEmpty) return { migrationName: null, sql, path: null };

  await mkdir(migrationsDir, { recursive: true });
  // Keep names unique and strictly after every existing folder (folders apply in name order).
  const existing = (await loadMigrations(migrationsDir)).migrationDirectories.map((d) => d.path);
  let time = (opts.now ?? new Date()).getTime();
  let migrationName = `${migrationTimestamp(new Date(time))}_${name}`;
  const latestTs = existing
    .map((n) => n.slice(0, 14))
    .sort()
    .at(-1);
  while ((latestTs && migrationName.slice(0, 14) <= latestTs) || existing.includes(migrationName)) {
    time += 1000;
    migrationName = `${migrationTimestamp(new Date(time))}_${name}`;
  }
  const dir = path.join(migrationsDir, migrationName);
  await mkdir(dir);
  const body = EMPTY.test(sql) ? "-- This is an empty migration.\n" : sql.endsWith("\n") ? sql : `${sql}\n`;
  await writeFile(path.join(dir, "migration.sql"), body);
  const lockPath = path.join(migrationsDir, LOCKFILE_NAME);
  if (!existsSync(lockPath)) await writeFile(lockPath, LOCKFILE_CONTENT);
  return { migrationName, sql: body, path: path.join(dir, "migration.sql") };
}

async function main() {
  const args = process.argv.slice(2);
  const allowEmpty = args.includes("--allow-empty");
  const name = args.filter((a) => !a.startsWith("--"))[0];
  if (!name) {
    console.error("Usage: npm run db:new-migration -- <name> [--allow-empty]");
    process.exit(2);
  }
  const res = await createMigration({
    name,
    allowEmpty,
    databaseUrl: env().DATABASE_URL,
    shadowDatabaseUrl: env().SHADOW_DATABASE_URL,
  });
  if (!res.migrationName) {
    console.log("No changes: prisma/schema.prisma matches the existing migrations (nothing written).");
    return;
  }
  console.log(`Created ${path.relative(process.cwd(), res.path!)}`);
}

const isMain =
  process.argv[1] &&
  path.resolve(process.argv[1]).replace(/\.[cm]?[jt]s$/, "") ===
    path.resolve(new URL(import.meta.url).pathname).replace(/\.[cm]?[jt]s$/, "");
if (isMain) {
  main().catch((e) => {
    console.error(`new-migration failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
