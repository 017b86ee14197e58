import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@vgen/config";

/** Where the start command records the URL of the embedded database it is running. */
export function embeddedUrlFile(dataDir: string): string {
  return path.join(dataDir, "database-url");
}

/** DATABASE_URL, or the embedded database of a running `npm start` in this repo. */
export function locateDatabaseUrl(dataDir = env().DATA_DIR): string | null {
  const { DATABASE_URL } = env();
  if (DATABASE_URL) return DATABASE_URL;
  const file = embeddedUrlFile(dataDir);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}
