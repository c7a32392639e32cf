/**
 * Query-string schemas of §2 and their parsing (§9: missing numeric identifiers default to -1,
 * strings to empty). Malformed values fall back to the default; parsing never throws.
 */

/** §9 default for a missing or malformed numeric identifier. */
export const MISSING_ID = -1;

type FieldKind = 'int' | 'string';
export type QuerySchema = Readonly<Record<string, FieldKind>>;

const PFM_IDS = { legalEntityId: 'int', projectId: 'int', budgetId: 'int', recordId: 'int' } as const;
const WORKBENCH = { recordKey: 'string', workbench: 'string', activeTray: 'string', activeTab: 'string' } as const;

/** §2 query parameters per kind of screen. */
export const QUERY_SCHEMAS = {
  none: {},
  pfm: { ...PFM_IDS, ...WORKBENCH, oppId: 'int' },
  slim: { recordId: 'int', ...WORKBENCH },
  // weekStart is added (issue 13): the week to open when there is no card yet (a manager's view of a past week).
  timecard: { employeeId: 'int', timecardId: 'int', recordId: 'int', ...WORKBENCH, search: 'string', weekStart: 'string' },
  pto: { recordId: 'int', ...WORKBENCH },
  // Issue 15: the access request form pre-filled with a project (/accessRequest?projectId=N, the "Request access" link).
  project: { projectId: 'int' },
} as const satisfies Record<string, QuerySchema>;
export type QuerySchemaName = keyof typeof QUERY_SCHEMAS;

export type ParsedQuery = Record<string, number | string>;

/**
 * An integer identifier: optional minus and digits only, within the safe range.
 * '12' → 12, '-3' → -3; '', 'abc', '1.5', '1e3', '99999999999999999999' → undefined.
 */
export function parseIntParam(raw: string | null | undefined): number | undefined {
  if (raw == null) return undefined;
  const text = raw.trim();
  if (!/^-?\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Parse `search` with a schema: every schema field present in the result, with its default when absent or malformed. */
export function parseQuery(schema: QuerySchema, search: URLSearchParams): ParsedQuery {
  const parsed: ParsedQuery = {};
  for (const [name, kind] of Object.entries(schema)) {
    const raw = getParam(search, name);
    parsed[name] = kind === 'int' ? (parseIntParam(raw) ?? MISSING_ID) : (raw ?? '');
  }
  return parsed;
}

/** Query names are matched case-insensitively: legacy links write ProjectId as often as projectId. */
export function getParam(search: URLSearchParams, name: string): string | null {
  const exact = search.get(name);
  if (exact !== null) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of search) if (key.toLowerCase() === lower) return value;
  return null;
}

/** Whether the query names `name` at all (any case). */
export function hasParam(search: URLSearchParams, name: string): boolean {
  return getParam(search, name) !== null;
}
