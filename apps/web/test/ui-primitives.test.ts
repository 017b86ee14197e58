import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Dialogs, menus, tabs and listboxes come from the Radix-based primitives in src/components/ui (focus
 * trap, Escape, arrow keys, focus return): nothing else hand-rolls their roles or a native modal.
 */
const SRC = join(import.meta.dirname, "../src");
const UI = "components/ui";

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const HAND_ROLLED = [
  /role[=:]\s*\{?\s*["'`](dialog|alertdialog|menu|menubar|menuitem\w*|tablist|tab|tabpanel|listbox|option)["'`]/,
  /aria-modal/,
  /<dialog[\s>]/,
  /\.showModal\(/,
];

describe("interactive primitives stay in components/ui", () => {
  const files = tsxFiles(SRC).map((f) => relative(SRC, f));

  test("the sources are found", () => {
    expect(files).toContain(join(UI, "dialog.tsx"));
    expect(files.length).toBeGreaterThan(50);
  });

  test("no component outside components/ui hand-rolls a dialog, menu, tab list or listbox", () => {
    const offenders = files
      .filter((f) => !f.startsWith(`${UI}/`))
      .flatMap((f) => {
        const text = readFileSync(join(SRC, f), "utf8");
        return HAND_ROLLED.filter((re) => re.test(text)).map((re) => `${f}: ${re.source}`);
      });
    expect(offenders).toEqual([]);
  });

  test("the primitives themselves are Radix's", () => {
    const radix = {
      "dialog.tsx": "react-dialog",
      "dropdown-menu.tsx": "react-dropdown-menu",
      "tabs.tsx": "react-tabs",
      "toast.tsx": "react-toast",
    };
    for (const [file, pkg] of Object.entries(radix)) {
      const text = readFileSync(join(SRC, UI, file), "utf8");
      expect(text, file).toContain(`@radix-ui/${pkg}`);
      for (const re of HAND_ROLLED) expect(text, `${file}: ${re.source}`).not.toMatch(re);
    }
  });
});
