import { expect } from 'chai';
import {
  allocate, BILLING_ADMINS, BILLING_METHODS, isBillingMethod, isBillingMonth, monthDays, splitCents, toCents, type EmployeeBasis,
} from '../../src/core/billing/contract';

const numbers: Record<number, string> = { 1: '24-1032', 2: '24-1004', 3: '25-1008' };
const number = (id: number) => numbers[id] ?? '?';

function employee(over: Partial<EmployeeBasis> = {}): EmployeeBasis {
  return {
    employeeId: 7, departmentId: 2, departmentName: 'IT', projectHours: [], otherHours: 0, teamProjectIds: [],
    charges: [{ costItemId: 1, amountCents: 10_000 }], ...over,
  };
}

describe('IT billing: cents', () => {
  it('splits whole cents, the remainder to the largest share, always adding up', () => {
    expect(splitCents(100, [1, 1, 1])).to.deep.equal([34, 33, 33]);
    expect(splitCents(100, [1, 2, 1])).to.deep.equal([25, 50, 25]);
    expect(splitCents(1001, [1, 2])).to.deep.equal([333, 668]);
    expect(splitCents(2667, [32, 128])).to.deep.equal([533, 2134]);
    expect(splitCents(5, [1])).to.deep.equal([5]);
    for (const total of [1, 99, 4_599, 123_457]) {
      for (const weights of [[1, 1, 1], [0.25, 7.5, 3], [160], [32, 128, 0]]) {
        expect(splitCents(total, weights).reduce((a, b) => a + b, 0)).to.equal(total);
      }
    }
    expect(() => splitCents(10.5, [1])).to.throw();
    expect(() => splitCents(10, [])).to.throw();
    expect(toCents(26.67)).to.equal(2667);
  });

  it('knows months, methods and who runs', () => {
    expect(isBillingMonth('2026-10')).to.equal(true);
    expect(isBillingMonth('2026-13')).to.equal(false);
    expect(isBillingMonth('2026-1')).to.equal(false);
    expect(monthDays('2026-02')).to.deep.equal({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthDays('2028-02').last).to.equal('2028-02-29');
    expect(BILLING_METHODS).to.deep.equal(['hours', 'perHead']);
    expect(isBillingMethod('perHead')).to.equal(true);
    expect(isBillingMethod('perhead')).to.equal(false);
    expect(BILLING_ADMINS).to.deep.equal({ key: 'keyIT', roles: ['Admin'] });
  });
});

describe('IT billing: allocation', () => {
  it('by hours: project hours to projects, opportunity hours to the department, with the basis', () => {
    const lines = allocate([employee({ projectHours: [{ projectId: 1, hours: 32 }, { projectId: 2, hours: 120 }], otherHours: 8 })], 'hours', '2026-10', number);
    expect(lines.map((l) => [l.target, l.amountCents, l.basis])).to.deep.equal([
      [{ kind: 'project', projectId: 1 }, 2000, '32.0 of 160.0 h charged to 24-1032 in 2026-10'],
      [{ kind: 'project', projectId: 2 }, 7500, '120.0 of 160.0 h charged to 24-1004 in 2026-10'],
      [{ kind: 'department', departmentId: 2 }, 500, '8.0 of 160.0 h not on a project in 2026-10: IT'],
    ]);
  });

  it('by hours: no hours → all to the department; the rounding remainder to the largest share', () => {
    expect(allocate([employee()], 'hours', '2026-10', number)).to.deep.equal([
      { target: { kind: 'department', departmentId: 2 }, employeeId: 7, costItemId: 1, basis: 'No timecard hours in 2026-10: IT', amountCents: 10_000 },
    ]);
    const lines = allocate([employee({ projectHours: [{ projectId: 1, hours: 10 }, { projectId: 2, hours: 10 }, { projectId: 3, hours: 20 }], charges: [{ costItemId: 4, amountCents: 4_501 }] })], 'hours', '2026-10', number);
    expect(lines.map((l) => l.amountCents)).to.deep.equal([1125, 1125, 2251]);
  });

  it('per head: equal over the team projects, else the department; each cost item its own lines', () => {
    const lines = allocate([employee({ teamProjectIds: [1, 2, 3], charges: [{ costItemId: 1, amountCents: 100 }, { costItemId: 2, amountCents: 4_500 }] })], 'perHead', '2026-10', number);
    expect(lines.map((l) => [l.costItemId, l.target, l.amountCents])).to.deep.equal([
      [1, { kind: 'project', projectId: 1 }, 34], [1, { kind: 'project', projectId: 2 }, 33], [1, { kind: 'project', projectId: 3 }, 33],
      [2, { kind: 'project', projectId: 1 }, 1500], [2, { kind: 'project', projectId: 2 }, 1500], [2, { kind: 'project', projectId: 3 }, 1500],
    ]);
    expect(lines[1]!.basis).to.equal('1 of 3 projects on the team (24-1004) in 2026-10');
    const none = allocate([employee({ projectHours: [{ projectId: 1, hours: 40 }] })], 'perHead', '2026-09', number);
    expect(none.map((l) => [l.target, l.basis])).to.deep.equal([[{ kind: 'department', departmentId: 2 }, 'On no project team in 2026-09: IT']]);
  });

  it('adds up exactly to the month\'s charges over many employees; nobody without charges gets a line', () => {
    const staff = Array.from({ length: 25 }, (_, i) => employee({
      employeeId: i + 1, projectHours: [{ projectId: 1, hours: 7.25 * (i % 4) }, { projectId: 2, hours: 3.5 * (i % 3) }], otherHours: i % 5,
      teamProjectIds: i % 2 ? [1, 2, 3] : [], charges: [{ costItemId: 1, amountCents: 2_667 }, { costItemId: 2, amountCents: 3_999 + i }],
    }));
    const total = staff.reduce((a, e) => a + e.charges.reduce((b, c) => b + c.amountCents, 0), 0);
    for (const method of BILLING_METHODS) {
      expect(allocate(staff, method, '2026-10', number).reduce((a, l) => a + l.amountCents, 0)).to.equal(total);
    }
    expect(allocate([employee({ charges: [] })], 'hours', '2026-10', number)).to.deep.equal([]);
  });
});
