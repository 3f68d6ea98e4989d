/** The local account behind a session; someone signed in through the organisation (OpenID Connect) has none. */
import { ApiError, CODES } from '../errors';
import type { BeheerAccount, BeheerSession, BeheerStore } from '../storage';

/** The signed-in user's own account, or 409 when the organisation's sign-in keeps it (password, second factor). */
export async function localAccountOf(store: BeheerStore, session: BeheerSession): Promise<BeheerAccount> {
  const account = session.accountId ? await store.findAccount(session.accountId) : undefined;
  if (!account) throw new ApiError(409, 'Dit account wordt beheerd door de inlogdienst van uw organisatie.', [{ code: CODES.malformed, extraInfo: [] }]);
  return account;
}
