import QRCode from "qrcode";
import type { z } from "zod";
import {
  confirmTwoFactorEnrollment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorEnrollment,
  twoFactorStatus,
} from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { ConfirmTwoFactorInput, OwnerConfirmationInput } from "./twoFactor.schema";

export function twoFactorStatusHandler({ ctx }: { ctx: AuthedContext }) {
  return twoFactorStatus(ctx.db, ctx.user.id);
}

/** The new secret as a QR code (an SVG data URL drawn here, so no third party sees the secret) and as text. */
export async function startTwoFactorHandler({ ctx }: { ctx: AuthedContext }) {
  const { secret, uri } = await startTwoFactorEnrollment(ctx.db, ctx.user.id);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export function confirmTwoFactorHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ConfirmTwoFactorInput> }) {
  return confirmTwoFactorEnrollment(ctx.db, ctx.user.id, input.code);
}

export async function disableTwoFactorHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof OwnerConfirmationInput>;
}) {
  await disableTwoFactor(ctx.db, { accountId: ctx.user.id, ...input });
  return { disabled: true };
}

export function regenerateRecoveryCodesHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof OwnerConfirmationInput>;
}) {
  return regenerateRecoveryCodes(ctx.db, { accountId: ctx.user.id, ...input });
}
