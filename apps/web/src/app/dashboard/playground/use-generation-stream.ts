"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { GenerationRecordT } from "@vgen/contracts";
import { useTRPC } from "@/trpc/client";

export interface Tracked {
  record: GenerationRecordT;
  /** When this record arrived (ms), to count its eta_seconds down between events. */
  receivedAt: number;
}

/**
 * Follows one generation live over the session-authenticated event stream; if the browser cannot
 * keep the stream open, falls back to polling the same record over tRPC every 2 s.
 */
export function useGenerationStream(initial: GenerationRecordT | null) {
  const trpc = useTRPC();
  const [tracked, setTracked] = useState<Tracked | null>(initial ? { record: initial, receivedAt: Date.now() } : null);
  const [streamFailed, setStreamFailed] = useState(false);
  const id = initial?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream follows a generation by id; a new record object for the same id must not reopen it
  useEffect(() => {
    setTracked(initial ? { record: initial, receivedAt: Date.now() } : null);
    setStreamFailed(false);
    if (!id || initial?.status !== "processing") return;
    const es = new EventSource(`/api/dashboard/generations/${encodeURIComponent(id)}/events`);
    es.addEventListener("generation", (ev) => {
      const record = JSON.parse((ev as MessageEvent<string>).data) as GenerationRecordT;
      setTracked({ record, receivedAt: Date.now() });
      // The server ends the stream after the terminal record; closing stops the browser reconnecting.
      if (record.status !== "processing") es.close();
    });
    // Moving up the queue: only the place and the ETA change (never a rise; the server sends only drops).
    es.addEventListener("queue", (ev) => {
      const { queue_position, eta_seconds } = JSON.parse((ev as MessageEvent<string>).data) as {
        queue_position: number;
        eta_seconds: number;
      };
      setTracked((current) =>
        current?.record.status === "processing"
          ? { record: { ...current.record, queue_position, eta_seconds }, receivedAt: Date.now() }
          : current,
      );
    });
    es.onerror = () => {
      if (es.readyState === EventSource.CLOSED) setStreamFailed(true);
    };
    return () => es.close();
  }, [id]);

  const processing = tracked?.record.status === "processing";
  const poll = useQuery(
    trpc.playground.get.queryOptions(
      { id: id ?? "" },
      { enabled: !!id && streamFailed && processing, refetchInterval: 2000, staleTime: 0 },
    ),
  );
  useEffect(() => {
    if (poll.data && poll.data.id === id) setTracked({ record: poll.data, receivedAt: Date.now() });
  }, [poll.data, id]);

  return { tracked, streamFailed };
}

/** Seconds left by the last ETA, counted down once a second while processing. */
export function useCountdown(tracked: Tracked | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const processing = tracked?.record.status === "processing";
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [processing]);
  if (!tracked || !processing) return null;
  return Math.max(0, Math.round(tracked.record.eta_seconds - (now - tracked.receivedAt) / 1000));
}
