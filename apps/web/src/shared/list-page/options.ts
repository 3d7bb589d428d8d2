import type { FilterOption } from './types';

/** Select options for a contract enum, labelled by `label` (usually a translation lookup). */
export function optionsOf<V extends string | number>(
  values: readonly V[],
  label: (value: V) => string,
): FilterOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}
