/**
 * Version 3 of both engines (the same SQL in each): the indexes of `transactions` and `blocks` as
 * TON Center lists them. Transactions go by lt, then hash (lt alone may tie across shards on a
 * real chain; the hash ends every tie, so offset paging never repeats or skips a row, the rule of
 * every list in docs/api.md); blocks by generation time, then workchain, shard and seqno. Each
 * filter that narrows a list to a prefix gets its own index ending in that order.
 */
export const CHAIN_LIST_INDEXES = `
  CREATE INDEX transactions_by_lt ON transactions (lt, hash);
  CREATE INDEX transactions_by_account ON transactions (account, lt, hash);
  CREATE INDEX transactions_by_block_lt ON transactions (workchain, shard, block_seqno, lt, hash);
  -- masterchainBlockShardState's own order is (lt, account, hash): transactions_by_mc
  CREATE INDEX transactions_by_mc_lt ON transactions (mc_seqno, lt, hash);
  -- a time bound becomes an lt bound: the first (last) transaction at or after (before) it
  CREATE INDEX transactions_by_now ON transactions (now, lt);
  CREATE INDEX blocks_by_utime ON blocks (gen_utime, workchain, shard, seqno);
  CREATE INDEX blocks_by_workchain_utime ON blocks (workchain, gen_utime, shard, seqno);
  CREATE INDEX blocks_by_mc_utime ON blocks (mc_seqno, gen_utime, workchain, shard, seqno);
  CREATE INDEX blocks_by_root_hash ON blocks (root_hash);
  CREATE INDEX blocks_by_file_hash ON blocks (file_hash);`;
