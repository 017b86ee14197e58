"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

/** A finished clip: native controls, its poster frame until it plays, its real shape, and a download link. */
export function VideoPlayer({
  src,
  poster,
  title,
  aspectRatio = "16:9",
  resolution,
  duration,
}: {
  src: string;
  /** The output's poster frame (JPEG); null when none was made. */
  poster?: string | null;
  title: string;
  aspectRatio?: string;
  resolution?: string;
  duration?: number;
}) {
  const [failed, setFailed] = useState(false);
  const t = useTranslations("videoPlayer");
  const tu = useTranslations("units");
  const portrait = aspectRatio === "9:16";
  return (
    <figure className="space-y-2">
      <div className={`overflow-hidden rounded-lg bg-black ${portrait ? "mx-auto max-w-xs" : ""}`}>
        {/* biome-ignore lint/a11y/useMediaCaption: generated clips have no audio track to caption */}
        <video
          key={src}
          src={src}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={title}
          data-testid="result-video"
          onError={() => setFailed(true)}
          className={`block w-full ${portrait ? "aspect-[9/16]" : "aspect-video"}`}
        />
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t("cannotPlay")}
        </p>
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          {[resolution, aspectRatio, duration !== undefined ? tu("seconds", { count: duration }) : null, "MP4 (H.264)"]
            .filter(Boolean)
            .join(" · ")}
        </span>
        <a
          // The CDN route answers `?download` with Content-Disposition: attachment (the `download`
          // attribute alone is ignored for another origin, and the video would replace the page).
          href={`${src}${src.includes("?") ? "&" : "?"}download`}
          download
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
        >
          {t("download")}
        </a>
      </figcaption>
    </figure>
  );
}
