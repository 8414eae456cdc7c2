export interface CodeMeaning {
  name: string;
  description: string;
}

// Standard TVM exit codes of the compute phase (0..63 are reserved by the TVM and its runtime).
const TVM: Record<number, CodeMeaning> = {
  0: { name: 'ok', description: 'The compute phase finished successfully.' },
  1: { name: 'ok (alternative)', description: 'The compute phase finished successfully (alternative success code).' },
  2: { name: 'stack underflow', description: 'An instruction needed more values than the stack held.' },
  3: { name: 'stack overflow', description: 'The stack grew beyond its limit.' },
  4: { name: 'integer overflow', description: 'An integer result left the 257-bit range, or a division by zero.' },
  5: { name: 'range check error', description: 'An integer argument was out of the expected range.' },
  6: { name: 'invalid opcode', description: 'The code contains an instruction the TVM does not know.' },
  7: { name: 'type check error', description: 'A value on the stack had the wrong type.' },
  8: { name: 'cell overflow', description: 'A builder got more than 1023 bits or 4 references.' },
  9: { name: 'cell underflow', description: 'A slice was read past its end: the data is shorter than expected.' },
  10: { name: 'dictionary error', description: 'A dictionary was malformed.' },
  11: {
    name: 'unknown error',
    description: 'An unknown error, often an unexpected message or a failed get-method call.',
  },
  12: { name: 'fatal error', description: 'A fatal TVM error.' },
  13: { name: 'out of gas', description: 'The contract ran out of gas (the value attached did not pay for its work).' },
  14: { name: 'virtualization error', description: 'A virtualization (pruned cell) error.' },
  32: { name: 'action list invalid', description: 'The action list is malformed.' },
  33: { name: 'action list too long', description: 'More than 255 actions were requested.' },
  34: { name: 'action invalid or unsupported', description: 'An action is invalid or not supported.' },
  35: { name: 'invalid source address', description: 'An outbound message has an invalid source address.' },
  36: { name: 'invalid destination address', description: 'An outbound message has an invalid destination address.' },
  37: {
    name: 'not enough TON',
    description: 'The account has not enough TON to send the message with its value and fees.',
  },
  38: {
    name: 'not enough extra currencies',
    description: 'The account has not enough extra currency to send the message.',
  },
  39: { name: 'message does not fit', description: 'An outbound message does not fit into a cell after rewriting.' },
  40: { name: 'not enough funds for the message', description: 'The account cannot pay for processing the message.' },
  43: { name: 'library limit exceeded', description: 'Too many cells or too deep a tree in a library.' },
  50: { name: 'account state too big', description: 'The account state exceeds the size limit.' },
  [-14]: { name: 'out of gas', description: 'The contract ran out of gas (negative form reported by the emulator).' },
};

// Codes that our contracts and the common contract families use for their own checks.
const CONTRACT: Record<number, CodeMeaning> = {
  33: { name: 'bad seqno', description: 'Wallet: the message carries a wrong seqno (replayed or out of order).' },
  34: { name: 'bad subwallet id', description: 'Wallet: the message is for another subwallet.' },
  35: { name: 'bad signature', description: 'Wallet: the signature does not match the public key.' },
  36: { name: 'expired', description: 'Wallet: the message is past its valid-until time.' },
  47: { name: 'not enough jettons', description: 'Jetton wallet: the balance is smaller than the amount sent.' },
  48: {
    name: 'not enough TON',
    description: 'Jetton/NFT contract: the TON attached does not cover forwarding and fees.',
  },
  73: { name: 'not the owner', description: 'Jetton/NFT contract: the sender is not the owner or the admin.' },
  74: {
    name: 'not from a jetton wallet',
    description: 'Jetton wallet: the internal transfer did not come from a wallet of the same jetton.',
  },
  401: { name: 'not the owner', description: 'NFT: the sender is not the owner of the item or collection.' },
  402: { name: 'not enough TON', description: 'NFT: not enough TON attached.' },
  0xffff: { name: 'unknown operation', description: 'The contract does not handle this opcode.' },
};

/**
 * The meaning of a compute-phase exit code. Codes 32..40 mean one thing for the TVM's own action
 * checks and another for wallets' checks of an external message; the wallet meaning is returned
 * when `wallet` is set.
 */
export function describeExitCode(code: number, opts: { wallet?: boolean } = {}): CodeMeaning {
  if (opts.wallet && CONTRACT[code] && code >= 33 && code <= 36) return CONTRACT[code];
  const known = (code >= 0 && code < 64 ? TVM[code] : undefined) ?? CONTRACT[code] ?? TVM[code];
  if (known) return known;
  return {
    name: code < 64 && code >= 0 ? 'reserved TVM code' : 'contract error',
    description:
      code < 64 && code >= 0
        ? `Exit code ${code} is reserved by the TVM.`
        : `The contract threw exit code ${code} (its own error code).`,
  };
}

const RESULT: Record<number, CodeMeaning> = {
  0: { name: 'ok', description: 'Every action was performed.' },
  32: { name: 'action list invalid', description: 'The action list is malformed.' },
  33: { name: 'action list too long', description: 'More than 255 actions.' },
  34: { name: 'action invalid or unsupported', description: 'An action is invalid or not supported.' },
  35: { name: 'invalid source address', description: 'An outbound message has an invalid source address.' },
  36: { name: 'invalid destination address', description: 'An outbound message has an invalid destination address.' },
  37: { name: 'not enough TON', description: 'Not enough TON to send a message with its value and fees.' },
  38: { name: 'not enough extra currencies', description: 'Not enough extra currency to send a message.' },
  39: { name: 'message does not fit', description: 'An outbound message does not fit into a cell.' },
  40: { name: 'not enough funds for the message', description: 'Not enough funds to process the message.' },
};

/** The meaning of an action-phase result code. */
export function describeResultCode(code: number): CodeMeaning {
  return RESULT[code] ?? { name: 'action error', description: `The action phase ended with result code ${code}.` };
}
