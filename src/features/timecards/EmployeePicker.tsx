/**
 * Timecard Preview's employee choice (§6: keyTC Admin or Timecard Admin): a name field listing every
 * employee with a card that week (TIMECARD_API.getTeamTimecards, view 'all'), loaded on first focus.
 */
import { useState } from 'react';
import { loadEmployeesOfWeek } from './data';

export const EMPLOYEE_PICKER_TEXT = {
  label: 'Preview the card of',
  placeholder: 'Employee name',
  open: 'Open',
  unknown: 'Choose a name from the list.',
  failed: 'The employees could not be loaded.',
} as const;

export function EmployeePicker({ weekStart, onOpen }: { weekStart: string; onOpen(employeeId: number): void }) {
  const [people, setPeople] = useState<{ employeeId: number; employeeName: string }[] | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const load = () => {
    if (people || state === 'loading') return;
    setState('loading');
    loadEmployeesOfWeek(weekStart).then(
      (list) => { setPeople(list); setState('idle'); },
      () => setState('failed'),
    );
  };
  const open = () => {
    const wanted = text.trim().toLowerCase();
    const found = people?.find((p) => p.employeeName.toLowerCase() === wanted);
    if (!found) { setProblem(EMPLOYEE_PICKER_TEXT.unknown); return; }
    setProblem('');
    onOpen(found.employeeId);
  };
  return (
    <form className="d-flex flex-wrap align-items-center gap-2 mb-2" data-employee-picker onSubmit={(e) => { e.preventDefault(); open(); }}>
      <label className="small" htmlFor="tc-employee">{EMPLOYEE_PICKER_TEXT.label}</label>
      <input id="tc-employee" className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`} style={{ maxWidth: '256px' }} list="tc-employees"
        placeholder={EMPLOYEE_PICKER_TEXT.placeholder} value={text} autoComplete="off" aria-describedby={problem || state === 'failed' ? 'tc-employee-problem' : undefined}
        onFocus={load} onChange={(e) => { setText(e.target.value); setProblem(''); }} />
      <datalist id="tc-employees">
        {(people ?? []).map((p) => <option key={p.employeeId} value={p.employeeName} />)}
      </datalist>
      <button type="submit" className="btn btn-sm btn-outline-secondary">{EMPLOYEE_PICKER_TEXT.open}</button>
      {problem || state === 'failed' ? <span id="tc-employee-problem" className="small text-danger-emphasis">{problem || EMPLOYEE_PICKER_TEXT.failed}</span> : null}
    </form>
  );
}
