-- AlterTable
ALTER TABLE "request_logs" ADD COLUMN     "request_body" TEXT,
ADD COLUMN     "request_body_truncated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "response_body" TEXT,
ADD COLUMN     "response_body_truncated" BOOLEAN NOT NULL DEFAULT false;
