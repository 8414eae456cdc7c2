// v2 utilities: an address or a hash in every form TON Center prints. Nothing is read from the
// ledger: an address the ledger never saw is converted all the same.
import { z } from 'zod';
import { address, hash, text } from './param-rules';
import { defineV2Operation, extra } from './v2-operation';
import { rawAddress } from './v3-shapes';

/** An address in any accepted form, kept as given (the answer says which form it was). */
const anyAddress = text.transform((s, ctx) => {
  address(s, ctx);
  return s.trim();
});

const variant = z.object({
  '@type': z.literal('ext.utils.detectedAddressVariant'),
  b64: z.string().length(48),
  b64url: z.string().length(48),
});

/** v2 detectAddress: the raw form, both user-friendly forms, which form was given, the test-only flag. */
export const detectAddress = defineV2Operation(
  'detectAddress',
  z.object({ address: anyAddress }),
  z.object({
    '@type': z.literal('ext.utils.detectedAddress'),
    raw_form: rawAddress,
    bounceable: variant,
    non_bounceable: variant,
    given_type: z.enum(['raw_form', 'friendly_bounceable', 'friendly_non_bounceable']),
    test_only: z.boolean(),
    '@extra': extra,
  }),
);

/** v2 detectHash: a 256-bit hash (hex, base64 or base64url) in each of those forms. */
export const detectHash = defineV2Operation(
  'detectHash',
  z.object({ hash }),
  z.object({
    '@type': z.literal('ext.utils.detectedHash'),
    b64: z.string().length(44),
    b64url: z.string().length(44),
    hex: z.string().regex(/^[0-9A-F]{64}$/),
    '@extra': extra,
  }),
);

/** v2 packAddress: the user-friendly bounceable form (base64url) of an address. */
export const packAddress = defineV2Operation('packAddress', z.object({ address: anyAddress }), z.string().length(48));

/** v2 unpackAddress: the raw form of an address. */
export const unpackAddress = defineV2Operation('unpackAddress', z.object({ address: anyAddress }), rawAddress);
