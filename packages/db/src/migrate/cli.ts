// `tsx packages/db/src/migrate/cli.ts`: applies pending migrations to $DATABASE_URL and prints them.
import { applyMigrations, MIGRATIONS_DIR } from "./apply";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const applied = await applyMigrations(url);
  if (applied.length === 0) console.log(`No pending migrations in ${MIGRATIONS_DIR}`);
  for (const name of applied) console.log(`Applied migration ${name}`);
}

main().catch((e) => {
  console.error(`Migration failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
