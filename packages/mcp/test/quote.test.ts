import type { Model } from "@vgen/sdk";
import { describe, expect, it } from "vitest";
import { quote } from "../src/quote";

const BASE = "https://api.example.test/";

function model(overrides: Partial<Model>): Model {
  return {
    id: "gen-3.1-pro",
    object: "model",
    purpose: "test",
    price: "$0.480 / сек",
    price_per_second: "$0.480",
    rate_limit_qps: 18,
    min_charge_seconds: 4,
    queue: "Pro Priority",
    sizes: ["1080p", "720p"],
    default_size: "1080p",
    aspect_ratios: ["16:9", "9:16"],
    duration: { min: 1, max: 8, default: 8 },
    max_outputs: 4,
    audio: { supported: false, default: false, price: null },
    ...overrides,
  };
}

const MODELS = [
  model({}),
  model({ id: "gen-3.1-fast", price: "$0.150 / сек", price_per_second: "$0.150", sizes: ["720p"], default_size: "720p" }),
];

describe("quote", () => {
  it("holds n clips for a request of several, within the model's max_outputs", () => {
    expect(quote(MODELS, { model: "gen-3.1-pro", duration: 8, n: 3 }, BASE)).toMatchObject({
      billed_seconds: 24,
      cost: "$11.520",
    });
    expect(() => quote(MODELS, { model: "gen-3.1-pro", n: 5 }, BASE)).toThrow(/n/);
    try {
      quote(MODELS, { model: "gen-3.1-pro", n: 5 }, BASE);
    } catch (err) {
      expect(err).toMatchObject({ code: "too_many_outputs", param: "n" });
    }
  });

  it("bills the minimum charge for a shorter clip and the duration above it", () => {
    expect(quote(MODELS, { model: "gen-3.1-pro", duration: 2 }, BASE)).toEqual({
      object: "quote",
      model: "gen-3.1-pro",
      duration: 2,
      size: "1080p",
      billed_seconds: 4,
      price: "$0.480 / сек",
      price_per_second: "$0.480",
      cost: "$1.920",
    });
    expect(quote(MODELS, { model: "gen-3.1-fast", duration: 7 }, BASE)).toMatchObject({ billed_seconds: 7, cost: "$1.050" });
  });

  it("takes the model's default duration and size, as a create does", () => {
    expect(quote(MODELS, { model: "gen-3.1-pro" }, BASE)).toMatchObject({ duration: 8, size: "1080p", cost: "$3.840" });
  });

  it("multiplies in integer micro-dollars: 8 s at $0.001 is $0.008, 3 s at $999.999 is $2999.997", () => {
    const cheap = model({ id: "cheap", price_per_second: "$0.001", min_charge_seconds: 0 });
    const dear = model({ id: "dear", price_per_second: "$999.999", min_charge_seconds: 0 });
    expect(quote([cheap], { model: "cheap", duration: 8 }, BASE).cost).toBe("$0.008");
    expect(quote([dear], { model: "dear", duration: 3 }, BASE).cost).toBe("$2999.997");
  });

  it("refuses what the create would refuse, with the catalog's code, param and doc link", () => {
    const refusal = (req: Parameters<typeof quote>[1]) => {
      try {
        quote(MODELS, req, BASE);
      } catch (err) {
        return err as { code: string; param: string; doc_url: string; message: string };
      }
      throw new Error("no refusal");
    };
    expect(refusal({ model: "gen-9" })).toMatchObject({
      code: "unknown_model",
      param: "model",
      doc_url: "https://api.example.test/errors#unknown_model",
      message: "Unknown model 'gen-9'. See GET /api/v1/models for the catalog.",
    });
    expect(refusal({ model: "gen-3.1-pro", duration: 9 })).toMatchObject({ code: "invalid_parameter", param: "duration" });
    expect(refusal({ model: "gen-3.1-pro", duration: 0 })).toMatchObject({ code: "invalid_parameter", param: "duration" });
    expect(refusal({ model: "gen-3.1-pro", duration: 2.5 })).toMatchObject({ code: "invalid_parameter", param: "duration" });
    expect(refusal({ model: "gen-3.1-fast", size: "4k" })).toMatchObject({
      code: "unsupported_size",
      param: "size",
      message: "gen-3.1-fast does not produce 4k; it supports 720p.",
    });
  });
});
