import type { OperationDoc } from "../operation-doc";
import { ERROR_CATALOG, docUrl } from "../../errors";
import { ErrorCatalogList } from "../../responses";
import { errorResponses } from "../error-responses";
import { publicOkHeaders } from "../headers";
import { noApiKey } from "../security";

export const listErrors = (baseUrl: string): OperationDoc => ({
  tags: ["Platform"],
  summary: "List error codes",
  description:
    "The error catalog as JSON: every code with its HTTP status (null for failure codes inside a failed record), type, meaning and fix. Public, no API key.",
  security: noApiKey,
  responses: {
    "200": {
      description: "The error catalog.",
      headers: publicOkHeaders,
      content: {
        "application/json": {
          schema: ErrorCatalogList,
          example: {
            object: "list",
            data: [
              {
                code: "insufficient_balance",
                status: 402,
                type: "billing_error",
                meaning: ERROR_CATALOG.insufficient_balance.meaning,
                fix: ERROR_CATALOG.insufficient_balance.fix,
                doc_url: docUrl(baseUrl, "insufficient_balance"),
              },
            ],
          },
        },
      },
    },
    ...errorResponses(baseUrl, ["rate_limited", "internal_error"], false),
  },
});
