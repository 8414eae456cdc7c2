// Must come first: it gives @ton/core the Buffer global it needs in the browser.
import '../../lib/buffer-global';
import { Cell } from '@ton/core';
import { useMemo } from 'react';
import type { SandboxTransaction } from '../../../api/sandbox-wire';
import { shortHash } from '../../lib/format';

interface CellNode {
  hash: string;
  bits: number;
  /** The data as @ton/core prints it: hex, `_` marking a last incomplete nibble. */
  data: string;
  refs: CellNode[];
}

function nodeOf(cell: Cell): CellNode {
  return {
    hash: cell.hash().toString('hex'),
    bits: cell.bits.length,
    data: cell.bits.toString(),
    refs: cell.refs.map(nodeOf),
  };
}

function hashesOf(node: CellNode | null, into = new Set<string>()): Set<string> {
  if (!node) return into;
  into.add(node.hash);
  for (const r of node.refs) hashesOf(r, into);
  return into;
}

const read = (boc: string | undefined | null): CellNode | null =>
  boc ? nodeOf(Cell.fromBoc(Buffer.from(boc, 'base64'))[0]!) : null;

/**
 * The account's data cell before and after the transaction, as raw cells side by side: each cell's
 * bits and references, a cell found on the other side unchanged (muted), one that is not marked.
 * Sandbox sends them only when the test set `blockchain.recordStorage = true`.
 */
export function StorageView({ storage }: { storage: SandboxTransaction['storage'] }) {
  const { before, after } = useMemo(
    () => ({ before: read(storage.before?.boc), after: read(storage.after?.boc) }),
    [storage.before?.boc, storage.after?.boc],
  );
  if (!before && !after)
    return (
      <p className="text-sm text-muted">
        Sandbox did not record this account&apos;s storage: set <code>blockchain.recordStorage = true</code> in the test
        to see it.
      </p>
    );
  const same = before !== null && after !== null && before.hash === after.hash;
  const beforeHashes = hashesOf(before);
  const afterHashes = hashesOf(after);
  return (
    <div className="space-y-2">
      <p className="text-sm" data-testid="storage-summary">
        {same
          ? 'The transaction left the data as it was.'
          : 'The transaction changed the data: changed cells are marked.'}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {(
          [
            ['Before', before, afterHashes],
            ['After', after, beforeHashes],
          ] as const
        ).map(([title, root, other]) => (
          <section
            key={title}
            aria-label={`Storage ${title.toLowerCase()}`}
            data-testid={`storage-${title.toLowerCase()}`}
          >
            <h3 className="font-semibold">{title}</h3>
            {root ? (
              <CellTree node={root} other={other} depth={0} />
            ) : (
              <p className="text-sm text-muted">not recorded</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

function CellTree({ node, other, depth }: { node: CellNode; other: Set<string>; depth: number }) {
  const changed = !other.has(node.hash);
  return (
    <div className={depth > 0 ? 'ml-4 border-l border-slate-200 pl-2 dark:border-slate-800' : ''}>
      <div
        className={`mono rounded px-1 text-xs ${changed ? 'bg-amber-50 dark:bg-amber-950/50' : 'text-muted'}`}
        data-testid="storage-cell"
        data-changed={changed}
      >
        <span title={node.hash}>cell {shortHash(node.hash)}</span> · {node.bits} bits
        {node.refs.length > 0 && ` · ${node.refs.length} ref${node.refs.length === 1 ? '' : 's'}`}
        <div className="break-all">
          x{'{'}
          {node.data}
          {'}'}
        </div>
      </div>
      {node.refs.map((r, i) => (
        <CellTree key={i} node={r} other={other} depth={depth + 1} />
      ))}
    </div>
  );
}
