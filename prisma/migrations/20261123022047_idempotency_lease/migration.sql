-- Idempotency claims carry a lease: a claim whose request died is taken over once `locked_until` passes.
-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "locked_by" TEXT,
ADD COLUMN     "locked_until" TIMESTAMPTZ(3);
