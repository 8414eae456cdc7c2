import {
  accountStates as statesApi,
  addressBookOperation as bookApi,
  metadataOperation as metadataApi,
  topAccountsByBalance as topApi,
  walletStates as walletsApi,
} from '../../api/operations/account-states';
import { balancePage } from '../../store/account-balances';
import { addressBookJson, metadata } from '../serialize/address-book';
import { fragmentOf, writeList } from '../serialize/json-cache';
import { accountStateFullJson, walletStateJson } from '../serialize/account-states';
import { defineOperation, type ReadContext } from '../execution/operation';

/**
 * The accounts' latest states as of the snapshot's masterchain block (`getAccountStates`), in the
 * order asked, each once; an account without a transaction by then is left out, as TON Center
 * leaves out an account it has no state of.
 */
async function statesOf(ctx: ReadContext, addresses: string[]) {
  return ctx.mcSeqno === null ? [] : ctx.reader.getAccountStates(addresses, ctx.mcSeqno);
}

/** A list's `address_book` and `metadata`, for the addresses its entries mention. */
export const bookAndMetadata = (ctx: ReadContext) => async (addresses: Set<string>) => ({
  address_book: await addressBookJson({ reader: ctx.reader, book: ctx.caches.book }, addresses),
  metadata: await metadata({ reader: ctx.reader, book: ctx.caches.book }, addresses),
});

/** v3 accountStates: each account's latest state, with its code and data unless `include_boc=false`. */
export const accountStates = defineOperation(statesApi, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const states = await statesOf(ctx, p.address);
    const fragments = states.map((a) => fragmentOf(accountStateFullJson(a, p.include_boc)));
    await writeList(out, 'accounts', fragments, bookAndMetadata(ctx));
  },
});

/** v3 walletStates: each account's state, with seqno and wallet id when it is a wallet. */
export const walletStates = defineOperation(walletsApi, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const states = await statesOf(ctx, p.address);
    const infos = new Map((await ctx.reader.getAccountInfos(states.map((a) => a.account))).map((i) => [i.account, i]));
    const fragments = states.map((a) => fragmentOf(walletStateJson(a, infos.get(a.account))));
    await writeList(out, 'wallets', fragments, bookAndMetadata(ctx));
  },
});

/** v3 addressBook: raw address → {user_friendly, domain, interfaces}, for every address asked. */
export const addressBook = defineOperation(bookApi, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const book = await addressBookJson({ reader: ctx.reader, book: ctx.caches.book }, new Set(p.address));
    await out.write(Buffer.from(book.text));
  },
});

/** v3 metadata: raw address → {is_indexed, token_info}, for the token contracts among those asked. */
export const metadataOperation = defineOperation(metadataApi, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const asked = new Set(p.address);
    const all = await metadata({ reader: ctx.reader, book: ctx.caches.book }, asked);
    // only what was asked: `metadata` adds the master of each jetton wallet, for lists that print amounts
    const own = Object.fromEntries(Object.entries(all).filter(([a]) => asked.has(a)));
    await out.write(Buffer.from(JSON.stringify(own)));
  },
});

/**
 * v3 topAccountsByBalance: accounts by balance as of the snapshot's masterchain block, largest
 * first, then by address: the committed balances walked by index, merged with the state as of the
 * snapshot of the few accounts whose newest transaction it does not commit yet (account-balances.ts).
 */
export const topAccountsByBalance = defineOperation(topApi, {
  cacheable: true,
  light: (p) => p.limit <= 100 && p.offset <= 1000,
  run: async (ctx, p, out) => {
    let page: { account: string; balance: bigint }[] = [];
    if (ctx.mcSeqno !== null) {
      const { committed, ahead } = await ctx.reader.getTopBalances(ctx.mcSeqno, p.offset + p.limit);
      const states = await ctx.reader.getAccountStates(ahead, ctx.mcSeqno);
      page = balancePage(
        committed,
        states.map((a) => ({ account: a.account, balance: a.state.balance })),
        p,
      );
    }
    await out.write(
      Buffer.from(JSON.stringify(page.map((r) => ({ account: r.account, balance: r.balance.toString() })))),
    );
  },
});
