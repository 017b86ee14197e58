-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "retention_days" INTEGER NOT NULL DEFAULT 30;

-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "output_deleted_at" TIMESTAMP(3),
ADD COLUMN     "retention_days" INTEGER;

-- Bounds of a retention period, in days (docs/api.md#output-retention).
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_retention_days_check" CHECK ("retention_days" BETWEEN 1 AND 365);
ALTER TABLE "generations" ADD CONSTRAINT "generations_retention_days_check" CHECK ("retention_days" BETWEEN 1 AND 365);

-- Outputs stored before retention existed get the default period from now, not from their completion:
-- an upgrade never deletes files at once that a client was told nothing about.
UPDATE "generations" SET "expires_at" = GREATEST("completed_at", now() AT TIME ZONE 'UTC') + interval '30 days'
 WHERE "status" = 'completed' AND "output_key" IS NOT NULL;

-- The retention sweep's scan (generations/retention.ts): only outputs with an expiry whose files are still stored.
CREATE INDEX "generations_expires_at_idx" ON "generations" ("expires_at") WHERE "expires_at" IS NOT NULL AND "output_deleted_at" IS NULL;
