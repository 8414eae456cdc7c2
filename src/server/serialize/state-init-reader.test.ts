// The BOC reader of state inits against @ton/core: every state init the test ledger's messages
// carry, and state inits of every shape the TL-B allows, read the same, or are left to @ton/core.
import { beginCell, type Builder, Cell, Dictionary, type Slice, storeStateInit, type StateInit } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from '../../ledger/test-support/test-ledger';
import { openLedgerReaderFor } from '../../store/open-ledger';
import type { LedgerSnapshots } from '../../store/interface';
import { decodeStateInit } from '../../ton/decode/state-init';
import { readPlainStateInit } from './state-init-reader';

let ledger: LedgerSnapshots;
beforeAll(async () => {
  ledger = openLedgerReaderFor(await testLedgerPath());
}, 300_000);
afterAll(async () => ledger?.close());

const boc = (init: StateInit, opts?: { idx: boolean; crc32: boolean }) =>
  beginCell().store(storeStateInit(init)).endCell().toBoc(opts);
const viaCore = (b: Buffer) => decodeStateInit(Cell.fromBoc(b)[0]!);
const code = beginCell()
  .storeUint(0xdeadbeef, 32)
  .storeRef(beginCell().storeStringTail('a tree of cells').storeRef(beginCell().storeUint(7, 3)))
  .endCell();
const data = beginCell().storeUint(42, 64).storeBit(1).endCell();

describe('readPlainStateInit', () => {
  it('reads every state init of the ledger as @ton/core does', async () => {
    const inits = new Map<string, Buffer>();
    await ledger.readSnapshot(async (reader) => {
      const traces = await reader.findTraces({}, { limit: 1000, offset: 0, sort: 'asc' });
      for (const t of traces) {
        for (const tx of await reader.getTraceTransactions(t.traceId, Number.MAX_SAFE_INTEGER)) {
          for (const m of [tx.inMsg, ...tx.outMsgs])
            if (m?.initState) inits.set(m.initState.hash.toString('hex'), m.initState.boc);
        }
      }
    });
    // wallets, jetton and NFT contracts, forwarders: thousands of deploys
    expect(inits.size).toBeGreaterThan(1000);
    for (const b of inits.values()) expect(readPlainStateInit(b)).toEqual(viaCore(b));
  });

  it('reads split depth, tick-tock, a missing code or data, and a BOC with an index and a checksum', () => {
    for (const init of [
      { code, data },
      { splitDepth: 7, special: { tick: true, tock: false }, code, data },
      { special: { tick: false, tock: true }, code },
      { data },
      {},
    ] as StateInit[]) {
      for (const opts of [undefined, { idx: true, crc32: true }, { idx: false, crc32: true }]) {
        const b = boc(init, opts);
        expect(readPlainStateInit(b)).toBeDefined();
        expect(readPlainStateInit(b)).toEqual(viaCore(b));
      }
    }
  });

  it('leaves to @ton/core what it does not read: libraries, exotic cells, a cell that is not exactly a StateInit', () => {
    // a SimpleLib is `public:Bool root:^Cell`
    const simpleLib = {
      serialize: (v: Cell, b: Builder) => b.storeBit(1).storeRef(v),
      parse: (sl: Slice) => (sl.loadBit(), sl.loadRef()),
    };
    const libraries = Dictionary.empty(Dictionary.Keys.BigUint(256), simpleLib);
    libraries.set(1n, code);
    const withLibraries = beginCell()
      .storeBit(0)
      .storeBit(0)
      .storeBit(1)
      .storeRef(code)
      .storeBit(0)
      .storeDict(libraries)
      .endCell()
      .toBoc();
    const pruned = beginCell()
      .storeUint(0xdeadbeef, 32)
      .storeRef(
        new Cell({
          exotic: true,
          bits: beginCell().storeUint(1, 8).storeUint(1, 8).storeBuffer(Buffer.alloc(32, 7)).storeUint(3, 16).endCell()
            .bits,
        }),
      )
      .endCell();
    const withExotic = boc({ code: pruned, data });
    const extraBits = beginCell().store(storeStateInit({ code, data })).storeBit(1).endCell().toBoc();
    const extraRef = beginCell().store(storeStateInit({ code })).storeRef(data).endCell().toBoc();
    for (const b of [withLibraries, withExotic, extraBits, extraRef]) expect(readPlainStateInit(b)).toBeUndefined();
    // and @ton/core reads them (or refuses the last two), as the serializer then prints
    expect(viaCore(withLibraries)).toMatchObject({ data: { libraries: 1 } });
    expect(viaCore(extraBits)).toBeNull();
    expect(viaCore(extraRef)).toBeNull();
  });
});
