import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { GENERATED_FILE, renderOpenApiTypes } from "../scripts/openapi-types";

describe("generated wire types", () => {
  it("match the OpenAPI document built from @vgen/contracts (regenerate: pnpm --filter @vgen/sdk generate-types)", async () => {
    expect(await readFile(GENERATED_FILE, "utf8")).toBe(await renderOpenApiTypes());
  });
});
