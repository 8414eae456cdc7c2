// Keys of the `ledger_meta` table, in both engines.

/** The key of the producer's saved position (its own JSON document). */
export const PRODUCER_POSITION_KEY = 'producer_position';
