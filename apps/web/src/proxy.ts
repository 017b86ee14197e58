import { withAuth } from "next-auth/middleware";

// Signed-out visitors of the protected area go to sign-in and come back to the page they asked for.
export default withAuth({ pages: { signIn: "/signin" } });

export const config = { matcher: ["/dashboard/:path*", "/console/:path*"] };
