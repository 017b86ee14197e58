import { z } from "zod";

export const Id = z.string().trim().min(3).max(100);
/** Required wherever money moves or access changes; kept in the audit row. */
export const Reason = z.string().trim().min(3, "Give a reason (at least 3 characters).").max(500);
/** Dollars as typed ("5", "5.50", "$5.5"); parsed to micro-dollars without floats. */
export const Dollars = z
  .string()
  .trim()
  .regex(/^\$?\d{1,7}(\.\d{1,6})?$/, "Enter a dollar amount such as 5 or 5.50.");
export const SignedDollars = z
  .string()
  .trim()
  .regex(/^[-+]?\$?\d{1,7}(\.\d{1,6})?$/, "Enter an amount such as 5.00 or -2.50.");
export const Paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
