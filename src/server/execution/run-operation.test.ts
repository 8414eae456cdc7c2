import { describe, expect, it } from 'vitest';
import { ChunkingSink } from './run-operation';

class Recorder extends ChunkingSink {
  readonly chunks: { size: number; last: boolean }[] = [];
  private readonly received: Buffer[] = [];

  begin(): void {}

  protected async emit(chunk: Buffer, last: boolean): Promise<void> {
    this.chunks.push({ size: chunk.length, last });
    this.received.push(Buffer.from(chunk));
  }

  get body(): Buffer {
    return Buffer.concat(this.received);
  }
}

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff));

describe('ChunkingSink', () => {
  it('sends a body up to the first chunk whole, as one last chunk', async () => {
    const sink = new Recorder(1000, 100);
    const body = [bytes(300, 1), bytes(699, 2)];
    for (const b of body) await sink.write(b);
    await sink.end();
    expect(sink.chunks).toEqual([{ size: 999, last: true }]);
    expect(sink.body).toEqual(Buffer.concat(body));
  });

  it('cuts one piece much larger than a chunk (a whole trace) into the first chunk, then chunks of chunkSize', async () => {
    const sink = new Recorder(1000, 100);
    const body = [bytes(10, 3), bytes(5_432, 4), bytes(7, 5)];
    for (const b of body) await sink.write(b);
    await sink.end();
    const total = body.reduce((n, b) => n + b.length, 0);
    expect(sink.chunks[0]).toEqual({ size: 1000, last: false });
    for (const c of sink.chunks.slice(1, -1)) expect(c).toEqual({ size: 100, last: false });
    expect(sink.chunks.at(-1)!.last).toBe(true);
    expect(sink.chunks.at(-1)!.size).toBeLessThan(100);
    expect(sink.chunks.reduce((n, c) => n + c.size, 0)).toBe(total);
    expect(sink.body).toEqual(Buffer.concat(body));
  });
});
