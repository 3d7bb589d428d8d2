import { currentTx } from './request-tx.js';

/**
 * Group commit: many small writes that arrive together become one statement (or one short
 * transaction). `add` queues an item and resolves with its own answer once the batch holding it
 * is written. A batch starts on the next turn of the event loop when no batch of this kind is
 * running, so a lone item waits for nothing; while one runs, new items gather for the next.
 * Under load batches grow by themselves, up to `maxBatch`.
 *
 * The gateway keeps each cabinet's messages in order by awaiting each one (gateway.ts), so one
 * cabinet is never twice in a batch, while ten thousand cabinets share a few statements a second.
 *
 * Items added inside a request's transaction (request-tx.ts) are written in it at once, unbatched.
 *
 * When a batch of several items fails, each item is tried alone, so one bad item cannot make
 * the others fail; only its own caller sees the error.
 */
export class GroupCommit<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private running = 0;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly concurrency: number;

  constructor(
    private readonly write: (inputs: In[]) => Promise<Out[]>,
    opts: { maxBatch?: number; concurrency?: number } = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 500;
    this.concurrency = opts.concurrency ?? 1;
  }

  /** Items waiting or being written. */
  get size(): number {
    return this.pending.length;
  }

  add(input: In): Promise<Out> {
    // Inside a request's transaction the item is written there, alone: a shared batch would
    // commit it apart from the change it belongs to (and, on the embedded engine, wait for it).
    if (currentTx()) return this.write([input]).then((outs) => outs[0]!);
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when nothing is waiting or running (used on shutdown). */
  async drain(): Promise<void> {
    if (!this.pending.length && !this.running) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.concurrency || !this.pending.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.concurrency && this.pending.length) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        if (this.pending.length) this.schedule();
        else if (!this.running) for (const done of this.idle.splice(0)) done();
      });
    }
  }

  private async run(batch: typeof this.pending): Promise<void> {
    try {
      const outs = await this.write(batch.map((b) => b.input));
      batch.forEach((b, i) => b.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One at a time, so only the item that fails sees the error.
      for (const b of batch) {
        try {
          const [out] = await this.write([b.input]);
          b.resolve(out!);
        } catch (e) {
          b.reject(e);
        }
      }
    }
  }
}
