"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { CreateOrganizationInput } from "@/server/routers/orgs/create.schema";
import { useTRPC } from "@/trpc/client";

/**
 * "Create organization": a separate organization (its own balance, keys and members) that the
 * person owns; once created the session acts for it, so `onCreated` reloads every figure.
 */
export function CreateOrgDialog({ onCreated }: { onCreated: () => Promise<void> }) {
  const t = useTranslations("orgs");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const create = useMutation(trpc.orgs.create.mutationOptions());
  const form = useSchemaForm(CreateOrganizationInput, { defaultValues: { name: "" } });
  const showErrors = useServerErrors(form);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(async () => {
      setOpen(false);
      form.reset();
      await onCreated();
    }, showErrors),
  );
  return (
    <>
      <Button type="button" variant="secondary" className="mt-2 w-full" onClick={() => setOpen(true)}>
        {t("createOrganization")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>{t("createOrganization")}</DialogTitle>
          <form onSubmit={onSubmit} noValidate aria-label={t("createOrganization")} className="mt-3 space-y-4">
            <p className="text-sm text-slate-700">{t("createDescription")}</p>
            <TextField
              label={t("organizationName")}
              autoComplete="organization"
              required
              maxLength={80}
              error={form.formState.errors.name?.message}
              {...form.register("name")}
            />
            {form.formState.errors.root?.server && <FormError>{form.formState.errors.root.server.message}</FormError>}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? tc("working") : t("create")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
