"use client";

import { useState } from "react";

/** A finished clip: native controls, its real shape, and a download link. */
export function VideoPlayer({
  src,
  title,
  aspectRatio = "16:9",
  resolution,
  duration,
}: {
  src: string;
  title: string;
  aspectRatio?: string;
  resolution?: string;
  duration?: number;
}) {
  const [failed, setFailed] = useState(false);
  const portrait = aspectRatio === "9:16";
  return (
    <figure className="space-y-2">
      <div className={`overflow-hidden rounded-lg bg-black ${portrait ? "mx-auto max-w-xs" : ""}`}>
        {/* biome-ignore lint/a11y/useMediaCaption: generated clips have no audio track to caption */}
        <video
          key={src}
          src={src}
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
          The browser could not play this file. Download it instead.
        </p>
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          {[resolution, aspectRatio, duration !== undefined ? `${duration} s` : null, "MP4 (H.264)"].filter(Boolean).join(" · ")}
        </span>
        <a
          href={src}
          download
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
        >
          Download MP4
        </a>
      </figcaption>
    </figure>
  );
}
