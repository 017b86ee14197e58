import type { OperationDoc } from "../operation-doc";
import { ServiceStatus } from "../../responses";
import { errorResponses } from "../error-responses";
import { publicOkHeaders } from "../headers";
import { noApiKey } from "../security";

export const getStatus = (baseUrl: string): OperationDoc => ({
  tags: ["Platform"],
  summary: "Service status",
  description: "API status, health indicator, 90-day success rate, average response time and daily bars. Public, no API key.",
  security: noApiKey,
  responses: {
    "200": {
      description: "The status block.",
      headers: publicOkHeaders,
      content: { "application/json": { schema: ServiceStatus } },
    },
    ...errorResponses(baseUrl, ["rate_limited", "internal_error", "service_unavailable"], false),
  },
});
