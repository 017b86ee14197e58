import { TRPCError } from "@trpc/server";
import { InvoiceError, SupportError, TestBalanceError } from "@vgen/engine";

/** Maps the engine's support, test balance and invoice errors to tRPC errors with their message. */
export async function mapSupportErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SupportError) {
      throw new TRPCError({ code: err.kind === "not_found" ? "NOT_FOUND" : err.kind === "conflict" ? "CONFLICT" : "BAD_REQUEST", message: err.message });
    }
    if (err instanceof TestBalanceError) {
      throw new TRPCError({ code: err.code === "request_not_found" ? "NOT_FOUND" : err.code === "request_decided" ? "CONFLICT" : "BAD_REQUEST", message: err.message });
    }
    if (err instanceof InvoiceError) {
      throw new TRPCError({ code: err.code === "invoice_not_found" ? "NOT_FOUND" : "BAD_REQUEST", message: err.message });
    }
    throw err;
  }
}
