/**
 * <tc-manage-timecards> (issue 13, /teammembertoolbox/timecards): "Waiting for me", the approval inbox
 * across all weeks (issue 29: managers, delegates, Timecard Admins); the caller's weeks for everyone; the
 * team's cards for a manager or delegate; every employee and those without an approver for a Timecard
 * Admin (Admin / Timecard Admin on keyTC); open time-off corrections (Timecard Admin); delegations
 * (managers). Tabs follow the §2 activeTab query; the server refuses what the role may not do.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TIMECARD_ADMINS } from '../../../core/access';
import { $roles, $rolesStatus, hasAccess, loadRoles } from '../../../core/roles';
import { replaceActiveTab } from '../../../core/router/active-tab';
import { ScreenTitle } from '../../../ui/records';
import { Corrections, Delegations } from './Admin';
import { Inbox } from './Inbox';
import { currentWeekStart, isTeamTab, loadTeam, MANAGE_TABS, MANAGE_TEXT, timecardHref, type ManageTab } from './data';
import { MyWeeks } from './MyWeeks';
import { TeamView } from './TeamView';
import type { TimecardProps } from '../TimecardScreen';

/** The timecard screens' §2 query (without the timecard's own week-start). */
export type ManageTimecardsProps = Omit<TimecardProps, 'weekStart'>;


/**
 * Which tabs the caller has: `manages` = they manage someone or are a delegate this week. "Waiting for
 * me" (the approval inbox) is a manager's, a delegate's and a Timecard Admin's (their corrections).
 */
export function tabsFor(admin: boolean, manages: boolean): ManageTab[] {
  return MANAGE_TABS.filter((tab) => {
    if (tab === 'my-weeks') return true;
    if (tab === 'inbox') return manages || admin;
    if (tab === 'team' || tab === 'delegations') return manages;
    return admin;
  });
}

const asTab = (value: string | undefined): ManageTab | null => {
  const lower = (value ?? '').toLowerCase();
  return (MANAGE_TABS as readonly string[]).includes(lower) ? (lower as ManageTab) : null;
};

/** An admin view opened directly asks about the caller's team this long after its own load started. */
export const TEAM_PROBE_DELAY_MS = 1000;

/**
 * Whether the caller has a team this week (manager or delegate): null until known. With `soon` false
 * (an admin view was asked for) the question waits {@link TEAM_PROBE_DELAY_MS}, so it does not compete
 * with that view's own load.
 */
function useManages(soon: boolean): boolean | null {
  const [manages, setManages] = useState<boolean | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const ask = () => loadTeam('team', currentWeekStart(), abort.signal).then(
      (load) => { if (!abort.signal.aborted) setManages(Array.isArray(load?.rows) && load.rows.length > 0); },
      () => { if (!abort.signal.aborted) setManages(false); },
    );
    const timer = setTimeout(ask, soon ? 0 : TEAM_PROBE_DELAY_MS);
    return () => { clearTimeout(timer); abort.abort(); };
    // Asked once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return manages;
}

export function ManageTimecards(props: ManageTimecardsProps) {
  const roles = useStore($roles);
  const rolesStatus = useStore($rolesStatus);
  const rolesKnown = rolesStatus === 'loaded' || rolesStatus === 'failed';
  // On a legacy page nothing else loads the roles.
  useEffect(() => { if (rolesStatus === 'idle') void loadRoles(); }, [rolesStatus]);
  const admin = hasAccess(TIMECARD_ADMINS.key, TIMECARD_ADMINS.roles, roles);
  const wanted = asTab(props.activeTab);
  const manages = useManages(!(wanted === 'all' || wanted === 'without-approver' || wanted === 'corrections'));
  const tabs = tabsFor(admin, manages === true);
  const [chosen, setChosen] = useState<ManageTab | null>(wanted);
  const [seen, setSeen] = useState(props.activeTab ?? '');
  if ((props.activeTab ?? '') !== seen) {
    setSeen(props.activeTab ?? '');
    if (wanted) setChosen(wanted);
  }
  // A tab the caller does not have (yet): wait while roles and the team are still being learned.
  const deciding = chosen !== null && !tabs.includes(chosen) && (!rolesKnown || manages === null);
  const tab: ManageTab = chosen && tabs.includes(chosen) ? chosen : 'my-weeks';
  const tabRefs = useRef<Partial<Record<ManageTab, HTMLButtonElement | null>>>({});

  const select = (next: ManageTab, focus = false) => {
    setChosen(next);
    replaceActiveTab(next);
    if (focus) tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(tab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    select(tabs[next]!, true);
  };

  return (
    <main className="container-fluid py-3" data-screen="manage-timecards">
      <ScreenTitle title={MANAGE_TEXT.title} />
      {props.timecardId && props.timecardId > 0 ? (
        <p><a href={timecardHref({ timecardId: props.timecardId })} data-open-timecard>{`Open timecard ${props.timecardId}`}</a></p>
      ) : null}
      <div role="tablist" aria-label={MANAGE_TEXT.title} className="nav nav-tabs mb-3" onKeyDown={onTabKey}>
        {tabs.map((name) => (
          <button key={name} type="button" role="tab" id={`tc-tab-${name}`} aria-controls="tc-panel" aria-selected={name === tab}
            tabIndex={name === tab ? 0 : -1} className={`nav-link text-nowrap${name === tab ? ' active' : ''}`} data-tab={name}
            ref={(element) => { tabRefs.current[name] = element; }} onClick={() => select(name)}>
            {MANAGE_TEXT.tabs[name]}
          </button>
        ))}
      </div>
      <section role="tabpanel" id="tc-panel" aria-labelledby={`tc-tab-${tab}`} data-panel={tab}>
        {deciding ? (
          <div role="status" className="text-body-secondary" data-state="loading">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{MANAGE_TEXT.loading}
          </div>
        ) : tab === 'inbox' ? <Inbox />
          : tab === 'my-weeks' ? <MyWeeks />
          : isTeamTab(tab) ? <TeamView key={tab} tab={tab} label={MANAGE_TEXT.tabs[tab]} search={props.search ?? ''} />
            : tab === 'corrections' ? <Corrections />
              : <Delegations />}
      </section>
    </main>
  );
}
