-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "quote_id" TEXT;

-- CreateTable
CREATE TABLE "quotes" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "model_id" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "price_micros_per_second" BIGINT NOT NULL,
    "billed_seconds" INTEGER NOT NULL,
    "cost_micros" BIGINT NOT NULL,
    "eta_seconds" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "generation_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "quotes_account_id_created_at_idx" ON "quotes"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
