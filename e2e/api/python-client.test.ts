// The Python client (clients/python) against the app under test: this file prepares an account with a
// key and balance and runs the client's integration module with the machine's python3. Its webhook
// test needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1 (the receiver listens on 127.0.0.1).
import { describe, expect, it } from "vitest";
import { BASE_URL, db, newAccount } from "../support/fixtures";
import { runPythonUnittest } from "../support/python-unittest";

// Every test in clients/python/tests/integration/test_live.py; a test that is skipped or missing fails here.
const LIVE_TESTS = 10;

describe("Python client", () => {
  it("creates, streams, downloads, lists, cancels, maps errors and verifies a real webhook", async () => {
    const acct = await newAccount({ balance: "30.00" });
    const { webhookSecret } = await db().account.findUniqueOrThrow({ where: { id: acct.id } });
    const result = await runPythonUnittest(["-v", "tests.integration.test_live"], {
      ...process.env,
      VGEN_TEST_BASE_URL: BASE_URL,
      VGEN_TEST_API_KEY: acct.key,
      VGEN_TEST_WEBHOOK_SECRET: webhookSecret,
    });
    console.log(`python integration: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
    expect(result).toMatchObject({ code: 0, ran: LIVE_TESTS, failed: 0, skipped: 0 });
  }, 300_000);
});
