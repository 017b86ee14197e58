-- DropIndex
DROP INDEX "generations_account_id_created_at_id_idx";

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "request_logs" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "generations_account_id_created_at_id_idx" ON "generations"("account_id", "created_at" DESC, "id" DESC, "status", "model_id", "api_key_id", "billed_seconds", "cost_micros", "livemode");

-- Usage statistics count live requests only: the partial covering index carries livemode too.
DROP INDEX "request_logs_generation_requests_idx";
CREATE INDEX "request_logs_generation_requests_idx" ON "request_logs"("account_id", "created_at") INCLUDE ("status", "error_code", "latency_ms", "model_id", "api_key_id", "livemode") WHERE "method" = 'POST' AND "path" = '/api/v1/videos/generations';
