// `npm run sandbox -- --import <folder>`: Acton's saved trace bundles of a folder (its
// `*_trace.json`, and the `contracts/` beside them) stored as test runs, then the folder watched
// for bundles written or rewritten later. Each bundle's traces go through the ingestor as frames
// (acton-bundle.ts); a bundle that does not read is refused with the reason, and the rest go on.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { bundleFrames, contractAbi, parseBundle, type ActonContract } from './acton-bundle';
import { FrameError } from './frame';
import type { Ingestor } from './ingest';

const BUNDLE = /_trace\.json$/;
/** A bundle is read this long after its last change (Acton writes it in more than one go). */
const SETTLE_MS = 250;

export class ActonImporter {
  /** The content each bundle had when last imported: an unchanged file is not imported again. */
  private readonly imported = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private watcher: FSWatcher | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly folder: string,
    private readonly ingestor: Ingestor,
    private readonly log: (line: string) => void,
  ) {
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new Error(`--import ${folder}: not a folder (Acton writes its bundles to build/traces)`);
  }

  /** Every bundle of the folder, oldest first. */
  importAll(): Promise<unknown> {
    const files = readdirSync(this.folder)
      .filter((f) => BUNDLE.test(f))
      .map((f) => ({ f, t: statSync(join(this.folder, f)).mtimeMs }))
      .sort((a, b) => a.t - b.t || a.f.localeCompare(b.f));
    for (const { f } of files) this.enqueue(f);
    return this.queue;
  }

  /** Imports each bundle written or rewritten in the folder from now on. */
  watch(): void {
    this.watcher = watch(this.folder, (_event, name) => {
      if (!name || !BUNDLE.test(name)) return;
      clearTimeout(this.timers.get(name));
      this.timers.set(
        name,
        setTimeout(() => {
          this.timers.delete(name);
          this.enqueue(name);
        }, SETTLE_MS),
      );
    });
  }

  /** Resolves once every bundle seen so far is imported or refused. */
  idle(): Promise<unknown> {
    return this.queue;
  }

  close(): void {
    this.watcher?.close();
    for (const t of this.timers.values()) clearTimeout(t);
  }

  private enqueue(name: string) {
    this.queue = this.queue.then(() => this.importFile(name));
  }

  private async importFile(name: string): Promise<void> {
    const path = join(this.folder, name);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return; // removed before it was read
    }
    const digest = createHash('sha256').update(text).digest('hex');
    if (this.imported.get(name) === digest) return;
    this.imported.set(name, digest);
    let frames: string[];
    let hidden: number;
    try {
      const bundle = parseBundle(text);
      hidden = bundle.skipped_traces_count ?? 0;
      const names = new Set([
        ...(bundle.contracts ?? []),
        ...bundle.traces.flatMap((t) => t.transactions.map((x) => x.dest_contract_info ?? '')),
      ]);
      frames = bundleFrames(bundle, path, this.contracts([...names].filter(Boolean)));
    } catch (error) {
      const reason = error instanceof FrameError ? error.message : ((error as Error).stack ?? String(error));
      this.log(`sandbox: Acton bundle ${path} refused: ${reason}`);
      return;
    }
    let stored = 0;
    for (const [i, frame] of frames.entries()) {
      const r = await this.ingestor.ingest(frame, `Acton bundle ${path} trace ${i}`);
      if (r.stored) stored++;
    }
    // the hidden ones are not in the bundle: counted on its first run, or only here when it has none
    this.log(
      `sandbox: Acton bundle ${path}: ${stored} of ${frames.length} traces stored${hidden ? ` (${hidden} hidden by the test)` : ''}`,
    );
  }

  /** The bundle's contract files that exist, with their Tact ABIs when they have one. */
  private contracts(names: string[]): Map<string, ActonContract> {
    const out = new Map<string, ActonContract>();
    for (const name of names) {
      const file = join(this.folder, 'contracts', `${name}.json`);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) continue;
      out.set(name, { name, abi: contractAbi(readFileSync(file, 'utf8')) });
    }
    return out;
  }
}
