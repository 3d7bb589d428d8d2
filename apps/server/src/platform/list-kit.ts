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
import { registerCall, type Principal } from './http/routes.js';
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
/** Every call that answers a page (`{ list, total }`). */
type PageCall = { [K in CallName]: CallData<K> extends PageResult<unknown> ? K : never }[CallName];
/** The row of a page call. */
type RowOf<P extends PageCall> = CallData<P> extends PageResult<infer R> ? R : never;

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
  /**
   * Narrows an export's filter to what the caller may read, before it is stored with the job (an
   * operator's order visibility days): the export then reads what the page call would answer.
   */
  scope?: (principal: Principal, filter: FilterOf<E>) => Promise<FilterOf<E>>;
}

/**
 * A list without an export: its page call and what it reads. The source is handed the call's
 * whole parsed query (filters, `orderBy`/`order`) and answers rows of exactly the call's row type.
 */
export interface PageDecl<P extends PageCall> {
  page: P;
  source: ListSource<CallQueryParsed<P>, RowOf<P>>;
}

/** A list, with or without an export, as the app holds them. */
export type AnyList = {
  page?: CallName;
  export?: ExportCall;
  source: ListSource<never, unknown>;
  scope?: (principal: Principal, filter: never) => Promise<unknown>;
};

/** Declares a list with its export (the type parameters are inferred from the export call and the source). */
export function defineList<E extends ExportCall, Row>(decl: ListDecl<E, Row>): AnyList {
  return decl as unknown as AnyList;
}

/** Declares a list that has no export: the kit answers its page call with `pageOf(source, query)`. */
export function definePage<P extends PageCall>(decl: PageDecl<P>): AnyList {
  return decl as unknown as AnyList;
}

/** Registers a list's export with the export centre, under its call's name (nothing for a list without one). */
export function registerListExport(exports: ExportService, list: AnyList): void {
  if (!list.export) return;
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

/** Registers a list's routes: its page (when declared) and the call that starts its export (when it has one). */
export function registerListRoutes(app: FastifyInstance, exports: ExportService, list: AnyList): void {
  if (list.page) {
    const source = list.source as ListSource<unknown, unknown>;
    registerCall(
      app,
      list.page,
      ({ query }) =>
        pageOf(source, query as CallQueryParsed<CallName> & { pageNum: number; pageSize: number }) as never,
    );
  }
  const kind = list.export;
  if (kind) {
    const scope = list.scope as ((p: Principal, f: unknown) => Promise<unknown>) | undefined;
    registerCall(app, kind, async ({ principal, body, req }) =>
      exports.start(
        principal.accountId,
        kind,
        scope ? await scope(principal, body) : body,
        req.lang,
        timeZoneOf(req.headers['x-time-zone']),
      ),
    );
  }
}
