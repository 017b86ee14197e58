#!/usr/bin/env node
// Compiles a long-running entry point (`web`: the server; `ops`: the CLI, which also runs separate
// workers) to plain JavaScript, so production never transpiles TypeScript at run time.
// Workspace packages are bundled in; everything from node_modules stays an import, resolved here
// to its file so that it loads no matter which package declared it (pnpm keeps them apart).
// Paths in the output are relative to it, so a build restored from turbo's cache into another
// checkout loads that checkout's files.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ENTRIES = {
  web: { in: "apps/web/server.ts", out: "apps/web/dist/server.mjs" },
  ops: { in: "packages/ops/src/cli.ts", out: "packages/ops/dist/cli.mjs" },
};
const entries = process.argv.slice(2).map((name) => ENTRIES[name] ?? fail(`unknown entry '${name}' (web, ops)`));

function fail(message) {
  console.error(message);
  process.exit(2);
}

/** The output file's view of a source file: a relative specifier (POSIX separators). */
function relativeTo(outDir, file) {
  const rel = path.relative(outDir, file).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** Node built-ins and packages outside the workspace are not bundled. */
const externalPackages = (outDir) => ({
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@vgen/") || args.path.startsWith("@/") || args.pluginData === "resolving") return undefined;
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (!resolved.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: relativeTo(outDir, resolved.path), external: true };
    });
  },
});

/** Modules find their files relative to their own source location; keep that true in the bundle. */
const keepModuleUrls = (outDir) => ({
  name: "keep-module-urls",
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      const url = `new URL(${JSON.stringify(relativeTo(outDir, args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
});

for (const entry of entries) {
  const outDir = path.dirname(path.join(root, entry.out));
  await build({
    entryPoints: [path.join(root, entry.in)],
    outfile: path.join(root, entry.out),
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    tsconfig: path.join(root, "apps/web/tsconfig.json"),
    // Node's own conditions only: esbuild adds bundlers' `module` by default, which picks a package's
    // bundler-only ESM build (@opentelemetry/api's has extensionless imports) that Node cannot load.
    conditions: ["node"],
    plugins: [externalPackages(outDir), keepModuleUrls(outDir)],
    logLevel: "warning",
  });
}
console.log(`compiled ${entries.map((e) => e.out).join(", ")}`);
