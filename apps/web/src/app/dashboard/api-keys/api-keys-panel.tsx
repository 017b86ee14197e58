"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "./format";
import { NewKeyReveal } from "./new-key-reveal";
import { forgetIssuedKey, rememberIssuedKey } from "./session-key";

type Pending = { action: "revoke" | "rotate"; id: string; name: string; prefix: string } | null;

export function ApiKeysPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ name: string; key: string; title: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    ]);

  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (k) => {
        rememberIssuedKey({ id: k.id, key: k.key, prefix: k.prefix, name: k.name });
        setRevealed({ name: k.name, key: k.key, title: "Your new API key" });
        setNotice(null);
        setName("");
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async (_r, input) => {
        forgetIssuedKey(input.id);
        setNotice(`Key "${pending?.name ?? ""}" revoked. Requests with it are refused from now on.`);
        setPending(null);
        await refresh();
      },
    }),
  );
  const rotate = useMutation(
    trpc.apiKeys.rotate.mutationOptions({
      onSuccess: async (k) => {
        forgetIssuedKey(k.replaced);
        rememberIssuedKey({ id: k.id, key: k.key, prefix: k.prefix, name: k.name });
        setRevealed({ name: k.name, key: k.key, title: "Rotated: your new API key" });
        setNotice(`The old key ${pending?.prefix ?? ""}… is revoked; update your code with the new one.`);
        setPending(null);
        await refresh();
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError("Give the key a name, such as “Production server”.");
    if (trimmed.length > 60) return setNameError("Use at most 60 characters.");
    setNameError(null);
    create.mutate({ name: trimmed });
  }

  const live = keys.data?.filter((k) => k.status === "active") ?? [];

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your requests: send one as Authorization: Bearer <API_KEY>. A key is shown only once, when it is issued."
        actions={
          keys.data && live.length === 0 ? (
            <p className="flex items-center gap-2 text-sm" data-testid="key-status">
              <Badge tone="amber">not issued</Badge>
              <Link className="font-medium text-slate-900 underline" href="/dashboard/quickstart">
                Quick start
              </Link>
            </p>
          ) : keys.data ? (
            <p className="text-sm text-slate-600" data-testid="key-status">
              <Badge tone="green">{live.length} active</Badge>
            </p>
          ) : null
        }
      />

      <div className="space-y-6">
        {revealed && (
          <NewKeyReveal name={revealed.name} apiKey={revealed.key} title={revealed.title} onDone={() => setRevealed(null)} />
        )}
        {notice && (
          <p role="status" className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800">
            {notice}
          </p>
        )}

        <Card
          title="Issue a key"
          description="Name it after where it will be used, so you can tell keys apart and revoke one without touching the others."
        >
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
            <div className="sm:w-80">
              <TextField
                label="Key name"
                name="name"
                value={name}
                maxLength={60}
                placeholder="Production server"
                autoComplete="off"
                error={nameError}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={create.isPending} className="sm:mt-7">
              {create.isPending ? "Issuing…" : "Issue key"}
            </Button>
          </form>
          <div className="mt-3">
            <ErrorNote error={create.error} />
          </div>
        </Card>

        <Card title="Your keys">
          {keys.isPending ? (
            <Spinner label="Loading keys" />
          ) : keys.error ? (
            <ErrorNote error={keys.error} />
          ) : keys.data.length === 0 ? (
            <EmptyState title="No keys yet">
              Issue your first key above, then follow the{" "}
              <Link className="underline" href="/dashboard/quickstart">
                quick start
              </Link>
              .
            </EmptyState>
          ) : (
            <div className="relative -mx-5 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">API keys of this account</caption>
                <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-5 py-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Key
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Created
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Last used
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-5 py-2 text-right font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {keys.data.map((k) => (
                    <tr
                      key={k.id}
                      data-testid="key-row"
                      data-key-id={k.id}
                      className={k.status === "revoked" ? "text-slate-500" : ""}
                    >
                      <th scope="row" className="px-5 py-2.5 font-medium text-slate-900">
                        {k.name}
                      </th>
                      <td className="px-3 py-2.5 font-mono text-xs">{k.prefix}…</td>
                      <td className="px-3 py-2.5 whitespace-nowrap">{formatDateTime(k.createdAt)}</td>
                      <td className="px-3 py-2.5 whitespace-nowrap">{formatDateTime(k.lastUsedAt)}</td>
                      <td className="px-3 py-2.5">
                        {k.status === "active" ? (
                          <Badge tone="green">active</Badge>
                        ) : (
                          <Badge tone="gray">revoked {formatDateTime(k.revokedAt)}</Badge>
                        )}
                      </td>
                      <td className="px-5 py-2.5 text-right whitespace-nowrap">
                        {k.status === "active" && (
                          <span className="inline-flex gap-2">
                            <Button
                              type="button"
                              variant="secondary"
                              aria-label={`Rotate ${k.name} (${k.prefix}…)`}
                              onClick={() => setPending({ action: "rotate", id: k.id, name: k.name, prefix: k.prefix })}
                            >
                              Rotate
                            </Button>
                            <Button
                              type="button"
                              variant="danger"
                              aria-label={`Revoke ${k.name} (${k.prefix}…)`}
                              onClick={() => setPending({ action: "revoke", id: k.id, name: k.name, prefix: k.prefix })}
                            >
                              Revoke
                            </Button>
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === "rotate" ? `Rotate “${pending.name}”?` : `Revoke “${pending?.name ?? ""}”?`}
        confirmLabel={pending?.action === "rotate" ? "Rotate key" : "Revoke key"}
        variant={pending?.action === "rotate" ? "primary" : "danger"}
        busy={revoke.isPending || rotate.isPending}
        onCancel={() => {
          setPending(null);
          revoke.reset();
          rotate.reset();
        }}
        onConfirm={() => {
          if (!pending) return;
          if (pending.action === "revoke") revoke.mutate({ id: pending.id });
          else rotate.mutate({ id: pending.id });
        }}
      >
        {pending?.action === "rotate" ? (
          <p>
            A new key named “{pending.name}” is issued and shown once; the current key{" "}
            <code className="font-mono">{pending.prefix}…</code> stops working immediately.
          </p>
        ) : (
          <p>
            Requests with <code className="font-mono">{pending?.prefix}…</code> are refused immediately (401 invalid_api_key).
            This cannot be undone.
          </p>
        )}
        <div className="mt-3">
          <ErrorNote error={revoke.error ?? rotate.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}
