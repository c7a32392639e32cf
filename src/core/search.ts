/**
 * The header search (issue 12): the kinds of record it finds, the wire shape of the search
 * service's answer (`GET /search/query?q=…` with the search token, demo/host/api/services/search.ts),
 * and where each result opens. Pure and shared by the demo host and the header's search box.
 */

/** Fewer characters than this are not searched. */
export const SEARCH_MIN_CHARS = 2;
/** Longer queries are refused (400). */
export const SEARCH_MAX_CHARS = 100;
/** Results per kind. */
export const SEARCH_LIMIT_PER_KIND = 5;

/** The kinds, in the order the results list groups them, with their group titles. */
export const SEARCH_KINDS = [
  { kind: 'project', label: 'Projects' },
  { kind: 'vendor', label: 'Vendors' },
  { kind: 'subcontract', label: 'Subcontracts' },
  { kind: 'purchaseAgreement', label: 'Purchase agreements' },
  { kind: 'purchaseOrder', label: 'Purchase orders' },
  { kind: 'changeEvent', label: 'Change events' },
  { kind: 'ownerAgreement', label: 'Owner agreements' },
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number]['kind'];

/** One found record. */
export interface SearchResult {
  kind: SearchKind;
  id: number;
  /** Its number (project number, vendor number, SC-…, CE-…). */
  number: string;
  /** Its name (project name, vendor name, description, title, owner). */
  name: string;
  /** A second line: project, vendor, state. */
  detail: string;
  /** The project whose screen it opens in (vendors: the project of their latest commitment). */
  projectId: number;
  budgetId: number | null;
}

/** The search service's answer. */
export interface SearchAnswer { q: string; results: SearchResult[] }

const WORKBENCH: Partial<Record<SearchKind, { path: string; workbench: string; activeTab?: string }>> = {
  subcontract: { path: '/pfm/projects/commitments', workbench: 'Subcontract' },
  purchaseAgreement: { path: '/pfm/projects/commitments', workbench: 'PurchaseAgreement' },
  purchaseOrder: { path: '/pfm/projects/commitments', workbench: 'PurchaseOrder' },
  changeEvent: { path: '/pfm/projects/changemanagement', workbench: 'ChangeEvent', activeTab: 'change-events' },
  ownerAgreement: { path: '/pfm/projects/owneragreements', workbench: 'OwnerAgreement' },
};

/**
 * Where a result opens: a record opens its workbench over its project's screen (the §2 query the
 * screens expect: `workbench`, `recordKey`, `recordId`); a project opens its projection grid; a
 * vendor (no screen of its own) opens the commitments of its project.
 */
export function searchResultHref(result: SearchResult): string {
  const query = new URLSearchParams({ projectId: String(result.projectId) });
  if (result.kind === 'project') {
    if (result.budgetId) query.set('budgetId', String(result.budgetId));
    return `/pfm/projects/projectiongrid?${query}`;
  }
  if (result.kind === 'vendor') return `/pfm/projects/commitments?${query}`;
  const target = WORKBENCH[result.kind]!;
  if (target.activeTab) query.set('activeTab', target.activeTab);
  query.set('workbench', target.workbench);
  query.set('recordKey', target.workbench);
  query.set('recordId', String(result.id));
  return `${target.path}?${query}`;
}
