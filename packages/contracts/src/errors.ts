/**
 * The error catalog: the one source that the API, the /errors page, GET /api/v1/errors
 * and the OpenAPI document all read. Each code has exactly one HTTP status.
 */
export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "billing_error"
  | "not_found_error"
  | "conflict_error"
  | "rate_limit_error"
  | "api_error"
  | "generation_error";

export interface ErrorDefinition {
  /** HTTP status; null for failure codes that only appear inside a failed generation record. */
  status: number | null;
  type: ErrorType;
  /** What happened, in one sentence. */
  meaning: string;
  /** What the caller should do about it. */
  fix: string;
  /** Answered by the dashboard only (its sign-up and key forms), never by the public API. */
  dashboardOnly?: true;
}

const def = <S extends number | null>(status: S, type: ErrorType, meaning: string, fix: string) => ({
  status,
  type,
  meaning,
  fix,
});

const dashboardDef = <S extends number>(status: S, type: ErrorType, meaning: string, fix: string) => ({
  ...def(status, type, meaning, fix),
  dashboardOnly: true as const,
});

export const ERROR_CATALOG = {
  malformed_request: def(
    400,
    "invalid_request_error",
    "The HTTP request itself could not be read: a malformed request line or header, or a path that is not valid percent-encoded UTF-8.",
    "Percent-encode the path as UTF-8 (`%20`, never a bare `%`) and send well-formed HTTP/1.1.",
  ),
  invalid_json: def(
    400,
    "invalid_request_error",
    "The request body is not valid JSON.",
    "Send a UTF-8 JSON object as the body; check quotes and trailing commas.",
  ),
  missing_parameter: def(400, "invalid_request_error", "A required parameter is missing.", "Add the parameter named in `param`."),
  invalid_parameter: def(
    400,
    "invalid_request_error",
    "A parameter has the wrong type or a value outside its allowed range.",
    "Fix the value of the parameter named in `param`; the message says what is allowed.",
  ),
  unknown_parameter: def(
    400,
    "invalid_request_error",
    "The body contains a field the API does not know (for example `aspect_ratio` instead of `aspectRatio`).",
    "Remove or rename the field named in `param`; field names are case-sensitive.",
  ),
  unknown_model: def(
    400,
    "invalid_request_error",
    "The `model` is not in the catalog or is disabled.",
    "Use a model ID from GET /api/v1/models.",
  ),
  urls_with_frames: def(
    400,
    "invalid_request_error",
    "`urls` was sent together with `firstFrameUrl` or `lastFrameUrl`.",
    "Send either reference `urls` or first/last frames, not both.",
  ),
  too_many_urls: def(400, "invalid_request_error", "`urls` holds more than 3 entries.", "Send at most 3 reference URLs."),
  last_frame_without_first_frame: def(
    400,
    "invalid_request_error",
    "`lastFrameUrl` was sent without `firstFrameUrl`.",
    "Add `firstFrameUrl`, or drop `lastFrameUrl`.",
  ),
  webhook_events_without_webhook: def(
    400,
    "invalid_request_error",
    "`webHookEvents` was sent without `webHook`.",
    "Add the `webHook` URL the events go to, or drop `webHookEvents` (account endpoints choose their events in the dashboard).",
  ),
  unsupported_size: def(
    400,
    "invalid_request_error",
    "The model does not produce the requested `size`.",
    "Use one of the sizes GET /api/v1/models lists for the model, or omit `size` for its default.",
  ),
  audio_not_supported: def(
    400,
    "invalid_request_error",
    "The model makes silent clips only: `generateAudio` is true for a model without sound.",
    "Omit `generateAudio` (or set it to false), or use a model whose `audio.supported` is true in GET /api/v1/models.",
  ),
  too_many_outputs: def(
    400,
    "invalid_request_error",
    "`n` asks for more clips than the model makes per request.",
    "Ask for at most the model's `max_outputs` (GET /api/v1/models), or make several requests.",
  ),
  unsupported_by_model: def(
    400,
    "invalid_request_error",
    "No provider serving the model can produce this combination of `duration`, `size`, `aspectRatio`, frames, reference images, sound and negative prompt; the message names the rule (e.g. 1080p only at 8 s).",
    "Change the parameter named in `param` to a value the message lists, or use another model.",
  ),
  invalid_url: def(
    400,
    "invalid_request_error",
    "A URL parameter is not an absolute http(s) URL of at most 2048 characters, or points at an address the service may not reach.",
    "Send a public absolute http:// or https:// URL.",
  ),
  invalid_cursor: def(
    400,
    "invalid_request_error",
    "The pagination `cursor` is not one this API returned.",
    "Pass the `next_cursor` value of the previous page unchanged, or omit it.",
  ),
  webhook_endpoint_limit: dashboardDef(
    409,
    "conflict_error",
    "The account already has the most webhook endpoints it may have (10).",
    "Delete or reuse an endpoint you no longer need; one endpoint can subscribe to several events.",
  ),
  weak_password: dashboardDef(
    400,
    "invalid_request_error",
    "The password is too easy to guess: a common or breached password, a repeated or keyboard pattern, or your email or name.",
    "Choose a longer passphrase of several unrelated words; the form says what made this one weak.",
  ),
  wrong_password: dashboardDef(
    400,
    "invalid_request_error",
    "The account password given to confirm a change (password, two-factor settings, account deletion) is not correct.",
    "Type the current password again, or sign out and reset it from the sign-in page.",
  ),
  invalid_two_factor_code: dashboardDef(
    400,
    "invalid_request_error",
    "The two-factor code is missing, wrong, expired, or was already used (a TOTP code is accepted once; each recovery code once).",
    "Enter the current 6-digit code from your authenticator app, or one of your unused recovery codes.",
  ),
  invalid_link: dashboardDef(
    400,
    "invalid_request_error",
    "The password-reset, email-verification or email-change link is unknown, already used or expired.",
    "Ask for a new link: from the sign-in page for a reset, from the dashboard banner for a verification, from account settings for an email change.",
  ),
  action_not_allowed: dashboardDef(
    400,
    "invalid_request_error",
    "A rule refuses this change for this record (for example refunding a generation that did not complete, suspending a staff account, or an adjustment that would take the balance below zero).",
    "The message names the rule; change the request or the record first.",
  ),
  sso_failed: dashboardDef(
    401,
    "authentication_error",
    "The single sign-on answer from the organization's identity provider was refused (an ID token for another client, expired, replayed, or for an email outside the organization's verified domains), or the sign-in took too long.",
    "Start again from the sign-in page; if it keeps failing, the organization's owner checks the SSO connection in the dashboard.",
  ),
  missing_api_key: def(401, "authentication_error", "No API key was sent.", "Send the header `Authorization: Bearer <API_KEY>`."),
  invalid_api_key: def(
    401,
    "authentication_error",
    "The API key is unknown or has been revoked.",
    "Check the key in the dashboard's API keys section, or issue a new one.",
  ),
  key_expired: def(
    401,
    "authentication_error",
    "The API key passed the expiry date its owner set for it.",
    "Issue a new key, or extend this key's expiry in the dashboard's API keys section.",
  ),
  not_signed_in: dashboardDef(
    401,
    "authentication_error",
    "The dashboard's request needs its sign-in session, and it came without a valid one (never signed in, signed out, or the session expired or was revoked).",
    "Sign in to the dashboard again; scripts use the public API with an API key instead.",
  ),
  insufficient_balance: def(
    402,
    "billing_error",
    "The available balance (balance minus holds) does not cover the cost of the generation.",
    "Top up the balance or ask for a test balance; then retry.",
  ),
  sso_required: dashboardDef(
    403,
    "permission_error",
    "This email's organization requires single sign-on: a password does not sign its members in.",
    "On the sign-in page, type your work email and continue with single sign-on (your company's identity provider).",
  ),
  account_suspended: def(403, "permission_error", "The account is suspended.", "Contact support."),
  subscription_paused: def(
    403,
    "permission_error",
    "Your subscription to this model is paused.",
    "Resume it in the dashboard under My subscriptions.",
  ),
  spend_limit_reached: def(
    403,
    "permission_error",
    "This generation would pass the monthly spend cap set for the model.",
    "Raise or remove the cap under My subscriptions, or wait for next month.",
  ),
  key_read_only: def(
    403,
    "permission_error",
    "The API key is read-only: it may list models and read generations, but not create or cancel them.",
    "Use a key without the read-only restriction, or lift it in the dashboard's API keys section.",
  ),
  key_model_not_allowed: def(
    403,
    "permission_error",
    "The API key is restricted to other models than the one requested.",
    "Request one of the key's models (the message lists them), or add this model to the key in the dashboard.",
  ),
  key_spend_cap_reached: def(
    403,
    "permission_error",
    "This generation would take the API key past the monthly spend cap set for it (what its generations were charged or held this calendar month, UTC).",
    "Raise or remove the key's cap in the dashboard's API keys section, use another key, or wait for next month.",
  ),
  key_source_not_allowed: def(
    403,
    "permission_error",
    "The request came from an address outside the IP addresses and ranges the API key is restricted to.",
    "Call from an allowed address, or add this one (the message names it) to the key in the dashboard.",
  ),
  cross_site_request: dashboardDef(
    403,
    "permission_error",
    "A request that changes something with the dashboard's session cookie did not come from the dashboard's own pages: its `Origin` or `Sec-Fetch-Site` names another site, or it sent neither.",
    "Make the change from the dashboard itself; scripts use the public API with an API key instead of the session cookie.",
  ),
  role_not_allowed: dashboardDef(
    403,
    "permission_error",
    "Your role in the organization the dashboard is acting for does not allow this action (for example a developer opening invoices, or a billing member issuing a key).",
    "Ask an owner or admin of the organization for a role that allows it, or switch to another organization.",
  ),
  email_not_verified: dashboardDef(
    403,
    "permission_error",
    "The account's email address is not verified yet, and the dashboard issues API keys only to verified accounts.",
    "Open the verification link sent to your address (or send a new one from the dashboard banner), then issue the key again.",
  ),
  generation_not_found: def(
    404,
    "not_found_error",
    "No generation with this id exists for this account.",
    "Check the id; ids are per account.",
  ),
  extend_with_images: def(
    400,
    "invalid_request_error",
    "`extendFrom` was combined with `firstFrameUrl`, `lastFrameUrl` or `urls`; an extension starts from its source's last frame.",
    "Send `extendFrom` without frame or reference images.",
  ),
  clip_not_completed: def(
    409,
    "conflict_error",
    "The generation named by `extendFrom`, or the last clip of the chain POST /api/v1/videos/concat was asked to join, is not `completed` (still processing, failed or canceled): there is no clip to continue or join.",
    "Wait for it to complete (poll, stream or webhook), then extend or join it.",
  ),
  clip_expired: def(
    410,
    "not_found_error",
    "The output of the generation named by `extendFrom`, or of a clip of the chain to concatenate, has passed its retention (`expired`): the clip is gone.",
    "Extend or join clips whose outputs are still kept (see each record's `output[].expires_at`).",
  ),
  concat_clips_differ: def(
    409,
    "conflict_error",
    "The clips of the chain POST /api/v1/videos/concat was asked to join differ in codec, frame size or sound format (a provider's clip beside a rendered one, after a failover), so they cannot be joined without re-encoding.",
    "Download the clips (each record's `output[0].url`) and join them with a tool that re-encodes, such as ffmpeg.",
  ),
  concat_not_a_chain: def(
    400,
    "invalid_request_error",
    "POST /api/v1/videos/concat was given a generation that extends none (`extended_from` null): there is no chain to join.",
    "Pass the id of the last extension of the chain (a record whose `extended_from` is set).",
  ),
  extend_mismatch: def(
    400,
    "invalid_request_error",
    "The extension asked for another `model`, `size` or `aspectRatio` than its source's; a continued scene keeps the source's.",
    "Omit `size` and `aspectRatio` (they are inherited) and use the source's model.",
  ),
  extend_chain_too_long: def(
    400,
    "invalid_request_error",
    "The chain `extendFrom` continues would run longer than a chain may (300 s, its clips' `duration` together) with this extension's seconds.",
    "Extend by fewer seconds, or start a new chain: join this one (POST /api/v1/videos/concat) and begin a clip of its own.",
  ),
  quote_not_found: def(
    404,
    "not_found_error",
    "The `quoteId` names no quote of this account in this mode (a test key's quotes serve test keys only, and a live key's live keys).",
    "Pass the `quote_id` that POST /api/v1/videos/quote answered to this account's keys of the same mode, or omit `quoteId`.",
  ),
  quote_expired: def(
    410,
    "not_found_error",
    "The quote's 10 minutes have passed (its `expires_at`); it no longer binds the price.",
    "Ask POST /api/v1/videos/quote for a new quote and create within 10 minutes, or create without `quoteId` at the current price.",
  ),
  quote_mismatch: def(
    400,
    "invalid_request_error",
    "The create body differs from the request the quote was made for (only `stream` and `quoteId` may differ).",
    "Send exactly the body you quoted, or ask for a new quote for this request.",
  ),
  route_not_found: def(
    404,
    "not_found_error",
    "No API endpoint at this path.",
    "Check the path and method against the API reference at /docs.",
  ),
  output_expired: def(
    410,
    "not_found_error",
    "The generation's output (the MP4 or its poster) was kept for its retention period, which has ended; the file is deleted.",
    "Download outputs before the record's `output[].expires_at`, or ask for a longer `retention_days` (up to 365) on create or in the dashboard's account settings. Generate again to get a new clip.",
  ),
  resource_not_found: dashboardDef(
    404,
    "not_found_error",
    "The account, model, subscription, API key, invoice, webhook endpoint, webhook delivery or test balance request named in the request does not exist, or is not this account's.",
    "Check the id; reload the dashboard page to see the records you can act on.",
  ),
  method_not_allowed: def(
    405,
    "invalid_request_error",
    "The endpoint does not accept this HTTP method.",
    "Use the method shown in the API reference at /docs.",
  ),
  generation_not_cancelable: def(
    409,
    "conflict_error",
    "The generation has already finished and cannot be canceled.",
    "Nothing to do: fetch its result instead.",
  ),
  quote_already_used: def(
    409,
    "conflict_error",
    "The quote has already served a generation; each quote is used once.",
    "Ask for a new quote for the next generation. To retry a create safely, send the same Idempotency-Key instead.",
  ),
  idempotency_key_reused: def(
    409,
    "conflict_error",
    "This Idempotency-Key was already used with a different request body in the last 24 hours.",
    "Use a new key for a new request; reuse a key only to retry the identical request.",
  ),
  idempotency_request_in_progress: def(
    409,
    "conflict_error",
    "A request with this Idempotency-Key is still being processed.",
    "Retry after a moment; you will get the original response.",
  ),
  generations_in_progress: dashboardDef(
    409,
    "conflict_error",
    "The account cannot be deleted while any of its generations is still processing: its hold, charge and output are still moving.",
    "Wait for the generations to finish, or cancel them, then delete the account again.",
  ),
  state_conflict: dashboardDef(
    409,
    "conflict_error",
    "The record is already in the state the change asks for (already refunded, revoked, verified, paid or answered), or an earlier request for it is still waiting.",
    "Reload to see the current state; nothing needs repeating.",
  ),
  too_many_api_keys: dashboardDef(
    409,
    "conflict_error",
    "The account already holds the largest number of live API keys allowed.",
    "Revoke a key you no longer use, then issue the new one.",
  ),
  email_taken: dashboardDef(
    409,
    "conflict_error",
    "An account with this email address already exists (on sign-up, or when changing an account's email to it).",
    "Sign in instead, or reset the password from the sign-in page; to change your email, choose an address no account uses.",
  ),
  payload_too_large: def(
    413,
    "invalid_request_error",
    "The body is larger than 64 KiB.",
    "Send image references as URLs, not inline data.",
  ),
  unsupported_media_type: def(
    415,
    "invalid_request_error",
    "The body is not sent as `Content-Type: application/json`.",
    "Set `Content-Type: application/json`.",
  ),
  rate_limited: def(
    429,
    "rate_limit_error",
    "Too many requests within the last second: for this model or this account, or without a valid API key from this address.",
    "Wait for the number of seconds in `Retry-After`, then retry; spread requests below the model's QPS.",
  ),
  too_many_open_streams: def(
    429,
    "rate_limit_error",
    "The account already holds as many event streams open on this server as it may (100 by default); a create asking for a stream is refused before anything is held.",
    "Close streams you no longer read, or poll GET /api/v1/videos/generations/{id} or use a webhook; retry after `Retry-After`.",
  ),
  test_mode_concurrency_exceeded: def(
    409,
    "conflict_error",
    "The account already has as many test-mode generations processing as test mode allows at once.",
    "Wait for one of them to finish (or cancel one), then retry; live keys have no such limit.",
  ),
  test_mode_daily_limit: def(
    429,
    "rate_limit_error",
    "The account has created as many test-mode generations today (UTC) as test mode allows per day.",
    "Retry after midnight UTC (see `Retry-After`), or use a live key.",
  ),
  too_many_attempts: dashboardDef(
    429,
    "rate_limit_error",
    "Too many attempts at this action (sign-ups, password resets or changes, verification links) from this account or address in a short time.",
    "Wait as long as the message says, then try again.",
  ),
  webhook_destination_busy: dashboardDef(
    429,
    "rate_limit_error",
    "A webhook resend was refused: its destination or account already has as many attempts in flight as allowed, or its endpoint is paused after repeated failures.",
    "Try again in a few seconds; for a paused endpoint, resume it on its page first.",
  ),
  internal_error: def(
    500,
    "api_error",
    "Something went wrong on our side. Nothing was charged.",
    "Retry with the same Idempotency-Key; if it persists, contact support with the request_id.",
  ),
  service_unavailable: def(
    503,
    "api_error",
    "The service is temporarily unable to accept work.",
    "Retry after a short wait with the same Idempotency-Key.",
  ),
  render_failed: def(
    null,
    "generation_error",
    "The renderer could not produce the video. Nothing was charged.",
    "Retry the generation; if it fails again, contact support with the generation id.",
  ),
  upstream_error: def(
    null,
    "generation_error",
    "The upstream model provider failed. Nothing was charged.",
    "Retry the generation later.",
  ),
  reference_fetch_failed: def(
    null,
    "generation_error",
    "A frame or reference image could not be downloaded or is not an image. Nothing was charged.",
    "Make sure every image URL is public, returns an image, and is under 10 MB.",
  ),
  content_policy_violation: def(
    null,
    "generation_error",
    "The prompt or an image was refused by the content policy. Nothing was charged.",
    "Change the prompt or images.",
  ),
  timeout: def(
    null,
    "generation_error",
    "The generation took longer than allowed. Nothing was charged.",
    "Retry, or choose a shorter duration or smaller size.",
  ),
  deadline_exceeded: def(
    null,
    "generation_error",
    "The generation was not finished by the request's `deadline` (or `Cancel-After`), so it was canceled and its hold released. Nothing was charged.",
    "Allow more time (a later deadline), or choose a shorter duration or smaller size.",
  ),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export type ApiErrorCode = {
  [K in ErrorCode]: (typeof ERROR_CATALOG)[K]["status"] extends number ? K : never;
}[ErrorCode];
export type GenerationFailureCode = Exclude<ErrorCode, ApiErrorCode>;

export function docUrl(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl.replace(/\/$/, "")}/errors#${code}`;
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    type: ErrorType;
    message: string;
    param: string | null;
    doc_url: string;
    request_id: string;
  };
}

/**
 * The one error model: every failure the caller can act on, from a route or from the engine, is an
 * ApiError (or a subclass naming its domain) carrying a catalog code. The REST wrapper turns it into
 * the error envelope and the tRPC middleware into a tRPC error with the same status and code.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message?: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? ERROR_CATALOG[code].meaning);
    this.status = ERROR_CATALOG[code].status as number;
  }

  toBody(baseUrl: string, requestId: string): ErrorBody {
    return {
      error: {
        code: this.code,
        type: ERROR_CATALOG[this.code].type,
        message: this.message,
        param: this.param,
        doc_url: docUrl(baseUrl, this.code),
        request_id: requestId,
      },
    };
  }
}

/** The catalog as the public JSON list (GET /api/v1/errors). */
export function listErrors(baseUrl: string) {
  return (Object.entries(ERROR_CATALOG) as [ErrorCode, ErrorDefinition][]).map(([code, d]) => ({
    code,
    status: d.status,
    type: d.type,
    meaning: d.meaning,
    fix: d.fix,
    doc_url: docUrl(baseUrl, code),
  }));
}
