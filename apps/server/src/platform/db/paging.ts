import type { PageResult } from '@cbo/contract';

/** A search text taken literally inside LIKE/ILIKE: %, _ and \ match themselves. */
export function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for a "contains" search, escaped. */
export function containing(v: string): string {
  return `%${escapeLike(v)}%`;
}

/** What a paged list reads: how many rows match a filter, and a slice of them. */
export interface ListSource<F, Row> {
  count(filter: F): Promise<number>;
  rows(filter: F, offset: number, limit: number): Promise<Row[]>;
}

/** One page of a list: its rows and the total, read together. */
export async function pageOf<F, Row>(
  source: ListSource<F, Row>,
  q: F & { pageNum: number; pageSize: number },
): Promise<PageResult<Row>> {
  const [list, total] = await Promise.all([source.rows(q, (q.pageNum - 1) * q.pageSize, q.pageSize), source.count(q)]);
  return { list, total };
}
