import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ApiError } from "@vgen/contracts";
import { DatabaseUnavailableError } from "@vgen/engine/platform";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorOf } from "../src/server/errors/convert";
import { errorReply } from "../src/server/errors/http";
import { formatTrpcError, retryAfterFor, trpcErrorOf } from "../src/server/errors/trpc";

const site = { requestId: "req_test", path: "/api/test" };
const zodError = z.object({ name: z.string().min(3) }).safeParse({ name: "x" }).error!;

describe("apiErrorOf: a thrown value as the HTTP outlets answer it", () => {
  it("keeps a catalog error as it is", () => {
    const refused = new ApiError("insufficient_balance");
    expect(apiErrorOf(refused, site)).toBe(refused);
  });

  it("answers a schema's refusal as invalid_parameter naming the field", () => {
    expect(apiErrorOf(zodError, site)).toMatchObject({ code: "invalid_parameter", status: 400, param: "name" });
  });

  it("answers the database being unavailable with the retryable 503", () => {
    const error = apiErrorOf(new DatabaseUnavailableError(), site);
    expect(error).toMatchObject({ code: "service_unavailable", status: 503 });
    expect(error.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("answers anything else with 500, naming the request and nothing of the error", () => {
    const error = apiErrorOf(new Error('relation "secret_table" does not exist'), site);
    expect(error).toMatchObject({ code: "internal_error", status: 500 });
    expect(error.message).toContain("req_test");
    expect(error.message).not.toContain("secret_table");
  });

  it("writes the envelope with the error's headers and the request id", () => {
    const reply = errorReply(new ApiError("rate_limited", "Slow down.", null, { "retry-after": "1" }), "req_test");
    expect(reply.status).toBe(429);
    expect(reply.headers).toMatchObject({ "retry-after": "1", "x-request-id": "req_test" });
    const body = JSON.parse((reply.body as { json: string }).json);
    expect(body.error).toMatchObject({ code: "rate_limited", message: "Slow down.", request_id: "req_test" });
  });
});

describe("the tRPC outlet", () => {
  const shapeOf = (error: TRPCError) => ({
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    message: error.message,
    data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path: "test" },
  });
  const format = (error: TRPCError) => formatTrpcError(shapeOf(error), error, "en");

  it("maps a catalog error to the tRPC code of its status, its code in apiCode", () => {
    const error = trpcErrorOf(new ApiError("generation_not_found", "No such generation."));
    expect(error.code).toBe("NOT_FOUND");
    expect(format(error)).toMatchObject({ message: "No such generation.", data: { apiCode: "generation_not_found" } });
  });

  it("names the field a refusal is about (its param), for the form to show it under that field", () => {
    const refused = trpcErrorOf(new ApiError("invalid_url", "'url' is not allowed: credentials in the URL", "url"));
    expect(format(refused).data).toMatchObject({ apiCode: "invalid_url", param: "url" });
    expect(format(trpcErrorOf(new ApiError("generation_not_found"))).data.param).toBeNull();
  });

  it("hides an unexpected error's message, and makes the database being unavailable a 503 with Retry-After", () => {
    const internal = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new Error("secret_table") });
    expect(format(internal).message).not.toContain("secret_table");
    const unavailable = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new DatabaseUnavailableError() });
    expect(format(unavailable).data).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
    expect(retryAfterFor([unavailable])).toHaveProperty("retry-after");
    expect(retryAfterFor([internal])).toEqual({});
  });

  it("gives a schema's refusal as field errors", () => {
    const invalid = new TRPCError({ code: "BAD_REQUEST", cause: zodError });
    expect(format(invalid).data.zodError?.fieldErrors).toHaveProperty("name");
  });
});
