import { describe, expect, it } from "vitest";
import { ApiError, DEFAULT_PAGE_LIMIT, buildOpenApiDocument, parseListQuery } from "../src/index";

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

function refusal(query: string): { code: string; message: string; param: string | null } | "accepted" {
  try {
    parse(query);
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, message: err.message, param: err.param };
    throw err;
  }
  return "accepted";
}

const LIMIT_REFUSED = {
  code: "invalid_parameter",
  message: "Invalid 'limit': must be an integer from 1 to 100.",
  param: "limit",
};

describe("parseListQuery", () => {
  it("defaults to the first page of 20", () => {
    expect(parse("")).toEqual({ limit: 20, cursor: null });
    expect(DEFAULT_PAGE_LIMIT).toBe(20);
    expect(parse("cursor=")).toEqual({ limit: 20, cursor: null });
    expect(parse("limit=5&cursor=abc")).toEqual({ limit: 5, cursor: "abc" });
  });

  it("refuses a limit outside 1-100 or not a whole number, naming the parameter", () => {
    for (const limit of ["0", "101", "-1", "1.5", "abc", "", "Infinity"]) {
      expect(refusal(`limit=${limit}`), `limit=${limit}`).toEqual(LIMIT_REFUSED);
    }
  });

  it("reads the limit as a number, as it always has", () => {
    expect(parse("limit=100").limit).toBe(100);
    expect(parse("limit=1.0").limit).toBe(1);
    expect(parse("limit=%205%20").limit).toBe(5);
    expect(parse("limit=7&limit=500").limit).toBe(7);
  });
});

describe("the documented list query", () => {
  const list = (buildOpenApiDocument("https://api.example.test") as any).paths["/api/v1/videos/generations"].get;
  const param = (name: string) => list.parameters.find((p: any) => p.name === name);

  it("has the bounds the request validator enforces", () => {
    const { minimum, maximum, example } = param("limit").schema;
    expect([minimum, maximum]).toEqual([1, 100]);
    expect(parse(`limit=${minimum}`).limit).toBe(minimum);
    expect(parse(`limit=${maximum}`).limit).toBe(maximum);
    expect(refusal(`limit=${minimum - 1}`)).toEqual(LIMIT_REFUSED);
    expect(refusal(`limit=${maximum + 1}`)).toEqual(LIMIT_REFUSED);
    expect(example).toBe(parse("").limit);
  });

  it("documents exactly the parameters the validator reads, all optional", () => {
    expect(list.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ["limit", "query", false],
      ["cursor", "query", false],
    ]);
  });
});
