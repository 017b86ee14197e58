/** Public surface of the engine's observability domain. Prometheus metrics, the request log and the public status computed from it. */
export { methodLabel, metrics, routeLabel } from "./metrics";
export { bufferRequestLog, flushRequestLogs } from "./request-log-writer";
export type { RequestLogRow } from "./request-log-writer";
export { computeStatus, STATUS_THRESHOLDS } from "./status";
export { STATUS_CLASSES, getRequestLog, listRequestLogs, deleteExpiredRequestLogs } from "./request-logs";
export type { RequestLogEntry, RequestLogFilter, StatusClass } from "./request-logs";
export { databaseSupervisor, readiness, reportDatabaseSupervisor } from "./readiness";
export type { DatabaseSupervisorState } from "./readiness";
