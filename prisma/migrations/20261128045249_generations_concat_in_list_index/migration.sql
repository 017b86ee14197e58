-- Usage statistics leave concatenations out (they are no generation request) and still read this
-- covering index alone: it carries concat_of.
-- DropIndex
DROP INDEX "generations_account_id_created_at_id_idx";

-- CreateIndex
CREATE INDEX "generations_account_id_created_at_id_idx" ON "generations"("account_id", "created_at" DESC, "id" DESC, "status", "model_id", "api_key_id", "billed_seconds", "cost_micros", "livemode", "concat_of");
