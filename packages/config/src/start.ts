/*
 * Imported first by every entry point (web server, ops CLI): a bad configuration stops the process
 * before anything else loads, with one line naming each bad variable instead of a stack trace.
 */
import { ConfigError, env } from "./index";

try {
  env();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
