import { sandboxTransaction as api } from '../../api/operations/sandbox-transaction';
import type { ResponseOf } from '../../api/operations/api-operation';
import { hashToBase64 } from '../../ton/hash';
import { parseVmLog } from '../../ton/vm-log';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { abiDecodedJson, contractAbis, nameJson, runTransactionJson, storageJson } from '../serialize/sandbox';
import { executorActionJson } from '../serialize/sandbox-acton';
import { json, sandboxLedger } from './sandbox-ledger';

/** One transaction's logs, links and storage as sandbox sent them, with its outcome. */
export const sandboxTransaction = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async ({ reader }, p, out) => {
    const runs = await sandboxLedger(reader);
    const row = await runs.getTransaction(p.hash);
    const [tx] = await reader.getTransactions([p.hash]);
    if (!row || !tx) throw new NotFoundError(`no run stored the transaction ${hashToBase64(p.hash)}`);
    // its parent's lt: the transaction that sent its inbound message, in the same trace
    const sender = tx.inMsg?.outMsgTxHash;
    const [parent] = sender ? await reader.getTransactions([sender]) : [];
    const parents = new Map(parent ? [[tx.inMsg!.hash.toString('hex'), parent.lt]] : []);
    const contracts = await runs.contractsOfTest(row.testKey);
    const contract = contracts.find((c) => c.account === tx.account);
    const abis = contractAbis(contracts);
    const vm = row.vmLogs === null ? null : parseVmLog(row.vmLogs);
    const answer: ResponseOf<typeof api> = {
      transaction: runTransactionJson(tx, parents, abis),
      seqno: row.seqno,
      test_key: row.testKey,
      children_lts: row.childrenLts,
      blockchain_log: row.blockchainLogs,
      debug_log: row.debugLogs,
      vm_log: vm && { lines: vm.lines, steps: vm.steps.length, bytes: Buffer.byteLength(row.vmLogs!, 'utf8') },
      storage: { before: storageJson(row.oldStorage), after: storageJson(row.newStorage) },
      name: contract ? nameJson(contract) : null,
      abi: contract?.abi ? (JSON.parse(contract.abi) as unknown) : null,
      abi_decoded: abiDecodedJson(tx, { before: row.oldStorage, after: row.newStorage }, abis),
      trace_id: hashToBase64(tx.traceId),
      executor_actions: row.executorActions.map(executorActionJson),
    };
    await out.write(json(answer));
  },
});
