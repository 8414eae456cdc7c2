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

function Copy({ show, text, label }: { show?: boolean; text: string; label: string }) {
  return show ? <CopyButton text={text} label={label} /> : null;
}

export function TxLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <>
      <Link to="/tx/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
      <Copy show={copy} text={hex} label="transaction hash" />
    </>
  );
}

export function MessageLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <>
      <Link to="/msg/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
      <Copy show={copy} text={hex} label="message hash" />
    </>
  );
}

/** A trace; `tx` opens it with that transaction selected. */
export function TraceLink({ traceId, tx, children, className, copy, ...rest }: Common & { traceId: string; tx?: string }) {
  const hex = hashPath(traceId);
  return (
    <>
      <Link to="/trace/$traceId" params={{ traceId: hex }} search={tx ? { tx: hashPath(tx) } : {}} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(traceId)}
      </Link>
      <Copy show={copy} text={hex} label="trace id" />
    </>
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
    <>
      <Link to="/block/$workchain/$shard/$seqno" params={{ workchain: String(block.workchain), shard: block.shard, seqno: String(block.seqno) }} title={`block ${id}`} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? id}
      </Link>
      <Copy show={copy} text={id} label="block id" />
    </>
  );
}

export function McBlockLink({ seqno, children, className, copy, ...rest }: Common & { seqno: number }) {
  return (
    <>
      <Link to="/mc/$seqno" params={{ seqno: String(seqno) }} title={`masterchain block ${seqno}`} className={className ?? LINK} {...rest}>
        {children ?? seqno}
      </Link>
      <Copy show={copy} text={String(seqno)} label="masterchain seqno" />
    </>
  );
}
