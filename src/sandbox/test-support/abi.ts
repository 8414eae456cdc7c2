// Tact ABIs of our own FunC test contracts (src/ledger/contracts/func), written by hand as a Tact
// compiler would write them for contracts of the same layout, so that sandbox sends them as a Tact
// wrapper's `abi` and the receiver decodes real runs by them. They tell the truth about the cells:
// the thrower's data is one uint32 (7, a marker it never reads), the forwarder's its uint64 id, both with no system cell and
// no initialized bit, as Tact 1.6 lays out a contract with parameters; the bodies are the messages
// the contracts read (and the forwarder sends on). No Tact compiler is used: see docs/sandbox.md.
import type { ContractABI } from '@ton/core';
import { OP } from '../../ledger/contracts/opcodes';

const uint = (format: number) => ({ kind: 'simple', type: 'uint', optional: false, format }) as const;
/** A message type: a header and uint fields, as [name, bits]. */
const message = (name: string, header: number, fields: [string, number][]) => ({
  name,
  header,
  fields: fields.map(([n, bits]) => ({ name: n, type: uint(bits) })),
});
const intGetter = (name: string) => ({
  name,
  methodId: null,
  arguments: [],
  returnType: { kind: 'simple', type: 'int', format: 257 } as const,
});

export const THROWER_ABI: ContractABI = {
  name: 'Thrower',
  types: [
    message('ThrowExit', OP.throwExit, [
      ['queryId', 64],
      ['exitCode', 16],
    ]),
    { name: 'Thrower$Data', header: null, fields: [{ name: 'marker', type: uint(32) }] },
  ],
  receivers: [
    { receiver: 'internal', message: { kind: 'typed', type: 'ThrowExit' } },
    { receiver: 'internal', message: { kind: 'empty' } },
  ],
  getters: [intGetter('get_failures')],
  errors: {},
};

export const FORWARDER_ABI: ContractABI = {
  name: 'Forwarder',
  types: [
    message('ForwardChain', OP.forwardChain, [
      ['queryId', 64],
      ['hops', 16],
    ]),
    message('ForwardFan', OP.forwardFan, [
      ['queryId', 64],
      ['width', 8],
      ['depth', 8],
    ]),
    { name: 'Forwarder$Data', header: null, fields: [{ name: 'id', type: uint(64) }] },
  ],
  receivers: [
    { receiver: 'internal', message: { kind: 'typed', type: 'ForwardChain' } },
    { receiver: 'internal', message: { kind: 'typed', type: 'ForwardFan' } },
  ],
  getters: [intGetter('get_forwarder_id')],
  errors: {},
};
