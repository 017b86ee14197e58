import { env } from "@vgen/config";
import { type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/**
 * Sent to the owner when someone signs up with an address that already has an account: the
 * sign-up answers as for a new account (so it tells nobody which addresses have one), and the
 * owner, who may simply have forgotten, learns how to get in.
 */
export function signUpAttemptMail(input: { email: string; at: Date }, locale: Locale) {
  const kind = "sign_up_attempt" as const;
  const signInUrl = `${env().PUBLIC_BASE_URL}/signin`;
  if (locale === "ru")
    return {
      kind,
      subject: "Попытка регистрации с вашим адресом",
      text: `${formatUtc(input.at)} кто-то попытался создать аккаунт vgen с адресом ${input.email},
но аккаунт с этим адресом уже есть. Новый аккаунт не создан.

Если это были вы, войдите: ${signInUrl}
Забыли пароль? Сбросьте его на странице входа («Забыли пароль?»).
Если это были не вы, ничего делать не нужно.

${signature()}`,
    };
  return {
    kind,
    subject: "Someone tried to sign up with your address",
    text: `At ${formatUtc(input.at)} someone tried to create a vgen account with ${input.email},
which already has an account. No new account was created.

If it was you, sign in: ${signInUrl}
Forgot your password? Reset it from the sign-in page ("Forgot password?").
If it was not you, there is nothing to do.

${signature()}`,
  };
}
