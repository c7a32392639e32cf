/**
 * The shape of a record kind's state table (§3), declared once in its area's contract (src/core/<area>/contract.ts)
 * and written into the database by the demo host's seed (demo/host/db/states.ts assembles them by record key).
 */

/** A record kind's states in display order (the display order is the 1-based position; the first is the initial state). */
export type RecordStateTable<S extends string = string> = ReadonlyArray<readonly [name: S, closed: boolean]>;

type Moves<S extends string> = ReadonlyArray<readonly [to: S, quickRoute: boolean]>;
/**
 * The advancements between a record kind's states: from state → [target, quickRoute][] in menu order. With the
 * kind's state names as `S` the names are checked and a state without moves is left out; with plain strings it is a
 * plain record (an optional index signature would read every entry as possibly undefined).
 */
export type AdvancementTable<S extends string = string> = string extends S
  ? Readonly<Record<string, Moves<string>>>
  : { readonly [from in S]?: Moves<S> };
