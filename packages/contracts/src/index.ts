export * from "./errors";
export * from "./money";
export * from "./generation";
export * from "./validation";
