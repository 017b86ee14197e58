// deploy/prometheus/rules.yml checked and unit-tested by promtool (Debian's prometheus package), and
// deploy/grafana/vgen.json read against it. The scrape of a running app is e2e/api/prometheus-scrape.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DASHBOARD_FILE, namesInExpr, PROMETHEUS_DIR, readRules, runPrometheusTool } from "../support/prometheus";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const rules = readRules();
const alerts = rules.filter((r) => r.alert);
const records = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));

describe("Prometheus rules (deploy/prometheus)", () => {
  it("pass promtool check rules", () => {
    const { status, output } = runPrometheusTool("promtool", ["check", "rules", "rules.yml"]);
    expect(output).toContain("SUCCESS");
    expect(status, output).toBe(0);
  });

  it("pass their promtool unit tests (rules.test.yml)", () => {
    const { status, output } = runPrometheusTool("promtool", ["test", "rules", "rules.test.yml"]);
    expect(status, output).toBe(0);
    expect(output).toContain("SUCCESS");
  });

  it("test every alert firing and every alert not firing on a near miss", () => {
    const tests = (
      parse(readFileSync(path.join(PROMETHEUS_DIR, "rules.test.yml"), "utf8")) as {
        tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
      }
    ).tests.flatMap((t) => t.alert_rule_test ?? []);
    expect(alerts.length).toBeGreaterThan(0);
    for (const { alert } of alerts) {
      const mine = tests.filter((t) => t.alertname === alert);
      expect(
        mine.some((t) => (t.exp_alerts ?? []).length > 0),
        `${alert} fires in a test`,
      ).toBe(true);
      expect(
        mine.some((t) => (t.exp_alerts ?? []).length === 0),
        `${alert} has a near miss`,
      ).toBe(true);
    }
  });

  it("give every alert a severity and a runbook entry that exists in docs/operations.md", () => {
    const headings = new Set(
      [...readFileSync(path.join(root, "docs/operations.md"), "utf8").matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, "")
          .replace(/ /g, "-"),
      ),
    );
    for (const { alert, labels, annotations } of alerts) {
      expect(["warning", "critical"], alert).toContain(labels?.severity);
      expect(annotations?.runbook, alert).toBe(`docs/operations.md#${alert!.toLowerCase()}`);
      expect(headings.has(alert!.toLowerCase()), `docs/operations.md has a heading ${alert}`).toBe(true);
    }
  });
});

describe("Grafana dashboard (deploy/grafana/vgen.json)", () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, "utf8")) as {
    uid: string;
    panels: { title: string; type: string; targets?: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

  it("charts the recording rules only, and every one of them", () => {
    expect(exprs.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const { panel, expr } of exprs)
      for (const name of namesInExpr(expr)) {
        expect(records.has(name), `${panel}: ${name} is a recording rule`).toBe(true);
        used.add(name);
      }
    expect([...records].filter((r) => !used.has(r))).toEqual([]);
  });

  it("parses its queries as PromQL", () => {
    // promtool checks expressions only inside a rule file: one throwaway record per panel query.
    const dir = mkdtempSync(path.join(os.tmpdir(), "vgen-dashboard-queries-"));
    const group = { groups: [{ name: "dashboard", rules: exprs.map((e, i) => ({ record: `dashboard:q${i}`, expr: e.expr })) }] };
    writeFileSync(path.join(dir, "queries.yml"), JSON.stringify(group));
    try {
      const { status, output } = runPrometheusTool("promtool", ["check", "rules", "queries.yml"], dir);
      expect(status, output).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
