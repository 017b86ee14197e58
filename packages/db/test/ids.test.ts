import { isId } from "@vgen/contracts";
import { describe, expect, it } from "vitest";
import { newId } from "../src/ids";

describe("newId", () => {
  it("issues ids of the form contracts accepts, with 22 random characters", () => {
    const ids = Array.from({ length: 1000 }, () => newId("vid"));
    for (const id of ids) {
      expect(isId("vid", id), id).toBe(true);
      expect(id).toHaveLength("vid_".length + 22);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
