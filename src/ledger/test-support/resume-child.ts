// Child process of resume.test.ts: a producer as `npm start` runs one. On an empty ledger it builds
// `bulk` slots of history, on an existing one it resumes; then it produces live slots (every few
// milliseconds) and prints each masterchain block it wrote, until it is stopped. SIGTERM stops it
// as src/service.ts does (the block in progress is finished, then the store is closed); SIGKILL is
// the crash.
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store';
import { LiveProducer } from '../live';
import { Producer } from '../producer/producer';

const [path, seedArg, bulkArg] = process.argv.slice(2);
const seed = Number(seedArg);
const store = openSqliteStore(path!);
let producer: Producer;
if ((await store.reader.latestMasterchainSeqno()) === null) {
  producer = await Producer.start(store, seed);
  await producer.slots(Number(bulkArg), () => false);
} else {
  producer = await Producer.resume(store, seed);
}
process.stdout.write(`resumed ${producer.replayedSlots}\n`);
// the chain's own pace, not the wall clock: the test compares the ledger with an uninterrupted run's
const live = new LiveProducer(producer, 5, () => undefined);
let reported = -1;
const report = setInterval(() => {
  void store.reader.latestMasterchainSeqno().then((seqno) => {
    const mc = seqno ?? -1;
    if (mc !== reported) process.stdout.write(`mc ${(reported = mc)}\n`);
  });
}, 5);
live.start();
process.once('SIGTERM', () => {
  void live.stop().then(() => {
    clearInterval(report);
    store.close();
    process.exit(0);
  });
});
