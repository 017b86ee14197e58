export * from "./errors";
export * from "./money";
export * from "./generation";
export * from "./validation";
export * from "./text";
export * from "./responses";
export * from "./openapi";
export * from "./redirects";
