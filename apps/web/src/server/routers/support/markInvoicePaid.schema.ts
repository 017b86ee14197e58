import { z } from "zod";
import { Id, Reason } from "./common.schema";

export const MarkInvoicePaidInput = z.object({ invoiceId: Id, reason: Reason });
