import { useLocale } from "next-intl";

/** A catalog model's two descriptions: `purpose` (English, the API's field) and `purposeRu`. */
export interface ModelPurposes {
  purpose: string;
  purposeRu: string;
}

/** The description of a model in the viewer's language (the catalog stores both, editable by staff). */
export function useModelPurpose(): (model: ModelPurposes) => string {
  const locale = useLocale();
  return (model) => (locale === "ru" ? model.purposeRu : model.purpose);
}
