/** How operations authenticate: the bearer scheme, required by default, waived by the public endpoints. */

export const bearerAuthScheme = {
  type: "http",
  scheme: "bearer",
  description:
    "Your API key from the dashboard: `Authorization: Bearer <API_KEY>`.\n\n" +
    "A key may be restricted in the dashboard, at issue or later (an edit applies from the next request on): " +
    "to some models (`403 key_model_not_allowed`), read-only: list models, read, list and stream generations, never create or cancel (`403 key_read_only`), " +
    "an expiry date and time in UTC (`401 key_expired`), a monthly spend cap in dollars: what its generations created this calendar month (UTC) are charged or hold, " +
    "net of releases and refunds (`403 key_spend_cap_reached`, before any hold), and IP addresses or CIDR ranges, IPv4 and IPv6 (`403 key_source_not_allowed`).",
} as const;

export const apiKeyRequired = [{ bearerAuth: [] as string[] }];
export const noApiKey: typeof apiKeyRequired = [];
