// The producer's emulator thread: the TON emulator and the traffic that drives it. It runs the
// commands of the main thread one after another and streams back the events of each (see
// protocol.ts); the main thread turns them into the ledger while this thread emulates the next slot.
import { getPriority, setPriority } from 'node:os';
import { serialize } from 'node:v8';
import { Address, Cell } from '@ton/core';
import { parentPort } from 'node:worker_threads';
import { adoptCompiledContracts } from '../contracts/compile';
import { Emulator } from '../network/emulator';
import type { EmulatorEvent } from '../network/emulator-events';
import { Traffic } from '../traffic/traffic';
import { FAUCET_BATCH } from '../traffic/local-wallets';
import { ExecutorChain } from '../network/executor-chain';
import type { ProducerCommand, ProducerReply } from './protocol';

/** Events are posted in groups: one message per transaction would cost more than the transaction's record. */
const FLUSH_EVERY = 256;

const port = parentPort!;
// The thread may be started before its ledger is open (see spawnEmulatorThread): the emulator's
// executor (a WebAssembly module, most of a second to load) loads now, the rest once `start` says
// which seed and genesis.
const executor = ExecutorChain.create();
let pending: EmulatorEvent[] = [];
let commandId = 0;
/** Traces of messages the service accepted (not the traffic's), while in flight. */
const inboundTraces = new Set<number>();
const post = (done: boolean, error?: string) => {
  const reply: ProducerReply = {
    id: commandId,
    events: serialize(pending),
    done,
    ...(error ? { error } : {}),
    ...(done ? { inboundInFlight: inboundTraces.size } : {}),
  };
  pending = [];
  port.postMessage(reply);
};
let emulator: Emulator;
let traffic: Traffic;

async function run(command: ProducerCommand): Promise<void> {
  if (command.cmd === 'nice') {
    // on Linux this thread's own nice value: the server's threads get the cores first
    try {
      setPriority(0, Math.min(19, getPriority(0) + command.by));
    } catch {
      // not permitted here: the thread keeps its priority
    }
    return;
  }
  if (command.cmd === 'start') {
    emulator = Emulator.over(await executor, { genesisTime: command.genesisTime }, (event) => {
      pending.push(event);
      if (pending.length >= FLUSH_EVERY) post(false);
    });
    traffic = new Traffic(emulator, command.seed);
    // the traffic hears of its own traces; the inbound ones are followed here
    const trafficComplete = emulator.onTraceComplete;
    emulator.onTraceComplete = (trace, result) => {
      inboundTraces.delete(trace);
      trafficComplete?.(trace, result);
    };
    emulator.onTraceRefused = (trace) => inboundTraces.delete(trace);
    // every slot carries the traffic's state, for the ledger side to save
    emulator.checkpoint = () => traffic.snapshot() as unknown as Record<string, unknown>;
    // the main thread compiled our contracts (its classifier needs their code hashes): no second compiler run
    adoptCompiledContracts(command.contracts);
    traffic.fundLocalWallets((command.localWallets ?? []).map((a) => Address.parseRaw(a)));
    if (command.restore) {
      const { slot, lastSlotTime, lt, accounts, traffic: state, delivery } = command.restore;
      emulator.restore(slot, lastSlotTime, lt, accounts, delivery);
      await traffic.restore(state);
    } else {
      await traffic.genesis();
      await traffic.bootstrap();
    }
  } else {
    if (command.now !== undefined) emulator.dateSlot(command.now);
    // a developer's messages first, as they came: each is the first message of a trace of its own
    for (const boc of command.inbound ?? [])
      inboundTraces.add(emulator.sendExternal(Cell.fromBoc(Buffer.from(boc))[0]!));
    // faucet requests, paid by the faucet wallet's external messages (FAUCET_BATCH a message)
    const requests = command.faucet ?? [];
    for (let i = 0; i < requests.length; i += FAUCET_BATCH) {
      const batch = requests.slice(i, i + FAUCET_BATCH);
      const paid = await traffic.pay(
        batch.map(([, to, amount]) => ({ to: Address.parseRaw(to), amount: BigInt(amount) })),
      );
      inboundTraces.add(paid.trace);
      pending.push({ kind: 'paid', requests: batch.map(([id]) => Buffer.from(id)), messageHash: paid.hash });
    }
    await traffic.slot(command.traces, command.force);
  }
}

// commands run strictly one after another, in the order they were sent
let queue = Promise.resolve();
port.on('message', (command: ProducerCommand) => {
  queue = queue.then(async () => {
    commandId = command.id;
    try {
      await run(command);
      post(true);
    } catch (error) {
      post(true, (error as Error).stack ?? String(error));
    }
  });
});
