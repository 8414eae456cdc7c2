import { sandboxVmLog as api, VM_LOG_MAX_MATCHES } from '../../api/operations/sandbox-vm-log';
import type { ResponseOf } from '../../api/operations/api-operation';
import { hashToBase64 } from '../../ton/hash';
import { parseVmLog, stepMatches, type VmStep } from '../../ton/vm-log';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { json, sandboxLedger } from './sandbox-ledger';

const stepJson = (s: VmStep) => ({
  index: s.index,
  instruction: s.instruction,
  stack: s.stack,
  gas_remaining: s.gasRemaining,
  gas: s.gas,
  cell: s.cell,
  offset: s.offset,
  notes: s.notes,
});

/**
 * A page of a transaction's VM log, by step. The log is stored deflated, whole (sandbox sends it
 * whole); each request inflates and reads it (a verbose log of 200 KB: a few milliseconds) and
 * sends the page asked for, so a page never carries the whole log.
 */
export const sandboxVmLog = defineOperation(api, {
  cacheable: true,
  light: () => false,
  run: async ({ reader }, p, out) => {
    const runs = await sandboxLedger(reader);
    const found = await runs.getVmLog(p.hash);
    if (!found.found) throw new NotFoundError(`no run stored the transaction ${hashToBase64(p.hash)}`);
    const log = parseVmLog(found.text ?? '');
    let matches: ResponseOf<typeof api>['matches'] = null;
    if (p.q !== undefined) {
      const all = log.steps.filter((s) => stepMatches(s, p.q!)).map((s) => s.index);
      matches = { q: p.q, total: all.length, steps: all.slice(0, VM_LOG_MAX_MATCHES) };
    }
    const answer: ResponseOf<typeof api> = {
      hash: hashToBase64(p.hash),
      has_log: found.text !== null,
      total_steps: log.steps.length,
      total_lines: log.lines,
      exit_code: log.exitCode,
      failed_step: log.failedStep,
      offset: p.offset,
      steps: log.steps.slice(p.offset, p.offset + p.limit).map(stepJson),
      matches,
    };
    await out.write(json(answer));
  },
});
