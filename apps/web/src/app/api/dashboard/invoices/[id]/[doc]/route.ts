// Session-authenticated PDF downloads: /api/dashboard/invoices/{id}/{invoice|receipt|statement}.
import { getDb } from "@vgen/db";
import { ApiError, isId } from "@vgen/contracts";
import { accountDocumentPdf, type DocumentKind } from "@vgen/engine/billing";
import { getSessionUser } from "@/server/auth/session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const KINDS: DocumentKind[] = ["invoice", "receipt", "statement"];

function problem(status: number, message: string) {
  return Response.json({ error: { message } }, { status, headers: { "cache-control": "no-store" } });
}

export async function GET(_req: Request, { params }: { params: Promise<{ id: string; doc: string }> }) {
  const user = await getSessionUser();
  if (!user) return problem(401, "Sign in to download documents.");
  const { id, doc } = await params;
  if (!KINDS.includes(doc as DocumentKind) || !isId("inv", id)) return problem(404, "No such document.");
  try {
    // Tenant isolation: only the signed-in account's invoices resolve.
    const found = await accountDocumentPdf(getDb(), user.id, id, doc as DocumentKind);
    if (!found) return problem(404, "No such document.");
    return new Response(new Uint8Array(found.pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(found.pdf.length),
        "content-disposition": `attachment; filename="${found.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (err instanceof ApiError) return problem(err.status, err.message);
    throw err;
  }
}
