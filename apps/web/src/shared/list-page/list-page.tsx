import { useMemo, useState, type Key, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Button, Card, Flex, Form, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exportLabels, type Lang } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { Permit } from '@/shared/permission';
import { ExportButton } from './export-button';
import { FilterForm } from './filter-form';
import { initialFilterValues, toFilterInput } from './filters';
import { useUrlFilters } from './use-url-filters';
import { PAGE_SIZES, useListQuery, type ListQuery } from './use-list-query';
import { useIsMobile, useWidth } from './use-viewport';
import {
  arrangeColumns,
  leadWidth,
  loadPrefs,
  pinForWidth,
  savePrefs,
  tableWidth,
  type TablePrefs,
} from './table-layout';
import { TableSettings } from './table-settings';
import { toTableColumn } from './table-cells';
import type {
  AppliedFilters,
  ColumnsOf,
  ExportCall,
  FilterField,
  FiltersOf,
  ListColumn,
  ListInput,
  PagedCall,
  RowOf,
  Sortable,
  SortState,
} from './types';
import { EmptyState } from '../empty-state';
import { DATE_TIME_FORMAT } from './format';

interface ListPageBaseProps<K extends PagedCall> {
  /** The paged call behind the table (api.ts), e.g. 'loginLogQueryPage'. */
  listCall: K;
  columns: ColumnsOf<K>;
  rowKey: (keyof RowOf<K> & string) | ((row: RowOf<K>) => Key);
  filters?: FiltersOf<K>;
  /** Fixed input beside the filters (a status tab, a parent id). */
  params?: Partial<ListInput<K>>;
  /** Only for calls that take `orderBy`/`order`. */
  defaultSort?: Sortable<K> extends true ? SortState : never;
  defaultPageSize?: number;
  /**
   * Heading above the table (left out: the title of the list's export sheet, when it has an export).
   * A function gets the applied time range as text ("2026-11-01 – 2026-11-28"), or null when none
   * is set, so a heading that names a default window ("of the last 30 days") follows the range.
   */
  title?: ReactNode | ((range: string | null) => ReactNode);
  /**
   * Name under which the person's column and density choices are remembered (default: the list
   * call). Give one when two screens share a list call.
   */
  settingsKey?: string;
  /**
   * Buttons left of Export and Refresh (create, batch actions). Wrap each in <Permit> so an
   * account sees only what the server would allow.
   */
  toolbar?: ReactNode | ((list: ListQuery<K>) => ReactNode);
  /** Between the filters and the table: figures of what the filters select (statistics cards). */
  above?: (list: ListQuery<K>) => ReactNode;
  /** Text of the empty state (default: "No data"). */
  emptyText?: ReactNode;
  /** Anything else antd's Table takes (rowSelection, expandable, summary). */
  tableProps?: Omit<TableProps<RowOf<K>>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'loading' | 'onChange'>;
  /** Content outside the cards (the screen's drawers and modals). */
  children?: ReactNode | ((list: ListQuery<K>) => ReactNode);
  /**
   * Asks the page again on its own while its rows say something moves without the person (a
   * refund on its way at the payment company): milliseconds, or false to stop.
   */
  refetchInterval?: (rows: RowOf<K>[]) => number | false;
}

/** Export of the current filters to the export centre: the call and the permission it needs. */
type ExportProps = { exportCall: ExportCall; exportPerm: string } | { exportCall?: never; exportPerm?: never };

export type ListPageProps<K extends PagedCall> = ListPageBaseProps<K> & ExportProps;

/**
 * The words of a list's export sheet (the contract's exportLabels, the one home of words both the
 * console and the server write): its title and the heading of a column by key, in one language.
 */
function sheetWords(exportCall: ExportCall | undefined, lang: Lang) {
  const sheet =
    exportCall && Object.hasOwn(exportLabels, exportCall)
      ? exportLabels[exportCall as keyof typeof exportLabels]
      : undefined;
  const columns = sheet?.columns as Record<string, Record<Lang, string>> | undefined;
  return {
    title: sheet?.title[lang],
    heading: (key: unknown): string | undefined =>
      columns && typeof key === 'string' && Object.hasOwn(columns, key) ? columns[key]![lang] : undefined,
  };
}

/**
 * The list screen every resource shares: filter form, toolbar with
 * permission-gated buttons, export to the export centre, refresh, and a table with server-side
 * paging and sorting. Typed by the contract: filter names, row fields and the export call are
 * checked against api.ts.
 */
/**
 * Every list screen honours filters given in its address (`?status=initiated`, a dashboard
 * number's link): they start the search, and a new address starts a new one (useUrlFilters).
 */
export function ListPage<K extends PagedCall>(props: ListPageProps<K>) {
  const fromUrl = useUrlFilters((props.filters ?? []) as FilterField<string>[]);
  return <ListPageBody key={fromUrl.key} {...props} filters={fromUrl.filters as unknown as FiltersOf<K>} />;
}

function ListPageBody<K extends PagedCall>(props: ListPageProps<K>) {
  const {
    listCall,
    rowKey,
    filters = [],
    params,
    defaultSort,
    defaultPageSize,
    settingsKey,
    toolbar,
    above,
    exportCall,
    exportPerm,
    emptyText,
    tableProps,
    children,
    refetchInterval,
  } = props;
  const { t } = useTranslation('kit');
  const lang = useLang();
  const isMobile = useIsMobile();
  const [form] = Form.useForm();
  // A column or filter without words of its own, and the heading, take the export sheet's.
  const sheet = useMemo(() => sheetWords(exportCall, lang), [exportCall, lang]);
  const columns = useMemo(
    () => props.columns.map((c) => (c.title === undefined ? { ...c, title: sheet.heading(c.key ?? c.dataIndex) } : c)),
    [props.columns, sheet],
  );
  const fields = useMemo(
    () => (filters as FilterField[]).map((f) => (f.label === undefined ? { ...f, label: sheet.heading(f.name) } : f)),
    [filters, sheet],
  );
  // The first request already carries the fields' initial values (a default time range).
  const [initialFilters] = useState(() => toFilterInput(fields, initialFilterValues(fields)));

  const list = useListQuery({
    listCall,
    params,
    defaultSort,
    defaultPageSize,
    initialFilters,
    refetchInterval,
  });
  const title =
    typeof props.title === 'function' ? props.title(appliedRange(fields, list.filters)) : (props.title ?? sheet.title);

  /** Validates the form and applies it: what the table shows is what an export sends. */
  const readFilters = async (): Promise<AppliedFilters> => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const next = toFilterInput(fields, { ...form.getFieldsValue(true), ...values });
    if (JSON.stringify(next) !== JSON.stringify(list.filters)) list.applyFilters(next);
    return next;
  };

  const screenKey = settingsKey ?? listCall;
  const [prefs, setPrefsState] = useState<TablePrefs>(() => loadPrefs(screenKey));
  const setPrefs = (next: TablePrefs) => {
    setPrefsState(next);
    savePrefs(screenKey, next);
  };
  const density = prefs.density ?? (isMobile ? 'small' : 'middle');

  const [measure, viewWidth] = useWidth();
  const lead = leadWidth(tableProps?.rowSelection);
  const shownColumns = useMemo(() => arrangeColumns(columns as ListColumn<RowOf<K>, true>[], prefs), [columns, prefs]);
  const pinnedColumns = useMemo(() => pinForWidth(shownColumns, viewWidth, lead), [shownColumns, viewWidth, lead]);
  const tableColumns = useMemo(
    () =>
      pinnedColumns.map((c) => {
        const col = toTableColumn(c);
        const { sortable } = c;
        if (!sortable) return col;
        const orderBy = typeof sortable === 'string' ? sortable : String(c.key ?? c.dataIndex);
        return {
          ...col,
          key: orderBy,
          sorter: true,
          sortOrder: list.sort?.orderBy === orderBy ? list.sort.order : null,
        };
      }),
    [pinnedColumns, list.sort],
  );

  const onTableChange: TableProps<RowOf<K>>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const orderBy = s?.columnKey !== undefined ? String(s.columnKey) : undefined;
    list.setSort(s?.order && orderBy ? { orderBy, order: s.order } : undefined);
  };

  const renderSlot = (slot: ListPageProps<K>['toolbar']) => (typeof slot === 'function' ? slot(list) : slot);

  return (
    <Flex vertical gap={16} className="list-page">
      {fields.length > 0 && (
        <Card size="small" styles={{ body: { paddingBottom: 0 } }}>
          <FilterForm
            form={form}
            fields={fields}
            onSearch={() => void readFilters().catch(() => undefined)}
            onReset={() =>
              list.applyFilters(toFilterInput(fields, form.getFieldsValue(true) as Record<string, unknown>))
            }
          />
        </Card>
      )}
      {above?.(list)}
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <div>
            {title && (
              <Typography.Title level={5} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
            )}
          </div>
          <Space wrap>
            {renderSlot(toolbar)}
            {exportCall && exportPerm && (
              <Permit perm={exportPerm}>
                <ExportButton call={exportCall} getFilters={readFilters} />
              </Permit>
            )}
            <TableSettings
              columns={columns as ListColumn<RowOf<K>, true>[]}
              prefs={prefs}
              onChange={setPrefs}
              density={density}
            />
            <Tooltip title={t('common:refresh')}>
              <Button
                aria-label={t('common:refresh')}
                icon={<ReloadOutlined spin={list.isFetching && !list.isLoading} />}
                onClick={() => void list.refresh()}
              />
            </Tooltip>
          </Space>
        </Flex>
        <div ref={measure}>
          <Table<RowOf<K>>
            {...tableProps}
            rowKey={rowKey as TableProps<RowOf<K>>['rowKey']}
            columns={tableColumns as TableProps<RowOf<K>>['columns']}
            dataSource={list.rows}
            loading={list.isFetching}
            onChange={onTableChange}
            size={density}
            // As wide as the columns together: a wider card stretches them, a narrower one (below
            // 992 px) scrolls the table sideways inside the card instead of squeezing the columns.
            scroll={{ x: tableWidth(shownColumns) + lead, ...tableProps?.scroll }}
            // Until the first answer arrives there is nothing to say: the spinner stands over an empty
            // area instead of over the "No data" picture, which would flash before the rows.
            locale={{
              emptyText: list.isLoading ? (
                <div className="list-page-pending" data-testid="list-pending" />
              ) : (
                <EmptyState description={emptyText} />
              ),
            }}
            pagination={{
              current: list.pageNum,
              pageSize: list.pageSize,
              total: list.total,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: !isMobile,
              showQuickJumper: !isMobile,
              simple: isMobile,
              showTotal: (total) => t('total', { total }),
              onChange: (page, size) => list.setPage(page, size),
            }}
          />
        </div>
      </Card>
      {renderSlot(children)}
    </Flex>
  );
}

/** The first applied time range as a person reads it: days, or instants when the picker carries times. */
export function appliedRange(fields: readonly FilterField[], applied: AppliedFilters): string | null {
  for (const f of fields) {
    if (f.type !== 'dateRange') continue;
    const begin = applied[f.begin];
    const end = applied[f.end];
    if (typeof begin !== 'string' || typeof end !== 'string') continue;
    const format = f.showTime ? DATE_TIME_FORMAT : 'YYYY-MM-DD';
    const [b, e] = [dayjs(begin).format(format), dayjs(end).format(format)];
    return b === e ? b : `${b} – ${e}`;
  }
  return null;
}
