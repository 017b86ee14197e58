import type { OperationDoc } from "../operation-doc";
import { Balance } from "../../responses";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

export const getBalance = (baseUrl: string): OperationDoc => ({
  tags: ["Billing"],
  summary: "Get the balance",
  description:
    "The account's available balance (what a create's hold is checked against) and the amount held by its running generations.",
  security: apiKeyRequired,
  responses: {
    "200": {
      description: "The balance.",
      headers: okHeaders,
      content: {
        "application/json": { schema: Balance, example: { object: "balance", available: "$16.160", held: "$3.840" } },
      },
    },
    ...errorResponses(baseUrl, AUTH_ERRORS, true),
  },
});
