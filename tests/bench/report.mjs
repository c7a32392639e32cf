// Pure helpers of the benchmark: medians, goals, the printed table and the README section.

/** The issue 5 goals. */
export const GOALS = {
  gridRatio: 1.5, // grid interactive ≤ 1.5 × its floor
  transactionsRatio: 1.5, // 100,000 transactions painted ≤ 1.5 × their floor
  sortMs: 300, // numeric sort ≤ 300 ms
  rowsRatio: 3, // rendered row elements < 3 × visible rows
  screenRatio: 1.5, // issue 11: data-quality screen, the cost adjustments / direct costs lists (issue 31: pay applications list and one application) interactive ≤ 1.5 × their floor
  rulesMs: 500, // issue 11: data-quality rules evaluated on the server ≤ 500 ms
  timecardsRatio: 1.5, // issue 13: the Timecard Admin's all view (2,000+ employees, one week) interactive ≤ 1.5 × its floor
  timecardSaveMs: 150, // issue 13: a timecard with 30 lines saved in ≤ 150 ms server time
  firstScreenKb: 150, // issue 16: the portal's first screen ≤ 150 KB gzip of JS
  typingP95Ms: 50, // issue 16: keystroke → next paint in the projection grid, p95 ≤ 50 ms
  newTabRatio: 1.2, // issue 16: a new tab of a signed-in user ≤ 1.2 × the same tab
  closePeriodMs: 2000, // issue 32: closing the 5,000-line budget's month on the server
  hostP99Ms: 50, // issue 16: the demo host's p99 at 10 concurrent connections on the main list loads, 0 errors
  smallListMs: 50, // issue 33: a list whose floor is under 50 ms, navigation → interactive ≤ 50 ms (a ratio to so small a floor measures React's own render)
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 100, cls: 0.05 }, // issue 33: Lighthouse desktop preset, per page
};

/** Issue 16's list screens (tests/bench/issue16.mjs LIST_SCREENS): [samples.lists key, label]. */
export const LIST_SCREEN_LABELS = [
  ['slimQueue', 'SLIM queue'], ['sra', 'SRA'], ['ptoRequests', 'PTO requests'], ['manageTimecards', 'Manage timecards (my team)'],
  ['userManagement', 'User management'], ['appRecords', 'App records'], ['projects', 'Projects'],
];

/** Issue 11's screens of the scale project: [samples key, label]. */
export const SCREENS = [
  ['dataQuality', 'Navigation → data-quality screen interactive'],
  ['costAdjustments', 'Navigation → cost adjustments list interactive'],
  ['directCosts', 'Navigation → direct costs list interactive'],
  ['payApplications', 'Navigation → pay applications list (2,000 commitments) interactive'],
  ['payApplication', 'Pay application of 200 lines opened over its list'],
  ['forecast', 'Navigation → forecast periods: two snapshots of the 5,000-line budget compared, interactive'],
];

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/** Median of the finite numbers in `values` (NaN when none). */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')}` : '–');
const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');

function rowsFigure(name, value, stats) {
  return {
    name,
    median: stats && stats.visible ? `${stats.rendered} / ${stats.visible} rows` : '–',
    floor: '', ratio: ratio(value), goal: `< ${GOALS.rowsRatio}×`,
    result: !Number.isFinite(value) ? 'not measured' : value < GOALS.rowsRatio ? 'met' : `missed by ${(value - GOALS.rowsRatio).toFixed(2)}×`,
  };
}

/** Medians and verdicts per measurement. */
export function summarize(samples, lastStats, lastGridStats) {
  const grid = median(samples.grid);
  const gridFloor = median(samples.gridFloor);
  const transactions = median(samples.transactions);
  const transactionsFloor = median(samples.transactionsFloor);
  const sort = median(samples.sort);
  const filter = median(samples.filter);
  const rows = median(samples.rowRatio);
  const gridRows = median(samples.gridRowRatio ?? []);
  const verdict = (value, goal, unit) => {
    if (!Number.isFinite(value)) return 'not measured';
    if (value <= goal) return 'met';
    return unit === 'ms' ? `missed by ${ms(value - goal)} ms` : `missed by ${(value - goal).toFixed(2)}×`;
  };
  return [
    { name: 'Navigation → projection grid interactive', median: ms(grid), floor: ms(gridFloor), ratio: ratio(grid / gridFloor), goal: `≤ ${GOALS.gridRatio}× floor`, result: verdict(grid / gridFloor, GOALS.gridRatio, '×') },
    { name: 'Navigation → 100,000+ transactions painted', median: ms(transactions), floor: ms(transactionsFloor), ratio: ratio(transactions / transactionsFloor), goal: `≤ ${GOALS.transactionsRatio}× floor`, result: verdict(transactions / transactionsFloor, GOALS.transactionsRatio, '×') },
    { name: 'Numeric sort (amount header)', median: ms(sort), floor: '', ratio: '', goal: `≤ ${GOALS.sortMs} ms`, result: verdict(sort, GOALS.sortMs, 'ms') },
    { name: 'Header filter', median: ms(filter), floor: '', ratio: '', goal: '(reported)', result: Number.isFinite(filter) ? 'measured' : 'not measured' },
    rowsFigure('Transactions: rendered row elements / visible rows', rows, lastStats),
    rowsFigure('Projection grid: rendered row elements / visible rows', gridRows, lastGridStats),
    ...SCREENS.flatMap(([key, name]) => {
      const screen = median(samples[key] ?? []);
      const floor = median(samples[`${key}Floor`] ?? []);
      const skipped = samples.skipped?.includes(key);
      const figure = {
        name, median: ms(screen), floor: ms(floor), ratio: ratio(screen / floor), goal: `≤ ${GOALS.screenRatio}× floor`,
        result: skipped ? 'skipped: screen not available in this build' : verdict(screen / floor, GOALS.screenRatio, '×'),
      };
      if (key !== 'dataQuality') return [figure];
      const server = median(samples.rulesServer ?? []);
      return [figure, { name: 'Data-quality rules on the server (Server-Timing)', median: ms(server), floor: '', ratio: '', goal: `≤ ${GOALS.rulesMs} ms`, result: verdict(server, GOALS.rulesMs, 'ms') }];
    }),
    ...timecardFigures(samples, verdict),
    ...issue16Figures(samples, verdict),
    ...lighthouseFigures(samples.lighthouse ?? []),
  ];
}

/** What one page's Lighthouse figures miss of issue 33's goals ('' when all are met). */
export function lighthouseMisses(page) {
  const goals = GOALS.lighthouse;
  const misses = [];
  const below = (name, value, goal) => { if (!(value >= goal)) misses.push(`${name} ${Number.isFinite(value) ? value : '–'}`); };
  below('performance', page.performance, goals.performance);
  below('accessibility', page.accessibility, goals.accessibility);
  below('best practices', page.bestPractices, goals.bestPractices);
  if (!(page.cls <= goals.cls)) misses.push(`CLS ${Number.isFinite(page.cls) ? page.cls.toFixed(3) : '–'}`);
  return misses.join(', ');
}

/** Issue 33's rows: per page, Lighthouse's performance · accessibility · best practices · CLS against the goals. */
export function lighthouseFigures(pages) {
  const goals = GOALS.lighthouse;
  return pages.map((page) => {
    const measured = [page.performance, page.accessibility, page.bestPractices, page.cls].some(Number.isFinite);
    const misses = lighthouseMisses(page);
    return {
      name: `Lighthouse (desktop) ${page.path.split('?')[0]}: performance · accessibility · best practices · CLS`,
      median: [page.performance, page.accessibility, page.bestPractices].map((value) => (Number.isFinite(value) ? String(value) : '–')).join(' · ')
        + ` · ${Number.isFinite(page.cls) ? page.cls.toFixed(3) : '–'}`,
      floor: '', ratio: '',
      goal: `≥ ${goals.performance} · ${goals.accessibility} · ${goals.bestPractices} · ≤ ${goals.cls}`,
      result: !measured ? 'not measured' : misses ? `missed: ${misses}` : 'met',
    };
  });
}

/** Issue 16's rows: first-screen size, typing p95, new tab, the list screens as admin, the host under load. */
export function issue16Figures(samples, verdict) {
  const rows = [];
  const kb = samples.firstScreenKb;
  if (kb !== undefined) {
    rows.push({ name: 'Portal first screen, gzip KB of JS (scripts/size.mjs)', median: Number.isFinite(kb) ? `${kb.toFixed(1)} KB` : '–', floor: '', ratio: '', goal: `≤ ${GOALS.firstScreenKb} KB`,
      result: !Number.isFinite(kb) ? 'not measured' : kb <= GOALS.firstScreenKb ? 'met' : `missed by ${(kb - GOALS.firstScreenKb).toFixed(1)} KB` });
  }
  const paint = samples.firstPaintKb;
  if (paint !== undefined) {
    const order = median(samples.headerBeforeMsal ?? []);
    const when = Number.isFinite(order) ? (order >= 0 ? `; MSAL asked for ${ms(order)} ms after the header painted` : `; MSAL asked for ${ms(-order)} ms BEFORE the header painted`) : '';
    rows.push({ name: `Portal first paint, gzip KB of JS: the first screen less MSAL, which loads after it${when}`, median: Number.isFinite(paint) ? `${paint.toFixed(1)} KB` : '–', floor: '', ratio: '', goal: `≤ ${GOALS.firstScreenKb} KB`,
      result: !Number.isFinite(paint) ? 'not measured' : paint <= GOALS.firstScreenKb && !(order < 0) ? 'met' : paint <= GOALS.firstScreenKb ? 'not met: MSAL is asked for before the first paint' : `missed by ${(paint - GOALS.firstScreenKb).toFixed(1)} KB` });
  }
  if (samples.typingP95 !== undefined) {
    rows.push({ name: `Typing in the projection grid (5,000 lines): keystroke → next paint, p95 of ${samples.typingKeystrokes ?? 0} keystrokes (Event Timing)`, median: ms(samples.typingP95), floor: '', ratio: '',
      goal: `≤ ${GOALS.typingP95Ms} ms`, result: verdict(samples.typingP95, GOALS.typingP95Ms, 'ms') });
  }
  if (samples.newTab?.length) {
    const tab = median(samples.newTab);
    const same = median(samples.sameTab);
    rows.push({ name: 'New tab of a signed-in user → projects list (floor: the same tab reloading it)', median: ms(tab), floor: ms(same), ratio: ratio(tab / same), goal: `≤ ${GOALS.newTabRatio}× same tab`, result: verdict(tab / same, GOALS.newTabRatio, '×') });
  }
  for (const [key, label] of LIST_SCREEN_LABELS) {
    const values = samples.lists?.[key];
    if (!values?.length) continue;
    const screen = median(values);
    const floor = median(samples.lists[`${key}Floor`] ?? []);
    const small = floor < GOALS.smallListMs;
    rows.push({
      name: `Navigation → ${label} interactive (admin)`, median: ms(screen), floor: ms(floor), ratio: ratio(screen / floor),
      goal: small ? `≤ ${GOALS.smallListMs} ms (floor under ${GOALS.smallListMs} ms)` : `≤ ${GOALS.screenRatio}× floor`,
      result: small ? verdict(screen, GOALS.smallListMs, 'ms') : verdict(screen / floor, GOALS.screenRatio, '×'),
    });
  }
  if (samples.closePeriod?.length) {
    const close = median(samples.closePeriod);
    rows.push({ name: 'Close the 5,000-line scale budget\'s month (snapshot, lock, carry forward), round trip as admin', median: ms(close), floor: '', ratio: '', goal: `≤ ${GOALS.closePeriodMs} ms`, result: verdict(close, GOALS.closePeriodMs, 'ms') });
  }
  for (const load of samples.hostLoad ?? []) {
    const over = load.p99 > GOALS.hostP99Ms;
    const result = load.errors > 0 ? `${load.errors} errors` : over ? `missed by ${ms(load.p99 - GOALS.hostP99Ms)} ms` : 'met';
    rows.push({ name: `Host, 10 connections: ${load.path} (${load.name}), p99 of ${load.requests.toLocaleString('en-US')} requests`, median: ms(load.p99), floor: '', ratio: '', goal: `p99 ≤ ${GOALS.hostP99Ms} ms, 0 errors`, result });
  }
  return rows;
}

/** Issue 13's rows: the all view against its floor, the 30-line save's server time. */
function timecardFigures(samples, verdict) {
  const all = median(samples.timecardsAll ?? []);
  const floor = median(samples.timecardsAllFloor ?? []);
  const save = median(samples.timecardSave ?? []);
  const skipped = samples.skipped?.includes('timecardsAll');
  return [
    {
      name: 'Navigation → Timecard Admin all view (2,000+ employees) interactive', median: ms(all), floor: ms(floor), ratio: ratio(all / floor),
      goal: `≤ ${GOALS.timecardsRatio}× floor`, result: skipped ? 'skipped: screen not available in this build' : verdict(all / floor, GOALS.timecardsRatio, '×'),
    },
    { name: 'Save a timecard with 30 lines on the server (Server-Timing)', median: ms(save), floor: '', ratio: '', goal: `≤ ${GOALS.timecardSaveMs} ms`, result: verdict(save, GOALS.timecardSaveMs, 'ms') },
  ];
}

/** The figures as a Markdown table (printed and written into the README). */
export function formatTable(figures, { runs, date }) {
  const lines = [
    `Medians of ${runs} runs, ${date}, headless Chromium, \`--scale\` project 26-9001 Benchmark Tower.`,
    '',
    '| measurement | median ms | floor ms | ratio | goal | result |',
    '|---|---:|---:|---:|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.median} | ${f.floor} | ${f.ratio} | ${f.goal} | ${f.result} |`),
  ];
  return lines.join('\n');
}

/** What goes between the README markers. */
export function readmeSection(table, notes) {
  return [table, ...(notes.length ? ['', ...notes.map((note) => `- Note: ${note}`)] : [])].join('\n');
}

/** `text` with the part between the bench markers replaced by `section` (markers added at the end when missing). */
export function replaceBetweenMarkers(text, section) {
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) {
    return `${text.replace(/\s*$/, '\n')}\n${README_START}\n${section}\n${README_END}\n`;
  }
  return `${text.slice(0, start + README_START.length)}\n${section}\n${text.slice(end)}`;
}
