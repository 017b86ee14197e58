-- DropIndex
DROP INDEX "webhook_deliveries_generation_id_event_type_key";

-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "webhook_events" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "destination" TEXT NOT NULL DEFAULT 'request',
ADD COLUMN     "endpoint_id" TEXT,
ADD COLUMN     "sequence" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "generation_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_account_id_created_at_idx" ON "webhook_endpoints"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_generation_id_destination_event_type_seq_key" ON "webhook_deliveries"("generation_id", "destination", "event_type", "sequence");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Workers keep each account's endpoints in memory (the fan-out at every generation event); an edit
-- anywhere drops that account's entry at once.
CREATE TRIGGER webhook_endpoints_cache AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('account_id');
