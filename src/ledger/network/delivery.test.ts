import { describe, expect, it } from 'vitest';
import { LedgerNetwork } from '../test-support/ledger-network';
import { Traffic } from '../traffic/traffic';
import { configBlockLimits, type BlockLimits } from './block-limits';
import type { TransactionRecord } from '../../store/records';

// Block limits that bind: with the config's, our traffic never fills a block. A basechain block
// here stops importing at 60,000 gas, so a fan-out (241 transactions) must spread over many blocks.
const config = configBlockLimits();
const small: BlockLimits = { ...config.basechain, gas: { underload: 20_000, soft: 60_000, hard: 200_000 } };

const gasOf = (t: TransactionRecord) =>
  Number((t.description as { compute_ph?: { gas_used?: string } }).compute_ph?.gas_used ?? 0);

describe('delivery within block limits', () => {
  it('spreads a fan-out over blocks: no block imports a message once it used its soft gas limit, none passes the hard one', async () => {
    const net = await LedgerNetwork.create({
      writer: null,
      genesisTime: 1_700_000_000,
      limits: { masterchain: config.masterchain, basechain: small },
    });
    const traffic = new Traffic(net, 3);
    await traffic.genesis();
    await traffic.bootstrap();
    const sum = await net.settle(await traffic.trace('fan_out'));
    expect(sum.records.length).toBeGreaterThanOrEqual(241);
    const blocks = new Map<string, TransactionRecord[]>();
    for (const t of sum.records) {
      const k = `${t.block.workchain}:${t.block.shard}:${t.block.seqno}`;
      blocks.set(k, [...(blocks.get(k) ?? []), t]);
    }
    let full = 0;
    for (const txs of blocks.values()) {
      let used = 0;
      for (const t of txs.sort((a, b) => (a.lt < b.lt ? -1 : 1))) {
        // the trace's transactions only: other traffic of the block would only add to `used`
        expect(used).toBeLessThan(small.gas.soft);
        used += gasOf(t);
      }
      expect(used).toBeLessThanOrEqual(small.gas.hard);
      if (used >= small.gas.soft) full += 1;
    }
    // blocks were filled, and what they left waited for the next block of their shard
    expect(full).toBeGreaterThan(0);
    const slots = new Set(sum.records.map((t) => t.mcSeqno));
    // three levels of messages, most crossing shards, take ~3 slots unconstrained; the limits add more
    expect(slots.size).toBeGreaterThan(4);
    await net.close();
  }, 120_000);
});
