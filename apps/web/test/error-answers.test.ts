import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The one error module (src/server/errors): only it may write the error envelope. */
const ERRORS_MODULE = `src${path.sep}server${path.sep}errors${path.sep}`;

/** Ways of answering an error by hand instead of through the error module. */
const HAND_MADE = [
  { what: "the catalog's serializer", pattern: /\.toBody\(/ },
  { what: "the envelope's writer", pattern: /\berrorBody\(/ },
  // Not inside a string: the reference pages show the envelope's shape as text.
  { what: "an error body literal", pattern: /(?<!["'`])\berror\s*:\s*\{\s*(code|message|type)\b/ },
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function handMade(text: string): string[] {
  return HAND_MADE.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

describe("error answers", () => {
  it("recognizes an error answered by hand", () => {
    expect(handMade('return Response.json({ error: { code: "x", message } }, { status: 401 });')).toEqual([
      "an error body literal",
    ]);
    expect(handMade("JSON.stringify(error.toBody(base, id))")).toEqual(["the catalog's serializer"]);
  });

  it("are built by src/server/errors only", () => {
    const files = [...sources(path.join(web, "src")), path.join(web, "server.ts")];
    const offenders = files
      .filter((file) => !path.relative(web, file).startsWith(ERRORS_MODULE))
      .flatMap((file) => handMade(readFileSync(file, "utf8")).map((what) => `${path.relative(web, file)}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
