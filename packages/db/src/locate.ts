import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where the start command records the URL of the embedded database it is running. */
export function embeddedUrlFile(dataDir: string): string {
  return path.join(dataDir, "database-url");
}

/** DATABASE_URL, or the embedded database of a running `npm start` in this repo. */
export function locateDatabaseUrl(dataDir = process.env.DATA_DIR ?? path.join(process.cwd(), ".data")): string | null {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = embeddedUrlFile(dataDir);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}
