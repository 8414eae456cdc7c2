import { Address } from '@ton/core';
import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v2-utils';
import { rawAddress } from '../../ton/address';
import { hashToBase64, hashToBase64Url } from '../../ton/hash';
import { defineOperation, type ReadContext } from '../execution/operation';
import { v2Extra } from '../serialize/v2-extra';

const answer = (result: unknown) => Buffer.from(JSON.stringify({ ok: true, result }));

type Detected = ResponseOf<typeof api.detectAddress>['result'];

/** Every form of an address (already checked by the parameter's rule), and which one was given. */
function detected(given: string, ctx: ReadContext): Detected {
  const raw = rawAddress(given);
  const address = Address.parseRaw(raw);
  let givenType: Detected['given_type'] = 'raw_form';
  let testOnly = false;
  if (Address.isFriendly(given)) {
    const f = Address.parseFriendly(given);
    givenType = f.isBounceable ? 'friendly_bounceable' : 'friendly_non_bounceable';
    testOnly = f.isTestOnly;
  }
  const variant = (bounceable: boolean) => ({
    '@type': 'ext.utils.detectedAddressVariant' as const,
    b64: address.toString({ bounceable, testOnly, urlSafe: false }),
    b64url: address.toString({ bounceable, testOnly, urlSafe: true }),
  });
  return {
    '@type': 'ext.utils.detectedAddress',
    raw_form: raw,
    bounceable: variant(true),
    non_bounceable: variant(false),
    given_type: givenType,
    test_only: testOnly,
    '@extra': v2Extra(ctx),
  };
}

export const detectAddress = defineOperation(api.detectAddress, {
  light: () => true,
  run: async (ctx, p, out) => out.write(answer(detected(p.address, ctx))),
});

export const detectHash = defineOperation(api.detectHash, {
  light: () => true,
  run: async (ctx, p, out) => {
    const result: ResponseOf<typeof api.detectHash>['result'] = {
      '@type': 'ext.utils.detectedHash',
      b64: hashToBase64(p.hash),
      b64url: hashToBase64Url(p.hash),
      hex: p.hash.toString('hex').toUpperCase(),
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});

export const packAddress = defineOperation(api.packAddress, {
  light: () => true,
  cacheable: true,
  run: async (_ctx, p, out) =>
    out.write(answer(Address.parseRaw(rawAddress(p.address)).toString({ bounceable: true, urlSafe: true }))),
});

export const unpackAddress = defineOperation(api.unpackAddress, {
  light: () => true,
  cacheable: true,
  run: async (_ctx, p, out) => out.write(answer(rawAddress(p.address))),
});
