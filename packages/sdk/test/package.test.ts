// The published package must run on Node 20 alone: no runtime dependency, and nothing of the server
// (@vgen/engine, @vgen/db, next, prisma) imported by the code that ships.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat().filter((f) => f.endsWith(".ts"));
}

describe("package", () => {
  it("declares no runtime dependencies and ships dist only, with types and the vgen bin", async () => {
    const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.files).toEqual(["dist", "README.md"]);
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js" });
    expect(pkg.bin).toEqual({ vgen: "./dist/cli.js" });
  });

  it("imports only Node built-ins and its own files at run time", async () => {
    const files = await sourceFiles(path.join(root, "src"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = await readFile(file, "utf8");
      // Type-only imports vanish from the output; every other import must be node: or relative.
      const runtime = [...source.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)].map((m) => m[1]!);
      for (const specifier of runtime)
        expect(specifier, `${path.relative(root, file)} imports ${specifier}`).toMatch(/^(node:|\.\.?\/)/);
    }
  });
});
