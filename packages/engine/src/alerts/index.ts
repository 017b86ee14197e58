/** Public surface of the engine's alerts domain. Balance alerts: the owner's thresholds, the monthly spend check, the outbox drain. */
export { MAX_ALERT_THRESHOLD_MICROS, getAlertSettings, setAlertSettings } from "./settings";
export type { AlertSettings } from "./settings";
export { drainAlertEvents } from "./drain";
export { checkSpendThreshold } from "./spend";
