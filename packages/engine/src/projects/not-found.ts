import { ApiError } from "@vgen/contracts";

/** Another organization's project is indistinguishable from a missing one. */
export function projectNotFound(): ApiError {
  return new ApiError("resource_not_found", "This project does not exist in this organization, or it is archived.");
}
