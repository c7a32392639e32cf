/**
 * App records (issue 15, §1 "configurable records have states and field-level security"): THE rule a
 * record type's workflow must keep, shared by the host (which refuses) and the screen (which warns).
 * The calls of the admin's record-type editor and admin home and their answers are ./contract.ts.
 * Plain TypeScript: no React, no host code.
 */

/** A state as the rule sees it. */
export interface WorkflowState {
  id: number;
  name: string;
  closed: boolean;
  isInitial: boolean;
}

/** An advancement as the rule sees it. */
export interface WorkflowAdvancement {
  from: number;
  target: number;
}

function reachable(start: readonly number[], edges: ReadonlyMap<number, number[]>): Set<number> {
  const seen = new Set<number>(start);
  const queue = [...start];
  while (queue.length) {
    const next = queue.shift()!;
    for (const target of edges.get(next) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

const quoted = (names: readonly string[]): string => names.map((name) => `'${name}'`).join(', ');

/**
 * What is wrong with a record type's workflow; [] when sound. A sound workflow has exactly one
 * initial state, at least one closed state reachable from it, and every state reachable from the
 * initial one can still reach a closed state (no dead end where a record would be stuck open).
 * Each problem is a sentence naming the states concerned.
 */
export function recordTypeProblems(states: readonly WorkflowState[], advancements: readonly WorkflowAdvancement[]): string[] {
  if (!states.length) return ['The record type has no states.'];
  const initial = states.filter((s) => s.isInitial);
  if (initial.length !== 1) {
    return [initial.length ? `Only one state may be initial (now: ${quoted(initial.map((s) => s.name))}).` : 'The record type has no initial state.'];
  }
  const ids = new Set(states.map((s) => s.id));
  const forward = new Map<number, number[]>();
  const backward = new Map<number, number[]>();
  for (const a of advancements) {
    if (!ids.has(a.from) || !ids.has(a.target)) continue;
    forward.set(a.from, [...(forward.get(a.from) ?? []), a.target]);
    backward.set(a.target, [...(backward.get(a.target) ?? []), a.from]);
  }
  const fromInitial = reachable([initial[0]!.id], forward);
  const closed = states.filter((s) => s.closed);
  const closedReached = closed.filter((s) => fromInitial.has(s.id));
  if (!closedReached.length) {
    return [closed.length
      ? `No closed state (${quoted(closed.map((s) => s.name))}) can be reached from the initial state '${initial[0]!.name}'.`
      : 'The record type has no closed state.'];
  }
  const canClose = reachable(closed.map((s) => s.id), backward);
  const stuck = states.filter((s) => fromInitial.has(s.id) && !canClose.has(s.id));
  return stuck.length
    ? [`${stuck.length === 1 ? 'State' : 'States'} ${quoted(stuck.map((s) => s.name))} cannot reach a closed state: a record there could never be closed.`]
    : [];
}

/** Longest state name. */
export const STATE_NAME_MAX = 60;
