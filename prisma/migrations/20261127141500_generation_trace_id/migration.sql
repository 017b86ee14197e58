-- AlterTable
ALTER TABLE "generations" ADD COLUMN "trace_id" TEXT;
