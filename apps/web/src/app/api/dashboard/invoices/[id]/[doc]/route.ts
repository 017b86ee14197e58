// Session-authenticated PDF downloads: /api/dashboard/invoices/{id}/{invoice|receipt|statement}.
import { ApiError, isId } from "@vgen/contracts";
import { accountDocumentPdf, type DocumentKind } from "@vgen/engine/billing";
import { withSession } from "@/server/http/with-session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const KINDS: DocumentKind[] = ["invoice", "receipt", "statement"];

const noSuchDocument = () => new ApiError("resource_not_found", "No such document.");

export const GET = withSession<{ id: string; doc: string }>("route:invoices.document", async ({ db, accountId }, { id, doc }) => {
  if (!KINDS.includes(doc as DocumentKind) || !isId("inv", id)) throw noSuchDocument();
  // Tenant isolation: only the signed-in account's invoices resolve.
  const found = await accountDocumentPdf(db, accountId, id, doc as DocumentKind);
  if (!found) throw noSuchDocument();
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(found.pdf.length),
      "content-disposition": `attachment; filename="${found.filename}"`,
      "cache-control": "private, no-store",
    },
  });
});
