import { describe, expect, it } from 'vitest';
import { normalizeMetadata } from '../../api/normalize';
import { summarizeAction } from './action-summary';
import { jettonToken } from './jetton-token';
import { summaryText } from '../test-support/summary-text';

const MASTER = '0:5CCAEEC19D191C22E1E1DA59ECD9F1FC802A534535E493B395F4D74417D2964F';

// A jetton master's entry as TON Center's `metadata` writes it (mainnet answers of 2024 and 2025):
// no `decimals` at the top of the token info, the decimals in `extra`, as a string.
const tonCenterMetadata = normalizeMetadata({
  [MASTER]: {
    is_indexed: true,
    token_info: [
      {
        type: 'jetton_masters',
        name: 'Test',
        symbol: 'tst',
        description: '',
        image: '',
        extra: { decimals: '9', _image_big: '', social: [], uri: 'https://example.invalid/tst.json' },
      },
    ],
  },
});

describe('jetton decimals', () => {
  it("are read from TON Center's extra.decimals, a string", () => {
    expect(jettonToken(MASTER, tonCenterMetadata)).toEqual({ symbol: 'tst', decimals: 9 });
  });

  it('make a transfer of 10^9 units one token, not a billion', () => {
    const transfer = {
      type: 'jetton_transfer',
      success: true,
      details: { asset: MASTER, amount: '1000000000', sender: null, receiver: null },
    };
    const text = summaryText(summarizeAction(transfer, tonCenterMetadata), (raw) => raw ?? '?');
    expect(text).toContain('1 tst');
    expect(text).not.toContain('1,000,000,000');
  });

  it('still read from the top of the entry, as an older form of this API wrote them', () => {
    const ours = normalizeMetadata({
      [MASTER]: { token_info: [{ type: 'jetton_masters', symbol: 'LJT', decimals: 6 }] },
    });
    expect(jettonToken(MASTER, ours)).toEqual({ symbol: 'LJT', decimals: 6 });
  });
});
