import { describe, expect, it } from "vitest";
import { MAX_STORED_BODY_CHARS, REDACTED, storedBody } from "../src/observability/request-body";

const LIVE_KEY = "vgk_4sPq9XbZr2kLmN7vTyWc3dHf";
const TEST_KEY = "vgk_test_8hJk2mNpQr5sTvWx";
const WEBHOOK_SECRET = "whsec_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==";
const BEARER = "Bearer abc.def-ghi_123";

describe("stored request and response bodies", () => {
  it("never keeps a key, a bearer token, a webhook secret or a password, at any depth", () => {
    const body = {
      prompt: `a cat; my key is ${LIVE_KEY}`,
      webHook: { url: "https://example.test/hook", headers: { Authorization: BEARER, "X-Note": `sig ${WEBHOOK_SECRET}` } },
      nested: [{ deeper: { password: "hunter2", apiKey: "plain-looking", client_secret: 42 } }, `${TEST_KEY} again`],
      token: "abc",
      seed: 7,
    };
    const stored = storedBody(JSON.stringify(body))!;
    for (const secret of [LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, "abc.def-ghi_123", "hunter2", "plain-looking", "42"])
      expect(stored.text).not.toContain(secret);
    expect(JSON.parse(stored.text)).toEqual({
      prompt: `a cat; my key is ${REDACTED}`,
      webHook: { url: "https://example.test/hook", headers: { Authorization: REDACTED, "X-Note": `sig ${REDACTED}` } },
      nested: [{ deeper: { password: REDACTED, apiKey: REDACTED, client_secret: REDACTED } }, `${REDACTED} again`],
      token: REDACTED,
      seed: 7,
    });
    expect(stored.truncated).toBe(false);
  });

  it("scrubs secret-shaped text from a body that is not JSON", () => {
    const stored = storedBody(`{"prompt": "x", "key": "${LIVE_KEY}"`)!;
    expect(stored.text).toBe(`{"prompt": "x", "key": "${REDACTED}"`);
  });

  it("keeps a body without secrets exactly as it came", () => {
    const text = '{ "model": "gen-3.1-fast",  "prompt": "keys on a piano", "duration": 4 }';
    expect(storedBody(text)).toEqual({ text, truncated: false });
    expect(storedBody("")).toBeNull();
    expect(storedBody(null)).toBeNull();
  });

  it("cuts a long body at the cap, marked truncated, after redacting it", () => {
    const text = JSON.stringify({ password: "hunter2", prompt: "p".repeat(MAX_STORED_BODY_CHARS * 2) });
    const stored = storedBody(text)!;
    expect(stored.truncated).toBe(true);
    expect(stored.text).toHaveLength(MAX_STORED_BODY_CHARS);
    expect(stored.text.startsWith(`{"password":"${REDACTED}","prompt":"ppp`)).toBe(true);
  });

  it("does not split a character in two at the cap", () => {
    const text = `"${"a".repeat(MAX_STORED_BODY_CHARS - 2)}😀😀"`;
    const stored = storedBody(text)!;
    expect(stored.truncated).toBe(true);
    expect(stored.text.endsWith("a")).toBe(true);
  });
});
