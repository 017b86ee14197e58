/** How an account is named to people: an organization by its name, a person by name or else address. */
export function accountLabel(account: { id: string; name: string | null; email: string | null }): string {
  return account.name ?? account.email ?? account.id;
}
