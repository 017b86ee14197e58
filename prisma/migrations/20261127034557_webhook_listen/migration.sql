-- Webhooks on a laptop (vgen listen) and exact delivery records: the body each delivery sends, the
-- headers each attempt sent, and listen sessions (docs/api.md#listen).

-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "request_headers" JSONB;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "body" TEXT,
ADD COLUMN     "listen_session_id" TEXT;

-- CreateTable
CREATE TABLE "webhook_listen_sessions" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT[],
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_listen_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_listen_sessions_account_id_last_seen_at_idx" ON "webhook_listen_sessions"("account_id", "last_seen_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_listen_session_id_status_idx" ON "webhook_deliveries"("listen_session_id", "status");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_listen_session_id_fkey" FOREIGN KEY ("listen_session_id") REFERENCES "webhook_listen_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_listen_sessions" ADD CONSTRAINT "webhook_listen_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
