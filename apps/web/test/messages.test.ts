import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "../messages/en.json";
import ru from "../messages/ru.json";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** The placeholders of an ICU message with their kind ("count:plural", "price:argument", "b:tag"), nested ones included. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument) into.add(`${el.value}:argument`);
    if (el.type === TYPE.number) into.add(`${el.value}:number`);
    if (el.type === TYPE.date || el.type === TYPE.time) into.add(`${el.value}:date`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`${el.value}:${el.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
    if (el.type === TYPE.tag) {
      into.add(`${el.value}:tag`);
      placeholders(el.children, into);
    }
  }
  return into;
}

const enMessages = flatten(en as Tree);
const ruMessages = flatten(ru as Tree);

describe("UI messages", () => {
  it("English and Russian have exactly the same keys", () => {
    expect([...ruMessages.keys()].sort()).toEqual([...enMessages.keys()].sort());
  });

  it("every Russian message uses the same ICU placeholders as its English one", () => {
    const mismatches: string[] = [];
    for (const [key, text] of enMessages) {
      const other = ruMessages.get(key);
      if (other === undefined) continue;
      const a = [...placeholders(parse(text))].sort();
      const b = [...placeholders(parse(other))].sort();
      if (a.join() !== b.join()) mismatches.push(`${key}: en {${a}} ru {${b}}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("no message is empty", () => {
    const empty = [...enMessages, ...ruMessages].filter(([, v]) => v.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });
});
