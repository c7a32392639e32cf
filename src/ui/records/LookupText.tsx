/** The display text of a reference-data lookup (§3), as text; empty while loading or unknown (§8). */
import { useEffect, useState } from 'react';
import { lookup } from '../../core/lookups';

/** `lookup(type, id)` rendered as text; `fallback` shows until (or unless) it answers. */
export function LookupText({ type, id, fallback = '' }: { type: string; id: number | null | undefined; fallback?: string }) {
  const [answer, setAnswer] = useState<{ key: string; text: string } | null>(null);
  const key = `${type}|${id ?? ''}`;
  useEffect(() => {
    if (id === null || id === undefined || id < 1) return undefined;
    let live = true;
    void lookup(type, id).then((text) => { if (live) setAnswer({ key, text }); });
    return () => { live = false; };
  }, [type, id, key]);
  const text = answer && answer.key === key ? answer.text : '';
  return <>{text || fallback}</>;
}
