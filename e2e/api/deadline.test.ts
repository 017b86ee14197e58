// Deadlines on create (docs/api.md#deadlines): `Cancel-After` or `deadline`; a generation not
// finished in time is canceled with `deadline_exceeded` and its hold released.
import { beforeAll, describe, expect, it } from "vitest";
import { balanceOf, db, newAccount, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "50.00" });
});

const create = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  acct.call("/api/v1/videos/generations", {
    method: "POST",
    headers,
    json: { model: "gen-3.1-pro", prompt: "A glacier calving into a grey sea", stream: false, ...json },
  });

describe("deadlines on create", () => {
  it("cancels a generation not finished by its Cancel-After, releases the hold and says why", async () => {
    const before = await balanceOf(acct.id);
    // An 8 s 4k clip takes the local renderer far longer than 5 s; the wait sees it end.
    const res = await create({ duration: 8, size: "4k" }, { "cancel-after": "5s", prefer: "wait=40" });
    expect(res.status).toBe(200);
    const record = await res.json();
    expect(record.status).toBe("canceled");
    expect(record.error).toEqual({ code: "deadline_exceeded", message: expect.stringContaining("deadline") });
    expect(record.output).toEqual([]);
    const row = await db().generation.findUniqueOrThrow({ where: { id: record.id } });
    const waited = (row.completedAt!.getTime() - row.createdAt.getTime()) / 1000;
    expect(waited).toBeGreaterThanOrEqual(5);
    expect(waited).toBeLessThan(15);
    expect(await balanceOf(acct.id)).toBe(before);
  });

  it("takes a deadline in the body as well", async () => {
    const deadline = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const res = await create({ duration: 1, deadline });
    expect(res.status).toBe(202);
    const row = await db().generation.findUniqueOrThrow({ where: { id: (await res.json()).id } });
    expect(row.deadlineAt?.toISOString().replace(/\.\d+Z$/, "Z")).toBe(deadline);
  });

  it("refuses a malformed or out-of-bounds deadline before any hold, naming the parameter", async () => {
    const before = await balanceOf(acct.id);
    const count = await db().generation.count({ where: { accountId: acct.id } });
    const cases: [Record<string, unknown>, Record<string, string>, string][] = [
      [{}, { "cancel-after": "soon" }, "Cancel-After"],
      [{}, { "cancel-after": "2s" }, "Cancel-After"],
      [{}, { "cancel-after": "25h" }, "Cancel-After"],
      [{ deadline: "tomorrow" }, {}, "deadline"],
      [{ deadline: "2020-01-01T00:00:00Z" }, {}, "deadline"],
    ];
    for (const [json, headers, param] of cases) {
      const res = await create({ duration: 1, ...json }, headers);
      expect(res.status, JSON.stringify([json, headers])).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "invalid_parameter", param });
    }
    expect(await balanceOf(acct.id)).toBe(before);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(count);
  });
});
