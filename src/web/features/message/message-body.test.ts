import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { Metadata, TokenInfo } from '../../../api/model';
import { jettonRecording } from '../../test-support/recorded-traces';
import { jettonOf } from './jetton-of';
import { useDecoded } from './use-decoded';

// The recorded jetton trace is an answer of a server that filled `decoded` for comments only (as
// many TON Center deployments do): the explorer decodes the rest itself.
const { trace, metadata } = jettonRecording();
const txs = Object.values(trace.transactions);
const transferTx = txs.find((t) => t.inMsg?.opcode === 0x0f8a7ea5)!;

describe('useDecoded', () => {
  it('decodes a body the server left undecoded, in the browser, once its decoder has loaded', async () => {
    const body = transferTx.inMsg!.body!;
    expect(body.decoded).toBeNull();
    const { result } = renderHook(() => useDecoded(body, false));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).not.toBeUndefined());
    expect(result.current!.type).toBe('jetton_transfer');
    expect(result.current!.data!.destination).toMatch(/^0:[0-9A-F]{64}$/);
  });

  it("uses the server's decoding as sent, and has nothing for an empty body", () => {
    const served = {
      hash: 'h',
      boc: 'te6cckEBAQEAAgAAAEysuc0=',
      comment: null,
      decoded: { type: 'excess', data: { query_id: '1' } },
    };
    expect(renderHook(() => useDecoded(served, false)).result.current).toEqual({
      type: 'excess',
      data: { query_id: '1' },
    });
    expect(renderHook(() => useDecoded({ ...served, decoded: null }, false)).result.current).toBeNull();
    expect(renderHook(() => useDecoded(null, false)).result.current).toBeNull();
  });
});

describe('jettonOf', () => {
  const master = '0:' + 'A'.repeat(64);
  const wallet = '0:' + 'B'.repeat(64);
  // the API model's Metadata, the fields this test does not read left empty
  const token = (t: Pick<TokenInfo, 'type' | 'symbol' | 'decimals'> & Partial<TokenInfo>): TokenInfo => ({
    name: null,
    description: null,
    image: null,
    extra: {},
    ...t,
  });
  const meta: Metadata = {
    [master]: { isIndexed: true, tokens: [token({ type: 'jetton_masters', symbol: 'LJT', decimals: 6 })] },
    [wallet]: {
      isIndexed: true,
      tokens: [token({ type: 'jetton_wallets', symbol: null, decimals: null, extra: { jetton: master } })],
    },
  };

  it('finds the token through a jetton wallet or its master, the first account that resolves', () => {
    expect(jettonOf([wallet], meta)).toEqual({ symbol: 'LJT', decimals: 6 });
    expect(jettonOf([master], meta)).toEqual({ symbol: 'LJT', decimals: 6 });
    expect(jettonOf(['0:' + 'C'.repeat(64), null, wallet], meta)).toEqual({ symbol: 'LJT', decimals: 6 });
  });

  it('has no token when the master is not in the metadata, or there is no metadata', () => {
    const orphan = { [wallet]: meta[wallet]! };
    expect(jettonOf([wallet], orphan)).toBeNull();
    expect(jettonOf([wallet], undefined)).toBeNull();
    // the recorded answer names the wallet's master only when the master took part
    const walletOfTransfer = transferTx.account;
    const entry = metadata[walletOfTransfer]?.tokens.find((t) => t.type === 'jetton_wallets');
    expect(entry).toBeDefined();
    const token = jettonOf([walletOfTransfer], metadata);
    const masterOf = entry!.extra.jetton as string;
    expect(token === null).toBe(metadata[masterOf] === undefined);
  });
});
