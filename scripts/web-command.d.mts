// Types of web-command.mjs for the TypeScript that imports it (bench, e2e).
export declare const WEB_NODE_ARGS: string[];
export declare const WEB_ENTRY: string;
export declare const WEB_COMMAND: string[];
