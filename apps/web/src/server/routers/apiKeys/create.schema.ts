import { z } from "zod";

const KeyName = z.string().trim().min(1, "Give the key a name.").max(60, "Use at most 60 characters.");

export const CreateKeyInput = z.object({ name: KeyName });
