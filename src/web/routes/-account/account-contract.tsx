import { useSuspenseQuery } from '@tanstack/react-query';
import type { AddressBook } from '../../../api/model';
import { accountJettonWalletQuery, accountWalletQuery, isWallet } from '../../features/account/queries';
import { useApi } from '../../lib/router-context';
import { isNotFound } from '../../../api/client';
import { errorMessage } from '../../components/states';
import { Deferred } from '../../components/route-states';
import { DetailRow } from '../../components/detail-row';
import { AddressLink, TokenLink, tokenInterfaceOf } from '../../components/entity-links';
import { JettonAmount } from '../../features/tokens/token-lists';
import { jettonUnits, tokenName } from '../../features/tokens/token-model';

/** What each token interface's page is called in the link to it. */
const TOKEN_PAGE_NAMES = {
  jetton_master: 'Jetton page: supply, holders, transfers, burns',
  nft_collection: 'Collection page: its items and their transfers',
  nft_item: 'NFT item page: owner, sale, history',
} as const;

/**
 * What kind of contract the account is, as the API's address book says: its interfaces, a wallet's
 * version, seqno and id (v3 `walletInformation`), a jetton wallet's jetton, owner and balance
 * (`jetton/wallets`), and a link to the page of a jetton master, NFT collection or item.
 */
export function AccountContract({ address, interfaces }: { address: string; interfaces: readonly string[] }) {
  const token = tokenInterfaceOf(interfaces);
  const wallet = isWallet(interfaces);
  return (
    <dl
      className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="account-contract"
    >
      <DetailRow k="Interfaces">
        <span data-testid="contract-interfaces">
          {interfaces.length ? interfaces.join(', ') : 'none the API recognizes'}
        </span>
      </DetailRow>
      {token && (
        <DetailRow k="Token">
          <TokenLink kind={token} raw={address} data-testid="token-page-link">
            {TOKEN_PAGE_NAMES[token]}
          </TokenLink>
        </DetailRow>
      )}
      {interfaces.includes('nft_sale') && (
        <DetailRow k="Sale">an NFT sale contract: it holds an item for its seller until sold</DetailRow>
      )}
      {wallet && (
        <Deferred
          label="Loading the wallet"
          resetKey={address}
          fallback={<PendingRows keys={WALLET_KEYS} label="Loading the wallet" />}
          failed={WALLET_FAILED}
        >
          <WalletRows address={address} />
        </Deferred>
      )}
      {interfaces.includes('jetton_wallet') && (
        <Deferred
          label="Loading the jetton wallet"
          resetKey={address}
          fallback={<PendingRows keys={JETTON_WALLET_KEYS} label="Loading the jetton wallet" address="Owner" />}
          failed={JETTON_WALLET_FAILED}
        >
          <JettonWalletRows address={address} />
        </Deferred>
      )}
    </dl>
  );
}

/**
 * A failed row of the details list, said within the list: a 404 says the API does not offer the
 * endpoint (no Retry can help), any other failure its title and a Retry.
 */
const rowFailed = (k: string, endpoint: string) =>
  function RowFailed(error: unknown, retry: () => void) {
    return (
      <DetailRow k={k}>
        {isNotFound(error) ? (
          <span className="text-muted">
            this API does not offer <code className="mono">{endpoint}</code>
          </span>
        ) : (
          <span className="text-red-800 dark:text-red-300">
            {errorMessage(error).title}{' '}
            <button type="button" onClick={retry} className="underline">
              Retry
            </button>
          </span>
        )}
      </DetailRow>
    );
  };

/** The rows of a wallet and of a jetton wallet, in their order: their placeholders have the same. */
const WALLET_KEYS = ['Wallet', 'Seqno', 'Wallet id'] as const;
const JETTON_WALLET_KEYS = ['Jetton', 'Owner', 'Jetton balance'] as const;

/**
 * The rows of a details list while their answer is on its way, each as tall as it will be: when the
 * answer arrives after the page was painted, nothing below the list moves (Lighthouse measured a
 * layout shift of 0.38 on a wallet's page when its three rows arrived late and pushed the traces
 * down). The row named `address` holds a full address, which wraps on a phone: its placeholder is
 * an invisible text of an address's length, so it wraps the same.
 */
function PendingRows({ keys, label, address }: { keys: readonly string[]; label: string; address?: string }) {
  return (
    <>
      {keys.map((k, i) => (
        <DetailRow key={k} k={k}>
          {k === address ? (
            <span className="mono invisible break-all" aria-hidden>
              {'0'.repeat(48)}
            </span>
          ) : (
            <span
              className="animate-pulse text-muted"
              {...(i === 0 ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
            >
              …
            </span>
          )}
        </DetailRow>
      ))}
    </>
  );
}

const WALLET_FAILED = rowFailed('Wallet', 'walletInformation');
const JETTON_WALLET_FAILED = rowFailed('Jetton', 'jetton/wallets');

function WalletRows({ address }: { address: string }) {
  const w = useSuspenseQuery(accountWalletQuery(useApi(), address)).data;
  return (
    <>
      <DetailRow k="Wallet">
        <span data-testid="wallet-type">{w.walletType ?? 'no code yet'}</span>
      </DetailRow>
      <DetailRow k="Seqno">
        <span data-testid="wallet-seqno">{w.seqno ?? '—'}</span>
      </DetailRow>
      {/* always a row, as its placeholder is: a wallet without an id (v1, v2) says so */}
      <DetailRow k="Wallet id">{w.walletId ?? '—'}</DetailRow>
    </>
  );
}

function JettonWalletRows({ address }: { address: string }) {
  const { data } = useSuspenseQuery(accountJettonWalletQuery(useApi(), address));
  const w = data.rows[0];
  if (!w) return null;
  const book: AddressBook = data.addressBook;
  return (
    <>
      <DetailRow k="Jetton">
        <TokenLink kind="jetton_master" raw={w.jetton} data-testid="jetton-wallet-master">
          {tokenName(w.jetton, data.metadata) ?? undefined}
        </TokenLink>
      </DetailRow>
      <DetailRow k="Owner">
        <AddressLink raw={w.owner} book={book} full />
      </DetailRow>
      <DetailRow k="Jetton balance">
        <JettonAmount amount={w.balance} units={jettonUnits(w.jetton, data.metadata)} testId="jetton-wallet-balance" />
      </DetailRow>
    </>
  );
}
