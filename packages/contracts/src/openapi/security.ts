/** How operations authenticate: the bearer scheme, required by default, waived by the public endpoints. */

export const bearerAuthScheme = {
  type: "http",
  scheme: "bearer",
  description: "Your API key from the dashboard: `Authorization: Bearer <API_KEY>`.",
} as const;

export const apiKeyRequired = [{ bearerAuth: [] as string[] }];
export const noApiKey: typeof apiKeyRequired = [];
