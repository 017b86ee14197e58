import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { Prisma } from "@vgen/db";
import { createAccount } from "@vgen/engine";
import type { TRPCContext } from "../../trpc";
import type { SignUpInput } from "./signUp.schema";

export async function signUpHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof SignUpInput> }) {
  try {
    const account = await createAccount(ctx.db, { email: input.email, password: input.password, name: input.name });
    return { id: account.id, email: account.email };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new TRPCError({ code: "CONFLICT", message: "An account with this email already exists. Sign in instead." });
    }
    throw err;
  }
}
