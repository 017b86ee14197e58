-- The catalog's Russian descriptions, stored with the English ones. Existing rows get the seed's
-- Russian text for the seeded models; any other model starts with its English text until staff
-- translate it in the console's catalog editor.
ALTER TABLE "catalog_models" ADD COLUMN "purpose_ru" TEXT;

UPDATE "catalog_models" SET "purpose_ru" = CASE "id"
  WHEN 'gen-3.1-pro' THEN 'Линейка высшего качества: сложные постановочные сцены и профессиональное производство'
  WHEN 'gen-3-1080' THEN 'Видео 1080p для рекламы и роликов о продуктах с большей детализацией'
  WHEN 'gen-3.1-fast' THEN 'Быстрые и недорогие черновики и превью'
  ELSE "purpose"
END;

ALTER TABLE "catalog_models" ALTER COLUMN "purpose_ru" SET NOT NULL;
