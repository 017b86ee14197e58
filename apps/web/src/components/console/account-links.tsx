"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge, ErrorNote } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";

type Kind = "password_reset" | "email_verification";

/**
 * Email verification state, and fresh reset or verification links for staff to pass on: the
 * platform sends no mail, so this (and the server log) is how an owner gets their link.
 */
export function AccountLinks({
  accountId,
  emailVerifiedAt,
  isCustomer,
  onChange,
}: {
  accountId: string;
  emailVerifiedAt: Date | null;
  isCustomer: boolean;
  onChange: () => void;
}) {
  const trpc = useTRPC();
  const [link, setLink] = useState<{ kind: Kind; url: string } | null>(null);
  const make = useMutation(trpc.support.accountLink.mutationOptions({ onSuccess: onChange }));
  const issue = (kind: Kind) => make.mutate({ accountId, kind }, { onSuccess: (r) => setLink({ kind, url: r.link }) });

  return (
    <Card
      title="Sign-in and email"
      description="Each link works once; reset links for an hour, verification links for three days. Making one is audited."
    >
      <p className="mb-3 text-sm">
        Email:{" "}
        {emailVerifiedAt ? (
          <Badge tone="green">
            <span data-testid="account-email-verified">verified {when(emailVerifiedAt)}</span>
          </Badge>
        ) : (
          <Badge tone="amber">
            <span data-testid="account-email-verified">not verified</span>
          </Badge>
        )}
      </p>
      {isCustomer ? (
        <div className="flex flex-wrap gap-2">
          {!emailVerifiedAt && (
            <Button type="button" variant="secondary" disabled={make.isPending} onClick={() => issue("email_verification")}>
              Make verification link
            </Button>
          )}
          <Button type="button" variant="secondary" disabled={make.isPending} onClick={() => issue("password_reset")}>
            Make password reset link
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Links are made here for customer accounts only.</p>
      )}
      <div className="mt-3">
        <ErrorNote error={make.error} />
      </div>
      {link && (
        <div data-testid="account-link" className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="mb-1 font-medium">
            {link.kind === "password_reset" ? "Password reset link" : "Verification link"} (shown once):
          </p>
          <p className="break-all font-mono text-xs" data-testid="account-link-url">
            {link.url}
          </p>
          <div className="mt-2">
            <CopyButton text={link.url} label="Copy link" />
          </div>
        </div>
      )}
    </Card>
  );
}
