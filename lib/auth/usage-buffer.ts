/**
 * Per-key usage counts (requests and errors per operation per UTC day), gathered in memory
 * and written by the store about once a second (USAGE_FLUSH_MS, default 1000) in one
 * statement, so counting costs no database round trip per request. Counts a write could not
 * store (database down) are merged back and written with the next flush; the buffer is
 * bounded (USAGE_BUFFER_MAX distinct key/day/operation rows, then new rows are dropped with one
 * log line), so an outage cannot grow it without end. The flush timer is unref'd: it never
 * keeps a process alive.
 */
export interface UsageDelta {
  key_id: string;
  day: string;
  operation: string;
  requests: number;
  errors: number;
}

export const USAGE_BUFFER_MAX = 10_000;

export class UsageBuffer {
  private pending = new Map<string, UsageDelta>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private warnedFull = false;

  constructor(private readonly write: (rows: UsageDelta[]) => void | Promise<void>) {}

  add(keyId: string, operation: string, failed: boolean, now = new Date()): void {
    const day = now.toISOString().slice(0, 10);
    const id = `${keyId}\0${day}\0${operation}`;
    let row = this.pending.get(id);
    if (!row) {
      if (this.pending.size >= USAGE_BUFFER_MAX) {
        if (!this.warnedFull) console.warn(`[usage] buffer full (${USAGE_BUFFER_MAX} rows not yet written): dropping new counts until a write succeeds`);
        this.warnedFull = true;
        return;
      }
      row = { key_id: keyId, day, operation, requests: 0, errors: 0 };
      this.pending.set(id, row);
    }
    row.requests += 1;
    if (failed) row.errors += 1;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const ms = Math.max(10, Number(process.env.USAGE_FLUSH_MS) || 1000);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => undefined);
    }, ms);
    this.timer.unref();
  }

  /** Writes what is pending; on failure the counts go back into the buffer and the error is thrown. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = (async () => {
      try {
        await this.write(rows);
        this.warnedFull = false;
      } catch (e) {
        for (const r of rows) {
          const id = `${r.key_id}\0${r.day}\0${r.operation}`;
          const cur = this.pending.get(id);
          if (cur) {
            cur.requests += r.requests;
            cur.errors += r.errors;
          } else if (this.pending.size < USAGE_BUFFER_MAX) this.pending.set(id, r);
        }
        this.schedule();
        throw e;
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
