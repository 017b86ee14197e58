/** Public surface of the engine's accounts domain. Accounts and what belongs to them: sign-up, API keys, model subscriptions with spend caps, test balance. */
export { authenticateApiKey, createAccount, signUp } from "./accounts";
export {
  ApiKeyNotFoundError,
  MAX_LIVE_API_KEYS,
  TooManyApiKeysError,
  issueApiKey,
  issueNamedApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from "./api-keys";
export { listSubscriptions, setSpendCap, setSubscriptionStatus, subscribeToModel, unsubscribedModels } from "./subscriptions";
export {
  TestBalanceError,
  declineTestBalance,
  grantTestBalance,
  listTestBalanceRequests,
  requestTestBalance,
} from "./test-balance";
