import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const COMPOSE_FILE = path.join(root, "compose.yaml");

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean; test?: string[] };
  restart?: string;
  ports?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** compose.yaml as Docker Compose reads it (YAML merge keys resolved). */
export function readCompose(): ComposeFile {
  return parse(readFileSync(COMPOSE_FILE, "utf8"), { merge: true }) as ComposeFile;
}

export type ProcessRole = "migrate" | "web" | "worker";

/** The service whose command each role runs; compose.yaml's other copies must match it (compose.test.ts). */
const ROLE_SERVICES: Record<ProcessRole, string> = { migrate: "migrate", web: "web-1", worker: "worker-1" };

/**
 * The command of each production process, read from compose.yaml: the test harness starts its
 * migration, web and worker processes with exactly what a deployment runs.
 */
export function deployCommand(role: ProcessRole): string[] {
  const service = ROLE_SERVICES[role];
  const command = readCompose().services[service]?.command;
  if (!Array.isArray(command) || command.length === 0) throw new Error(`compose.yaml: service ${service} has no command list`);
  return command;
}
