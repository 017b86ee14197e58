import { describe, expect, it } from "vitest";
import { idSchema, isBase58, isId } from "../src";

describe("ids", () => {
  it("accepts an id of its prefix made of base58 only", () => {
    expect(isId("vid", "vid_7hX2kLmQ9rT4vB8nC1dE3f")).toBe(true);
    expect(isId("whe", "vid_7hX2kLmQ9rT4vB8nC1dE3f")).toBe(false);
    expect(isId("vid", "vid_")).toBe(false);
    expect(isId("vid", "vid_has0zero")).toBe(false);
    expect(isId("vid", "vid_has_underscore")).toBe(false);
    expect(isId("vid", "xvid_abc")).toBe(false);
    expect(isId("vid", `vid_${"a".repeat(60)}`)).toBe(true);
    expect(isId("vid", `vid_${"a".repeat(61)}`)).toBe(false);
    expect(isId("vid", undefined)).toBe(false);
  });

  it("validates with a message naming what the id is for", () => {
    expect(idSchema("whe").parse("whe_abc")).toBe("whe_abc");
    expect(idSchema("whe").safeParse("whd_abc").error?.issues[0]?.message).toBe("Not a webhook endpoint id.");
    expect(idSchema("whd", "Not a delivery id.").safeParse("").error?.issues[0]?.message).toBe("Not a delivery id.");
  });

  it("tells base58 from other text", () => {
    expect(isBase58("3fT9kLmQ")).toBe(true);
    for (const bad of ["", "0", "O", "I", "l", "a-b", "a b"]) expect(isBase58(bad), bad).toBe(false);
  });
});
