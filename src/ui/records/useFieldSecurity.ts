/** The user's field security (§6) for a record's state, and a lookup list as select options. */
import { useEffect, useState } from 'react';
import { lookupList } from '../../core/lookups';
import { loadFieldSecurity, type FieldSecurity, type WithFieldSecurity } from '../../core/records';

export interface StateFieldSecurity {
  /** The security of state `stateId`; null until it is known (nothing editable meanwhile). */
  security: FieldSecurity | null;
  /**
   * Some state's security has answered. A form waits for it before it first shows: shown before, every field and
   * Save would start disabled and turn editable a moment later, dropping whatever was typed or clicked meanwhile.
   */
  known: boolean;
}

/**
 * The field security of state `stateId` (asked again when the state changes); a state the server does not list is an
 * empty list. `given` is what the record's own load sent for its state: used at once, with nothing asked after.
 */
function useStateFieldSecurity(stateId: number | undefined, given?: FieldSecurity | null): StateFieldSecurity {
  const sent = given && stateId !== undefined && given.lookupApplicationRecordStateId === stateId ? given : null;
  // What a load last sent: a write's answer (which carries none) in the same state keeps it.
  const [kept, setKept] = useState<FieldSecurity | null>(null);
  if (sent && sent !== kept) setKept(sent);
  const held = sent ?? (kept && kept.lookupApplicationRecordStateId === stateId ? kept : null);
  const [answer, setAnswer] = useState<{ stateId: number; security: FieldSecurity } | null>(null);
  useEffect(() => {
    if (stateId === undefined || held) return undefined;
    let live = true;
    void loadFieldSecurity(stateId).then((security) => {
      if (live) setAnswer({ stateId, security: security ?? { lookupApplicationRecordStateId: stateId, fields: [] } });
    });
    return () => { live = false; };
  }, [stateId, held]);
  if (held) return { security: held, known: true };
  // Security of another state (before a move settles) is not this state's: read-only meanwhile.
  return { security: answer && answer.stateId === stateId ? answer.security : null, known: answer !== null || kept !== null };
}

/**
 * The field security of a record a workbench loads afresh: what its own load sends with it (or what the page's copy
 * already carries for its state). The lookup is asked only once that load has answered without it (an older host):
 * a list's copy, shown at once, carries none, and asking for it then would be a call the load makes unneeded.
 */
export function useRecordFieldSecurity(record: (WithFieldSecurity & { applicationRecordStateId: number }) | undefined, loaded: boolean): StateFieldSecurity {
  const carried = record?.fieldSecurity?.lookupApplicationRecordStateId === record?.applicationRecordStateId;
  return useStateFieldSecurity(loaded || carried ? record?.applicationRecordStateId : undefined, record?.fieldSecurity);
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Options of a lookup list as select options ({ value: id, label: displayText, else name, else id }); a null type asks for none. */
export function useLookupOptions(type: string | null, idField: string): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (type === null) return undefined;
    let live = true;
    void lookupList<Record<string, unknown>>(type).then((list) => {
      if (live) setOptions(list.map((item) => ({ value: String(item[idField]), label: String(item.displayText ?? item.name ?? item[idField]) })));
    });
    return () => { live = false; };
  }, [type, idField]);
  return options;
}
