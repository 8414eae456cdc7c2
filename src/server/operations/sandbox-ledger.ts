import type { LedgerReader } from '../../store/interface';
import type { SandboxRunReads } from '../../store/sandbox-runs';
import { NotFoundError } from '../errors';

/**
 * The run records of the ledger the service reads, or a 404 saying this is not a sandbox ledger:
 * every /api/sandbox operation starts here.
 */
export async function sandboxLedger(reader: LedgerReader): Promise<SandboxRunReads> {
  const runs = await reader.sandboxRuns();
  if (!runs)
    throw new NotFoundError(
      'this ledger holds no @ton/sandbox test runs: /api/sandbox answers on a ledger of `npm run sandbox`',
    );
  return runs;
}

export const json = (value: unknown) => Buffer.from(JSON.stringify(value));
