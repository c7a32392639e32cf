import { atom, type WritableAtom } from 'nanostores';
import { pageSingleton } from '../singleton';

export type SessionStatus = 'starting' | 'signedOut' | 'signingIn' | 'signedIn' | 'error';

/** The signed-in user as the portal shows it. */
export interface SessionAccount {
  /** The identity provider's user name (dev: the demo login; Entra: the UPN). */
  username: string;
  name?: string;
  /** The login: the `sub`/preferred_username of dev, the UPN's part before '@' elsewhere. */
  login: string;
}

export interface Session {
  status: SessionStatus;
  account: SessionAccount | null;
}

// One per page: the header of one bundle and the portal of another show the same session.
const session = pageSingleton<WritableAtom<Session>>('auth.session', () => atom<Session>({ status: 'starting', account: null }));

/** The sign-in state of this page. */
export const $session = session;
