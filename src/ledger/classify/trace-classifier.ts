// The producer's classifier: the rules of src/tvm/classify-trace.ts, with each account's kind read
// from the code hashes of the contracts this network runs (interfaces.ts), and the token metadata
// of jetton and NFT states (token-info.ts).
import { classifyTrace } from '../../tvm/classify-trace';
import type { TraceClassifier } from '../network/ledger-assembler';
import type { AccountInfoRecord, AccountStateRecord, TokenInfoWrite } from '../../store/records';
import { interfaceTable } from './interfaces';
import { tokenInfo } from './token-info';

export async function createTraceClassifier(): Promise<TraceClassifier> {
  const table = await interfaceTable();
  const interfaceOf = (state: AccountStateRecord) =>
    state.codeHash ? table.get(state.codeHash.toString('hex')) : undefined;
  const describe = (state: AccountStateRecord): AccountInfoRecord => {
    const iface = interfaceOf(state);
    return { account: state.account, codeHash: state.codeHash, interfaces: iface ? [iface] : [], status: state.status };
  };
  return {
    describe,
    tokenOf(tx): TokenInfoWrite | null {
      const iface = interfaceOf(tx.stateAfter);
      const token = iface ? tokenInfo(tx.stateAfter, iface) : null;
      return token && { ...token, mcSeqno: tx.mcSeqno, lt: tx.lt };
    },
    classify: (trace, lookup) => classifyTrace(trace, describe, lookup),
  };
}
