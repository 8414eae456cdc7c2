// The sandbox tables' reads (src/store/sandbox-runs.ts) in SQLite, the one engine a sandbox ledger is
// written in. Integers here are seqnos, counts and unix times (never lts, which the table keeps as
// text), so the statements read plain numbers.
import type Database from 'better-sqlite3';
import {
  unpackLog,
  type ExecutorActionRecord,
  type SandboxContractRow,
  type SandboxFrameRow,
  type SandboxRunReads,
  type SandboxTestFilter,
  type SandboxTestRow,
} from '../sandbox-runs';

type Row = Record<string, unknown>;

const TEST_COLUMNS = `t.test_key AS testKey, t.test_id AS testId, t.name, t.path, t.first_mc_seqno AS firstMcSeqno,
  t.last_mc_seqno AS lastMcSeqno, t.frames, f.received_at AS lastReceivedAt
  FROM sandbox_tests t JOIN sandbox_frames f ON f.mc_seqno = t.last_mc_seqno`;

/** The sandbox reads of a connection whose ledger has the sandbox tables (`hasSandboxTables`). */
export class SqliteSandboxRuns implements SandboxRunReads {
  private readonly statements = new Map<string, Database.Statement>();

  /**
   * The tables of sandbox schema 3 (Acton's failed messages, executor actions, trace notes): a
   * ledger of an earlier receiver served as it is (`npm start`, read-only) lacks them, and reads
   * as having none of those.
   */
  private readonly acton: boolean;

  constructor(private readonly db: Database.Database) {
    this.acton =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sandbox_acton_traces'").get() !==
      undefined;
  }

  private q(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  async listTests(filter: SandboxTestFilter): Promise<SandboxTestRow[]> {
    const rows =
      filter.path === undefined
        ? this.q(`SELECT ${TEST_COLUMNS} ORDER BY t.last_mc_seqno DESC LIMIT ? OFFSET ?`).all(
            filter.limit,
            filter.offset,
          )
        : this.q(`SELECT ${TEST_COLUMNS} WHERE t.path = ? ORDER BY t.last_mc_seqno DESC LIMIT ? OFFSET ?`).all(
            filter.path,
            filter.limit,
            filter.offset,
          );
    return rows as SandboxTestRow[];
  }

  async getTest(testKey: string): Promise<SandboxTestRow | null> {
    return (this.q(`SELECT ${TEST_COLUMNS} WHERE t.test_key = ?`).get(testKey) as SandboxTestRow | undefined) ?? null;
  }

  private framesWithTraces(rows: Row[]): SandboxFrameRow[] {
    const traces = this.q(
      `SELECT ft.trace_id AS traceId, ft.written FROM sandbox_frame_traces ft
        LEFT JOIN traces t ON t.trace_id = ft.trace_id WHERE ft.mc_seqno = ? ORDER BY t.start_lt, ft.trace_id`,
    );
    const repeats = this.q('SELECT hash FROM sandbox_frame_repeats WHERE mc_seqno = ? ORDER BY hash').pluck();
    const none = { all: () => [], get: () => undefined };
    const failed = !this.acton
      ? none
      : this.q(
          `SELECT error, vm_exit_code AS vmExitCode, vm_logs AS vmLogs, blockchain_logs AS blockchainLogs,
        missing_libraries AS missingLibraries FROM sandbox_failed_messages WHERE mc_seqno = ? ORDER BY position`,
        );
    const acton = !this.acton
      ? none
      : this.q(
          `SELECT name, treasury_deploy AS treasuryDeploy, hidden_traces AS hiddenTraces
        FROM sandbox_acton_traces WHERE mc_seqno = ?`,
        );
    return rows.map((r) => {
      const a = acton.get(r.seqno) as Row | undefined;
      return {
        seqno: r.seqno as number,
        testKey: r.testKey as string,
        shape: r.shape as SandboxFrameRow['shape'],
        receivedAt: r.receivedAt as number,
        written: r.written as number,
        bytes: r.bytes as number,
        traces: (traces.all(r.seqno) as Row[]).map((t) => ({ traceId: t.traceId as Buffer, written: t.written === 1 })),
        repeats: repeats.all(r.seqno) as Buffer[],
        failedMessages: (failed.all(r.seqno) as Row[]).map((m) => ({
          error: m.error as string,
          vmExitCode: (m.vmExitCode as number | null) ?? null,
          vmLogs: unpackLog(m.vmLogs as Buffer | null),
          blockchainLogs: unpackLog(m.blockchainLogs as Buffer | null),
          missingLibraries: JSON.parse(m.missingLibraries as string) as string[],
        })),
        acton: a
          ? {
              name: (a.name as string | null) ?? null,
              treasuryDeploy: a.treasuryDeploy === 1,
              hiddenTraces: a.hiddenTraces as number,
            }
          : null,
      };
    });
  }

  async listFrames(testKey: string, page: { limit: number; offset: number }): Promise<SandboxFrameRow[]> {
    const rows = this.q(
      `SELECT mc_seqno AS seqno, test_key AS testKey, shape, received_at AS receivedAt, transactions AS written, bytes
        FROM sandbox_frames WHERE test_key = ? ORDER BY mc_seqno DESC LIMIT ? OFFSET ?`,
    ).all(testKey, page.limit, page.offset) as Row[];
    return this.framesWithTraces(rows);
  }

  async getFrame(seqno: number): Promise<SandboxFrameRow | null> {
    const row = this.q(
      `SELECT mc_seqno AS seqno, test_key AS testKey, shape, received_at AS receivedAt, transactions AS written, bytes
        FROM sandbox_frames WHERE mc_seqno = ?`,
    ).get(seqno) as Row | undefined;
    return row ? this.framesWithTraces([row])[0]! : null;
  }

  async frameOfTrace(traceId: Buffer): Promise<number | null> {
    const row = this.q(
      'SELECT mc_seqno AS seqno FROM sandbox_frame_traces WHERE trace_id = ? ORDER BY written DESC, mc_seqno LIMIT 1',
    ).get(traceId) as { seqno: number } | undefined;
    return row?.seqno ?? null;
  }

  async getTransaction(hash: Buffer) {
    const r = this.q(
      `SELECT x.hash, x.mc_seqno AS seqno, f.test_key AS testKey, x.parent_lt AS parentLt, x.children_lts AS childrenLts,
        x.blockchain_logs AS blockchainLogs, x.vm_logs AS vmLogs, x.debug_logs AS debugLogs,
        x.old_storage AS oldStorage, x.new_storage AS newStorage,
        ${this.acton ? '(SELECT actions FROM sandbox_executor_actions a WHERE a.hash = x.hash)' : 'NULL'} AS executorActions
        FROM sandbox_transactions x JOIN sandbox_frames f ON f.mc_seqno = x.mc_seqno
        WHERE x.hash = ?`,
    ).get(hash) as Row | undefined;
    if (!r) return null;
    return {
      hash: r.hash as Buffer,
      seqno: r.seqno as number,
      testKey: r.testKey as string,
      parentLt: (r.parentLt as string | null) ?? null,
      childrenLts: JSON.parse(r.childrenLts as string) as string[],
      blockchainLogs: unpackLog(r.blockchainLogs as Buffer | null),
      vmLogs: unpackLog(r.vmLogs as Buffer | null),
      debugLogs: unpackLog(r.debugLogs as Buffer | null),
      oldStorage: (r.oldStorage as Buffer | null) ?? null,
      newStorage: (r.newStorage as Buffer | null) ?? null,
      executorActions: r.executorActions ? (JSON.parse(r.executorActions as string) as ExecutorActionRecord[]) : [],
    };
  }

  async getVmLog(hash: Buffer): Promise<{ found: boolean; text: string | null }> {
    const r = this.q('SELECT vm_logs AS vmLogs FROM sandbox_transactions WHERE hash = ?').get(hash) as
      { vmLogs: Buffer | null } | undefined;
    return r ? { found: true, text: unpackLog(r.vmLogs) } : { found: false, text: null };
  }

  async contractsOfTest(testKey: string): Promise<SandboxContractRow[]> {
    return this.q(
      `SELECT account, wrapper_name AS wrapperName, treasury_seed AS treasurySeed, abi
        FROM sandbox_contracts WHERE test_key = ? ORDER BY account`,
    ).all(testKey) as SandboxContractRow[];
  }
}

/** Whether the ledger holds sandbox run records (made by `npm run sandbox`). */
export function hasSandboxTables(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sandbox_frames'").get() !== undefined;
}
