// Test balance: the user asks with a use case; support grants an amount they choose (a
// `test_credit` ledger entry, exactly once) or declines, with an answer the user sees. One pending
// request per account at a time. Staff decisions are written to the audit log in the same transaction.
import { ApiError, formatTimestamp, formatAmount, MICROS_PER_DOLLAR } from "@vgen/contracts";
import { newId, type Db, type Prisma, type TestBalanceRequest, type Tx } from "@vgen/db";
import { applyLedgerEntry } from "../billing";
import { notifyOwner, testBalanceGrantedMail } from "../mail";

const TEST_BALANCE_USE_CASE_MIN = 20;
const TEST_BALANCE_USE_CASE_MAX = 2000;
/** A sanity cap on one grant; larger amounts are a top-up, not a test balance. */
const TEST_BALANCE_MAX_GRANT_MICROS = 1_000n * MICROS_PER_DOLLAR;

/** A test balance request or decision refused: a value out of range, a request waiting or already answered. */
export class TestBalanceError extends ApiError {
  constructor(
    code: "invalid_parameter" | "resource_not_found" | "state_conflict" | "action_not_allowed",
    message: string,
    param: string | null = null,
  ) {
    super(code, message, param);
    this.name = "TestBalanceError";
  }
}

export async function requestTestBalance(db: Db, accountId: string, useCase: string): Promise<TestBalanceRequest> {
  const text = useCase.trim();
  if (text.length < TEST_BALANCE_USE_CASE_MIN)
    throw new TestBalanceError(
      "invalid_parameter",
      `Describe your use case in at least ${TEST_BALANCE_USE_CASE_MIN} characters.`,
      "useCase",
    );
  if (text.length > TEST_BALANCE_USE_CASE_MAX)
    throw new TestBalanceError(
      "invalid_parameter",
      `Keep the use case under ${TEST_BALANCE_USE_CASE_MAX} characters.`,
      "useCase",
    );
  return db.$transaction(async (tx) => {
    // The account row lock serializes two submissions at once: only one pending request.
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
    const pending = await tx.testBalanceRequest.findFirst({ where: { accountId, status: "pending" } });
    if (pending)
      throw new TestBalanceError(
        "state_conflict",
        "You already have a request waiting for support. You can ask again once it is answered.",
      );
    return tx.testBalanceRequest.create({ data: { id: newId("tbr"), accountId, useCase: text } });
  });
}

export function listTestBalanceRequests(db: Db, accountId: string) {
  return db.testBalanceRequest.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 });
}

export interface DecideInput {
  requestId: string;
  /** Staff account id (audit log actor). */
  actorId: string;
  response: string;
}

function checkResponse(response: string) {
  const text = response.trim();
  if (!text) throw new TestBalanceError("invalid_parameter", "Write a response for the user.", "response");
  if (text.length > 2000) throw new TestBalanceError("invalid_parameter", "Keep the response under 2000 characters.", "response");
  return text;
}

async function claim(tx: Tx, input: DecideInput, data: Prisma.TestBalanceRequestUpdateManyMutationInput) {
  const moved = await tx.testBalanceRequest.updateMany({ where: { id: input.requestId, status: "pending" }, data });
  if (moved.count === 1) return tx.testBalanceRequest.findUniqueOrThrow({ where: { id: input.requestId } });
  const current = await tx.testBalanceRequest.findUnique({ where: { id: input.requestId } });
  if (!current) throw new TestBalanceError("resource_not_found", `No test balance request '${input.requestId}'.`);
  throw new TestBalanceError("state_conflict", `Request ${input.requestId} was already ${current.status}.`);
}

/** pending → granted and the `test_credit` entry (reference = request id) in one transaction: credited once. */
export async function grantTestBalance(db: Db, input: DecideInput & { amountMicros: bigint }) {
  if (input.amountMicros <= 0n || input.amountMicros > TEST_BALANCE_MAX_GRANT_MICROS) {
    throw new TestBalanceError(
      "invalid_parameter",
      `Grant between $0.01 and ${formatAmount(TEST_BALANCE_MAX_GRANT_MICROS)}.`,
      "amount",
    );
  }
  const response = checkResponse(input.response);
  return db.$transaction(async (tx) => {
    const request = await claim(tx, input, {
      status: "granted",
      grantedMicros: input.amountMicros,
      response,
      decidedBy: input.actorId,
      decidedAt: new Date(),
    });
    // The request of an account its owner deleted is declined, not granted: nobody can use the credit.
    const { deletedAt } = await tx.account.findUniqueOrThrow({ where: { id: request.accountId }, select: { deletedAt: true } });
    if (deletedAt)
      throw new TestBalanceError(
        "action_not_allowed",
        `This account was deleted by its owner on ${formatTimestamp(deletedAt)}; decline the request instead of granting test balance.`,
      );
    const entry = await applyLedgerEntry(tx, {
      accountId: request.accountId,
      type: "test_credit",
      amountMicros: input.amountMicros,
      reference: request.id,
      reason: "Test balance granted by support",
      actor: input.actorId,
    });
    await tx.auditLog.create({
      data: {
        id: newId("aud"),
        actorId: input.actorId,
        action: "test_balance.grant",
        targetAccountId: request.accountId,
        targetId: request.id,
        details: { amount: formatAmount(input.amountMicros), response, ledgerEntryId: entry.id },
      },
    });
    await notifyOwner(tx, request.accountId, (locale) =>
      testBalanceGrantedMail({ amountMicros: input.amountMicros, response }, locale),
    );
    return { request, ledgerEntry: entry };
  });
}

export async function declineTestBalance(db: Db, input: DecideInput) {
  const response = checkResponse(input.response);
  return db.$transaction(async (tx) => {
    const request = await claim(tx, input, { status: "declined", response, decidedBy: input.actorId, decidedAt: new Date() });
    await tx.auditLog.create({
      data: {
        id: newId("aud"),
        actorId: input.actorId,
        action: "test_balance.decline",
        targetAccountId: request.accountId,
        targetId: request.id,
        details: { response },
      },
    });
    return { request };
  });
}
