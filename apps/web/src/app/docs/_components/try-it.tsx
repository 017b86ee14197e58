"use client";

import { useEffect, useRef, useState } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

const KEY_STORAGE = "vgen.docs.apiKey";

interface Props {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  exampleBody: string | null;
  auth: boolean;
}

/** Sends a real request to this deployment from the browser and shows the answer (streams too). */
export function TryIt({ method, path, pathParams, queryParams, exampleBody, auth }: Props) {
  const [open, setOpen] = useState(false);
  const [apiKey, setApiKey] = useState("");
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState(exampleBody ?? "");
  const [result, setResult] = useState<{ status: string; headers: string; body: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is re-read each time the panel opens (another panel may have changed it)
  useEffect(() => {
    setApiKey(sessionStorage.getItem(KEY_STORAGE) ?? "");
  }, [open]);

  const updateKey = (value: string) => {
    setApiKey(value);
    sessionStorage.setItem(KEY_STORAGE, value);
  };

  async function send() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    let url = path;
    for (const p of pathParams) url = url.replace(`{${p}}`, encodeURIComponent(params[p] ?? ""));
    const qs = new URLSearchParams();
    for (const q of queryParams) if (params[q]) qs.set(q, params[q]);
    if ([...qs].length) url += `?${qs}`;
    const headers: Record<string, string> = {};
    if (auth && apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (exampleBody !== null) headers["content-type"] = "application/json";
    if (params["Idempotency-Key"]) headers["idempotency-key"] = params["Idempotency-Key"];
    try {
      const res = await fetch(url, { method, headers, body: exampleBody !== null ? body : undefined, signal: controller.signal });
      const shown = [
        "content-type",
        "x-request-id",
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "retry-after",
      ]
        .filter((h) => res.headers.has(h))
        .map((h) => `${h}: ${res.headers.get(h)}`)
        .join("\n");
      const status = `${res.status} ${res.statusText}`;
      setResult({ status, headers: shown, body: "" });
      const reader = res.body?.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        setResult({ status, headers: shown, body: pretty(text, res.headers.get("content-type")) });
      }
      setResult({ status, headers: shown, body: pretty(text, res.headers.get("content-type")) });
    } catch (err) {
      if ((err as Error).name !== "AbortError") setResult({ status: "Network error", headers: "", body: String(err) });
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
      >
        Try it
      </button>
    );
  }

  const fields = [...pathParams, ...queryParams, ...(method === "POST" ? ["Idempotency-Key"] : [])];
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-center justify-between">
        <p className="text-sm font-semibold text-slate-900">Try it against this server</p>
        <button type="button" onClick={() => setOpen(false)} className="text-xs text-slate-500 hover:text-slate-900">
          Close
        </button>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {auth && (
          <label className="text-xs font-medium text-slate-600 sm:col-span-2">
            API key (kept in this tab only)
            <input
              type="password"
              value={apiKey}
              onChange={(e) => updateKey(e.target.value)}
              placeholder="vgk_…"
              autoComplete="off"
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm"
            />
          </label>
        )}
        {fields.map((f) => (
          <label key={f} className="text-xs font-medium text-slate-600">
            {f}
            <input
              value={params[f] ?? ""}
              onChange={(e) => setParams({ ...params, [f]: e.target.value })}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm"
            />
          </label>
        ))}
      </div>
      {exampleBody !== null && (
        <label className="mt-3 block text-xs font-medium text-slate-600">
          Body
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={Math.min(12, body.split("\n").length + 1)}
            spellCheck={false}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-xs"
          />
        </label>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={send}
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {busy ? "Waiting…" : `Send ${method}`}
        </button>
        {busy && (
          <button
            type="button"
            onClick={() => abort.current?.abort()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700"
          >
            Stop
          </button>
        )}
      </div>
      {result && (
        <div className="mt-3 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-live="polite">
          <p className="border-b border-slate-200 px-3 py-1.5 font-mono text-xs font-semibold text-slate-900">{result.status}</p>
          {result.headers && (
            <pre className="border-b border-slate-100 px-3 py-1.5 font-mono text-[11px] text-slate-500">{result.headers}</pre>
          )}
          <ScrollRegion label="Response body" className="max-h-80 overflow-auto">
            <pre className="px-3 py-2 font-mono text-xs text-slate-800">{result.body}</pre>
          </ScrollRegion>
        </div>
      )}
    </div>
  );
}

function pretty(text: string, type: string | null): string {
  if (!type?.includes("application/json")) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
