-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "totp_enabled_at" TIMESTAMP(3),
ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_secret" TEXT;

-- AlterTable
ALTER TABLE "auth_sessions" ADD COLUMN     "ip" TEXT,
ADD COLUMN     "last_active_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "user_agent" TEXT;

-- CreateTable
CREATE TABLE "auth_recovery_codes" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auth_recovery_codes_account_id_idx" ON "auth_recovery_codes"("account_id");

-- AddForeignKey
ALTER TABLE "auth_recovery_codes" ADD CONSTRAINT "auth_recovery_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
