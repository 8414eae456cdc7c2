import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { hashPath, shortHash } from '../lib/format';
import { CopyButton } from './copy-button';

// One place knows how each entity of the ledger is linked: its route and canonical path form (hex
// hashes), its short label, the full form in the tooltip, and its copy button. The link's `?api=`
// rides along by the root route's search middleware, as on every link of the explorer.

const LINK = 'text-teal-700 hover:underline dark:text-teal-400';

interface Common {
  /** The label; the entity's short form when absent. */
  children?: ReactNode;
  className?: string;
  /** Adds a copy button for the entity's full id. */
  copy?: boolean;
  'data-testid'?: string;
}

/** The link, then its copy button when asked for. */
function WithCopy({ children, copy, text, label }: { children: ReactNode; copy?: boolean; text: string; label: string }) {
  return (
    <>
      {children}
      {copy && <CopyButton text={text} label={label} />}
    </>
  );
}

export function TxLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <WithCopy copy={copy} text={hex} label="transaction hash">
      <Link to="/tx/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
    </WithCopy>
  );
}

export function MessageLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <WithCopy copy={copy} text={hex} label="message hash">
      <Link to="/msg/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
    </WithCopy>
  );
}

/** A trace; `tx` opens it with that transaction selected. */
export function TraceLink({ traceId, tx, children, className, copy, ...rest }: Common & { traceId: string; tx?: string }) {
  const hex = hashPath(traceId);
  return (
    <WithCopy copy={copy} text={hex} label="trace id">
      <Link to="/trace/$traceId" params={{ traceId: hex }} search={tx ? { tx: hashPath(tx) } : {}} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(traceId)}
      </Link>
    </WithCopy>
  );
}

export interface BlockId {
  workchain: number;
  shard: string;
  seqno: number;
}

/** A shard block, labelled `workchain:shard:seqno` as the API names it. */
export function BlockLink({ block, children, className, copy, ...rest }: Common & { block: BlockId }) {
  const id = `${block.workchain}:${block.shard}:${block.seqno}`;
  return (
    <WithCopy copy={copy} text={id} label="block id">
      <Link to="/block/$workchain/$shard/$seqno" params={{ workchain: String(block.workchain), shard: block.shard, seqno: String(block.seqno) }} title={`block ${id}`} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? id}
      </Link>
    </WithCopy>
  );
}

export function McBlockLink({ seqno, children, className, copy, ...rest }: Common & { seqno: number }) {
  return (
    <WithCopy copy={copy} text={String(seqno)} label="masterchain seqno">
      <Link to="/mc/$seqno" params={{ seqno: String(seqno) }} title={`masterchain block ${seqno}`} className={className ?? LINK} {...rest}>
        {children ?? seqno}
      </Link>
    </WithCopy>
  );
}
