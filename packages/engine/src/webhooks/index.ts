export * from "./deliveries";
export * from "./schedule";
export * from "./signing";
export { startWebhookWorker, type RunningWebhookWorker } from "./worker";
