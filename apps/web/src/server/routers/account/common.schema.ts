import { z } from "zod";

/** A new password's shape; its strength is judged by the engine, which knows the account's email and name. */
export const NewPassword = z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters.");

export const CurrentPassword = z.string().min(1, "Enter your current password.").max(200);
