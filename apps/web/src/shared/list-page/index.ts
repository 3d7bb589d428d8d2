/**
 * The list-page kit: every list screen is a `ListPage` (filters, toolbar, export, table with
 * server-side paging and sorting), with `DetailDrawer`, `FormDrawer` / `FormModal` and
 * `useOverlay` for its detail, create and edit views, `useRowAction` for a row's confirmed calls
 * (freeze, delete...), and `detailColumn` for the row's "Details"
 * button that opens the detail view. See list-page.tsx for the props.
 */
// The kit's table and detail styles, loaded with any part of it.
import './list-page.css';

export { ListPage, type ListPageProps } from './list-page';
export { useListQuery, fetchPage, PAGE_SIZES, type ListQuery, type ListQueryOptions } from './use-list-query';
export { FilterForm, type FilterFormProps } from './filter-form';
export { ExportButton, type ExportButtonProps } from './export-button';
export {
  DetailDrawer,
  RowDetailDrawer,
  type DetailDrawerProps,
  type RowDetailDrawerProps,
  type DetailItem,
} from './detail-drawer';
export { detailColumn } from './detail-column';
export { actionsColumn, linkColumn, timeColumn } from './columns';
export { AddButton } from './add-button';
export { FormDrawer, FormModal, type FormOverlayProps } from './form-drawer';
export {
  useRowAction,
  useConfirmStep,
  ActionCancelled,
  type RowAction,
  type RowActionOptions,
  type RowConfirm,
} from './row-action';
export { useDeviceDelete } from './device-delete';
export { useOverlay, type Overlay } from './use-overlay';
export { toFilterInput, initialFilterValues } from './filters';
export { formatDateTime, parseServerTime, DATE_TIME_FORMAT } from './format';
export { useIsMobile } from './use-viewport';
export { EllipsisText, CopyableId, useKitColumns } from './table-cells';
export { callKey } from './call-key';
export { optionsOf } from './options';
export type {
  PagedCall,
  RowOf,
  ListInput,
  FilterKey,
  ExportCall,
  FilterField,
  FilterOption,
  ListColumn,
  ColumnLayout,
  ColumnsOf,
  FiltersOf,
  Sortable,
  SortState,
  SortOrder,
  AppliedFilters,
} from './types';
export { useUrlFilters } from './use-url-filters';
