import { ChangePasswordPanel } from "./change-password-panel";

export const metadata = { title: "Change password" };

export default function ChangePasswordPage() {
  return <ChangePasswordPanel />;
}
