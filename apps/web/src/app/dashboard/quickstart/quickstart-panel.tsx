"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatUnitPrice } from "@vgen/contracts";
import { useEffect, useState } from "react";
import { CodeSamples, KEY_PLACEHOLDER } from "@/components/dashboard/code-samples";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { NewKeyReveal } from "../api-keys/new-key-reveal";
import { readIssuedKey, rememberIssuedKey, forgetIssuedKey, type IssuedKey } from "../api-keys/session-key";

const PREFERRED_MODEL = "gen-3.1-fast";

export function QuickstartPanel({ baseUrl }: { baseUrl: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const [stored, setStored] = useState<IssuedKey | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [justIssued, setJustIssued] = useState(false);
  const [model, setModel] = useState<string | null>(null);

  // sessionStorage exists only in the browser: read it after mounting.
  useEffect(() => {
    setStored(readIssuedKey());
    setLoaded(true);
  }, []);

  // A remembered key that has since been revoked (here or elsewhere) is not offered.
  const liveIds = new Set(keys.data?.filter((k) => k.status === "active").map((k) => k.id));
  const usable = stored && keys.data ? (liveIds.has(stored.id) ? stored : null) : null;
  useEffect(() => {
    if (stored && keys.data && !keys.isFetching && !liveIds.has(stored.id)) {
      forgetIssuedKey(stored.id);
      setStored(null);
    }
  });

  const issue = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (k) => {
        const issued = { id: k.id, key: k.key, prefix: k.prefix, name: k.name };
        rememberIssuedKey(issued);
        // The refreshed list must hold the new key before it is shown, or it would look revoked.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
        ]);
        setStored(issued);
        setJustIssued(true);
      },
    }),
  );

  const models = catalog.data ?? [];
  const chosen = model ?? (models.find((m) => m.id === PREFERRED_MODEL) ?? models[0])?.id ?? PREFERRED_MODEL;
  const liveCount = liveIds.size;
  const ready = loaded && !keys.isPending;

  return (
    <>
      <PageHeader
        title="Quick start"
        description="Your first video in one request. Copy a sample, run it, and the finished record gives you the MP4's URL."
      />
      <div className="space-y-6">
        <Card title="1. Your API key">
          {!ready ? (
            <Spinner label="Checking your keys" />
          ) : keys.error ? (
            <ErrorNote error={keys.error} />
          ) : usable ? (
            <div className="space-y-3">
              {justIssued && <NewKeyReveal name={usable.name} apiKey={usable.key} />}
              <p className="text-sm text-slate-700" data-testid="quickstart-key-status">
                The samples below use your key <code className="font-mono">{usable.prefix}…</code> (“{usable.name}”), issued in
                this browser tab. It stays filled in only until you close the tab.
              </p>
            </div>
          ) : (
            <div className="space-y-3" data-testid="quickstart-key-status">
              <p className="text-sm text-slate-700">
                The samples show <code className="rounded bg-slate-100 px-1 font-mono">{KEY_PLACEHOLDER}</code> where your key
                goes.
                {liveCount > 0
                  ? " A key is shown only once, when it is issued: paste the one you saved in its place, or issue a new key for this quick start."
                  : " You have no key yet: issue one and the samples fill it in."}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="button" onClick={() => issue.mutate({ name: "Quick start" })} disabled={issue.isPending}>
                  {issue.isPending ? "Issuing…" : "Issue a key"}
                </Button>
                <Link href="/dashboard/api-keys" className="text-sm font-medium text-slate-900 underline">
                  Manage keys
                </Link>
              </div>
              <ErrorNote error={issue.error} />
            </div>
          )}
        </Card>

        <Card
          title="2. Send a request"
          description={
            <>
              Base URL <code className="font-mono text-slate-700">{baseUrl}</code>. Each request is billed per second of video
              (minimum charge per model); the cost is held at acceptance and charged only when the clip is completed.
            </>
          }
          actions={
            models.length > 0 ? (
              <div className="w-56">
                <SelectField label="Model" value={chosen} onChange={(e) => setModel(e.target.value)}>
                  {models.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id} · {formatUnitPrice(m.priceMicrosPerSecond)}
                    </option>
                  ))}
                </SelectField>
              </div>
            ) : null
          }
        >
          {ready ? (
            <CodeSamples baseUrl={baseUrl} apiKey={usable?.key ?? KEY_PLACEHOLDER} model={chosen} />
          ) : (
            <Spinner label="Preparing the samples" />
          )}
        </Card>

        <Card title="3. Next">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Try prompts and options without code in the{" "}
              <Link className="font-medium underline" href="/dashboard/playground">
                playground
              </Link>
              .
            </li>
            <li>
              Compare prices, limits and sizes on the{" "}
              <Link className="font-medium underline" href="/dashboard/models">
                models
              </Link>{" "}
              page.
            </li>
            <li>
              Every parameter and error code:{" "}
              <Link className="font-medium underline" href="/docs">
                API reference
              </Link>{" "}
              and the{" "}
              <Link className="font-medium underline" href="/errors">
                error catalog
              </Link>
              .
            </li>
          </ul>
        </Card>
      </div>
    </>
  );
}
