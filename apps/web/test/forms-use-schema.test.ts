import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Every form of the web app is driven by react-hook-form through useSchemaForm
 * (components/forms/use-schema-form.ts), which checks it with the zod schema the server applies.
 */
const ROOT = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".tsx") ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const files = sources("src").map((f) => relative(ROOT, join(ROOT, f)));

/** Files that render a <form> without driving it, and why. */
const NOT_DRIVERS: Record<string, string> = {
  "src/components/ui/auth-card.tsx": "the signed-out pages' card renders the <form> its callers drive (checked below)",
  "src/app/dashboard/billing/billing-panel.tsx": "a live filter: each change re-queries the ledger, nothing is submitted",
  "src/app/dashboard/requests/requests-panel.tsx": "a live filter: each change re-queries the request log, nothing is submitted",
};

/** A file renders a form when it has a <form> element or the signed-out pages' form card. */
const rendersForm = (source: string) => /<form[\s>]/.test(source) || /<AuthFormCard[\s>]/.test(source);

describe("forms", () => {
  const forms = files.filter((file) => rendersForm(read(file)) && !(file in NOT_DRIVERS));

  test("there are forms to check (the scan finds them)", () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  test.each(forms)("%s drives its form with useSchemaForm (react-hook-form and the procedure's schema)", (file) => {
    const source = read(file);
    expect(source).toMatch(/\buseSchemaForm\(/);
    expect(source).toMatch(/\.handleSubmit\(/);
  });

  test("the exceptions still render a form (else they leave the list)", () => {
    for (const file of Object.keys(NOT_DRIVERS)) expect(rendersForm(read(file)), file).toBe(true);
  });
});
