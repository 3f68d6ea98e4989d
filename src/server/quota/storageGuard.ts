/**
 * What the storing routes ask before they write: is there room on the disk (before the body is read,
 * and again for the bytes about to be stored), and does the request fit the client's and the
 * portal's byte budgets. A refusal is the spec's error body: 429 when the client's own budget is
 * spent, 507 when the portal's total budget or the disk's reserve is; both with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CODES } from '../errors';
import { budgetKeyOf } from './addressKey';
import type { BudgetKind, ByteBudget } from './byteBudget';
import { hasRoomFor, type DiskSpace } from './diskSpace';

/** Seconds a client is asked to wait when the disk is short of room. */
const DISK_RETRY_AFTER_SECONDS = 300;

export const DISK_FULL_DETAIL = 'Het portaal kan uw gegevens nu niet opslaan, omdat de opslagruimte bijna vol is. Probeer het later opnieuw.';

export interface StorageGuard {
  /** Refuses (507) when the disk is below its reserve; called before a body is read. */
  checkRoom(reply: FastifyReply): Promise<void>;
  /** Refuses when `bytes` do not fit the disk or a budget of `kind`; otherwise charges them. Called just before storing. */
  charge(kind: BudgetKind, request: FastifyRequest, reply: FastifyReply, bytes: number): Promise<void>;
}

function diskFull(reply: FastifyReply): ApiError {
  reply.header('Retry-After', String(DISK_RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
  return new ApiError(507, DISK_FULL_DETAIL, [{ code: CODES.diskFull, extraInfo: [] }]);
}

/** "12 minuten", "3 uur": the wait in words, rounded up. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 120) return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
  return `${Math.ceil(minutes / 60)} uur`;
}

export function storageGuard(disk: DiskSpace, budget: ByteBudget): StorageGuard {
  return {
    async checkRoom(reply) {
      if (!(await hasRoomFor(disk, 0))) throw diskFull(reply.header('Connection', 'close'));
    },
    async charge(kind, request, reply, bytes) {
      if (!(await hasRoomFor(disk, bytes))) throw diskFull(reply);
      const outcome = await budget.charge(kind, budgetKeyOf(request.ip), bytes);
      if (outcome.ok) return;
      reply.header('Retry-After', String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)))).header('Cache-Control', 'no-store');
      const extraInfo = [String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)))];
      if (outcome.over === 'address') {
        throw new ApiError(
          429,
          `Er is vanaf uw adres in korte tijd te veel verstuurd om op te slaan. Probeer het over ${waitInWords(outcome.retryAfterMs)} opnieuw.`,
          [{ code: CODES.byteBudget, extraInfo }],
        );
      }
      throw new ApiError(
        507,
        `Het portaal heeft in korte tijd te veel gegevens ontvangen en slaat nu niets meer op. Probeer het over ${waitInWords(outcome.retryAfterMs)} opnieuw.`,
        [{ code: CODES.byteBudget, extraInfo }],
      );
    },
  };
}
