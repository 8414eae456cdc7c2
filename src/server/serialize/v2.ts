import { formatAddress } from '../../ton/address';
import { hashToBase64 } from '../../ton/hash';
import type { BlockRecord, MessageRecord, TransactionRecord } from '../../store/records';
import type { BlockIdExt, RawMessage, RawTransaction } from '../../api/operations/v2-shapes';

// Records → the v2 (`ton-http-api`) shapes: `@type`-tagged objects with the neutral `chain.` prefix,
// user-friendly addresses inside `accountAddress`, the real transaction BOC in `data`; each typed as
// its shape in src/api/operations.

const accountAddress = (raw: string | null): RawMessage['source'] => ({
  '@type': 'accountAddress',
  account_address: raw ? formatAddress(raw, 'bounceable') : '',
});

export function blockIdExt(b: BlockRecord): BlockIdExt {
  return {
    '@type': 'chain.blockIdExt',
    workchain: b.workchain,
    shard: b.shard.toString(),
    seqno: b.seqno,
    root_hash: hashToBase64(b.rootHash),
    file_hash: hashToBase64(b.fileHash),
  };
}

/** What every v2 form of a message prints alike (getBlockTransactionsExt's, getTransactions'). */
export function messageFigures(
  m: MessageRecord,
): Pick<RawMessage, 'value' | 'extra_currencies' | 'fwd_fee' | 'ihr_fee' | 'created_lt' | 'body_hash'> {
  return {
    value: (m.value ?? 0n).toString(),
    extra_currencies: Object.entries(m.valueExtraCurrencies).map(([id, amount]) => ({
      '@type': 'extraCurrency',
      id: Number(id),
      amount,
    })),
    fwd_fee: (m.fwdFee ?? 0n).toString(),
    ihr_fee: (m.ihrFee ?? 0n).toString(),
    created_lt: (m.createdLt ?? 0n).toString(),
    body_hash: hashToBase64(m.body.hash),
  };
}

function rawMessage(m: MessageRecord): RawMessage {
  return {
    '@type': 'raw.message',
    hash: hashToBase64(m.hash),
    source: accountAddress(m.source),
    destination: accountAddress(m.destination),
    ...messageFigures(m),
    msg_data: {
      '@type': 'msg.dataRaw',
      body: m.body.boc.toString('base64'),
      init_state: m.initState ? m.initState.boc.toString('base64') : '',
    },
  };
}

/** A transaction's fees as v2 splits them: storage, and the rest. */
export function transactionFees(t: TransactionRecord): { fee: string; storage_fee: string; other_fee: string } {
  const storage = BigInt(
    (t.description.storage_ph as { storage_fees_collected?: string } | undefined)?.storage_fees_collected ?? '0',
  );
  return {
    fee: t.totalFees.toString(),
    storage_fee: storage.toString(),
    other_fee: (t.totalFees - storage).toString(),
  };
}

export function rawTransaction(t: TransactionRecord): RawTransaction {
  return {
    '@type': 'raw.transaction',
    address: accountAddress(t.account),
    account: t.account,
    utime: t.now,
    data: t.boc.toString('base64'),
    transaction_id: { '@type': 'internal.transactionId', lt: t.lt.toString(), hash: hashToBase64(t.hash) },
    ...transactionFees(t),
    // a transaction without an inbound message (tick-tock) has no in_msg key at all
    ...(t.inMsg ? { in_msg: rawMessage(t.inMsg) } : {}),
    out_msgs: t.outMsgs.map(rawMessage),
  };
}
