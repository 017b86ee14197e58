// Several outputs per request (docs/api.md#several-outputs): `n: 2` on the local renderer gives two
// outputs with their own URLs, each an MP4 with a poster, held and charged as two clips; a request
// above the model's `max_outputs` is refused before any hold.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf, db, ledgerSum, newAccount, waitForTerminal } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";

/** A model of this file's own ($0.100 per second, up to 2 clips per request, local renderer). */
let model: string;

beforeAll(async () => {
  model = await createOwnModel("outputs", "several outputs API test", { priceMicrosPerSecond: 100_000n, maxOutputs: 2 });
});

afterAll(() => retireOwnModel(model));

describe("n outputs per request", () => {
  it("n: 2 gives two MP4s with their own posters, held and charged as two clips", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const listed = await (await acct.call("/api/v1/models")).json();
    expect(listed.data.find((m: { id: string }) => m.id === model)).toMatchObject({ max_outputs: 2 });

    const single = await (
      await acct.call("/api/v1/videos/quote", { method: "POST", json: { model, prompt: "two kites", duration: 2 } })
    ).json();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model, prompt: "two kites", duration: 2, n: 2, stream: false },
    });
    expect(res.status).toBe(202);
    const rec = await res.json();
    expect(single.cost).toBe("$0.200");
    expect(rec).toMatchObject({ n: 2, billed_seconds: 4, cost: "$0.400", output: [] });
    expect(await balanceOf(acct.id)).toBe(4_600_000n);

    const done = await waitForTerminal(acct, rec.id);
    expect(done).toMatchObject({ status: "completed", n: 2, billed_seconds: 4, cost: "$0.400" });
    expect(done.output).toHaveLength(2);
    const urls = done.output.map((o: { url: string }) => o.url);
    expect(new Set(urls).size).toBe(2);
    const bodies: Buffer[] = [];
    for (const o of done.output) {
      expect(o).toMatchObject({ resolution: "720p", duration: 2, has_audio: false, expired: false });
      const video = await fetch(o.url);
      expect(video.status).toBe(200);
      expect(video.headers.get("content-type")).toBe("video/mp4");
      const bytes = Buffer.from(await video.arrayBuffer());
      expect(bytes.subarray(4, 8).toString("ascii")).toBe("ftyp");
      bodies.push(bytes);
      const poster = await fetch(o.poster_url);
      expect(poster.status).toBe(200);
      expect(poster.headers.get("content-type")).toBe("image/jpeg");
    }
    // Two clips, not one served twice.
    expect(bodies[0]!.equals(bodies[1]!)).toBe(false);

    expect(await balanceOf(acct.id)).toBe(4_600_000n);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));
    const charge = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: acct.id, type: "charge" } });
    expect(charge.amountMicros).toBe(-400_000n);
  });

  it("refuses n above the model's max_outputs before any hold", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model, prompt: "three kites", duration: 2, n: 3, stream: false },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "too_many_outputs", param: "n" });
    const bad = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model, prompt: "many kites", n: 5, stream: false },
    });
    expect((await bad.json()).error).toMatchObject({ code: "invalid_parameter", param: "n" });
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
  });
});
