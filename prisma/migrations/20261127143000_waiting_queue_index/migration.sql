-- The ETA and queue position read the waiting generations as an aggregate (generations/eta.ts):
-- a partial covering index holds just those rows and the grouped columns, so the read is an
-- index-only scan however deep the queue, and it shrinks as jobs start.
CREATE INDEX "generations_waiting_idx" ON "generations" ("created_at", "queue", "model_id", "size", "duration") WHERE "status" = 'processing' AND "started_at" IS NULL;

-- The running generations (at most the workers' and routes' slots) without visiting the waiting ones.
CREATE INDEX "generations_running_idx" ON "generations" ("model_id") WHERE "status" = 'processing' AND "started_at" IS NOT NULL;
