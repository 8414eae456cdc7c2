import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { hash as hashParam } from './param-rules';
import { abiDecoding, executorAction, runTransaction, sandboxName, storageCell } from './sandbox-shapes';
import { hash, rawAddress, v3Error } from './v3-shapes';

/**
 * What sandbox sent of one transaction besides its BOC: its blockchain and debug logs (whole), the
 * size of its VM log (read in pages by vmLog), its links, and the account's storage before and after.
 */
export const sandboxTransaction = defineApiOperation({
  path: '/api/sandbox/transaction',
  params: z.object({ hash: hashParam }),
  response: z.object({
    transaction: runTransaction,
    seqno: z.number().int().nonnegative(),
    test_key: z.string(),
    children_lts: z.array(z.string()),
    blockchain_log: z.string().nullable(),
    debug_log: z.string().nullable(),
    vm_log: z.object({ lines: z.number().int(), steps: z.number().int(), bytes: z.number().int() }).nullable(),
    /** The account's data cell (BOC, base64) before and after; null where sandbox did not record it. */
    storage: z.object({ before: storageCell, after: storageCell }),
    /** The account's name in its test, and its ABI when its test gave one (Tact's or Tolk's). */
    name: sandboxName.nullable(),
    abi: z.unknown().nullable(),
    /**
     * What the ABIs of the test's contracts (Tact's, Tolk's) make of the storage and the bodies (docs/sandbox.md, "Decoding
     * by the ABI"): the storage by the account's ABI (null where it has none, or none with a storage
     * type), and each body whose opcode is a message type's header in the ABI of the account or of
     * the other end, the one whose ABI read it in `abi_of`.
     */
    abi_decoded: z.object({
      storage: z.object({ before: abiDecoding.nullable(), after: abiDecoding.nullable() }),
      messages: z.array(
        z.object({
          direction: z.enum(['in', 'out']),
          /** Place among the out messages (0 for the inbound one). */
          index: z.number().int().nonnegative(),
          hash,
          abi_of: rawAddress,
          decoded: abiDecoding,
        }),
      ),
    }),
    /** Hash of the trace's root (the trace page). */
    trace_id: hash,
    /** Its action phase action by action as the executor went (from an Acton bundle; empty from sandbox). */
    executor_actions: z.array(executorAction),
  }),
  error: v3Error,
});
