-- AlterEnum
ALTER TYPE "MailKind" ADD VALUE 'webhook_endpoint_paused';

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "paused_at" TIMESTAMP(3),
ADD COLUMN     "probe_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "webhook_lanes" (
    "key" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "failure_streak" INTEGER NOT NULL DEFAULT 0,
    "failing_since" TIMESTAMP(3),
    "timeout_streak" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_lanes_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "webhook_waits" (
    "delivery_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "lane" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_waits_pkey" PRIMARY KEY ("delivery_id")
);

-- CreateTable
CREATE TABLE "webhook_leases" (
    "delivery_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "lane" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_leases_pkey" PRIMARY KEY ("delivery_id")
);

-- CreateIndex
CREATE INDEX "webhook_lanes_account_id_idx" ON "webhook_lanes"("account_id");

-- CreateIndex
CREATE INDEX "webhook_waits_account_id_lane_since_idx" ON "webhook_waits"("account_id", "lane", "since");

-- CreateIndex
CREATE INDEX "webhook_leases_account_id_idx" ON "webhook_leases"("account_id");

-- CreateIndex
CREATE INDEX "webhook_leases_lane_idx" ON "webhook_leases"("lane");

-- AddForeignKey
ALTER TABLE "webhook_lanes" ADD CONSTRAINT "webhook_lanes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_waits" ADD CONSTRAINT "webhook_waits_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_leases" ADD CONSTRAINT "webhook_leases_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
