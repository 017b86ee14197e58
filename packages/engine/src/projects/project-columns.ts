/** The columns a project is shown with (dashboard and engine callers alike). */
export const PROJECT_SELECT = {
  id: true,
  name: true,
  isDefault: true,
  monthlySpendCapMicros: true,
  rateLimitShare: true,
  allowedModels: true,
  createdAt: true,
  archivedAt: true,
} as const;
