import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, let requests in flight finish,
 * then run `cleanup` (stop production, close the store). A second signal exits at once.
 */
export function closeOnSignals(app: FastifyInstance, cleanup: () => Promise<void> | void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    process.stderr.write(`${signal}: finishing requests in flight, then closing the store\n`);
    app
      .close()
      .then(() => cleanup())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
