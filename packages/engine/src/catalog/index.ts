/** Public surface of the engine's catalog domain. The model catalog: which models exist, their prices and limits, and request resolution against them. */
export { listModelIds } from "./model-ids";
export { QUEUE_LABELS, findEnabledModel, listCatalog, modelView, resolveAgainstModel } from "./models";
export type { ResolvedRequest } from "./models";
