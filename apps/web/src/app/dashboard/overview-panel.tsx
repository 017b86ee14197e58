"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatUsd } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function OverviewPanel() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  if (me.isPending) return <Spinner />;
  if (me.error) return <ErrorNote error={me.error} />;
  const a = me.data;
  return (
    <>
      <PageHeader
        title={`Welcome${a.name ? `, ${a.name}` : ""}`}
        description="Everything about your use of the video generation API."
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Available balance">
          <p className="text-3xl font-semibold tabular-nums" data-testid="overview-balance">
            {formatUsd(a.balanceMicros)}
          </p>
          <p className="mt-1 text-sm text-slate-500">{formatUsd(a.heldMicros)} on hold for running generations</p>
        </Card>
        <Card title="API key">
          {a.activeKeys === 0 ? (
            <p className="text-sm">
              <Badge tone="amber">not issued</Badge>{" "}
              <Link className="font-medium underline" href="/dashboard/quickstart">
                Quick start
              </Link>
            </p>
          ) : (
            <p className="text-sm">
              {a.activeKeys} active key{a.activeKeys > 1 ? "s" : ""} ·{" "}
              <Link className="underline" href="/dashboard/api-keys">
                Manage
              </Link>
            </p>
          )}
        </Card>
        <Card title="Account">
          <p className="text-sm">{a.email}</p>
          <p className="mt-1 text-sm text-slate-500">{a.status === "active" ? "Active" : "Suspended: contact support"}</p>
        </Card>
      </div>
    </>
  );
}
