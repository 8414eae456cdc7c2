import { formatTon } from '../lib/format';
import { opcodeToHex, standardOpcodeName } from '../../ton/opcode';
import type { MessageView } from './trace-view';

/** What an edge says: the value above, the message's name below (comment, known opcode, hex). */
export function messageLabel(m: MessageView): { value: string | null; name: string } {
  const value = m.source === null ? null : formatTon(m.value, { maxFraction: 3 });
  let name: string;
  if (m.bounced) name = 'Bounce';
  else if (m.comment !== null) name = `“${m.comment.length > 24 ? m.comment.slice(0, 23) + '…' : m.comment}”`;
  else if (m.opcode === null) name = m.source === null ? 'External' : 'Empty body';
  else name = standardOpcodeName(m.opcode) ?? opcodeToHex(m.opcode);
  if (m.source === null && m.opcode !== null && standardOpcodeName(m.opcode) === null)
    name = `External ${opcodeToHex(m.opcode)}`;
  return { value, name };
}
