import { DefaultDeserializer } from 'node:v8';

interface HostObjectReader {
  _readHostObject(): unknown;
}

/**
 * `v8.deserialize` gives each Buffer of a message as a view into the message's own bytes. The
 * emulator thread's replies are read that way, and the ledger thread keeps a few of their Buffers for
 * good (an account's latest state hash, for one): each of those kept the whole reply it came in
 * alive, most of a megabyte. The ledger thread then grew by ~2 KB per transaction (2.9 GB for a
 * million) with nothing but dead replies. Here every Buffer is copied out as it is read, so a reply
 * is freed once its events are handled.
 */
class OwningDeserializer extends DefaultDeserializer {
  _readHostObject(): unknown {
    const view = (DefaultDeserializer.prototype as unknown as HostObjectReader)._readHostObject.call(this);
    if (Buffer.isBuffer(view)) return Buffer.from(view);
    // Buffer's own slice is a view; a typed array's copies
    return ArrayBuffer.isView(view) ? (view as Uint8Array).slice() : view;
  }
}

/** `v8.deserialize`, with every Buffer and typed array in the value owning its bytes. */
export function deserializeOwning(bytes: Uint8Array): unknown {
  const deserializer = new OwningDeserializer(bytes as Buffer);
  deserializer.readHeader();
  return deserializer.readValue();
}
