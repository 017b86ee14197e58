import { describe, expect, it } from "vitest";
import { ApiError, FINAL_EVENT_ID, parseLastEventId } from "../src/index";

describe("Last-Event-ID", () => {
  it("reads the ids a stream sends, the header before the query", () => {
    expect(parseLastEventId("0", null)).toBe(0);
    expect(parseLastEventId(" 42 ", null)).toBe(42);
    expect(parseLastEventId(null, String(FINAL_EVENT_ID))).toBe(FINAL_EVENT_ID);
    expect(parseLastEventId("7", "3")).toBe(7);
    expect(parseLastEventId(null, null)).toBeNull();
    expect(parseLastEventId("", "")).toBeNull();
  });

  it("refuses what no stream sends, naming where it came from", () => {
    for (const bad of ["101", "-1", "abc", "1.5", "007", "1e2"]) {
      const err = (() => {
        try {
          parseLastEventId(bad, null);
        } catch (e) {
          return e;
        }
      })();
      expect(err, bad).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: "invalid_parameter", param: "Last-Event-ID" });
    }
    expect(() => parseLastEventId(null, "x")).toThrow(expect.objectContaining({ param: "lastEventId" }));
  });
});
