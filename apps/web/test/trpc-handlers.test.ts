import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The tRPC layout (docs/architecture.md): each procedure `<folder>.<name>` is wired in
 * `routers/<folder>/router.ts` to `<name>Handler` from `<name>.handler.ts` and, when it has input, to
 * a schema from `<name>.schema.ts`. A handler file holds that one handler and reaches the database
 * only through engine functions.
 */
const ROUTERS = join(import.meta.dirname, "../src/server/routers");

/** `name: xxxProcedure.input(Schema).query(handler)`, possibly wrapped over lines by the formatter. */
const PROCEDURE = /(\w+):\s*\w+Procedure(?:\s*\.input\(\s*(\w+)\s*\))?\s*\.(?:query|mutation)\(\s*(\w+)\s*\)/g;

interface Procedure {
  name: string;
  input: string | null;
  handler: string;
}

function proceduresOf(routerSource: string): Procedure[] {
  return [...routerSource.matchAll(PROCEDURE)].map((m) => ({ name: m[1]!, input: m[2] ?? null, handler: m[3]! }));
}

/** What is wrong with a folder's router.ts and the files beside it. */
function routerProblems(routerSource: string, files: string[]): string[] {
  const problems: string[] = [];
  const procedures = proceduresOf(routerSource);
  const uses = routerSource.match(/\w+Procedure\s*\./g)?.length ?? 0;
  if (uses !== procedures.length) problems.push(`router.ts: ${uses - procedures.length} procedure(s) not in the one-line form`);
  for (const p of procedures) {
    if (p.handler !== `${p.name}Handler`) problems.push(`${p.name}: wired to ${p.handler}, not ${p.name}Handler`);
    if (!routerSource.includes(`import { ${p.name}Handler } from "./${p.name}.handler";`))
      problems.push(`${p.name}: ${p.name}Handler is not imported from ./${p.name}.handler`);
    if (p.input && !routerSource.includes(`import { ${p.input} } from "./${p.name}.schema";`))
      problems.push(`${p.name}: ${p.input} is not imported from ./${p.name}.schema`);
  }
  const names = new Set(procedures.map((p) => p.name));
  const withInput = new Set(procedures.filter((p) => p.input).map((p) => p.name));
  for (const file of files) {
    const handler = /^(.+)\.handler\.ts$/.exec(file)?.[1];
    if (handler !== undefined && !names.has(handler)) problems.push(`${file}: no procedure named ${handler}`);
    const schema = /^(.+)\.schema\.ts$/.exec(file)?.[1];
    if (schema !== undefined && schema !== "common" && !withInput.has(schema))
      problems.push(`${file}: no procedure with input named ${schema}`);
  }
  return problems;
}

/** What is wrong with one `<name>.handler.ts`: anything but the one handler, or a database call. */
function handlerProblems(file: string, source: string): string[] {
  const problems: string[] = [];
  const name = `${file.replace(/\.handler\.ts$/, "")}Handler`;
  const exported = [
    ...source.matchAll(/^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|type|interface|enum)\s+(\w+)/gm),
  ].map((m) => m[1]);
  if (/^export\s*(?:\{|\*|default\s+[^afc])/m.test(source)) problems.push(`${file}: re-exports or exports a value`);
  if (exported.length !== 1 || exported[0] !== name)
    problems.push(`${file}: exports ${exported.join(", ") || "nothing"}, not only ${name}`);
  else if (!new RegExp(`^export\\s+(?:async\\s+)?function\\s+${name}\\b`, "m").test(source))
    problems.push(`${file}: ${name} is not a function`);
  const handlers = source.match(/\b\w+Handler\s*(?:=|\()/g)?.filter((h) => !h.startsWith(name)) ?? [];
  if (handlers.length > 0) problems.push(`${file}: holds another handler (${handlers.join(", ")})`);
  if (/\bdb\s*\??\.\s*[$\w]/.test(source)) problems.push(`${file}: calls the database (db.…); call an engine function`);
  if (/\bprisma\b|\bgetDb\b|\$queryRaw|\$executeRaw|\$transaction/i.test(source)) problems.push(`${file}: uses Prisma directly`);
  if (/^import\s+(?!type\b)[^;]*from\s+["']@vgen\/db["']/m.test(source)) problems.push(`${file}: imports @vgen/db (types only)`);
  return problems;
}

const folders = readdirSync(ROUTERS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("tRPC routers", () => {
  test.each(folders)("%s: every procedure is <name>.handler.ts + <name>.schema.ts, and no file is left over", (folder) => {
    const files = readdirSync(join(ROUTERS, folder));
    const router = readFileSync(join(ROUTERS, folder, "router.ts"), "utf8");
    expect(proceduresOf(router).length).toBeGreaterThan(0);
    expect(routerProblems(router, files)).toEqual([]);
  });

  test.each(folders)("%s: each handler file holds one handler and no database call", (folder) => {
    const files = readdirSync(join(ROUTERS, folder)).filter((f) => f.endsWith(".handler.ts"));
    const problems = files.flatMap((f) => handlerProblems(f, readFileSync(join(ROUTERS, folder, f), "utf8")));
    expect(problems).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const ok = `import { listThings } from "@vgen/engine/things";\nexport function listHandler({ ctx }) {\n  return listThings(ctx.db, ctx.user.id);\n}\n`;

  test("a handler that passes ctx.db to an engine function is fine", () => {
    expect(handlerProblems("list.handler.ts", ok)).toEqual([]);
  });

  test("a Prisma call in a handler is caught", () => {
    const direct = ok.replace("listThings(ctx.db, ctx.user.id)", "ctx.db.apiKey.count({ where: {} })");
    expect(handlerProblems("list.handler.ts", direct)).toEqual([expect.stringContaining("calls the database")]);
    const destructured = ok.replace(
      "return listThings(ctx.db, ctx.user.id);",
      "const { db } = ctx;\n  return db.$queryRaw`select 1`;",
    );
    expect(handlerProblems("list.handler.ts", destructured).length).toBeGreaterThan(0);
    expect(handlerProblems("list.handler.ts", `import { getDb } from "@vgen/db";\n${ok}`).length).toBeGreaterThan(0);
  });

  test("a second handler, or a handler named for another procedure, is caught", () => {
    expect(handlerProblems("list.handler.ts", `${ok}export function getHandler() {}\n`)).not.toEqual([]);
    expect(handlerProblems("list.handler.ts", `${ok}function getHandler() {}\n`)).not.toEqual([]);
    expect(handlerProblems("get.handler.ts", ok)).not.toEqual([]);
  });

  test("a router entry wired to another file's handler, or a stray handler file, is caught", () => {
    const router = [
      `import { listHandler } from "./list.handler";`,
      `import { ListInput } from "./list.schema";`,
      `export const r = createTRPCRouter({`,
      `  list: protectedProcedure.input(ListInput).query(listHandler),`,
      `});`,
    ].join("\n");
    expect(routerProblems(router, ["router.ts", "list.handler.ts", "list.schema.ts", "common.schema.ts"])).toEqual([]);
    expect(routerProblems(router, ["list.handler.ts", "list.schema.ts", "get.handler.ts"])).toEqual([
      "get.handler.ts: no procedure named get",
    ]);
    const shared = router.replace(
      `import { listHandler } from "./list.handler";`,
      `import { listHandler } from "./things.handler";`,
    );
    expect(routerProblems(shared, ["list.schema.ts"])).not.toEqual([]);
    const renamed = router.replace("  list: ", "  all: ");
    expect(routerProblems(renamed, [])).not.toEqual([]);
  });
});
