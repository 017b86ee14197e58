import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { createEndpointHandler } from "./createEndpoint.handler";
import { CreateEndpointInput } from "./createEndpoint.schema";
import { deleteEndpointHandler } from "./deleteEndpoint.handler";
import { endpointHandler } from "./endpoint.handler";
import { EndpointIdInput } from "./endpoint.schema";
import { endpointsHandler } from "./endpoints.handler";
import { resumeEndpointHandler } from "./resumeEndpoint.handler";
import { rollEndpointSecretHandler } from "./rollEndpointSecret.handler";
import { sendTestEventHandler } from "./sendTestEvent.handler";
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
  endpoint: protectedProcedure.input(EndpointIdInput).query(endpointHandler),
  createEndpoint: protectedProcedure.input(CreateEndpointInput).mutation(createEndpointHandler),
  updateEndpoint: protectedProcedure.input(UpdateEndpointInput).mutation(updateEndpointHandler),
  deleteEndpoint: protectedProcedure.input(EndpointIdInput).mutation(deleteEndpointHandler),
  rollEndpointSecret: protectedProcedure.input(EndpointIdInput).mutation(rollEndpointSecretHandler),
  sendTestEvent: protectedProcedure.input(EndpointIdInput).mutation(sendTestEventHandler),
  resumeEndpoint: protectedProcedure.input(EndpointIdInput).mutation(resumeEndpointHandler),
});
