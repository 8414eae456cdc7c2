import { formatTon, shortAddress } from '../../lib/format';
import type { TraceView } from '../../model/trace-view';
import { buildGraphModel, edgeMessage, EXT_IN_PREFIX, EXT_OUT_PREFIX } from './graph-model';
import { messageLabel } from '../../model/message-label';
import { OUTCOME_MARK, verdictOf, type Outcome } from '../../model/outcome';

/** The exported picture draws the three outcomes as the graph does (light theme). */
const SVG_LOOK: Record<Outcome, { fill: string; stroke: string; width: number; text: string }> = {
  failed: { fill: '#fef2f2', stroke: '#dc2626', width: 3, text: '#b91c1c' },
  skipped: { fill: '#fffbeb', stroke: '#d97706', width: 2, text: '#92400e' },
  success: { fill: '#fff', stroke: '#94a3b8', width: 1, text: '#047857' },
};
import { EDGE_BEND, NODE_HEIGHT, NODE_WIDTH } from './trace-layout';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** SVG text does not wrap: an edge label's name is cut into lines this long that fit the straight run (10 px text). */
const LABEL_CHARS = 16;

/** Greedy word wrap; a word longer than a line keeps its own line. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A standalone SVG of the trace drawn from the same layout as the graph (no screenshot of the DOM:
 * every node is exported, not just the visible ones, and text stays text).
 */
export function traceToSvg(
  trace: TraceView,
  letters: Map<string, string>,
  interfaces: (raw: string) => string | undefined,
): string {
  const { layout } = buildGraphModel(trace, new Set(trace.order));
  const pad = 20;
  const pos = new Map(layout.nodes.map((n) => [n.id, n]));
  const parts: string[] = [];
  for (const e of layout.edges) {
    const s = pos.get(e.source)!;
    const t = pos.get(e.target)!;
    const m = edgeMessage(trace, e.source, e.target);
    const x1 = s.x + NODE_WIDTH + pad,
      y1 = s.y + NODE_HEIGHT / 2 + pad,
      x2 = t.x + pad,
      y2 = t.y + NODE_HEIGHT / 2 + pad;
    // bent where the graph bends it, the label above the straight run into the target
    const bx = x1 + EDGE_BEND;
    const bounced = m?.bounced ?? false;
    parts.push(
      `<path d="M${x1},${y1} H${bx} V${y2} H${x2}" fill="none" stroke="${bounced ? '#ea580c' : '#64748b'}" stroke-width="${bounced ? 2.5 : 1.5}"${bounced ? ' stroke-dasharray="7 5"' : ''}/>`,
    );
    if (m) {
      const l = messageLabel(m);
      const lines = [l.value ?? '', ...wrapWords((bounced ? '↩ ' : '') + l.name, LABEL_CHARS)].filter((t) => t !== '');
      lines.forEach((t, i) => {
        const fill = i === 0 && l.value ? '#334155' : bounced ? '#c2410c' : '#475569';
        parts.push(
          `<text x="${(bx + x2) / 2}" y="${y2 - 3 - (lines.length - 1 - i) * 11}" font-size="10" text-anchor="middle" fill="${fill}">${esc(t)}</text>`,
        );
      });
    }
  }
  for (const n of layout.nodes) {
    const x = n.x + pad,
      y = n.y + pad;
    const tx = trace.txs.get(n.id);
    if (!tx) {
      const label =
        n.kind === 'more'
          ? `+${n.hidden} more`
          : n.id.startsWith(EXT_IN_PREFIX)
            ? 'external message'
            : n.id.startsWith(EXT_OUT_PREFIX)
              ? 'external out'
              : '';
      parts.push(
        `<rect x="${x}" y="${y}" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8" fill="#fff" stroke="#94a3b8" stroke-dasharray="4 3"/><text x="${x + 10}" y="${y + 36}" font-size="12" fill="#475569">${label}</text>`,
      );
      continue;
    }
    const v = verdictOf(tx);
    const look = SVG_LOOK[v.outcome];
    parts.push(
      `<rect x="${x}" y="${y}" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8" fill="${look.fill}" stroke="${look.stroke}" stroke-width="${look.width}"${v.outcome === 'skipped' ? ' stroke-dasharray="6 3"' : ''}/>`,
    );
    parts.push(
      `<text x="${x + 8}" y="${y + 18}" font-size="12" font-weight="600" fill="#0f172a">${esc(`${letters.get(tx.account) ?? '?'} · ${interfaces(tx.account) ?? 'account'}`)}</text>`,
    );
    parts.push(
      `<text x="${x + 8}" y="${y + 35}" font-size="10" font-family="monospace" fill="#334155">${esc(shortAddress(tx.account, 8))}</text>`,
    );
    parts.push(
      `<text x="${x + 8}" y="${y + 52}" font-size="10" fill="${look.text}">${esc(v.outcome === 'success' ? `✓ success · fees ${formatTon(tx.totalFees)}` : `${OUTCOME_MARK[v.outcome]} ${v.text}`)}</text>`,
    );
  }
  const w = layout.width + pad * 2,
    h = layout.height + pad * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="#f8fafc"/>${parts.join('')}</svg>`;
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rasterizes the SVG (capped so a 1000-node trace does not exceed the canvas limits). */
export async function svgToPng(svg: string): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the SVG could not be rendered'));
      img.src = url;
    });
    const scale = Math.min(2, 16000 / Math.max(img.width, img.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(img.width * scale);
    canvas.height = Math.ceil(img.height * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
