import { expect } from 'chai';
import {
  COMMENT_EDIT_MINUTES, SLIM_DUE_DAYS, SLIM_MOVES, SLIM_STATE_ORDER, SLIM_TEXT, escalationReasons, mayMoveSlim, slimAgeDays, slimDueDate, waitsFor,
  type SlimActor, type SlimState, type SlimSubject,
} from '../../src/core/risk';

const REQUESTER = 2;
const PA = 4;
const OTHER_PA = 37;
const actor = (employeeId: number, roles: string[], regionId: number | null = 1): SlimActor => ({ employeeId, roles, regionId });
const pa = actor(PA, ['Prequal Administrator']);
const otherPa = actor(OTHER_PA, ['Prequal Administrator']);
const er = actor(5, ['Escalation Reviewer']);
const rr = actor(3, ['Regional Reviewer'], 1);
const rr2 = actor(46, ['Regional Reviewer'], 2);
const admin = actor(1, ['Admin']);
const requester = actor(REQUESTER, ['Default']);
const stranger = actor(9, ['Default']);
const subject = (over: Partial<SlimSubject> = {}): SlimSubject => ({
  state: 'In Review', type: 'New Prequalification', requestedByEmployeeId: REQUESTER, assignedToEmployeeId: PA, regionId: 1,
  regionalPassed: false, escalation: [], ...over,
});
const may = (s: SlimSubject, to: SlimState, a: SlimActor, note: string | null = 'why') => mayMoveSlim(s, to, a, note);

describe('SLIM: mayMoveSlim', () => {
  it('refuses a move the workflow does not have (400, not a role refusal)', () => {
    const answer = may(subject({ state: 'Submitted' }), 'Approved', admin);
    expect(answer).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.notAllowed.replace('{from}', 'Submitted').replace('{to}', 'Approved') });
    for (const closed of ['Approved', 'Approved with Conditions', 'Denied', 'Withdrawn'] as const) expect(SLIM_MOVES[closed]).to.deep.equal([]);
  });

  it('Submitted → In Review: a Prequal Administrator or Admin, never the requester', () => {
    const s = subject({ state: 'Submitted', assignedToEmployeeId: null });
    expect(may(s, 'In Review', pa).ok).to.equal(true);
    expect(may(s, 'In Review', admin).ok).to.equal(true);
    for (const a of [er, rr, stranger]) expect(may(s, 'In Review', a)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notPrequalAdmin });
    expect(may(s, 'In Review', actor(REQUESTER, ['Admin']))).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.ownRequest });
  });

  it('In Review: only the assignee (or an Admin) acts; on hold needs what is missing', () => {
    const s = subject();
    expect(may(s, 'On Hold – Missing Data', otherPa)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notAssignee });
    expect(may(s, 'On Hold – Missing Data', admin).ok).to.equal(true);
    expect(may(s, 'On Hold – Missing Data', pa, '  ')).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.missingData });
    expect(may(s, 'Regional Review', pa).ok).to.equal(true);
    expect(may(s, 'Regional Review', rr)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notPrequalAdmin });
  });

  it('In Review: escalating needs a reason unless a trigger applies; a triggered request is not decided before escalation', () => {
    expect(may(subject(), 'Escalated', pa, null)).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.escalateReason });
    expect(may(subject({ escalation: ['x'] }), 'Escalated', pa, null).ok).to.equal(true);
    expect(may(subject({ escalation: ['a', 'b'] }), 'Approved', pa)).to.deep.equal({ ok: false, role: false, message: `${SLIM_TEXT.mustEscalate}a; b.` });
    expect(may(subject(), 'Approved', pa).ok).to.equal(true);
  });

  it('a request on a project passes Regional Review before the assignee decides it', () => {
    for (const type of ['Limit Increase', 'Exception'] as const) {
      expect(may(subject({ type }), 'Approved', pa)).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.needsRegionalReview });
      expect(may(subject({ type, regionalPassed: true }), 'Approved', pa).ok).to.equal(true);
    }
    expect(may(subject({ type: 'Renewal' }), 'Approved', pa).ok).to.equal(true);
  });

  it('a request on a project is escalated through Regional Review, not around it', () => {
    for (const type of ['Limit Increase', 'Exception'] as const) {
      expect(may(subject({ type, escalation: ['x'] }), 'Escalated', pa)).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.regionalBeforeEscalation });
      expect(may(subject({ type, escalation: ['x'], regionalPassed: true }), 'Escalated', pa).ok).to.equal(true);
      expect(may(subject({ type, state: 'Regional Review', escalation: ['x'] }), 'Escalated', rr).ok).to.equal(true);
    }
    expect(may(subject({ type: 'New Prequalification', escalation: ['x'] }), 'Escalated', pa).ok).to.equal(true);
  });

  it('denial needs a reason; approval with conditions needs the conditions', () => {
    expect(may(subject(), 'Denied', pa, '')).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.denyReason });
    expect(may(subject(), 'Approved with Conditions', pa, null)).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.conditions });
    expect(may(subject(), 'Approved', pa, null).ok).to.equal(true);
  });

  it('On Hold → In Review: only the requester, with an answer', () => {
    const s = subject({ state: 'On Hold – Missing Data' });
    expect(may(s, 'In Review', requester).ok).to.equal(true);
    expect(may(s, 'In Review', requester, ' ')).to.deep.equal({ ok: false, role: false, message: SLIM_TEXT.answer });
    for (const a of [pa, admin]) expect(may(s, 'In Review', a)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notRequester });
  });

  it('Regional Review: a Regional Reviewer of the region (or Admin); a triggered request goes on to Escalated', () => {
    const s = subject({ state: 'Regional Review', type: 'Limit Increase' });
    expect(may(s, 'In Review', rr).ok).to.equal(true);
    expect(may(s, 'Escalated', rr).ok).to.equal(true);
    expect(may(s, 'In Review', admin).ok).to.equal(true);
    for (const a of [rr2, pa, er, actor(3, ['Regional Reviewer'], null)]) expect(may(s, 'In Review', a)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notRegionalReviewer });
    expect(may({ ...s, escalation: ['x'] }, 'In Review', rr)).to.deep.equal({ ok: false, role: false, message: `${SLIM_TEXT.mustEscalate}x.` });
  });

  it('Escalated: only an Escalation Reviewer (or Admin) decides; never their own request', () => {
    const s = subject({ state: 'Escalated', escalation: ['x'] });
    expect(may(s, 'Approved', er).ok).to.equal(true);
    expect(may(s, 'Approved', admin).ok).to.equal(true);
    for (const a of [pa, rr]) expect(may(s, 'Approved', a)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notEscalationReviewer });
    expect(may({ ...s, requestedByEmployeeId: 5 }, 'Approved', er)).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.ownRequest });
  });

  it('Withdrawn: the requester only, from every open state', () => {
    for (const state of SLIM_STATE_ORDER.slice(0, 5)) {
      expect(may(subject({ state }), 'Withdrawn', requester).ok, state).to.equal(true);
      expect(may(subject({ state }), 'Withdrawn', admin), state).to.deep.equal({ ok: false, role: true, message: SLIM_TEXT.notRequester });
    }
  });
});

describe('SLIM: waitsFor', () => {
  it('whose turn it is per state, never one\'s own request except On Hold', () => {
    expect(waitsFor(subject({ state: 'Submitted', assignedToEmployeeId: null }), pa)).to.equal(true);
    expect(waitsFor(subject({ state: 'Submitted', assignedToEmployeeId: null }), admin)).to.equal(false);
    expect(waitsFor(subject({ state: 'Submitted', requestedByEmployeeId: PA }), pa)).to.equal(false);
    expect(waitsFor(subject(), pa)).to.equal(true);
    expect(waitsFor(subject(), otherPa)).to.equal(false);
    expect(waitsFor(subject({ state: 'On Hold – Missing Data' }), requester)).to.equal(true);
    expect(waitsFor(subject({ state: 'On Hold – Missing Data' }), pa)).to.equal(false);
    expect(waitsFor(subject({ state: 'Regional Review' }), rr)).to.equal(true);
    expect(waitsFor(subject({ state: 'Regional Review' }), rr2)).to.equal(false);
    expect(waitsFor(subject({ state: 'Escalated' }), er)).to.equal(true);
    expect(waitsFor(subject({ state: 'Escalated' }), pa)).to.equal(false);
    for (const state of ['Approved', 'Approved with Conditions', 'Denied', 'Withdrawn'] as const) {
      for (const a of [pa, er, rr, requester]) expect(waitsFor(subject({ state }), a)).to.equal(false);
    }
  });
});

describe('SLIM: escalationReasons', () => {
  it('escalates above $5,000,000 (not at it), at EMR 1.25 (not 1.249), and when a reviewer asks', () => {
    const none = { requestedAmount: null, latestEmr: null, reviewerAsked: null };
    expect(escalationReasons({ ...none, requestedAmount: 5_000_000 })).to.deep.equal([]);
    expect(escalationReasons({ ...none, requestedAmount: 5_000_000.01 })).to.deep.equal(['the requested limit $5,000,000.01 exceeds $5,000,000']);
    expect(escalationReasons({ ...none, latestEmr: 1.249 })).to.deep.equal([]);
    expect(escalationReasons({ ...none, latestEmr: 1.25 })).to.deep.equal(['the EMR 1.25 is 1.25 or more']);
    expect(escalationReasons({ ...none, reviewerAsked: 'claims' })).to.deep.equal(['a reviewer asked: claims']);
    expect(escalationReasons({ requestedAmount: 6e6, latestEmr: 1.3, reviewerAsked: 'x' })).to.have.length(3);
  });
});

describe('SLIM: due date, age, comment window', () => {
  it('the due date is the submission day plus the type\'s days', () => {
    expect(SLIM_DUE_DAYS).to.deep.equal({ 'New Prequalification': 10, 'Limit Increase': 5, Renewal: 15, Exception: 3 });
    expect(slimDueDate('New Prequalification', '2026-11-01')).to.equal('2026-11-11');
    expect(slimDueDate('Limit Increase', '2026-12-29')).to.equal('2027-01-03');
    expect(slimDueDate('Renewal', '2026-02-20')).to.equal('2026-03-07');
    expect(slimDueDate('Exception', '2026-11-01')).to.equal('2026-11-04');
  });
  it('age is whole days, never negative; a comment is editable for 15 minutes', () => {
    expect(slimAgeDays('2026-11-01T23:59:00Z', '2026-11-04')).to.equal(3);
    expect(slimAgeDays('2026-11-05', '2026-11-04')).to.equal(0);
    expect(COMMENT_EDIT_MINUTES).to.equal(15);
  });
});
