import { z } from "zod";

export const DeleteAccountInput = z.object({
  /** Empty for an account that signs in with GitHub only (it has no password). */
  password: z.string().max(200),
  code: z.string().trim().max(20).optional(),
  /** The account's email address, typed out. */
  confirmation: z.string().max(254),
});
