import { redirect } from "next/navigation";

/** The password form moved into account settings; old links and bookmarks land there. */
export default function ChangePasswordPage() {
  redirect("/dashboard/account");
}
