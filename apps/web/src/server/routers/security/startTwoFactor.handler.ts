import QRCode from "qrcode";
import { startTwoFactorEnrollment } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";

/** The new secret as a QR code (an SVG data URL drawn here, so no third party sees the secret) and as text. */
export async function startTwoFactorHandler({ ctx }: { ctx: AuthedContext }) {
  const { secret, uri } = await startTwoFactorEnrollment(ctx.db, ctx.user.id);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
