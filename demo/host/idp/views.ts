/**
 * The identity provider's own pages: sign-in, sign-out confirmation and errors. Plain HTML with an
 * external stylesheet (`/idp-assets/idp.css`); the only script is the external sign-out auto-submit.
 */
import { DEMO_ACCOUNTS } from '../accounts';
import { html, raw } from '../html';

function page(title: string, body: string, scripts: string[] = []): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/idp-assets/idp.css">
${raw(scripts.map((src) => html`<script src="${src}" defer></script>`).join('\n'))}
</head>
<body>
<main class="card">
<p class="brand">Summit Builders · Demo sign-in</p>
${raw(body)}
</main>
</body>
</html>`;
}

/** Roles of an account as "keyPFM: Project Manager, keyTC: Default", or "Admin on every application". */
function rolesSummary(roles: Array<{ applicationKey: string; name: string }>): string {
  if (roles.length > 1 && roles.every((role) => role.name === 'Admin')) return 'Admin on every application';
  return roles.map((role) => `${role.applicationKey}: ${role.name}`).join(', ');
}

/** The login page for interaction `uid`; `error` and the typed `login` are shown again after a failure. */
export function loginPage(uid: string, options: { login?: string; error?: string } = {}): string {
  const rows = DEMO_ACCOUNTS.map((account) => html`<tr>
<td><code>${account.login}</code></td><td>${account.preferredName}<br><span class="muted">${account.jobTitle}</span></td><td class="roles">${rolesSummary(account.roles)}</td>
</tr>`).join('\n');
  const body = html`<h1>Sign in</h1>
${raw(options.error ? html`<p class="error" role="alert" id="login-error">${options.error}</p>` : '')}
<form method="post" action="/idp/interaction/${uid}/login" autocomplete="off">
<label for="login">Login</label>
<input id="login" name="login" type="text" required autofocus value="${options.login ?? ''}" spellcheck="false" autocapitalize="none">
<label for="password">Password</label>
<input id="password" name="password" type="password" required>
<button type="submit" id="sign-in">Sign in</button>
</form>
<h2>Demo accounts</h2>
<p class="muted">Every account's password is <code>demo</code>.</p>
<table class="accounts">
<thead><tr><th scope="col">Login</th><th scope="col">Name</th><th scope="col">Roles</th></tr></thead>
<tbody>
${raw(rows)}
</tbody>
</table>`;
  return page('Sign in · Summit Builders', body);
}

/**
 * The sign-out confirmation; `form` is oidc-provider's hidden form (with its xsrf token). Only the
 * portal's own sign-out (`confirmed`: an id_token_hint of the signed-in user) confirms itself
 * (logout.js clicks 'Sign out'); any other request, e.g. a plain GET from a link on another site,
 * asks, and 'Stay signed in' leaves without submitting anything.
 */
export function logoutPage(form: string, confirmed: boolean): string {
  const body = confirmed
    ? html`<h1>Signing out…</h1>
${raw(form)}
<p>You are being signed out of the portal.</p>
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a id="logout-no" class="button secondary" href="/">Stay signed in</a>`
    : html`<h1>Sign out?</h1>
${raw(form)}
<p>A page asked to sign you out of the portal. Sign out only if you meant to.</p>
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a id="logout-no" class="button secondary" href="/">Stay signed in</a>`;
  return page('Sign out · Summit Builders', body, confirmed ? ['/idp-assets/logout.js'] : []);
}

export function logoutSuccessPage(): string {
  return page('Signed out · Summit Builders', html`<h1>Signed out</h1><p>You have been signed out. <a href="/">Back to the portal</a></p>`);
}

export function errorPage(error: string, description: string | undefined): string {
  return page('Sign-in error · Summit Builders', html`<h1>Sign-in error</h1>
<p class="error" role="alert"><strong>${error}</strong>${description ? `: ${description}` : ''}</p>
<p><a href="/">Back to the portal</a></p>`);
}
