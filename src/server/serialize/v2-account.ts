import type { ResponseOf } from '../../api/operations/api-operation';
import type { getAddressInformation } from '../../api/operations/get-address-information';
import type { getTransactions } from '../../api/operations/get-transactions';
import type { tonBlockIdExt } from '../../api/operations/v2-operation';
import type { z } from 'zod';
import { BitBuilder, Cell } from '@ton/core';
import { formatAddress } from '../../ton/address';
import { hashToBase64 } from '../../ton/hash';
import { messageFigures, transactionFees } from './v2';
import type {
  AccountSnapshotRecord,
  AccountStatus,
  BlockRecord,
  MessageRecord,
  TransactionRecord,
} from '../../store/records';

type FullAccountState = ResponseOf<typeof getAddressInformation>['result'];
type V2Transaction = ResponseOf<typeof getTransactions>['result'][number];
type V2Message = V2Transaction['out_msgs'][number];

const ZERO_HASH = hashToBase64(Buffer.alloc(32));

export function tonBlockIdExtOf(b: BlockRecord): z.output<typeof tonBlockIdExt> {
  return {
    '@type': 'ton.blockIdExt',
    workchain: b.workchain,
    shard: b.shard.toString(),
    seqno: b.seqno,
    root_hash: hashToBase64(b.rootHash),
    file_hash: hashToBase64(b.fileHash),
  };
}

/** TON Center's names: an account that does not exist (never, or no more) reads `uninitialized`. */
export function v2State(status: AccountStatus | undefined): FullAccountState['state'] {
  return status === 'active' ? 'active' : status === 'frozen' ? 'frozen' : 'uninitialized';
}

/**
 * The balance as pyTON, TON Center's v2 server, prints it (ton-http-api, `main.py`): tonlib reads an
 * account that does not exist (never, or no more) with balance -1, and getAddressInformation prints
 * a negative balance as the JSON number 0; an account that exists, even
 * uninit, has its balance as a decimal string. (Its C++ successor prints "0"; the recorded answers
 * are pyTON's, and TonClient reads both.)
 */
export const v2Balance = (found: AccountSnapshotRecord | undefined): string | 0 =>
  found && found.state.status !== 'nonexist' ? found.state.balance.toString() : 0;

/**
 * getWalletInformation's balance, by pyTON's own rule there: a balance that is not positive (an
 * account that does not exist, or an empty one) is the JSON number 0, any other a decimal string.
 */
export const v2WalletBalance = (found: AccountSnapshotRecord | undefined): string | 0 =>
  found && found.state.balance > 0n ? found.state.balance.toString() : 0;

/**
 * An account as getAddressInformation prints it, read at masterchain block `block`; an account
 * without a transaction by then is TON Center's empty account: balance 0, uninitialized, no code or
 * data, a zero last transaction.
 */
export function fullAccountState(
  found: AccountSnapshotRecord | undefined,
  block: BlockRecord,
  extra: string,
): FullAccountState {
  const s = found?.state;
  return {
    '@type': 'raw.fullAccountState',
    balance: v2Balance(found),
    extra_currencies: [],
    code: s?.codeBoc?.toString('base64') ?? '',
    data: s?.dataBoc?.toString('base64') ?? '',
    last_transaction_id: {
      '@type': 'internal.transactionId',
      lt: (found?.lastTransaction.lt ?? 0n).toString(),
      hash: found ? hashToBase64(found.lastTransaction.hash) : ZERO_HASH,
    },
    block_id: tonBlockIdExtOf(block),
    frozen_hash: s?.frozenHash ? hashToBase64(s.frozenHash) : '',
    sync_utime: block.genUtime,
    '@extra': extra,
    state: v2State(s?.status),
  };
}

const friendly = (raw: string | null): string => (raw ? formatAddress(raw, 'bounceable') : '');

/**
 * getTransactions' `message` of a body that travels raw, as pyTON writes it (TON Center's v2 server,
 * through pytonlib's `get_transactions`): base64 of the body's root cell's data, its bits padded with
 * zeros to whole bytes and its references left out, in Python's `codecs.encode(…, 'base64')` form:
 * lines of at most 76 characters, each ending with "\n"; nothing for a root cell without data.
 * The recorded answers have it so (a comment has its text instead). Not a form anyone decodes: it
 * is there because TON Center's answers carry it on every message.
 */
export function rawBodyMessage(bodyBoc: Buffer): string {
  const bits = Cell.fromBoc(bodyBoc)[0]!.bits;
  const padded = new BitBuilder(bits.length + 7);
  padded.writeBits(bits);
  padded.writeUint(0, (8 - (bits.length % 8)) % 8);
  return padded
    .buffer()
    .toString('base64')
    .replace(/.{1,76}/g, '$&\n');
}

function v2Message(m: MessageRecord): V2Message {
  const common = {
    '@type': 'raw.message' as const,
    hash: hashToBase64(m.hash),
    source: friendly(m.source),
    destination: friendly(m.destination),
    ...messageFigures(m),
  };
  // a text comment travels as text (base64 of its UTF-8, as TON Center sends it; the text itself in
  // `message`), any other body as its BOC (and `message`, rawBodyMessage)
  if (m.comment !== null && !m.initState)
    return {
      ...common,
      msg_data: { '@type': 'msg.dataText', text: Buffer.from(m.comment, 'utf8').toString('base64') },
      message: m.comment,
    };
  return {
    ...common,
    msg_data: {
      '@type': 'msg.dataRaw',
      body: m.body.boc.toString('base64'),
      init_state: m.initState ? m.initState.boc.toString('base64') : '',
    },
    message: rawBodyMessage(m.body.boc),
  };
}

/** A transaction as getTransactions prints it. */
export function v2Transaction(t: TransactionRecord): V2Transaction {
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(t.account) },
    utime: t.now,
    data: t.boc.toString('base64'),
    transaction_id: { '@type': 'internal.transactionId', lt: t.lt.toString(), hash: hashToBase64(t.hash) },
    ...transactionFees(t),
    ...(t.inMsg ? { in_msg: v2Message(t.inMsg) } : {}),
    out_msgs: t.outMsgs.map(v2Message),
  };
}
