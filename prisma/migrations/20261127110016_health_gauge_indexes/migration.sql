-- CreateIndex
CREATE INDEX "outbound_emails_status_created_at_idx" ON "outbound_emails"("status", "created_at");

-- CreateIndex
CREATE INDEX "route_attempts_ended_at_idx" ON "route_attempts"("ended_at");

-- CreateIndex
CREATE INDEX "webhook_attempts_created_at_idx" ON "webhook_attempts"("created_at");
