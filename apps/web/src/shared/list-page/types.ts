import type { ReactNode } from 'react';
import type { FormRule, TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CallBody, CallData, CallName, CallQuery, ExportStarted, PageResult } from '@cbo/contract';

/** Calls that answer a page `{ list, total }`: the only calls a list screen can be built on. */
export type PagedCall = { [K in CallName]: CallData<K> extends PageResult<unknown> ? K : never }[CallName];

/** One row of a paged call. */
export type RowOf<K extends PagedCall> = CallData<K> extends PageResult<infer R> ? R : never;

/** What the call takes: its query for GET calls, its body for the others (some lists are POST). */
export type ListInput<K extends PagedCall> =
  CallQuery<K> extends undefined ? NonNullable<CallBody<K>> : NonNullable<CallQuery<K>>;

/** Inputs a filter may set: everything the call takes except paging and sorting. */
export type FilterKey<K extends PagedCall> = Exclude<keyof ListInput<K>, 'pageNum' | 'pageSize' | 'orderBy' | 'order'> &
  string;

/** Calls that start an export to the export centre (they answer `{ exportId, fileName }`). */
export type ExportCall = { [K in CallName]: CallData<K> extends ExportStarted ? K : never }[CallName];

export type SortOrder = 'ascend' | 'descend';
export interface SortState {
  orderBy: string;
  order: SortOrder;
}

/** The filters a search applied, as sent to the server (empty values left out). */
export type AppliedFilters = Record<string, unknown>;

export interface FilterOption {
  value: string | number;
  label: ReactNode;
}

interface FieldBase {
  /**
   * Left out: the heading of the column of the same name in the list's export sheet (the
   * contract's exportLabels), so the filter, the column and the file say the same word.
   */
  label?: ReactNode;
  rules?: FormRule[];
  /** Why the filter is there or what it requires, behind a question mark beside its label. */
  tooltip?: ReactNode;
  /** Shown on first render and restored by Reset. */
  initialValue?: unknown;
}

/**
 * A declared filter. `name` is the input field it sets, checked against the call's schema; a
 * date range sets two fields (`begin`, `end`) and lives in the form under `name`.
 */
export type FilterField<F extends string = string> =
  | (FieldBase & { type: 'text'; name: F; placeholder?: string; /** Default 64. */ maxLength?: number })
  | (FieldBase & { type: 'select'; name: F; options: FilterOption[]; multiple?: boolean; placeholder?: string })
  | (FieldBase & {
      type: 'dateRange';
      /** Form-only name of the picker; never sent. */
      name: string;
      begin: F;
      end: F;
      /** Longest span allowed in days (30); blocked in the picker and by a rule. */
      maxDays?: number;
      /**
       * Pick a time of day as well as a date (default false: whole days, the first day's start to
       * the last day's end). With times, a picked day still opens at 00:00:00 to 23:59:59.
       */
      showTime?: boolean;
      initialValue?: [Dayjs, Dayjs];
    })
  | (FieldBase & {
      type: 'custom';
      name: string;
      render: () => ReactNode;
      /** Turns the control's value into input fields; without it the value is sent as `name`. */
      toInput?: (value: unknown) => Record<string, unknown>;
      /** Columns it takes in the filter grid (default 1). */
      width?: 1 | 2;
    });

/** Whether the call takes `orderBy`/`order`: only then may its columns sort. */
export type Sortable<K extends PagedCall> = 'orderBy' extends keyof ListInput<K> ? true : false;

/**
 * A table column. `sortable` sorts on the server: `true` sorts by the column's `key` (or its
 * `dataIndex`), a string names the `orderBy` field explicitly. With `S = false` (a call that
 * takes no sort) the option does not exist, so a header never offers a sort the server ignores.
 */
export type ListColumn<Row, S extends boolean = boolean> = Omit<
  TableColumnType<Row>,
  'sorter' | 'sortOrder' | 'ellipsis'
> &
  ColumnLayout &
  (S extends true ? { sortable?: boolean | string } : { sortable?: never });

/**
 * How a column sits in the table. Every column names a `width` (px): the table is as wide as its
 * columns together, stretched to fill a wider card and scrolled sideways inside a narrower one.
 */
export interface ColumnLayout {
  /** One line, cut with "…" when longer than the column, the whole value in a tooltip. */
  ellipsis?: boolean;
  /** An identifier (SN, ICCID, id): one line, never broken, with a copy button. */
  copyable?: boolean;
  /** Left out until the person shows it in the column settings (secondary detail on a wide table). */
  defaultHidden?: boolean;
}

/** The columns of a list call's screen. */
export type ColumnsOf<K extends PagedCall> = ListColumn<RowOf<K>, Sortable<K>>[];
/** The filters of a list call's screen. */
export type FiltersOf<K extends PagedCall> = FilterField<FilterKey<K>>[];
