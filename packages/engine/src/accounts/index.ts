/** Public surface of the engine's accounts domain. Accounts and what belongs to them: sign-up, API keys, model subscriptions with spend caps, test balance. */
export { authenticateApiKey, createAccount, setAccountLocale, signUp } from "./accounts";
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
export { countActiveApiKeys, findApiKeyLabel, listApiKeyLabels } from "./api-key-labels";
export { deleteAccount, tombstoneEmail } from "./delete-account";
export { exportAccountData } from "./export-account";
export { getAccount } from "./get-account";
export type { KeyIdentity } from "./key-identity";
export { assertKeyMayWrite, keyAllowsModel, keyUseRefusal, type KeyRestrictions, assertKeyAllowsModel } from "./key-restrictions";
export { keyMonthSpendMicros, admitUnderKeyCap } from "./key-spend-cap";
export { checkedKeyRestrictions, restrictApiKey, type KeyRestrictionsInput } from "./restrict-api-key";
export { setRetentionDays } from "./retention-setting";
export { listSubscriptions, setSpendCap, setSubscriptionStatus, subscribeToModel, unsubscribedModels } from "./subscriptions";
export {
  TestBalanceError,
  declineTestBalance,
  grantTestBalance,
  listTestBalanceRequests,
  requestTestBalance,
} from "./test-balance";
export { admitUnderSubscription, subscriptionPaused, subscriptionPausedNow } from "./subscription-admission";
