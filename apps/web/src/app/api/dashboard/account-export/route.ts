import { exportAccountData } from "@vgen/engine/accounts";
import { withSession } from "@/server/http/with-session";

export const dynamic = "force-dynamic";

/** "Download my data": the signed-in account's records as one JSON file (docs/architecture.md#account-deletion). */
export const GET = withSession("route:account-export", async ({ db, accountId }) => {
  const data = await exportAccountData(db, accountId);
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
});
