// Child process for the orphan test: starts the embedded server, writes a row, reports, then idles
// until the test SIGKILLs it (leaving the server running with its postmaster.pid).
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/embedded-postgres";

async function main() {
  const [dataDir, port] = process.argv.slice(2);
  const server = await startEmbeddedPostgres({ dataDir: dataDir!, port: Number(port) });
  const c = new pg.Client({ connectionString: server.url });
  await c.connect();
  await c.query("CREATE TABLE IF NOT EXISTS survivor (id int PRIMARY KEY, note text)");
  await c.query("INSERT INTO survivor VALUES (1, 'written before SIGKILL') ON CONFLICT DO NOTHING");
  await c.end();
  process.stdout.write(`READY ${server.url}\n`);
  setInterval(() => {}, 1_000);
}

main().catch((e) => {
  process.stdout.write(`FAILED ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
