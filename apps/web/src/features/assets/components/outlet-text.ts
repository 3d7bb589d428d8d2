/**
 * The outlet a record or an asset names: its name, or its number when the outlet is gone (the
 * demo network's outlets are removed by demo:clear; their records stay).
 */
export function outletText(name: string | null, id: number | null): string {
  if (name) return name;
  return id ? `#${id}` : '-';
}
