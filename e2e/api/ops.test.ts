import { describe, expect, it } from "vitest";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";
import { ops } from "../support/ops-cli";

describe("ops CLI", () => {
  it("creates an account, issues a key, credits and shows the balance; the key works on the API", async () => {
    const email = uniqueEmail("ops");
    const created = ops("create-account", "--email", email, "--password", "correct horse battery", "--role", "support");
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email, role: "support" });

    const issued = ops("issue-key", "--email", email, "--name", "server");
    expect(issued.code).toBe(0);
    const key = issued.stdout;
    expect(key).toMatch(/^vgk_[1-9A-HJ-NP-Za-km-z]{40}$/);

    const credit = ops("credit", "--email", email, "--amount", "12.50", "--reason", "wire transfer 42");
    expect(credit.code).toBe(0);
    expect(JSON.parse(credit.stdout)).toMatchObject({ amount: "$12.50", balance: "$12.50" });

    const balance = ops("balance", "--email", email);
    expect(JSON.parse(balance.stdout)).toEqual({ email, available: "$12.50", on_hold: "$0.00" });

    const res = await fetch(`${BASE_URL}/api/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const models = await res.json();
    expect(models.data.map((m: any) => m.id)).toEqual(["gen-3.1-pro", "gen-3-1080", "gen-3.1-fast"]);
    expect(models.data[0]).toMatchObject({
      price: "$0.480 / сек",
      rate_limit_qps: 18,
      min_charge_seconds: 4,
      queue: "Pro Priority",
      sizes: ["720p", "1080p", "4k"],
    });
    expect(models.data[1]).toMatchObject({
      price: "$0.320 / сек",
      rate_limit_qps: 20,
      min_charge_seconds: 3,
      queue: "Fast/Standard",
    });
  });

  it("issue-key sets restrictions with the dashboard's checks; the API applies them", async () => {
    const email = uniqueEmail("ops-restricted");
    expect(ops("create-account", "--email", email, "--password", "correct horse battery").code).toBe(0);
    const issued = ops(
      "issue-key",
      "--email",
      email,
      "--name",
      "ci",
      "--models",
      "gen-3.1-fast, gen-3-1080",
      "--read-only",
      "--expires",
      "2099-01-01T00:00",
      "--monthly-spend-cap",
      "$25.5",
      "--sources",
      "127.0.0.1,::1 10.0.0.0/8",
    );
    expect(issued.code, issued.stderr).toBe(0);
    const key = issued.stdout;
    const row = await db().apiKey.findFirstOrThrow({ where: { account: { email } } });
    expect(row).toMatchObject({
      name: "ci",
      allowedModels: ["gen-3.1-fast", "gen-3-1080"],
      readOnly: true,
      expiresAt: new Date("2099-01-01T00:00:00Z"),
      monthlySpendCapMicros: 25_500_000n,
      allowedSources: ["127.0.0.1", "::1", "10.0.0.0/8"],
    });
    const models = await fetch(`${BASE_URL}/api/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(models.status).toBe(200);
    expect((await models.json()).data.map((m: any) => m.id).sort()).toEqual(["gen-3-1080", "gen-3.1-fast"]);
    const create = await fetch(`${BASE_URL}/api/v1/videos/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gen-3.1-fast", prompt: "x", duration: 1, stream: false }),
    });
    expect((await create.json()).error.code).toBe("key_read_only");

    // Each bad flag is refused naming it, and no key is issued.
    const refused: [string[], RegExp][] = [
      [["--models", "no-such-model"], /^error: --models: Not in the catalog: no-such-model/],
      [["--sources", "example.com"], /^error: --sources: Not an IP address or CIDR range: example.com/],
      [["--monthly-spend-cap", "lots"], /^error: --monthly-spend-cap: Enter a dollar amount/],
      [["--monthly-spend-cap", "0"], /^error: --monthly-spend-cap: The monthly cap must be more than \$0/],
      [["--expires", "tomorrow"], /^error: --expires: Enter a UTC date and time/],
      [["--expires", "2001-01-01T00:00"], /^error: --expires: The expiry must be in the future/],
    ];
    for (const [flags, message] of refused) {
      const res = ops("issue-key", "--email", email, ...flags);
      expect(res.code, flags.join(" ")).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect(await db().apiKey.count({ where: { account: { email } } })).toBe(1);
  });

  it("refuses bad input with a clear message and a non-zero exit", () => {
    const res = ops("credit", "--email", "nobody@example.test", "--amount", "1", "--reason", "x");
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/no account with email/);
    const bad = ops("credit", "--email", "x@example.test");
    expect(bad.code).not.toBe(0);
  });
});
