import { Link } from '@tanstack/react-router';
import type { SandboxTests } from '../../../api/sandbox-wire';
import { formatAge } from '../../lib/format';

/** The file's name without its folders (the whole path in the tooltip). */
const fileName = (path: string | null) => (path ? (path.split(/[\\/]/).pop() ?? path) : 'tests without a file');

/** Files, then their tests, newest first; the selected test marked. */
export function TestTree({ files, selected }: { files: SandboxTests['files']; selected: string | null }) {
  return (
    <nav aria-label="Test files" className="space-y-3 text-sm">
      {files.map((f) => (
        <section key={f.path ?? ''} aria-label={`File ${fileName(f.path)}`}>
          <h2 className="mono truncate font-semibold" title={f.path ?? undefined} data-testid="test-file">
            {fileName(f.path)}
          </h2>
          <ul className="mt-1 space-y-0.5">
            {f.tests.map((t) => (
              <li key={t.key}>
                <Link
                  to="/tests"
                  search={{ test: t.key }}
                  aria-current={t.key === selected ? 'true' : undefined}
                  className={`block rounded px-1 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800 ${t.key === selected ? 'bg-teal-50 font-semibold dark:bg-teal-950' : ''}`}
                  data-testid="test-link"
                >
                  <span className="block truncate">{t.name ?? t.key}</span>
                  <span className="text-xs text-muted">
                    {t.runs} run{t.runs === 1 ? '' : 's'} · {formatAge(t.last_received_at)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
