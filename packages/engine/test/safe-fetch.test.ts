import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FetchFailedError, FetchRefusedError, fetchImage, safeFetch } from "../src/net/safe-fetch";
import { addressRefusalReason } from "../src/net/address-policy";

const ENV = "ALLOW_PRIVATE_NETWORK_FETCH";
const saved = process.env[ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
  vi.restoreAllMocks();
});

let server: http.Server;
let base: string;
let port: number;
let png: Buffer;
const seen: { url?: string; host?: string; method?: string; body?: string; headers?: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#f80" } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ url: req.url, host: req.headers.host, method: req.method, body, headers: req.headers });
      const u = new URL(req.url!, "http://x");
      switch (u.pathname) {
        case "/hello":
          res.setHeader("content-type", "text/plain");
          res.end("hello");
          return;
        case "/png":
          res.setHeader("content-type", "image/png");
          res.end(png);
          return;
        case "/notimage":
          res.setHeader("content-type", "image/png");
          res.end("this is not a png");
          return;
        case "/missing":
          res.statusCode = 404;
          res.end("nope");
          return;
        case "/big":
          res.end(Buffer.alloc(5000, 1));
          return;
        case "/bigchunked":
          res.write(Buffer.alloc(3000, 1));
          res.end(Buffer.alloc(3000, 1));
          return;
        case "/slow":
          return; // never answers
        case "/redirect": {
          const n = Number(u.searchParams.get("n") ?? "1");
          res.statusCode = 302;
          res.setHeader("location", n > 1 ? `/redirect?n=${n - 1}` : "/hello");
          res.end();
          return;
        }
        case "/redirect-ftp":
          res.statusCode = 302;
          res.setHeader("location", "ftp://example.com/file");
          res.end();
          return;
        case "/redirect-other-origin":
          res.statusCode = 302;
          res.setHeader("location", `http://localhost:${port}/hello`);
          res.end();
          return;
        case "/redirect-credentials":
          res.statusCode = 302;
          res.setHeader("location", `http://user:pw@127.0.0.1:${port}/hello`);
          res.end();
          return;
        default:
          res.statusCode = 500;
          res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("address policy", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "::127.0.0.1",
    "::a9fe:a9fe",
    "::a00:1",
    "::ffff:0:7f00:1",
    "2001::1",
    "198.18.0.1",
    "100.127.255.255",
  ])("refuses %s", (ip) => {
    expect(addressRefusalReason(ip)).not.toBeNull();
  });
  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "allows %s",
    (ip) => {
      expect(addressRefusalReason(ip)).toBeNull();
    },
  );
});

describe("safeFetch refuses (no connection is attempted)", () => {
  it.each([
    "http://127.0.0.1/",
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://0.0.0.0:80/",
    "https://192.168.0.1/",
    "http://localhost/",
    "http://2130706433/", // 127.0.0.1 as an integer
    "http://0x7f.1/",
  ])("%s", async (url) => {
    delete process.env[ENV];
    const err = await safeFetch(url, { timeoutMs: 2000 }).catch((e) => e);
    expect(err).toBeInstanceOf(FetchRefusedError);
    expect(err.code).toBe("url_not_allowed");
    expect(err.message).toMatch(/not allowed/);
  });

  it.each([
    "file:///etc/passwd",
    "ftp://example.com/x",
    "gopher://127.0.0.1/",
    "data:text/plain,hi",
    "javascript:alert(1)",
    "not a url",
  ])("non-http scheme %s", async (url) => {
    delete process.env[ENV];
    await expect(safeFetch(url)).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it("refuses a hostname whose DNS answer includes a private address", async () => {
    delete process.env[ENV];
    vi.spyOn(dns.promises, "lookup").mockResolvedValue([
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ] as never);
    await expect(safeFetch("http://mixed.example.test/")).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it("refuses the local test server when private fetch is not allowed", async () => {
    delete process.env[ENV];
    await expect(safeFetch(`${base}/hello`)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(safeFetch(`http://localhost:${port}/hello`)).rejects.toBeInstanceOf(FetchRefusedError);
  });
});

describe("safeFetch with ALLOW_PRIVATE_NETWORK_FETCH=1", () => {
  it("fetches from a loopback server", async () => {
    process.env[ENV] = "1";
    const res = await safeFetch(`${base}/hello`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.body.toString()).toBe("hello");
  });

  it("pins the connection to the vetted address and keeps the Host header", async () => {
    process.env[ENV] = "1";
    const lookup = vi.spyOn(dns.promises, "lookup").mockResolvedValue([{ address: "127.0.0.1", family: 4 }] as never);
    const res = await safeFetch(`http://pinned.example.test:${port}/hello`);
    expect(res.body.toString()).toBe("hello");
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)!.host).toBe(`pinned.example.test:${port}`);
  });

  it("POSTs a body and does not follow redirects for POST", async () => {
    process.env[ENV] = "1";
    const res = await safeFetch(`${base}/redirect`, {
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(302);
    expect(seen.at(-1)).toMatchObject({ method: "POST", body: '{"a":1}', url: "/redirect" });
  });

  it("follows up to 3 redirects for GET", async () => {
    process.env[ENV] = "1";
    const res = await safeFetch(`${base}/redirect?n=3`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("hello");
    const err = await safeFetch(`${base}/redirect?n=4`).catch((e) => e);
    expect(err).toBeInstanceOf(FetchFailedError);
    expect(err.message).toMatch(/too many redirects/);
  });

  it("re-validates each redirect hop", async () => {
    process.env[ENV] = "1";
    await expect(safeFetch(`${base}/redirect-ftp`)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(safeFetch(`${base}/redirect-credentials`)).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it("sends no credential header of any name to another origin after a redirect", async () => {
    process.env[ENV] = "1";
    const secrets = { authorization: "Bearer s1", "x-goog-api-key": "s2", "x-api-key": "s3", cookie: "a=s4" };
    const res = await safeFetch(`${base}/redirect-other-origin`, { headers: { accept: "video/mp4", ...secrets } });
    expect(res.body.toString()).toBe("hello");
    const [first, second] = seen.slice(-2);
    expect(first?.headers).toMatchObject(secrets);
    expect(second?.host).toBe(`localhost:${port}`);
    for (const name of Object.keys(secrets)) expect(second?.headers).not.toHaveProperty(name);
    expect(second?.headers).toMatchObject({ accept: "video/mp4" });
  });

  it("enforces maxBytes (declared and streamed)", async () => {
    process.env[ENV] = "1";
    await expect(safeFetch(`${base}/big`, { maxBytes: 1000 })).rejects.toThrow(/too large/);
    await expect(safeFetch(`${base}/bigchunked`, { maxBytes: 4000 })).rejects.toThrow(/too large/);
    expect((await safeFetch(`${base}/big`, { maxBytes: 5000 })).body.length).toBe(5000);
  });

  it("times out", async () => {
    process.env[ENV] = "1";
    const t = Date.now();
    const err = await safeFetch(`${base}/slow`, { timeoutMs: 300 }).catch((e) => e);
    expect(err).toBeInstanceOf(FetchFailedError);
    expect(err.message).toMatch(/timed out/);
    expect(Date.now() - t).toBeLessThan(3000);
  });

  it("reports connection failures as FetchFailedError", async () => {
    process.env[ENV] = "1";
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const p = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(safeFetch(`http://127.0.0.1:${p}/`)).rejects.toBeInstanceOf(FetchFailedError);
  });
});

describe("fetchImage", () => {
  it("returns a readable image", async () => {
    process.env[ENV] = "1";
    const buf = await fetchImage(`${base}/png`);
    expect(buf.equals(png)).toBe(true);
  });
  it("rejects non-images and HTTP errors with FetchFailedError", async () => {
    process.env[ENV] = "1";
    await expect(fetchImage(`${base}/notimage`)).rejects.toBeInstanceOf(FetchFailedError);
    await expect(fetchImage(`${base}/hello`)).rejects.toBeInstanceOf(FetchFailedError);
    const err = await fetchImage(`${base}/missing`).catch((e) => e);
    expect(err).toBeInstanceOf(FetchFailedError);
    expect(err.status).toBe(404);
  });
  it("refuses private addresses", async () => {
    delete process.env[ENV];
    await expect(fetchImage(`${base}/png`)).rejects.toBeInstanceOf(FetchRefusedError);
  });
});
