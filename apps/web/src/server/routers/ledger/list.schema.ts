import { z } from "zod";
import { LEDGER_TYPES } from "@vgen/engine/billing";
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");

export const LedgerListInput = z.object({
  types: z.array(z.enum(LEDGER_TYPES)).max(LEDGER_TYPES.length).default([]),
  /** First day included (UTC). */
  from: Day.nullish(),
  /** Last day included (UTC). */
  to: Day.nullish(),
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).nullish(),
});
