import { z } from "zod";
import { rule } from "../../../i18n/validation";

/** A threshold in dollars as typed ("10", "10.50", "$10.5"), more than zero, or null to turn the alert off. */
const dollars = z
  .string()
  .trim()
  .refine((value) => /^\$?\d{1,7}(\.\d{1,2})?$/.test(value), { ...rule("dollarAmount"), abort: true })
  .refine((value) => !/^\$?0*(\.0*)?$/.test(value), rule("positiveAmount"))
  .nullable();

export const SetAlertsInput = z.object({ lowBalanceThreshold: dollars, monthlySpendThreshold: dollars });
