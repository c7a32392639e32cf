/**
 * Cost types (§3): L Labor, M Material, W Warehouse, E Equipment, S Subcontract, R Rollup,
 * A Agency (hidden), F Fee (disabled, hidden).
 */

export type CostTypeCode = 'L' | 'M' | 'W' | 'E' | 'S' | 'R' | 'A' | 'F';

/** One cost type; hidden ones are not offered in pickers, disabled ones cannot be chosen. */
export interface CostType {
  readonly code: CostTypeCode;
  readonly name: string;
  readonly hidden: boolean;
  readonly disabled: boolean;
}

const ALL_COST_TYPES: CostType[] = [
  { code: 'L', name: 'Labor', hidden: false, disabled: false },
  { code: 'M', name: 'Material', hidden: false, disabled: false },
  { code: 'W', name: 'Warehouse', hidden: false, disabled: false },
  { code: 'E', name: 'Equipment', hidden: false, disabled: false },
  { code: 'S', name: 'Subcontract', hidden: false, disabled: false },
  { code: 'R', name: 'Rollup', hidden: false, disabled: false },
  { code: 'A', name: 'Agency', hidden: true, disabled: false },
  { code: 'F', name: 'Fee', hidden: true, disabled: true },
];

/** Every cost type, in the §3 order. */
export const COST_TYPES: readonly CostType[] = Object.freeze(ALL_COST_TYPES.map((type) => Object.freeze(type)));

/** The cost types a user may pick: visible and enabled (L, M, W, E, S, R). */
export function selectableCostTypes(): CostType[] {
  return COST_TYPES.filter((type) => !type.hidden && !type.disabled);
}

/**
 * The name of a cost type code, case-insensitive and trimmed: 'L' → 'Labor', 'a' → 'Agency'.
 * Unknown or missing codes → ''.
 */
export function costTypeName(code: string | null | undefined): string {
  const wanted = (code ?? '').trim().toUpperCase();
  return COST_TYPES.find((type) => type.code === wanted)?.name ?? '';
}
