-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('top_up', 'usage_statement');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('open', 'paid', 'void');

-- CreateEnum
CREATE TYPE "TestBalanceStatus" AS ENUM ('pending', 'granted', 'declined');

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'active',
    "monthly_spend_cap_micros" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "InvoiceKind" NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'open',
    "method" TEXT,
    "amount_micros" BIGINT NOT NULL,
    "number" TEXT NOT NULL,
    "period" TEXT,
    "stripe_session_id" TEXT,
    "paid_at" TIMESTAMP(3),
    "marked_paid_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_balance_requests" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "use_case" TEXT NOT NULL,
    "status" "TestBalanceStatus" NOT NULL DEFAULT 'pending',
    "granted_micros" BIGINT,
    "response" TEXT,
    "decided_by" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_balance_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_account_id" TEXT,
    "target_id" TEXT,
    "details" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_account_id_model_id_key" ON "subscriptions"("account_id", "model_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_stripe_session_id_key" ON "invoices"("stripe_session_id");

-- CreateIndex
CREATE INDEX "invoices_account_id_created_at_idx" ON "invoices"("account_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "invoices_account_id_kind_period_key" ON "invoices"("account_id", "kind", "period");

-- CreateIndex
CREATE INDEX "test_balance_requests_account_id_created_at_idx" ON "test_balance_requests"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "test_balance_requests_status_created_at_idx" ON "test_balance_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_target_account_id_created_at_idx" ON "audit_logs"("target_account_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "catalog_models"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_balance_requests" ADD CONSTRAINT "test_balance_requests_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
