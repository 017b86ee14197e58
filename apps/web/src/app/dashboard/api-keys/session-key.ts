/**
 * The full key of the key issued last in this browser tab, kept in sessionStorage (gone when the
 * tab closes, never sent anywhere) so the quick start can show ready-to-run samples with it.
 */
const STORAGE_KEY = "vgen.issuedKey";

export interface IssuedKey {
  id: string;
  key: string;
  prefix: string;
  name: string;
  /** False for a test key (`vgk_test_…`); absent in keys remembered before test mode: read from the key. */
  livemode?: boolean;
  /** Issued at sign-up and not yet shown in full: the quick start reveals it once. */
  fresh?: boolean;
}

/** Whether a remembered key is a live one. */
export function isLiveKey(k: IssuedKey): boolean {
  return k.livemode ?? !k.key.startsWith("vgk_test_");
}

export function rememberIssuedKey(k: IssuedKey): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(k));
  } catch {
    // Storage disabled: the samples fall back to the placeholder.
  }
}

export function readIssuedKey(): IssuedKey | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const k = JSON.parse(raw) as IssuedKey;
    return typeof k.key === "string" && typeof k.id === "string" ? k : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered key when it is the one revoked (or always, without an id). */
export function forgetIssuedKey(id?: string): void {
  try {
    if (id === undefined || readIssuedKey()?.id === id) sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
