import { openLedgerReaderFor } from '../../store/open-ledger';
import { ConflictError, NotFoundError } from '../errors';
import { operationByPath } from '../operations/registry';
import { ChunkingSink, runOperation } from '../execution/run-operation';
import { ReadCaches } from '../serialize/read-caches';
import { ReadError, type ReadAnswer, type ReadExecutor } from '../readers/executor';

class BufferSink extends ChunkingSink {
  seqno: number | null = null;
  readonly chunks: Buffer[] = [];

  begin(seqno: number | null): void {
    this.seqno = seqno;
  }

  protected async emit(chunk: Buffer): Promise<void> {
    this.chunks.push(chunk);
  }
}

/**
 * Operations run on the calling thread, on one read-only connection, bodies gathered whole: what a
 * benchmark times as the work of a request without the service around it.
 */
export function inProcessExecutor(location: string, traceMaxTxs: number): ReadExecutor {
  const ledger = openLedgerReaderFor(location);
  const caches = new ReadCaches();
  return {
    async execute(path, params, _light, requestId): Promise<ReadAnswer> {
      const op = operationByPath.get(path)!;
      const sink = new BufferSink();
      try {
        await runOperation(ledger, { caches, requestId, traceMaxTxs }, op, params as never, sink);
        await sink.end();
      } catch (error) {
        if (error instanceof NotFoundError || error instanceof ConflictError)
          throw new ReadError(error.statusCode, error.message, sink.seqno);
        throw error;
      }
      return { seqno: sink.seqno, body: Buffer.concat(sink.chunks) };
    },
    close: () => ledger.close(),
  };
}
