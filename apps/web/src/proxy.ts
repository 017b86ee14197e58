import { withAuth } from "next-auth/middleware";

// Signed-out visitors of the protected area go to sign-in and come back to the page they asked for.
// A cookie that names no session is signed out here already; whether a named session is still live
// (not signed out, reset or suspended) is checked by the pages themselves against the database.
export default withAuth({ pages: { signIn: "/signin" }, callbacks: { authorized: ({ token }) => typeof token?.sid === "string" } });

export const config = { matcher: ["/dashboard/:path*", "/console/:path*"] };
