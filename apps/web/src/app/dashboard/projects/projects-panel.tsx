"use client";

import { formatAmount, formatDollarsInput, formatUtc } from "@vgen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Badge, ErrorNote, QueryState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useTRPC } from "@/trpc/client";
import { EMPTY_PROJECT, limitsOf, ProjectForm, type ProjectFormValues } from "./project-form";

/** The dialog open: a new project, or the project being edited with its current values. */
type Editing = { kind: "new" } | { kind: "edit"; id: string; values: ProjectFormValues } | null;

export function ProjectsPanel() {
  const t = useTranslations("projects");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: false }));
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<{ id: string; name: string } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
  const create = useMutation(trpc.projects.create.mutationOptions());
  const rename = useMutation(trpc.projects.rename.mutationOptions());
  const updateLimits = useMutation(trpc.projects.updateLimits.mutationOptions());
  const archive = useMutation(
    trpc.projects.archive.mutationOptions({
      onSuccess: async () => {
        notify(t("archived", { name: archiving?.name ?? "" }));
        setArchiving(null);
        await refresh();
      },
    }),
  );

  async function save(values: ProjectFormValues) {
    if (editing?.kind === "edit") {
      if (values.name !== editing.values.name) await rename.mutateAsync({ id: editing.id, name: values.name });
      await updateLimits.mutateAsync({ id: editing.id, ...limitsOf(values) });
      notify(t("saved", { name: values.name }));
    } else {
      await create.mutateAsync({ name: values.name, ...limitsOf(values) });
      notify(t("created", { name: values.name }));
    }
    setEditing(null);
    await refresh();
  }

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button type="button" onClick={() => setEditing({ kind: "new" })}>
            {t("new")}
          </Button>
        }
      />
      <Card title={t("listTitle")}>
        <QueryState query={projects} loading={t("loading")} isEmpty={(d) => d.length === 0} empty={<p>{t("empty")}</p>}>
          {(data) => (
            <DataTable
              label={t("caption")}
              rows={data}
              rowKey={(p) => p.id}
              rowAttributes={(p) => ({ "data-testid": "project-row", "data-project-id": p.id })}
              columns={[
                {
                  id: "name",
                  header: t("name"),
                  rowHeader: true,
                  cell: (p) => (
                    <span className="inline-flex items-center gap-2">
                      {p.name}
                      {p.isDefault && <Badge tone="gray">{t("default")}</Badge>}
                    </span>
                  ),
                },
                {
                  id: "cap",
                  header: t("capColumn"),
                  cellTestId: "project-cap",
                  cell: (p) =>
                    p.monthlySpendCapMicros === null
                      ? t("spentNoCap", { spent: formatAmount(p.spentThisMonthMicros) })
                      : t("spentOfCap", {
                          spent: formatAmount(p.spentThisMonthMicros),
                          cap: formatAmount(p.monthlySpendCapMicros),
                        }),
                },
                {
                  id: "share",
                  header: t("share"),
                  hideBelow: "sm",
                  cellTestId: "project-share",
                  cell: (p) => `${p.rateLimitShare}%`,
                },
                {
                  id: "models",
                  header: t("models"),
                  hideBelow: "md",
                  className: "max-w-64",
                  cell: (p) => (p.allowedModels.length === 0 ? t("allModels") : p.allowedModels.join(", ")),
                },
                {
                  id: "created",
                  header: t("createdColumn"),
                  hideBelow: "lg",
                  className: "whitespace-nowrap",
                  cell: (p) => formatUtc(p.createdAt),
                },
                {
                  id: "actions",
                  header: t("actions"),
                  headerHidden: true,
                  className: "whitespace-nowrap text-right",
                  cell: (p) => (
                    <span className="inline-flex gap-2">
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={t("editLabel", { name: p.name })}
                        onClick={() =>
                          setEditing({
                            kind: "edit",
                            id: p.id,
                            values: {
                              name: p.name,
                              monthlySpendCap:
                                p.monthlySpendCapMicros === null ? "" : formatDollarsInput(p.monthlySpendCapMicros),
                              rateLimitShare: p.rateLimitShare,
                              allowedModels: p.allowedModels,
                            },
                          })
                        }
                      >
                        {t("edit")}
                      </Button>
                      {!p.isDefault && (
                        <Button
                          type="button"
                          variant="danger"
                          aria-label={t("archiveLabel", { name: p.name })}
                          onClick={() => setArchiving({ id: p.id, name: p.name })}
                        >
                          {t("archive")}
                        </Button>
                      )}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </Card>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:w-[32rem]" aria-describedby={undefined}>
          <DialogTitle>{editing?.kind === "edit" ? t("editTitle", { name: editing.values.name }) : t("newTitle")}</DialogTitle>
          {editing && (
            <ProjectForm
              initial={editing.kind === "edit" ? editing.values : EMPTY_PROJECT}
              models={catalog.data ?? []}
              submitLabel={editing.kind === "edit" ? t("save") : t("create")}
              onSubmit={save}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={archiving !== null}
        title={t("archiveQuestion", { name: archiving?.name ?? "" })}
        confirmLabel={t("archive")}
        busy={archive.isPending}
        onCancel={() => {
          setArchiving(null);
          archive.reset();
        }}
        onConfirm={() => archiving && archive.mutate({ id: archiving.id })}
      >
        <p>{t("archiveBody")}</p>
        <div className="mt-3">
          <ErrorNote error={archive.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}
