import { Link } from '@tanstack/react-router';
import type { Message } from '../../../api/model';
import { hashPath } from '../../lib/format';

/**
 * "Emulate again on the current state", for an external-in message of the ledger (only an external
 * message starts a trace of its own); null for any other. The emulation page rebuilds it from its parts.
 */
export function EmulateAgainLink({ msg }: { msg: Message | null | undefined }) {
  if (!msg || msg.source !== null || !msg.destination) return null;
  return (
    <Link
      to="/emulate"
      search={(prev) => ({ ...prev, msg: hashPath(msg.hash) })}
      className="text-teal-700 hover:underline dark:text-teal-400"
      data-testid="emulate-again"
    >
      emulate again on the current state
    </Link>
  );
}
