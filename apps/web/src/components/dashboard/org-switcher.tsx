"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useTRPC } from "@/trpc/client";
import { CreateOrgDialog } from "./create-org-dialog";

/** Which organization the dashboard acts for (switching reloads every figure on the page), and creating another. */
export function OrgSwitcher() {
  const t = useTranslations("orgs");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const orgs = useQuery(trpc.orgs.list.queryOptions());
  const reload = async () => {
    await queryClient.invalidateQueries();
    router.refresh();
  };
  const switchOrg = useMutation(trpc.orgs.switch.mutationOptions({ onSuccess: reload }));
  if (!orgs.data) return null;
  // With one organization there is nothing to switch to: only the action to create another.
  if (orgs.data.organizations.length < 2)
    return (
      <div className="mb-4 px-3">
        <CreateOrgDialog onCreated={reload} />
      </div>
    );
  return (
    <div className="mb-4 px-3">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {t("switcherLabel")}
      </label>
      <select
        id={id}
        value={switchOrg.variables?.accountId ?? orgs.data.active}
        disabled={switchOrg.isPending}
        onChange={(e) => switchOrg.mutate({ accountId: e.target.value as `acct_${string}` })}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {orgs.data.organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.own ? t("yourOwn", { name: o.name }) : o.name} · {t(`roles.${o.role}`)}
          </option>
        ))}
      </select>
      <CreateOrgDialog onCreated={reload} />
    </div>
  );
}
