import { getDb } from "@vgen/db";
import { exportAccountData } from "@vgen/engine/accounts";
import { getSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

/** "Download my data": the signed-in account's records as one JSON file (docs/architecture.md#account-deletion). */
export async function GET(): Promise<Response> {
  const user = await getSessionUser();
  if (!user) {
    return new Response(JSON.stringify({ error: { code: "unauthorized", message: "Sign in to download your data." } }), {
      status: 401,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  }
  const data = await exportAccountData(getDb(), user.id);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="vgen-account-${stamp}.json"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
