/**
 * Four eyes as a rule about people, not accounts. Whoever saved a draft at any time (every saver is
 * kept for as long as the draft lives) may not approve it. And for BEHEER_VIER_OGEN_ACCOUNT_DAGEN
 * after a beheerder created an account or changed its roles or password, the two count as one
 * person: the beheerder chose what the account can do and may know its password, so it is no
 * second person for their work, nor they for work saved with it. Two accounts set up by the same
 * beheerder are not tied to each other: colleagues whose accounts one beheerder made approve each
 * other's work.
 */
import type { BeheerStore, FlowDraft } from '../storage';

const same = (one: string, other: string) => one.trim().toLowerCase() === other.trim().toLowerCase();

/** The beheerder who set up the account of `username` within the last `tieSeconds`, if any. */
async function tiedTo(store: BeheerStore, username: string, tieSeconds: number, now: Date): Promise<string | undefined> {
  const account = await store.findAccountByEmail(username);
  if (!account?.changedBy || !account.changedAt) return undefined;
  return now.getTime() - account.changedAt.getTime() < tieSeconds * 1000 ? account.changedBy : undefined;
}

/** Whether `approver` saved the draft ('self'), is tied to someone who did ('tied'), or neither (undefined). */
export async function wroteDraft(
  store: BeheerStore,
  draft: FlowDraft,
  approver: string,
  tieSeconds: number,
  now = new Date(),
): Promise<'self' | 'tied' | undefined> {
  const savers = [...new Set([...(await store.listDraftSavers(draft.flowId)), draft.createdBy, draft.updatedBy])];
  if (savers.some((saver) => same(saver, approver))) return 'self';
  const approverTie = await tiedTo(store, approver, tieSeconds, now);
  for (const saver of savers) {
    if (approverTie !== undefined && same(approverTie, saver)) return 'tied';
    const saverTie = await tiedTo(store, saver, tieSeconds, now);
    if (saverTie !== undefined && same(saverTie, approver)) return 'tied';
  }
  return undefined;
}
