-- CreateTable
CREATE TABLE "model_samples" (
    "model_id" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "video_key" TEXT NOT NULL,
    "poster_key" TEXT,
    "rendered_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "model_samples_pkey" PRIMARY KEY ("model_id")
);

-- AddForeignKey
ALTER TABLE "model_samples" ADD CONSTRAINT "model_samples_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "catalog_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;
