import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { createEndpointHandler } from "./createEndpoint.handler";
import { CreateEndpointInput } from "./createEndpoint.schema";
import { deleteEndpointHandler } from "./deleteEndpoint.handler";
import { DeleteEndpointInput } from "./deleteEndpoint.schema";
import { endpointHandler } from "./endpoint.handler";
import { EndpointInput } from "./endpoint.schema";
import { endpointsHandler } from "./endpoints.handler";
import { resumeEndpointHandler } from "./resumeEndpoint.handler";
import { ResumeEndpointInput } from "./resumeEndpoint.schema";
import { rollEndpointSecretHandler } from "./rollEndpointSecret.handler";
import { RollEndpointSecretInput } from "./rollEndpointSecret.schema";
import { sendTestEventHandler } from "./sendTestEvent.handler";
import { SendTestEventInput } from "./sendTestEvent.schema";
import { updateEndpointHandler } from "./updateEndpoint.handler";
import { UpdateEndpointInput } from "./updateEndpoint.schema";
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
  endpoints: protectedProcedure.query(endpointsHandler),
  endpoint: protectedProcedure.input(EndpointInput).query(endpointHandler),
  createEndpoint: protectedProcedure.input(CreateEndpointInput).mutation(createEndpointHandler),
  updateEndpoint: protectedProcedure.input(UpdateEndpointInput).mutation(updateEndpointHandler),
  deleteEndpoint: protectedProcedure.input(DeleteEndpointInput).mutation(deleteEndpointHandler),
  rollEndpointSecret: protectedProcedure.input(RollEndpointSecretInput).mutation(rollEndpointSecretHandler),
  sendTestEvent: protectedProcedure.input(SendTestEventInput).mutation(sendTestEventHandler),
  resumeEndpoint: protectedProcedure.input(ResumeEndpointInput).mutation(resumeEndpointHandler),
});
