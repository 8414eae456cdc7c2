// Our own endpoints of the local network (docs/api.md, "Sending: the local network"): the faucet a
// page offers on an address, where the API has one. A server without sending (or TON Center, when
// the explorer is pointed at it) answers 404: the explorer then offers nothing.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError, type LedgerClient } from './client';

const wireFaucetInfo = z.looseObject({ address: z.string(), max_amount: z.string(), per_client_hour: z.string() });
const wirePaid = z.looseObject({
  request_id: z.string(),
  address: z.string(),
  amount: z.string(),
  state: z.string(),
  message_hash: z.optional(z.string()),
});
const wireError = z.looseObject({ error: z.optional(z.string()) });

export type FaucetInfo = z.infer<typeof wireFaucetInfo>;
export type FaucetPayment = z.infer<typeof wirePaid>;

export const FAUCET_PATH = '/api/local/faucet';

/** The faucet and its bounds, or null where the API has none. */
export const faucetInfoQuery = (api: LedgerClient) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'local', 'faucet'],
    queryFn: async ({ signal }): Promise<FaucetInfo | null> => {
      let res: Response;
      try {
        res = await fetch(`${api.base}${FAUCET_PATH}`, { signal, headers: { accept: 'application/json' } });
      } catch {
        return null;
      }
      if (!res.ok) return null;
      const info = wireFaucetInfo.safeParse(await res.json().catch(() => null));
      return info.success ? info.data : null;
    },
    staleTime: Infinity,
    retry: false,
  });

/** Asks the faucet to pay `amount` TON (a decimal) to `address`; the server's own words on a refusal. */
export async function requestFaucet(api: LedgerClient, address: string, amount: string): Promise<FaucetPayment> {
  const url = `${api.base}${FAUCET_PATH}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount }),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = wireError.safeParse(body);
    throw new ApiError(res.status, (e.success && e.data.error) || `HTTP ${res.status}`, url);
  }
  const paid = wirePaid.safeParse(body);
  if (!paid.success) throw new ApiError(res.status, 'the faucet answered in a form this explorer does not read', url);
  return paid.data;
}
