import dns from "node:dns";
import { ApiError } from "@vgen/contracts";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { FetchRefusedError, safeFetch } from "../src/net/safe-fetch";
import { assertUrlAllowed } from "../src/net/url-policy";
import { REFUSED_URLS } from "./helpers/ssrf-forms";

const ENV = "ALLOW_PRIVATE_NETWORK_FETCH";
const saved = process.env[ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
  vi.restoreAllMocks();
});

describe("URL policy at acceptance", () => {
  afterAll(() => {
    console.log(`SSRF table: ${REFUSED_URLS.length} address forms, each refused at request time`);
  });

  it.each(REFUSED_URLS)("refuses %s (%s) without resolving anything", async (_form, url) => {
    delete process.env[ENV];
    const lookup = vi.spyOn(dns.promises, "lookup");
    const err = await assertUrlAllowed(url, "webHook").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "invalid_url", param: "webHook", status: 400 });
    expect(lookup).not.toHaveBeenCalled();
  });

  it("refuses a name whose DNS answer holds a non-public address", async () => {
    delete process.env[ENV];
    vi.spyOn(dns.promises, "lookup").mockResolvedValue([
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:0:a9fe:a9fe", family: 6 },
    ] as never);
    await expect(assertUrlAllowed("https://rebind.example.com/hook", "webHook")).rejects.toMatchObject({ code: "invalid_url" });
  });

  it.each([
    "https://93.184.215.14/hook",
    "http://8.8.8.8/",
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::808:808]/",
    "http://[2002:808:808::1]/",
    "https://images.example.com./a.png",
  ])("accepts the public destination %s", async (url) => {
    delete process.env[ENV];
    vi.spyOn(dns.promises, "lookup").mockResolvedValue([{ address: "93.184.216.34", family: 4 }] as never);
    await expect(assertUrlAllowed(url, "urls[0]")).resolves.toBeUndefined();
  });

  it("accepts a name that cannot be resolved right now (the fetch checks it again)", async () => {
    delete process.env[ENV];
    vi.spyOn(dns.promises, "lookup").mockRejectedValue(Object.assign(new Error("queryA ETIMEOUT"), { code: "ETIMEOUT" }));
    await expect(assertUrlAllowed("https://slow-dns.example.com/hook", "webHook")).resolves.toBeUndefined();
  });

  it("lets private destinations through with ALLOW_PRIVATE_NETWORK_FETCH=1, never other schemes or credentials", async () => {
    process.env[ENV] = "1";
    await expect(assertUrlAllowed("http://127.0.0.1:9/hook", "webHook")).resolves.toBeUndefined();
    await expect(assertUrlAllowed("http://localhost:3000/hook", "webHook")).resolves.toBeUndefined();
    await expect(assertUrlAllowed("ftp://127.0.0.1/x", "webHook")).rejects.toMatchObject({ code: "invalid_url" });
    await expect(assertUrlAllowed("http://a:b@127.0.0.1/x", "webHook")).rejects.toMatchObject({ code: "invalid_url" });
  });
});

describe("the same table at fetch time", () => {
  it.each(REFUSED_URLS)("safeFetch refuses %s before connecting", async (_form, url) => {
    delete process.env[ENV];
    const lookup = vi.spyOn(dns.promises, "lookup");
    await expect(safeFetch(url, { timeoutMs: 2000 })).rejects.toBeInstanceOf(FetchRefusedError);
    expect(lookup).not.toHaveBeenCalled();
  });
});
