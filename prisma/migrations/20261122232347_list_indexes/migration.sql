-- DropIndex
DROP INDEX "generations_account_id_created_at_id_idx";

-- DropIndex
DROP INDEX "ledger_entries_account_id_created_at_idx";

-- DropIndex
DROP INDEX "webhook_deliveries_account_id_created_at_idx";

-- CreateIndex
CREATE INDEX "generations_account_id_created_at_id_idx" ON "generations"("account_id", "created_at" DESC, "id" DESC, "status", "model_id", "api_key_id", "billed_seconds", "cost_micros");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_type_id_idx" ON "ledger_entries"("account_id", "created_at" DESC, "type" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_account_id_created_at_id_idx" ON "webhook_deliveries"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex (partial and covering, written by hand: usage statistics read only generation requests)
CREATE INDEX "request_logs_generation_requests_idx" ON "request_logs"("account_id", "created_at") INCLUDE ("status", "error_code", "latency_ms", "model_id", "api_key_id") WHERE "method" = 'POST' AND "path" = '/api/v1/videos/generations';

-- CreateStatistics (written by hand: without them the planner expects about one group per row when
-- usage statistics group an account's generations by day, and sorts them instead of hashing)
CREATE STATISTICS "generations_created_day_stat" ON ((created_at::date)) FROM "generations";
ANALYZE "generations";
