// Every `vgen` command, in the order `vgen --help` lists them. A new command is a module under
// commands/ (or cli/) exporting `defineCommand({...})`, added to this list.
import type { Command } from "./command.js";
import { cancel } from "./commands/cancel.js";
import { concat } from "./commands/concat.js";
import { download } from "./commands/download.js";
import { generate } from "./commands/generate.js";
import { get } from "./commands/get.js";
import { list } from "./commands/list.js";
import { listen, trigger } from "./commands/listen.js";
import { models } from "./commands/models.js";
import { quote } from "./commands/quote.js";

export const COMMANDS: readonly Command[] = [generate, quote, get, list, cancel, concat, download, models, listen, trigger];
