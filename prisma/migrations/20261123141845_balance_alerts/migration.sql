-- CreateEnum
CREATE TYPE "AlertKind" AS ENUM ('balance_low', 'spend_threshold_reached');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "MailKind" ADD VALUE 'balance_low';
ALTER TYPE "MailKind" ADD VALUE 'spend_threshold_reached';

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "low_balance_alerted_at" TIMESTAMP(3),
ADD COLUMN     "low_balance_threshold_micros" BIGINT,
ADD COLUMN     "monthly_spend_threshold_micros" BIGINT,
ADD COLUMN     "spend_alerted_month" TEXT;

-- CreateTable
CREATE TABLE "alert_events" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "AlertKind" NOT NULL,
    "threshold_micros" BIGINT NOT NULL,
    "balance_micros" BIGINT NOT NULL,
    "spend_micros" BIGINT,
    "month" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "alert_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_events_processed_at_id_idx" ON "alert_events"("processed_at", "id");

-- CreateIndex
CREATE INDEX "alert_events_account_id_idx" ON "alert_events"("account_id");

-- AddForeignKey
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Low-balance alerts (docs/api.md#balance-alerts). A constraint trigger deferred to commit judges the
-- balance as the transaction leaves it: a completion releases the hold and then charges, and judged
-- step by step the release would re-arm the alert and the charge fire it again. Its WHEN is checked
-- at each update and is false for every account without a threshold, so the create path's hold pays
-- nothing unless the account asked for alerts. Below the threshold and armed: mark it alerted and
-- write the outbox row; at or above it and alerted: re-arm. The row is locked by
-- the transaction's own balance update, so concurrent crossings are judged one after the other.
CREATE FUNCTION vgen_balance_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  crossed record;
BEGIN
  UPDATE accounts SET low_balance_alerted_at = now() AT TIME ZONE 'UTC'
    WHERE id = NEW.id AND low_balance_alerted_at IS NULL AND deleted_at IS NULL
      AND balance_micros < low_balance_threshold_micros
    RETURNING balance_micros, low_balance_threshold_micros INTO crossed;
  IF FOUND THEN
    INSERT INTO alert_events (account_id, kind, threshold_micros, balance_micros, created_at)
    VALUES (NEW.id, 'balance_low', crossed.low_balance_threshold_micros, crossed.balance_micros, now() AT TIME ZONE 'UTC');
  ELSE
    UPDATE accounts SET low_balance_alerted_at = NULL
      WHERE id = NEW.id AND low_balance_alerted_at IS NOT NULL
        AND balance_micros >= low_balance_threshold_micros;
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER accounts_balance_alert AFTER UPDATE OF balance_micros ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.low_balance_threshold_micros IS NOT NULL AND OLD.balance_micros IS DISTINCT FROM NEW.balance_micros)
  EXECUTE FUNCTION vgen_balance_alert();
