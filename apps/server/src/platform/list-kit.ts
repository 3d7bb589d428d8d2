import type { FastifyInstance } from 'fastify';
import {
  exportLabels,
  type CallBodyParsed,
  type CallData,
  type CallName,
  type CallQueryParsed,
  type ExportCall,
  type ExportColumn,
  type Lang,
  type PageResult,
} from '@cbo/contract';
import { pageOf, type ListSource } from './db/paging.js';
import type { ExportService } from './exports/export-centre.js';
import { registerCall } from './http/routes.js';
import { timeZoneOf } from './time-zone.js';

/** How an export writes a cell: in the language and time zone of the person who asked. */
export interface CellContext {
  lang: Lang;
  timeZone: string;
}

/** The filter an export is started with: the body of its call. */
type FilterOf<E extends ExportCall> = CallBodyParsed<E>;
/** List calls that answer a page of this row. */
type PageCallOf<Row> = { [K in CallName]: CallData<K> extends PageResult<Row> ? K : never }[CallName];

/**
 * One list of the console declared once: its page call (filters, sort, count) and its export to
 * the export centre. The export's kind is the name of the export call, its sheet (title, column
 * headings) is `exportLabels[call]` in the contract; `cells` turns a row into what the file
 * shows (words in the caller's language, times in their zone).
 */
export interface ListDecl<E extends ExportCall, Row> {
  /** The call that answers one page of the list; omitted when the module answers it itself. */
  page?: PageCallOf<Row>;
  export: E;
  source: ListSource<FilterOf<E>, Row>;
  cells?: (row: Row, ctx: CellContext) => Partial<Record<ExportColumn<E>, unknown>>;
  /** Column widths in characters (18 when not given). */
  widths?: Partial<Record<ExportColumn<E>, number>>;
}

/** A list of any export, as the app holds them. */
export type AnyList = ListDecl<ExportCall, never>;

/** Declares a list (the type parameters are inferred from the export call and the source). */
export function defineList<E extends ExportCall, Row>(decl: ListDecl<E, Row>): AnyList {
  return decl as unknown as AnyList;
}

/** Registers a list's export with the export centre, under its call's name. */
export function registerListExport(exports: ExportService, list: AnyList): void {
  const sheet = exportLabels[list.export];
  const decl = list as unknown as ListDecl<ExportCall, Record<string, unknown>>;
  const widths = (decl.widths ?? {}) as Record<string, number | undefined>;
  exports.register(list.export, {
    title: sheet.title,
    columns: Object.entries(sheet.columns).map(([key, header]) => ({ key, header, width: widths[key] })),
    count: (f) => decl.source.count(f as never),
    rows: async (f, offset, limit, ctx) => {
      const rows = await decl.source.rows(f as never, offset, limit);
      return decl.cells ? rows.map((r) => ({ ...r, ...decl.cells!(r, ctx) })) : rows;
    },
  });
}

/** Registers a list's routes: its page (when declared) and the call that starts its export. */
export function registerListRoutes(app: FastifyInstance, exports: ExportService, list: AnyList): void {
  const decl = list as unknown as ListDecl<ExportCall, unknown>;
  if (decl.page) {
    const source = decl.source as ListSource<unknown, unknown>;
    registerCall(app, decl.page as CallName, ({ query }) => pageOf(source, query as CallQueryParsed<CallName> & { pageNum: number; pageSize: number }) as never);
  }
  registerCall(app, decl.export, ({ principal, body, req }) =>
    exports.start(principal.accountId, decl.export, body, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );
}
