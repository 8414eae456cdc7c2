import { loadQueryId, type BodyReader } from './decoded';

// The ledger's own test contracts (src/ledger/contracts/func): a contract that fails on request
// and a forwarder that builds long chains and wide fans. Their opcodes spell ASCII words.

/** `throw_exit#7468726f query_id exit_code:uint16` ("thro"): end the compute phase with this exit code. */
export const readThrowExit: BodyReader = (s) => ({
  type: 'throw_exit',
  data: { query_id: loadQueryId(s), exit_code: s.loadUint(16) },
});

/** `forward_chain#63686e31 query_id hops:uint16` ("chn1"): pass the value on, `hops` more times. */
export const readForwardChain: BodyReader = (s) => ({
  type: 'forward_chain',
  data: { query_id: loadQueryId(s), hops: s.loadUint(16) },
});

/** `forward_fan#66616e31 query_id width:uint8 depth:uint8` ("fan1"): split the value `width` ways, `depth` levels down. */
export const readForwardFan: BodyReader = (s) => ({
  type: 'forward_fan',
  data: { query_id: loadQueryId(s), width: s.loadUint(8), depth: s.loadUint(8) },
});
