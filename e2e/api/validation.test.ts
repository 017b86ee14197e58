import { Agent, request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callApi, db, newAccount, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "100.00" });
});

const base = { model: "gen-3.1-fast", prompt: "A red kite over a green hill", duration: 1, stream: false };
const IMG = "https://images.example.com/a.png";

async function expectError(res: Response, status: number, code: string, param?: string | null) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const requestId = res.headers.get("x-request-id");
  expect(requestId).toMatch(/^req_/);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.doc_url).toBe(`${BASE_URL}/errors#${code}`);
  expect(body.error.request_id).toBe(requestId);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.type).toBeTruthy();
  if (param !== undefined) expect(body.error.param).toBe(param);
  return body;
}

const create = (json: unknown) => acct.call("/api/v1/videos/generations", { method: "POST", json });

describe("authentication", () => {
  it("refuses a request without a key (401 missing_api_key)", async () => {
    await expectError(await callApi(null, "/api/v1/videos/generations", { method: "POST", json: base }), 401, "missing_api_key");
  });
  it("refuses an unknown key (401 invalid_api_key)", async () => {
    await expectError(
      await callApi("vgk_notarealkey", "/api/v1/videos/result", { method: "POST", json: { id: "vid_x" } }),
      401,
      "invalid_api_key",
    );
  });
  it("refuses a malformed Authorization header", async () => {
    const res = await fetch(`${BASE_URL}/api/v1/models`, { headers: { authorization: "Basic abc" } });
    await expectError(res, 401, "invalid_api_key");
  });
});

describe("the interface's five rules", () => {
  it("1. urls with firstFrameUrl or lastFrameUrl is refused", async () => {
    await expectError(await create({ ...base, urls: [IMG], firstFrameUrl: IMG }), 400, "urls_with_frames", "urls");
    await expectError(await create({ ...base, urls: [IMG], lastFrameUrl: IMG }), 400, "urls_with_frames", "urls");
  });
  it("2. urls holds at most 3 entries", async () => {
    await expectError(await create({ ...base, urls: [IMG, IMG, IMG, IMG] }), 400, "too_many_urls", "urls");
  });
  it("3. lastFrameUrl without firstFrameUrl is refused", async () => {
    await expectError(await create({ ...base, lastFrameUrl: IMG }), 400, "last_frame_without_first_frame", "lastFrameUrl");
  });
  it("4. aspectRatio is 16:9 or 9:16", async () => {
    await expectError(await create({ ...base, aspectRatio: "4:3" }), 400, "invalid_parameter", "aspectRatio");
  });
  it("5. size is 720p, 1080p or 4k", async () => {
    await expectError(await create({ ...base, size: "480p" }), 400, "invalid_parameter", "size");
  });
  it("a size the model does not make is unsupported_size", async () => {
    await expectError(await create({ ...base, model: "gen-3.1-fast", size: "4k" }), 400, "unsupported_size", "size");
  });
});

describe("body validation", () => {
  it("a body that is not valid UTF-8 (a bad byte inside prompt) is 400 invalid_json, and nothing is created", async () => {
    const before = await db().generation.count({ where: { accountId: acct.id } });
    const json = Buffer.from(JSON.stringify({ ...base, prompt: "A red kite XX over a hill" }));
    const at = json.indexOf("XX");
    json[at] = 0xc3; // a lead byte followed by ASCII: not UTF-8
    json[at + 1] = 0x28;
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: json,
    });
    const body = await expectError(res, 400, "invalid_json");
    expect(body.error.message).toMatch(/not valid UTF-8/);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(before);
  });

  it("unknown fields fail loudly (aspect_ratio typo)", async () => {
    await expectError(await create({ ...base, aspect_ratio: "16:9" }), 400, "unknown_parameter", "aspect_ratio");
  });
  it("missing model and prompt", async () => {
    await expectError(await create({ prompt: "x" }), 400, "missing_parameter", "model");
    await expectError(await create({ model: "gen-3.1-fast" }), 400, "missing_parameter", "prompt");
  });
  it("prompt bounds after trimming", async () => {
    await expectError(await create({ ...base, prompt: "   " }), 400, "invalid_parameter", "prompt");
    await expectError(await create({ ...base, prompt: "x".repeat(4001) }), 400, "invalid_parameter", "prompt");
  });
  it("duration must be a whole number within the model's bounds", async () => {
    await expectError(await create({ ...base, duration: 0 }), 400, "invalid_parameter", "duration");
    await expectError(await create({ ...base, duration: 9 }), 400, "invalid_parameter", "duration");
    await expectError(await create({ ...base, duration: 2.5 }), 400, "invalid_parameter", "duration");
    await expectError(await create({ ...base, duration: "4" }), 400, "invalid_parameter", "duration");
  });
  it("unknown model", async () => {
    await expectError(await create({ ...base, model: "gen-9" }), 400, "unknown_model", "model");
  });
  it("URLs must be absolute http(s), at most 2048 chars", async () => {
    await expectError(await create({ ...base, firstFrameUrl: "ftp://x.example/a.png" }), 400, "invalid_url", "firstFrameUrl");
    await expectError(await create({ ...base, firstFrameUrl: "/relative.png" }), 400, "invalid_url", "firstFrameUrl");
    await expectError(await create({ ...base, urls: ["https://ok.example/a.png", "nope"] }), 400, "invalid_url", "urls[1]");
    await expectError(await create({ ...base, webHook: `https://x.example/${"a".repeat(2050)}` }), 400, "invalid_url", "webHook");
  });
  it("stream must be boolean", async () => {
    await expectError(await create({ ...base, stream: "no" }), 400, "invalid_parameter", "stream");
  });
  it("invalid JSON and non-object bodies", async () => {
    const bad = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"model": ',
    });
    await expectError(bad, 400, "invalid_json");
    const arr = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[1,2]",
    });
    await expectError(arr, 400, "invalid_json");
  });
  it("content type must be JSON (415)", async () => {
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(base),
    });
    await expectError(res, 415, "unsupported_media_type");
  });
  it("bodies over 64 KiB are refused (413)", async () => {
    const res = await create({ ...base, prompt: "x".repeat(70 * 1024) });
    await expectError(res, 413, "payload_too_large");
  });
  it("a refused large body does not stall the kept-alive connection: the next request on it is answered", async () => {
    // One socket, kept alive: the second request can only be answered once the first body was read to its end.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          `${BASE_URL}/api/v1/videos/result`,
          {
            method: "POST",
            agent,
            timeout: 15_000,
            headers: { authorization: `Bearer ${acct.key}`, "content-type": "application/json" },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
          },
        );
        req.on("timeout", () => req.destroy(new Error("no answer on the kept-alive connection")));
        req.on("error", reject);
        req.end(body);
      });
    try {
      expect((await post(JSON.stringify({ id: "x".repeat(1024 * 1024) }))).status).toBe(413);
      expect(await post(JSON.stringify({ id: "vid_doesnotexist" }))).toEqual({ status: 404, reused: true });
    } finally {
      agent.destroy();
    }
  });
  it("unknown API paths answer JSON 404, not HTML", async () => {
    await expectError(await acct.call("/api/v1/nope"), 404, "route_not_found");
  });
  it("result needs an id and refuses unknown ones", async () => {
    await expectError(await acct.call("/api/v1/videos/result", { method: "POST", json: {} }), 400, "missing_parameter", "id");
    await expectError(
      await acct.call("/api/v1/videos/result", { method: "POST", json: { id: "vid_doesnotexist" } }),
      404,
      "generation_not_found",
      "id",
    );
  });
});

describe("other refusals", () => {
  it("a method an endpoint does not serve is a JSON 405 with Allow", async () => {
    const res = await acct.call("/api/v1/videos/result");
    const body = await expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST");
    expect(body.error.message).toMatch(/use POST/);
    await expectError(await acct.call("/api/v1/models", { method: "DELETE" }), 405, "method_not_allowed");
  });
  it("a cursor the API did not issue is invalid_cursor", async () => {
    await expectError(await acct.call("/api/v1/videos/generations?cursor=bm9wZQ"), 400, "invalid_cursor", "cursor");
    await expectError(await acct.call("/api/v1/videos/generations?limit=0"), 400, "invalid_parameter", "limit");
  });
  it("a suspended account cannot create generations (403 account_suspended)", async () => {
    const suspended = await newAccount({ balance: "5.00" });
    await db().account.update({ where: { id: suspended.id }, data: { status: "suspended" } });
    const res = await suspended.call("/api/v1/videos/generations", { method: "POST", json: base });
    await expectError(res, 403, "account_suspended");
  });
  it("a webHook or image on a private address is refused at acceptance unless allowed", async () => {
    // The test app runs with ALLOW_PRIVATE_NETWORK_FETCH=1, so only schemes are checked here;
    // address refusal is covered by the engine's url-policy and safe-fetch unit tests.
    await expectError(await create({ ...base, webHook: "file:///etc/passwd" }), 400, "invalid_url", "webHook");
  });
});
