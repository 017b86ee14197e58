-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "deadline_at" TIMESTAMP(3);

-- The deadline sweeper's scan (generations/deadlines.ts): only processing generations with a deadline.
CREATE INDEX "generations_deadline_at_idx" ON "generations" ("deadline_at") WHERE "status" = 'processing' AND "deadline_at" IS NOT NULL;
