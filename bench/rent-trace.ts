/**
 * Where a rent's time goes (issue 27, part 2), for `npm run bench:rent -- --trace`: every statement
 * node-postgres sends is counted, and inside a transaction the time between one statement's answer
 * and the next statement is "idle in transaction" (what PostgreSQL sees as ClientRead): the process
 * was awaiting something else while it held the connection and its locks. Each such gap is put on
 * the line of server code that asked the next statement, with the statement it followed, so the
 * awaited thing (a timer, the broker, the payment company, the event loop) can be found.
 *
 * Only the bench installs it (it patches pg.Client's query for the run); the server never does.
 */
import pg from 'pg';

interface Site {
  n: number;
  ms: number;
  max: number;
}

export interface TraceReport {
  statements: number;
  transactions: number;
  /** Sum over transactions of begin to commit/rollback. */
  txMs: number;
  /** Sum of the time statements inside transactions took (sent to answered). */
  inStatementMs: number;
  /** Sum of the gaps inside transactions between an answer and the next statement. */
  idleInTxMs: number;
  /** Gaps of 2 ms or more, by the statement that followed and the one before (and server code when the stack has it). */
  gaps: { site: string; n: number; ms: number; max: number }[];
  /** Transactions by their first two statements: count, total and longest duration. */
  opened: { site: string; n: number; ms: number; max: number }[];
  /** Statements inside transactions by their text (sent to answered: lock waits show here). */
  inTx: { site: string; n: number; ms: number; max: number }[];
  /** Statements sent while each window was open, by text (bench/rent.ts: `rent` calls and `settle` waits). */
  windows: Record<string, Record<string, number>>;
  /** Statements sent outside any transaction, by their text. */
  loose: { site: string; n: number; ms: number; max: number }[];
}

/** A client marked so (the bench's own sampler) is not counted. */
export const UNTRACED = Symbol('untraced');

const here = /\/bench\/rent-trace\.ts/;
/** The first frames of server or bench code that are not the database layer. */
function siteOf(stack: string | undefined, depth = 2): string {
  const frames = (stack ?? '')
    .split('\n')
    .slice(1)
    .filter(
      (l) =>
        /\/(apps\/server\/src|bench)\//.test(l) && !here.test(l) && !/platform\/db\/(database|request-tx)\.ts/.test(l),
    )
    .slice(0, depth)
    .map((l) => {
      const m = /\(?([^()\s]*\/(?:apps\/server\/src|bench)\/[^()\s]+?):(\d+):\d+\)?$/.exec(l.trim());
      const fn = /at (?:async )?([^\s(]+) \(/.exec(l.trim())?.[1] ?? '';
      return m ? `${fn} ${m[1]!.replace(/.*\/(apps\/server\/src|bench)\//, '')}:${m[2]}` : l.trim();
    });
  return frames.join(' < ') || '(outside server code)';
}

function add(map: Map<string, Site>, key: string, ms: number) {
  const s = map.get(key) ?? { n: 0, ms: 0, max: 0 };
  s.n++;
  s.ms += ms;
  s.max = Math.max(s.max, ms);
  map.set(key, s);
}

const top = (map: Map<string, Site>, k: number) =>
  [...map.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, k)
    .map(([site, s]) => ({ site, ...s }));

const textOf = (a: unknown): string =>
  typeof a === 'string' ? a : typeof (a as { text?: unknown })?.text === 'string' ? (a as { text: string }).text : '';

/** Starts counting; `stop` restores pg and answers what was seen since `reset`. */
export function traceStatements(): {
  reset: () => void;
  count: () => number;
  window: (name: string | null) => void;
  stop: () => TraceReport;
} {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  type State = { inTx: boolean; began: number; lastDone: number; opener: string[]; busy: number };
  const states = new WeakMap<object, State>();
  let r = fresh();
  let open: string | null = null;
  function fresh() {
    return {
      statements: 0,
      transactions: 0,
      txMs: 0,
      inStatementMs: 0,
      idleInTxMs: 0,
      gaps: new Map<string, Site>(),
      opened: new Map<string, Site>(),
      loose: new Map<string, Site>(),
      inTx: new Map<string, Site>(),
      windows: new Map<string, Map<string, number>>(),
    };
  }
  proto.query = function (this: object, ...args: unknown[]) {
    if (UNTRACED in this) return original.apply(this, args);
    const text = textOf(args[0]).trim().toLowerCase();
    const st = states.get(this) ?? { inTx: false, began: 0, lastDone: 0, opener: [], busy: 0 };
    states.set(this, st);
    const at = performance.now();
    r.statements++;
    // Drizzle's queries are thenables, so the stack here seldom reaches server code: the statement's text names it.
    const stack = new Error().stack;
    const short = text.replace(/\s+/g, ' ').slice(0, 90);
    if (open) {
      const w = r.windows.get(open) ?? new Map<string, number>();
      w.set(short.slice(0, 70), (w.get(short.slice(0, 70)) ?? 0) + 1);
      r.windows.set(open, w);
    }
    if (text.startsWith('begin')) {
      st.inTx = true;
      st.began = at;
      st.opener = [];
    } else if (st.inTx) {
      if (st.opener.length < 2) st.opener.push(short.slice(0, 70));
      if (st.busy === 0 && st.lastDone > 0) {
        const gap = at - st.lastDone;
        r.idleInTxMs += gap;
        if (gap >= 2)
          add(r.gaps, `${short}  [after: ${lastText.get(this)?.slice(0, 70) ?? '?'}]  ${siteOf(stack)}`, gap);
      }
    }
    const inTx = st.inTx;
    if (!inTx) st.lastDone = 0;
    st.busy++;
    const done = () => {
      const end = performance.now();
      st.busy--;
      if (inTx) {
        r.inStatementMs += end - at;
        add(r.inTx, short.slice(0, 70), end - at);
      } else add(r.loose, short.slice(0, 70), end - at);
      st.lastDone = end;
      lastText.set(this, short);
      if (text === 'commit' || text === 'rollback') {
        r.transactions++;
        r.txMs += end - st.began;
        add(r.opened, st.opener.join(' ; '), end - st.began);
        st.inTx = false;
        st.lastDone = 0;
      }
    };
    // The pool's own query passes a callback (and gets no promise back): its end is the callback's call.
    const cb = args[args.length - 1];
    if (typeof cb === 'function')
      args[args.length - 1] = (...a: unknown[]) => {
        done();
        return (cb as (...a: unknown[]) => unknown)(...a);
      };
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(done, done);
    return out;
  };
  const lastText = new WeakMap<object, string>();
  return {
    reset: () => {
      r = fresh();
    },
    /** Statements sent so far (a caller counts those of one call by the difference). */
    count: () => r.statements,
    /** Counts the statements sent while a window is open by their text (one customer: a rent call, a settle). */
    window: (name: string | null) => {
      open = name;
    },
    stop: () => {
      proto.query = original;
      Error.stackTraceLimit = limit;
      return {
        statements: r.statements,
        transactions: r.transactions,
        txMs: r.txMs,
        inStatementMs: r.inStatementMs,
        idleInTxMs: r.idleInTxMs,
        gaps: top(r.gaps, 25),
        opened: top(r.opened, 15),
        loose: top(r.loose, 15),
        inTx: top(r.inTx, 20),
        windows: Object.fromEntries(
          [...r.windows].map(([k, m]) => [k, Object.fromEntries([...m].sort((a, b) => b[1] - a[1]))]),
        ),
      };
    },
  };
}
