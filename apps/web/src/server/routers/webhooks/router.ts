import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { deliveriesHandler } from "./deliveries.handler";
import { DeliveriesInput } from "./deliveries.schema";
import { resendHandler } from "./resend.handler";
import { ResendInput } from "./resend.schema";
import { rotateSecretHandler } from "./rotateSecret.handler";
import { secretHandler } from "./secret.handler";

export const webhooksRouter = createTRPCRouter({
  secret: protectedProcedure.query(secretHandler),
  rotateSecret: protectedProcedure.mutation(rotateSecretHandler),
  deliveries: protectedProcedure.input(DeliveriesInput).query(deliveriesHandler),
  resend: protectedProcedure.input(ResendInput).mutation(resendHandler),
});
