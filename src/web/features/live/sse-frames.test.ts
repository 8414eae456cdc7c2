import { describe, expect, it } from 'vitest';
import { sseParser } from './sse-frames';

describe('sseParser', () => {
  it('reads frames split anywhere across chunks, skipping keepalive comments', () => {
    const text =
      'event: connected\ndata: {"status":"subscribed"}\n\n: keepalive\n\nevent: event\ndata: {"type":"trace"}\n\n';
    const push = sseParser();
    const frames = [...text].flatMap((c) => push(c));
    expect(frames).toEqual([
      { event: 'connected', data: '{"status":"subscribed"}' },
      { event: 'event', data: '{"type":"trace"}' },
    ]);
  });

  it('joins several data lines, reads CRLF line ends and keeps an unfinished frame for the next chunk', () => {
    const push = sseParser();
    expect(push('event: error\r\ndata: a\r\ndata: b\r\n')).toEqual([]);
    expect(push('\r\nevent: event\ndata:x')).toEqual([{ event: 'error', data: 'a\nb' }]);
    expect(push('\n\n')).toEqual([{ event: 'event', data: 'x' }]);
  });
});
