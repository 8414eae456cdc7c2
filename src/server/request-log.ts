/**
 * One JSON line per request on stdout, written once per turn of the event loop: under load many
 * requests finish in one turn, and one write for all of them saves a system call per request.
 * Lines keep their order. stdout belongs to the process, so the buffer does too; whatever is still
 * pending is written when the process exits (process.exit included) or a server closes.
 */
export const requestLog = new (class {
  private pending = '';
  private scheduled = false;
  private exitHooked = false;

  line(fields: Record<string, unknown>): void {
    this.text(JSON.stringify(fields) + '\n');
  }

  /** A line already written as JSON, its newline included. */
  text(line: string): void {
    this.pending += line;
    if (!this.exitHooked) {
      this.exitHooked = true;
      process.once('exit', this.flush);
    }
    if (this.pending.length > 65_536) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    process.stdout.write(text);
  };
})();

/** The line of one request: its path without the query (which may be long, or private). */
export function logRequest(method: string, url: string, status: number, ms: number): void {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // the fields of JSON.stringify({time, method, path, status, ms}), written out: this runs for
  // every request, thousands a second under load, where building and walking an object shows
  requestLog.text(
    `{"time":"${isoNow()}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(ms * 10) / 10}}\n`,
  );
}

let isoMs = -1;
let iso = '';
/** The time now as `toISOString` writes it, made once per millisecond (many requests share one). */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}
