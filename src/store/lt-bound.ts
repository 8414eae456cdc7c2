/** Largest lt the store can hold; larger API bounds (uint64) are clamped to it. */
export const MAX_LT = (1n << 63n) - 1n;
export const clampLt = (lt: bigint): bigint => (lt > MAX_LT ? MAX_LT : lt);
