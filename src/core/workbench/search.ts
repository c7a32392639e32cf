/**
 * A workbench's state in the address (§4): which workbench, on which record. Its own small module, in the core every
 * element loads: the portal's route prefetch (core/router/prefetch) reads it before any workbench code is loaded.
 */

/** What a workbench is opened on. */
export interface WorkbenchTarget {
  recordKey?: string;
  recordId?: number;
  activeTab?: string;
  activeTray?: string;
}

/** The workbench state in a query string (names any case). recordId defaults to -1. */
export function workbenchFromSearch(search: string | URLSearchParams = location.search): Required<WorkbenchTarget> & { workbench: string } {
  const params = new URLSearchParams(search);
  const get = (name: string) => {
    for (const [key, value] of params) if (key.toLowerCase() === name.toLowerCase()) return value;
    return '';
  };
  const id = get('recordId');
  return {
    workbench: get('workbench'),
    recordKey: get('recordKey'),
    recordId: /^-?\d{1,16}$/.test(id.trim()) ? Number(id) : -1,
    activeTab: get('activeTab'),
    activeTray: get('activeTray'),
  };
}
