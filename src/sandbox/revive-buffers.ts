// What crosses between the receiver's thread and its frame reader threads is a structured clone.

/**
 * A structured clone gives a Buffer back as a plain Uint8Array: the records' byte fields are made
 * Buffers again (over the same memory), in place.
 */
export function revive<T>(value: T): T {
  if (value instanceof Uint8Array)
    return (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i] as unknown);
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = revive(o[k]);
  }
  return value;
}
