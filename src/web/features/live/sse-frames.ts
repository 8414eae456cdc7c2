// Server-Sent Events framing, read by hand: EventSource cannot POST, and TON Center's streaming v2
// takes its subscription as a POST body. A frame is `event:` and `data:` lines ended by a blank
// line; lines starting with `:` are comments (the server's `: keepalive`).

export interface SseFrame {
  event: string;
  data: string;
}

/** A parser fed the stream's text as it arrives; each push answers the frames it completed. */
export function sseParser(): (chunk: string) => SseFrame[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    const frames: SseFrame[] = [];
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) frames.push({ event, data: data.join('\n') });
    }
    return frames;
  };
}
