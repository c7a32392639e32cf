/**
 * The demo host playing the signing service (issue 12): pages outside /api.
 *
 * | page | what |
 * |---|---|
 * | GET /esign/sign/:token | the signer's page: the document, a typed name and consent to sign, or a reason to decline. Opening it marks the signer (and a Sent envelope) Viewed. |
 * | POST /esign/sign/:token | form `action` sign (signedName, consent) or decline (signedName, reason): records the name, time and IP; answers the outcome page (200: the link no longer works after it) |
 * | GET /esign/sign/:token/document.pdf | the envelope's PDF while the link works |
 * | GET /esign/outbox | DEMO ONLY, dev environment only, keyAdmin Admin only (bearer token): every "sent e-mail" with its link (a real service would e-mail them) |
 * | GET /esign/esign.css | the pages' stylesheet (the CSP allows no inline style or script) |
 *
 * The per-signer token (32 random bytes) of the e-mail's link is the only credential; the database
 * keeps its sha256 (service.ts). A link stops working (410, signs nothing) once its signer has signed
 * or declined, when the envelope is completed, declined, voided or expired, when a reminder sent a
 * newer link, and 14 days after its e-mail; an unknown token 404. The signing pages and the PDF are
 * `Referrer-Policy: no-referrer` (the token is in the address) and `Cache-Control: no-store`. Pages
 * are server-rendered with every user text escaped (html.ts) and no script.
 */
import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENVELOPE_OUT_STATES, MAX_SIGNER_NAME, MAX_VOID_REASON } from '../../../../../src/core/esign/contract';
import { currentEnvironment, type EnvironmentName } from '../../../../../src/core/env';
import { html, raw } from '../../../html';
import { authenticatedCaller, isAdmin } from '../../context';
import { HttpError } from '../../http';
import { expireDue, signerByToken, signerDeclined, signerSigned, signerViewed } from './service';
import * as clock from '../../../../../src/core/clock';

type Row = Record<string, unknown>;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #57606a; --border: #c9d1d9; --accent: #0a58ca; --ok: #146c43; --bad: #b02a37; --panel: #f6f8fa; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #161b22; --fg: #e6edf3; --muted: #9da7b3; --border: #3d444d; --accent: #79b8ff; --ok: #56d364; --bad: #ff8182; --panel: #1f242c; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 860px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 26px; margin: 0 0 8px; }
h2 { font-size: 20px; margin: 24px 0 8px; }
a { color: var(--accent); }
.muted { color: var(--muted); }
.panel { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 16px; margin: 16px 0; }
.status-ok { border-color: var(--ok); }
.status-bad { border-color: var(--bad); }
.error { color: var(--bad); font-weight: 600; }
label { display: block; font-weight: 600; margin: 12px 0 4px; }
.check label { display: inline; font-weight: normal; margin-left: 6px; }
textarea { display: block; }
input[type=text], textarea { width: 100%; max-width: 480px; padding: 8px; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; }
button { margin-top: 16px; padding: 8px 18px; font: inherit; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; }
button.secondary { background: transparent; color: var(--bad); border-color: var(--bad); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--border); padding: 8px; }
ul.signers { padding-left: 20px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

function page(title: string, body: string): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/esign/esign.css"></head>
<body><main>${raw(body)}</main></body></html>`;
}

/** The signing pages and their PDF: the token is in the address, so no Referer carries it and nothing keeps a copy. */
const isSigningUrl = (url: string): boolean => /^\/esign\/sign\//i.test(url);

function send(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(page(title, body));
}

interface Signing {
  signer: Row;
  envelope: Row;
}

function bySigningToken(db: Database.Database, token: string): Signing | undefined {
  if (!TOKEN.test(token)) return undefined;
  const signer = signerByToken(db, token);
  if (!signer) return undefined;
  const envelope = db.prepare('SELECT e.*, s.name AS stateName FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) WHERE envelopeId = ?')
    .get(signer.envelopeId) as Row;
  return { signer, envelope };
}

const when = (iso: unknown) => (iso ? `${String(iso).slice(0, 10)} ${String(iso).slice(11, 16)} UTC` : '');

/** The page for a link that no longer works (410, or 404 for a Draft's), or null when the signer may still act with it. */
function closedPage(reply: FastifyReply, { signer, envelope }: Signing): FastifyReply | null {
  const heading = html`<h1>${envelope.documentTitle}</h1><p class="muted">Envelope ${envelope.number}</p>`;
  const state = String(envelope.stateName);
  if (state === 'Voided') {
    return send(reply, 410, 'Envelope voided', `${heading}<div class="panel status-bad" data-signing-state="voided"><p><strong>This envelope was voided</strong>${html` on ${when(envelope.voidedAt)}. Reason: ${envelope.voidReason}`}</p><p>The link no longer works.</p></div>`);
  }
  if (state === 'Expired') {
    return send(reply, 410, 'Envelope expired', `${heading}<div class="panel status-bad" data-signing-state="expired"><p><strong>This envelope expired</strong>${html` on ${when(envelope.expiresAt)}.`}</p><p>It can no longer be signed.</p></div>`);
  }
  if (state === 'Draft') return send(reply, 404, 'Link not valid', '<h1>This signing link is not valid.</h1>');
  // A link is used once: after its signer signed or declined it shows nothing of the envelope again.
  if (signer.state === 'Signed' || signer.state === 'Declined') {
    return send(reply, 410, 'Link used', '<h1>This signing link has been used.</h1><div class="panel" data-signing-state="used"><p>It no longer works.</p></div>');
  }
  if (state === 'Declined') {
    return send(reply, 410, 'Envelope declined', `${heading}<div class="panel status-bad" data-signing-state="envelope-declined"><p>Another signer declined this envelope. It can no longer be signed.</p></div>`);
  }
  if (!(ENVELOPE_OUT_STATES as readonly string[]).includes(state)) {
    return send(reply, 410, 'Envelope closed', `${heading}<div class="panel" data-signing-state="closed">${html`This envelope is ${state}.`}</div>`);
  }
  // 14 days after its e-mail, or replaced by a reminder's newer link (retired links have no expiry).
  const expires = typeof signer.linkExpiresAt === 'string' ? Date.parse(signer.linkExpiresAt) : Number.NaN;
  if (!(expires > clock.nowMs())) {
    return send(reply, 410, 'Link expired', `${heading}<div class="panel status-bad" data-signing-state="link-expired"><p><strong>This signing link has expired.</strong></p><p>Ask the sender for a reminder: it brings a new link.</p></div>`);
  }
  return null;
}

/** The outcome of a signature or a refusal, answered to the form that made it (the link is used from then on). */
function outcomePage(db: Database.Database, reply: FastifyReply, envelopeId: unknown, signerId: unknown): FastifyReply {
  const envelope = db.prepare('SELECT e.*, s.name AS stateName FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) WHERE envelopeId = ?')
    .get(envelopeId) as Row;
  const signer = db.prepare('SELECT * FROM envelope_signers WHERE envelopeSignerId = ?').get(signerId) as Row;
  const heading = html`<h1>${envelope.documentTitle}</h1><p class="muted">Envelope ${envelope.number}</p>`;
  if (signer.state === 'Declined') {
    return send(reply, 200, 'Declined', `${heading}<div class="panel status-bad" data-signing-state="declined" role="status"><p>${html`You declined on ${when(signer.declinedAt)}: ${signer.declineReason}`}</p></div>`);
  }
  const done = envelope.stateName === 'Signed' ? ' Every signer has signed: the document is executed.' : ' The other signers have not all signed yet.';
  return send(reply, 200, 'Signed', `${heading}<div class="panel status-ok" data-signing-state="signed" role="status"><p>${html`You signed as ${signer.signedName} on ${when(signer.signedAt)}.${done}`}</p></div>`);
}

interface FormState { error?: string; errorFor?: 'sign' | 'decline'; signedName?: string; declineName?: string; reason?: string }

function signingPage(db: Database.Database, reply: FastifyReply, { signer, envelope }: Signing, token: string, form: FormState = {}, status = 200): FastifyReply {
  const signers = db.prepare('SELECT name, state FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder').all(envelope.envelopeId) as Row[];
  const error = (which: 'sign' | 'decline') => (form.error && form.errorFor === which
    ? html`<p class="error" id="${which}-error" role="alert">${form.error}</p>` : '');
  const described = (which: 'sign' | 'decline') => (form.error && form.errorFor === which ? raw(` aria-describedby="${which}-error"`) : raw(''));
  const body = html`
<h1>${envelope.documentTitle}</h1>
<p class="muted">Envelope ${envelope.number} · for ${signer.name} &lt;${signer.email}&gt; · this link works until ${when(signer.linkExpiresAt)}</p>
<div class="panel">
  <p><a href="/esign/sign/${token}/document.pdf" data-document>Read the document (PDF)</a></p>
  <h2>Signers</h2>
  <ul class="signers">${signers.map((s) => raw(html`<li>${s.name}: ${s.state}</li>`))}</ul>
</div>
<form method="post" action="/esign/sign/${token}" class="panel" aria-labelledby="sign-heading" data-form="sign">
  <h2 id="sign-heading">Sign</h2>
  ${raw(error('sign'))}
  <input type="hidden" name="action" value="sign">
  <label for="signedName">Type your full name</label>
  <input type="text" id="signedName" name="signedName" autocomplete="name" maxlength="${MAX_SIGNER_NAME}" required value="${form.signedName ?? ''}"${described('sign')}>
  <div class="check"><input type="checkbox" id="consent" name="consent" value="yes" required><label for="consent">I agree to sign this document electronically; my typed name is my signature.</label></div>
  <button type="submit">Sign</button>
</form>
<form method="post" action="/esign/sign/${token}" class="panel" aria-labelledby="decline-heading" data-form="decline">
  <h2 id="decline-heading">Decline</h2>
  ${raw(error('decline'))}
  <input type="hidden" name="action" value="decline">
  <label for="declineName">Your name</label>
  <input type="text" id="declineName" name="signedName" autocomplete="name" maxlength="${MAX_SIGNER_NAME}" required value="${form.declineName ?? ''}"${described('decline')}>
  <label for="reason">Reason for declining</label>
  <textarea id="reason" name="reason" rows="3" maxlength="${MAX_VOID_REASON}" required>${form.reason ?? ''}</textarea>
  <button type="submit" class="secondary">Decline</button>
</form>`;
  return send(reply, status, `Sign ${String(envelope.documentTitle)}`, body);
}

const ipOf = (request: FastifyRequest): string => request.ip.replace(/^::ffff:/, '');

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

export interface SigningPagesOptions {
  /** The host's environment (tests); default: the environment of the address the host listens on (src/core/env: localhost is dev). */
  environment?: () => EnvironmentName;
}

/** The environment of the address `app` listens on (never the request's Host header); production when unknown. */
function listeningEnvironment(app: FastifyInstance): EnvironmentName {
  try {
    return currentEnvironment(new URL(app.listeningOrigin).host);
  } catch {
    return 'production';
  }
}

/**
 * The outbox's gate: the dev environment only (404 elsewhere: the page does not exist), a bearer token
 * of the product API (the host's check, demo/host/auth.ts, sets request.user; 401 without one) of a
 * keyAdmin Admin (403 otherwise), checked as the API checks its callers (context.ts authenticatedCaller).
 * Null when the caller may read it, else the refusal sent.
 */
function outboxRefusal(db: Database.Database, request: FastifyRequest, reply: FastifyReply, environment: EnvironmentName): FastifyReply | null {
  if (environment !== 'dev') return send(reply, 404, 'Not found', '<h1>Not found</h1>');
  if (!request.user) return send(reply.header('www-authenticate', 'Bearer'), 401, 'Sign-in required', '<h1>Sign in as an administrator to read the outbox.</h1>');
  try {
    const user = authenticatedCaller(db, request.user.login);
    if (!isAdmin(user)) return send(reply, 403, 'Forbidden', '<h1>The outbox is for keyAdmin Admin users only.</h1>');
  } catch (error) {
    if (error instanceof HttpError) return send(reply, error.statusCode, 'Refused', html`<h1>${error.message}</h1>`);
    throw error;
  }
  return null;
}

/**
 * A signing page's handler for a link that still works: the envelopes due expire first; an unknown
 * token is 404 and a link that no longer works its closed page, without calling `answer`.
 */
function withOpenLink(db: Database.Database, answer: (request: FastifyRequest, reply: FastifyReply, signing: Signing, token: string) => unknown) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { token } = request.params as { token: string };
    expireDue(db);
    const signing = bySigningToken(db, token);
    if (!signing) return send(reply, 404, 'Link not valid', '<h1>This signing link is not valid.</h1>');
    return closedPage(reply, signing) ?? answer(request, reply, signing, token);
  };
}

/** Register the signing service's pages (outside /api: the token of the link is the signer's credential). */
export async function registerSigningPages(app: FastifyInstance, db: Database.Database, options: SigningPagesOptions = {}): Promise<void> {
  const environment = options.environment ?? (() => listeningEnvironment(app));
  await app.register(async (scope) => {
    // After the host's security headers (a parent's onSend runs first): the signing pages' own.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (isSigningUrl(request.url)) reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      return payload;
    });

    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(String(body))) form[key] = value;
        done(null, form);
      });
    }

    scope.get('/esign/esign.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CSS));

    scope.get('/esign/sign/:token', withOpenLink(db, (_request, reply, signing, token) => {
      if (signing.signer.state === 'Sent') {
        signerViewed(db, signing.signer);
        signing.signer.state = 'Viewed';
      }
      return signingPage(db, reply, signing, token);
    }));

    scope.get('/esign/sign/:token/document.pdf', withOpenLink(db, (_request, reply, signing) => {
      const file = db.prepare('SELECT name, bytes FROM files WHERE fileId = ?').get(signing.envelope.documentFileId) as { name: string; bytes: Buffer } | undefined;
      if (!file) return send(reply, 404, 'Document not found', '<h1>The document was not found.</h1>');
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff').send(file.bytes);
    }));

    scope.post('/esign/sign/:token', withOpenLink(db, async (request, reply, signing, token) => {
      const action = field(request.body, 'action');
      const name = field(request.body, 'signedName');
      const ip = ipOf(request);
      const { signer, envelope } = signing;
      if (action === 'sign') {
        const consent = field(request.body, 'consent') === 'yes';
        const problem = name === '' ? 'Type your full name to sign.' : name.length > MAX_SIGNER_NAME ? `The name is longer than ${MAX_SIGNER_NAME} characters.`
          : !consent ? 'Tick the box to agree to sign electronically.' : null;
        if (problem) return signingPage(db, reply, signing, token, { error: problem, errorFor: 'sign', signedName: name }, 400);
        await signerSigned(db, signer, name, ip);
        return outcomePage(db, reply, envelope.envelopeId, signer.envelopeSignerId);
      }
      if (action === 'decline') {
        const reason = field(request.body, 'reason');
        const problem = name === '' ? 'Type your name to decline.' : name.length > MAX_SIGNER_NAME ? `The name is longer than ${MAX_SIGNER_NAME} characters.`
          : reason === '' ? 'Give a reason for declining.' : reason.length > MAX_VOID_REASON ? `The reason is longer than ${MAX_VOID_REASON} characters.` : null;
        if (problem) return signingPage(db, reply, signing, token, { error: problem, errorFor: 'decline', declineName: name, reason }, 400);
        signerDeclined(db, signer, name, reason, ip);
        return outcomePage(db, reply, envelope.envelopeId, signer.envelopeSignerId);
      }
      return send(reply, 400, 'Bad request', '<h1>Choose Sign or Decline.</h1>');
    }));

    scope.get('/esign/outbox', async (request, reply) => {
      const refused = outboxRefusal(db, request, reply, environment());
      if (refused) return refused;
      const mails = db.prepare(`SELECT o.*, e.number AS envelopeNumber FROM esign_outbox o JOIN envelopes e USING (envelopeId) ORDER BY o.outboxId DESC LIMIT 500`).all() as Row[];
      const rows = mails.map((m) => raw(html`<tr data-outbox-id="${m.outboxId}" data-envelope="${m.envelopeNumber}" data-to="${m.toEmail}" data-kind="${m.kind}">
<td>${when(m.sentAt)}</td><td>${m.toName}<br><span class="muted">${m.toEmail}</span></td><td>${m.kind}</td><td>${m.envelopeNumber}</td>
<td><strong>${m.subject}</strong><br>${m.body}</td><td>${m.link ? raw(html`<a href="${m.link}" data-signing-link>Open signing page<span class="visually-hidden"> for ${m.toName}, ${m.envelopeNumber}</span></a>`) : ''}</td></tr>`));
      const body = html`<h1>E-sign outbox (demo)</h1>
<p class="muted">The demo host plays the signing service: these are the e-mails it would have sent, newest first.</p>
${mails.length ? raw(html`<table><caption class="muted">Sent e-mails</caption><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Kind</th><th scope="col">Envelope</th><th scope="col">Message</th><th scope="col">Link</th></tr></thead><tbody>${rows}</tbody></table>`) : raw('<p>No e-mails yet.</p>')}`;
      return send(reply, 200, 'E-sign outbox', body);
    });
  });
}
