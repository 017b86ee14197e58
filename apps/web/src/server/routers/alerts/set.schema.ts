import { z } from "zod";

/** A threshold in dollars as typed ("10", "10.50", "$10.5"), more than zero, or null to turn the alert off. */
const dollars = z
  .string()
  .trim()
  .regex(/^\$?\d{1,7}(\.\d{1,2})?$/, "Enter a dollar amount such as 10 or 10.50, or leave it empty for no alert.")
  .refine((value) => !/^\$?0*(\.0*)?$/.test(value), "Enter more than $0, or leave it empty for no alert.")
  .nullable();

export const SetAlertsInput = z.object({ lowBalanceThreshold: dollars, monthlySpendThreshold: dollars });
