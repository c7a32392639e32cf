/**
 * The sign-in check page's script (bundled on the fly by the demo host): starts the core's sign-in,
 * shows the session, and calls `GET /api/employees/GetCurrentUser` with the token. Text only.
 */
import { getJson } from '../../src/core/api';
import { $session, signIn, signOut, startAuth } from '../../src/core/auth';

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing`);
  return element;
};

$session.subscribe(({ status, account }) => {
  byId('session-status').textContent = status;
  byId('session-login').textContent = account?.login ?? '';
  byId('session-name').textContent = account?.name ?? '';
});

byId('sign-in').addEventListener('click', () => void signIn());
byId('sign-out').addEventListener('click', () => void signOut());

await startAuth();
if ($session.get().status === 'signedIn') {
  const result = byId('api-result');
  try {
    const user = await getJson<{ email?: string; preferredName?: string }>('/api/employees/GetCurrentUser');
    result.textContent = `ok ${user.email ?? ''}`.trim();
  } catch (error) {
    result.textContent = `failed ${error instanceof Error ? error.message : String(error)}`;
  }
  result.dataset.done = 'true';
}
