/**
 * An answer's text built from its bytes as they come: each piece is decoded on arrival, a
 * character split between two pieces included, so that nothing is left to decode after the last.
 */
export function answerText(): { push: (piece: ArrayBuffer | Uint8Array) => void; text: () => string } {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  return {
    push: (piece) => void parts.push(decoder.decode(piece, { stream: true })),
    text: () => parts.join('') + decoder.decode(),
  };
}
