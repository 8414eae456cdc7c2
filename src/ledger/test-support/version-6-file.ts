// A ledger file of this build written back in schema version 6's layout (what the SQLite schema
// kept before version 7, src/store/sqlite/sqlite-schema-v7.ts): messages and account cells as
// WITHOUT ROWID tables, a message's accounts as text, the producer's accounts, message contents and
// account cells as plain BOCs. For the migration tests, which need a file of an older version.
import Database from 'better-sqlite3';
import { accountOfKey } from '../../store/account-key';
import { decodeBoc } from '../../store/compact';
import { MIGRATIONS } from '../../store/sqlite/sqlite-schema';

/** The ledger at `from` (version 7) as version 6 stored it, in a new file at `path`. */
export function asVersion6(from: string, path: string): void {
  const v6 = new Database(path);
  v6.exec('PRAGMA page_size = 4096');
  v6.transaction(() => {
    for (const step of MIGRATIONS.slice(0, 6)) {
      if (typeof step === 'string') v6.exec(step);
      else step(v6);
    }
  })();
  v6.function('account_text', (k: unknown) => (k === null ? null : accountOfKey(k as Buffer)));
  v6.function('plain_boc', (b: unknown) => decodeBoc(b as Buffer));
  v6.exec(`ATTACH '${from}' AS v7`);
  const tables = v6
    .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  v6.transaction(() => {
    for (const t of tables) {
      if (t === 'messages') {
        v6.exec(`INSERT INTO messages SELECT tx_hash, direction, position, msg_hash, hash_norm, tx_lt, account_text(tx_account),
          account_text(source), account_text(destination), value, value_extra, fwd_fee, ihr_fee, import_fee, created_lt, created_at, opcode, bounce,
          bounced, ihr_disabled, body_hash, init_state_hash, comment FROM v7.messages`);
      } else if (t === 'producer_accounts') {
        v6.exec(
          'INSERT INTO producer_accounts SELECT account, state_hash, plain_boc(shard_account) FROM v7.producer_accounts',
        );
      } else if (t === 'message_contents' || t === 'account_cells') {
        v6.exec(`INSERT INTO ${t} SELECT hash, plain_boc(boc) FROM v7.${t}`);
      } else {
        v6.exec(`INSERT INTO main."${t}" SELECT * FROM v7."${t}"`);
      }
    }
  })();
  v6.exec('DETACH v7');
  v6.pragma('application_id = 0x4c534350');
  v6.pragma('user_version = 6');
  v6.close();
}
