import type { SampleClip as Clip } from "@vgen/engine/samples";
import { Film } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";

/**
 * A model's sample clip, rendered by the local renderer in the background: a muted, looping video with
 * the player's own (keyboard-operable) controls and the prompt as its text alternative, or a poster
 * saying it is on its way.
 */
export function SampleClip({ modelId, clip }: { modelId: string; clip: Clip | undefined }) {
  const t = useTranslations("home");
  const locale = useLocale();
  const captionId = `home-sample-${modelId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  if (!clip) {
    return (
      <figure className="mt-4" data-testid="sample-pending">
        <div
          role="img"
          aria-label={t("samplePending", { model: modelId })}
          className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-100 text-slate-500"
        >
          <Film aria-hidden className="h-8 w-8" />
        </div>
        <figcaption className="mt-1 text-xs text-slate-600">{t("samplePendingCaption")}</figcaption>
      </figure>
    );
  }
  const prompt = locale === "ru" ? clip.prompt.ru : clip.prompt.en;
  return (
    <figure className="mt-4">
      <video
        data-testid="sample-video"
        className="aspect-video w-full rounded-lg bg-slate-900"
        src={clip.videoUrl}
        poster={clip.posterUrl ?? undefined}
        aria-label={t("sampleLabelFor", { model: modelId })}
        aria-describedby={captionId}
        muted
        loop
        autoPlay
        playsInline
        controls
        preload="metadata"
      />
      <figcaption id={captionId} className="mt-1 text-xs text-slate-600">
        {t("sampleCaption", { prompt })}
      </figcaption>
    </figure>
  );
}
