// The dependency rules of docs/architecture.md#dependency-rules, checked by `npm run deps` and by
// e2e/run-all.ts's static checks. Sources only: tests may reach into what they test.
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");

/** Every file a workspace package exports (package.json `exports`), as repository paths. */
function exportedEntries() {
  const entries = [];
  const collect = (dir, value) => {
    if (typeof value === "string") entries.push(path.posix.join("packages", dir, value));
    else if (value && typeof value === "object") for (const inner of Object.values(value)) collect(dir, inner);
  };
  for (const dir of readdirSync(path.join(__dirname, "packages"))) {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, "packages", dir, "package.json"), "utf8"));
    collect(dir, manifest.exports);
  }
  return entries;
}

const regexpOf = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ENGINE_DOMAIN = "^packages/engine/src/([^/]+)/";

module.exports = {
  forbidden: [
    {
      name: "engine-domain-internals",
      comment: "An engine domain is used by other domains only through its index.ts.",
      severity: "error",
      from: { path: ENGINE_DOMAIN },
      to: {
        path: "^packages/engine/src/[^/]+/",
        pathNot: ["^packages/engine/src/$1/", "^packages/engine/src/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "engine-domain-cycles",
      comment: "No two engine domains depend on each other, directly or through others.",
      severity: "error",
      scope: "folder",
      from: { path: "^packages/engine/src/[^/]+$" },
      to: { path: "^packages/engine/src/[^/]+$", circular: true },
    },
    {
      name: "package-internals",
      comment: "Apps and packages use another package only through what its package.json exports.",
      severity: "error",
      from: { path: "^(apps|packages)/([^/]+)/" },
      to: { path: "^packages/[^/]+/", pathNot: ["^packages/$2/", ...exportedEntries().map((entry) => `^${regexpOf(entry)}$`)] },
    },
  ],
  options: {
    exclude: { path: "(^|/)(node_modules|\\.next|dist|test|generated)/|\\.test\\.tsx?$|(^|/)vitest\\.config\\.ts$" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
  },
};
