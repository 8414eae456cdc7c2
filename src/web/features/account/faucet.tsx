import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { faucetInfoQuery, requestFaucet } from '../../../api/local-network';
import { useApi } from '../../lib/router-context';
import { MessageLink } from '../../components/entity-links';
import { Button } from '../../components/page';

/**
 * The local network's faucet, offered on an address's page (one with no history too) where the API
 * has one, and nowhere else: test TON paid by a real transfer of the network's faucet wallet, whose
 * message the page links once its block has taken it.
 */
export function Faucet({ address }: { address: string }) {
  const api = useApi();
  const info = useQuery(faucetInfoQuery(api)).data;
  const [amount, setAmount] = useState('10');
  const pay = useMutation({ mutationFn: () => requestFaucet(api, address, amount.trim()) });
  if (!info) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="faucet">
      <label htmlFor="faucet-amount" className="text-slate-600 dark:text-slate-300">
        Test TON from the faucet
      </label>
      <input
        id="faucet-amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        className="w-24 rounded border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-700"
        aria-describedby="faucet-bound"
      />
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? 'Paying…' : 'Get TON'}
      </Button>
      <span id="faucet-bound" className="text-slate-500 dark:text-slate-400">
        up to {info.max_amount} TON a request
      </span>
      <span role="status" aria-live="polite">
        {pay.isSuccess &&
          (pay.data.message_hash ? (
            <>
              Paid {Number(pay.data.amount) / 1e9} TON by <MessageLink hash={pay.data.message_hash} />
            </>
          ) : (
            'Queued: it is paid in the next block'
          ))}
        {pay.isError && <span className="text-red-700 dark:text-red-400">{(pay.error as Error).message}</span>}
      </span>
    </form>
  );
}
