import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AddressBook } from '../../../api/model';
import { describeExitCode } from '../../../ton/exit-codes';
import { useApi } from '../../lib/router-context';
import { Button } from '../../components/page';
import { CopyButton } from '../../components/copy-button';
import { AddressLink } from '../../components/entity-links';
import { ErrorState, Loading } from '../../components/states';
import { knownMethod, knownMethods, methodError, parseArgs, type MethodSpec, type ShownEntry } from './get-methods';
import { runGetMethodQuery } from './queries';

const INPUT =
  'mono w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
const ERROR = 'mt-0.5 text-xs text-red-700 dark:text-red-300';
const KIND_HINT = { int: 'number, decimal or 0x hex', address: 'address, any form', cell: 'cell, base64 BOC' } as const;

/**
 * The account's get methods: the ones its interfaces are known to have, or any name typed, run on
 * its current state through the API's v2 runGetMethod. The call lives in the page's URL (`method`,
 * `args`): running one puts it there, so the link reproduces it.
 */
export function MethodsPanel({
  address,
  interfaces,
  book,
  method,
  args,
  onRun,
}: {
  /** The account, raw form. */
  address: string;
  interfaces: readonly string[] | null | undefined;
  book: AddressBook;
  /** The call in the URL, if any. */
  method: string | undefined;
  args: readonly string[] | undefined;
  onRun: (method: string, args: string[]) => void;
}) {
  const id = useId();
  const known = knownMethods(interfaces);
  const [name, setName] = useState(method ?? '');
  const [values, setValues] = useState<string[]>(() => [...(args ?? [])]);
  const [errors, setErrors] = useState<{ method: string | null; args: (string | null)[] }>({ method: null, args: [] });
  const spec = knownMethod(name.trim());
  const shownArgs = spec ? spec.args.map((_, i) => values[i] ?? '') : values;
  const api = useApi();
  const call = method && !methodError(method) ? { method, args: [...(args ?? [])] } : null;
  const result = useQuery({
    ...runGetMethodQuery(api, address, call?.method ?? '', call?.args ?? []),
    enabled: !!call,
  });

  const run = (m: string, a: string[]) => {
    const methodProblem = methodError(m);
    const parsed = parseArgs(a, knownMethod(m));
    setErrors({ method: methodProblem, args: parsed.ok ? [] : parsed.errors });
    if (methodProblem || !parsed.ok) return;
    if (call && call.method === m && call.args.join('\n') === a.join('\n')) void result.refetch();
    else onRun(m, a);
  };
  const choose = (m: MethodSpec) => {
    setName(m.name);
    setValues(m.args.map(() => ''));
    setErrors({ method: null, args: [] });
    if (m.args.length === 0) run(m.name, []);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(name.trim(), shownArgs);
  };

  return (
    <div className="space-y-3" data-testid="methods-panel">
      <p className="text-sm text-muted">
        Runs a get method on the contract’s current state (TON Center’s v2 runGetMethod). Arguments: numbers in decimal
        or 0x hex, addresses in any form, cells as base64 BOC.
      </p>
      {known.length > 0 && (
        <div role="group" aria-label="Known get methods" className="flex flex-wrap gap-1">
          {known.map((m) => (
            <Button key={m.name} className="mono" onClick={() => choose(m)} aria-pressed={call?.method === m.name}>
              {m.name}
              {m.args.length > 0 ? `(${m.args.map((a) => a.name).join(', ')})` : ''}
            </Button>
          ))}
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-2" aria-label="Run a get method">
        <div>
          <label htmlFor={`${id}-method`} className="block text-sm font-medium">
            Method
          </label>
          <input
            id={`${id}-method`}
            className={INPUT}
            value={name}
            list={`${id}-known`}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.method ? true : undefined}
            aria-describedby={errors.method ? `${id}-method-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            data-testid="method-name"
          />
          <datalist id={`${id}-known`}>
            {known.map((m) => (
              <option key={m.name} value={m.name} />
            ))}
          </datalist>
          {errors.method && (
            <p id={`${id}-method-error`} className={ERROR}>
              {errors.method}
            </p>
          )}
        </div>
        {shownArgs.map((v, i) => {
          const a = spec?.args[i];
          const err = errors.args[i];
          return (
            <div key={i}>
              <label htmlFor={`${id}-arg-${i}`} className="block text-sm font-medium">
                {a ? `${a.name} (${KIND_HINT[a.kind]})` : `Argument ${i + 1}`}
              </label>
              <div className="flex gap-1">
                <input
                  id={`${id}-arg-${i}`}
                  className={INPUT}
                  value={v}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-arg-${i}-error` : undefined}
                  onChange={(e) => setValues(shownArgs.map((x, j) => (j === i ? e.target.value : x)))}
                  data-testid={`method-arg-${i}`}
                />
                {!spec && (
                  <Button
                    aria-label={`Remove argument ${i + 1}`}
                    onClick={() => setValues(shownArgs.filter((_, j) => j !== i))}
                  >
                    ✕
                  </Button>
                )}
              </div>
              {err && (
                <p id={`${id}-arg-${i}-error`} className={ERROR}>
                  {err}
                </p>
              )}
            </div>
          );
        })}
        <div className="flex gap-2">
          {!spec && (
            <Button onClick={() => setValues([...shownArgs, ''])} disabled={shownArgs.length >= 16}>
              Add argument
            </Button>
          )}
          <Button
            type="submit"
            className="border-teal-700 bg-teal-700 font-medium text-white dark:border-teal-700 dark:bg-teal-700"
            data-testid="method-run"
          >
            Run
          </Button>
        </div>
      </form>
      {call && (
        <section
          aria-labelledby={`${id}-result`}
          className="rounded border border-slate-200 p-2 dark:border-slate-700"
          data-testid="method-result"
        >
          <h3 id={`${id}-result`} className="mono mb-1 text-sm font-semibold break-all">
            Result of {call.method}({call.args.join(', ')})
          </h3>
          {result.isPending ? (
            <Loading label={`Running ${call.method}`} />
          ) : result.isError ? (
            <ErrorState error={result.error} onRetry={() => void result.refetch()} />
          ) : (
            <RunResult {...result.data} spec={knownMethod(call.method)} book={book} />
          )}
        </section>
      )}
    </div>
  );
}

function RunResult({
  exitCode,
  gasUsed,
  stack,
  spec,
  book,
}: {
  exitCode: number;
  gasUsed: number;
  stack: ShownEntry[];
  spec: MethodSpec | undefined;
  book: AddressBook;
}) {
  const meaning = describeExitCode(exitCode);
  const ok = exitCode === 0 || exitCode === 1;
  return (
    <div className="space-y-2 text-sm">
      <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-2 gap-y-1">
        <dt className="text-muted">Exit code</dt>
        <dd data-testid="method-exit-code" data-code={exitCode}>
          <span className={ok ? '' : 'font-medium text-red-700 dark:text-red-300'}>{exitCode}</span>{' '}
          <span title={meaning.description}>({meaning.name})</span>
          {!ok && <span className="block text-muted">{meaning.description}</span>}
        </dd>
        <dt className="text-muted">Gas used</dt>
        <dd className="mono" data-testid="method-gas">
          {gasUsed}
        </dd>
      </dl>
      {stack.length === 0 ? (
        <p className="text-muted">The stack is empty.</p>
      ) : (
        <ol className="space-y-1" aria-label="Result stack">
          {stack.map((e, i) => (
            <li key={i} className="grid grid-cols-[minmax(6rem,12rem)_minmax(0,1fr)] gap-x-2" data-testid="stack-entry">
              <span className="mono text-muted break-all">
                {i}: {spec?.returns?.[i] ?? e.type}
              </span>
              <Entry entry={e} book={book} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Entry({ entry: e, book }: { entry: ShownEntry; book: AddressBook }) {
  switch (e.type) {
    case 'num':
      return (
        <span className="mono break-all" data-testid="stack-num" data-value={e.decimal}>
          {e.decimal} <span className="text-muted">({e.hex})</span>
        </span>
      );
    case 'cell':
    case 'slice':
    case 'builder':
      if (e.address && e.address !== 'none')
        return (
          <span data-testid="stack-address" data-raw={e.address.raw}>
            <AddressLink raw={e.address.raw} book={book} full /> <span className="text-muted">({e.type})</span>
          </span>
        );
      if (e.address === 'none') return <span className="mono">addr_none ({e.type}: no address)</span>;
      return (
        <span className="flex min-w-0 items-start gap-1">
          {/* focusable: a long BOC scrolls, and a keyboard reader must reach it */}
          <code
            tabIndex={0}
            className="mono block max-h-16 min-w-0 overflow-auto text-xs break-all"
            data-testid="stack-boc"
          >
            <span className="text-muted">{e.type} </span>
            {e.boc}
          </code>
          <CopyButton text={e.boc} label={`${e.type} BOC`} />
        </span>
      );
    case 'null':
      return <span className="mono text-muted">null</span>;
    case 'tuple':
    case 'list':
      return (
        <div>
          <span className="mono text-muted">
            {e.type} of {e.items.length}
          </span>
          {e.items.length > 0 && (
            <ol className="ml-3 space-y-1 border-l border-slate-200 pl-2 dark:border-slate-700">
              {e.items.map((x, i) => (
                <li key={i} className="flex gap-2">
                  <span className="mono text-muted">{i}:</span>
                  <Entry entry={x} book={book} />
                </li>
              ))}
            </ol>
          )}
        </div>
      );
    default:
      return <code className="mono text-xs break-all">{e.raw}</code>;
  }
}
