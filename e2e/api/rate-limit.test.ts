import { describe, expect, it } from "vitest";
import { newAccount } from "../support/fixtures";

describe("per-account, per-model rate limits", () => {
  it("a burst of 40 concurrent creates on gen-3.1-pro (18 QPS) gets 429s with the headers, never more than the limit accepted", async () => {
    const acct = await newAccount({ balance: "200.00" });
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        acct.call("/api/v1/videos/generations", {
          method: "POST",
          json: { model: "gen-3.1-pro", prompt: `burst ${i}`, duration: 1, size: "720p", stream: false },
        }),
      ),
    );
    const accepted = responses.filter((r) => r.status === 202);
    const limited = responses.filter((r) => r.status === 429);
    // One-second windows: a burst that a loaded machine stretches past a second may use a second window.
    const windows = Math.max(1, Math.ceil((Date.now() - started) / 1000));
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(18 * windows);
    expect(limited.length).toBeGreaterThanOrEqual(Math.max(1, 40 - 18 * windows));
    expect(accepted.length + limited.length).toBe(40);
    for (const res of responses) {
      expect(res.headers.get("x-ratelimit-limit")).toBe("18");
      expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    }
    const body = await limited[0]!.json();
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.type).toBe("rate_limit_error");
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Refused requests hold nothing: exactly the accepted ones are on hold.
    await Promise.all(accepted.map((r) => r.json()));

    // After the window the model accepts again.
    await new Promise((r) => setTimeout(r, 1100));
    const later = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-pro", prompt: "after the burst", duration: 1, size: "720p", stream: false },
    });
    expect(later.status).toBe(202);
  });

  it("limits are per model: another model keeps its own budget", async () => {
    const acct = await newAccount({ balance: "200.00" });
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        acct.call("/api/v1/videos/generations", {
          method: "POST",
          json: { model: "gen-3.1-pro", prompt: `fill ${i}`, duration: 1, size: "720p", stream: false },
        }),
      ),
    );
    const other = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3-1080", prompt: "other model", duration: 1, stream: false },
    });
    expect(other.status).toBe(202);
    expect(other.headers.get("x-ratelimit-limit")).toBe("20");
  });

  it("every API response states the limit", async () => {
    const acct = await newAccount();
    for (const res of [
      await acct.call("/api/v1/models"),
      await acct.call("/api/v1/videos/generations"),
      await acct.call("/api/v1/videos/result", { method: "POST", json: { id: "vid_nope" } }),
    ]) {
      expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
    }
  });
});
