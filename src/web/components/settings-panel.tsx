import { useState } from 'react';
import { useSettings, type Theme } from '../lib/settings';
import { checkApiBase } from '../lib/api-base';
import type { AddressForm } from '../../ton/address-forms';

export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const s = useSettings();
  const [api, setApi] = useState(s.apiBase);
  const [apiError, setApiError] = useState<string | null>(null);
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="settings-title"
      className="absolute right-2 top-14 z-30 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-300 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="settings-title" className="mb-3 font-semibold">
        Settings
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkApiBase(api);
          if (!checked.ok)
            return setApiError(
              `Refused: ${checked.reason}. Enter an http(s):// URL, a path of this site starting with /, or leave empty for this site's own API.`,
            );
          setApiError(null);
          s.update({ apiBase: checked.base });
        }}
      >
        <label htmlFor="api-base" className="block text-sm font-medium">
          API base URL
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="api-base"
            value={api}
            onChange={(e) => setApi(e.target.value)}
            placeholder={s.siteApiBase || "this site's own API"}
            className="mono min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
            aria-describedby="api-base-help"
          />
          <button type="submit" className="rounded bg-teal-700 px-2 py-1 text-sm text-white">
            Save
          </button>
        </div>
        <p id="api-base-help" className="mt-1 text-xs text-muted">
          {apiError ??
            (s.effectiveApiBase !== (s.apiBase || s.siteApiBase)
              ? `This link reads from ${s.effectiveApiBase || 'this server'} (?api=) for as long as it stays in the address bar; save it here to keep it.`
              : "Any API speaking this contract, e.g. a TON Center deployment. Empty: this site's own API.")}
        </p>
      </form>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">Address format</legend>
        {(['raw', 'bounceable', 'non-bounceable'] as AddressForm[]).map((f) => (
          <label key={f} className="mr-3 inline-flex items-center gap-1 text-sm">
            <input
              type="radio"
              name="address-form"
              checked={s.addressForm === f}
              onChange={() => s.update({ addressForm: f })}
            />{' '}
            {f}
          </label>
        ))}
      </fieldset>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">Theme</legend>
        {(['system', 'light', 'dark'] as Theme[]).map((t) => (
          <label key={t} className="mr-3 inline-flex items-center gap-1 text-sm">
            <input type="radio" name="theme" checked={s.theme === t} onChange={() => s.update({ theme: t })} /> {t}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        onClick={onClose}
        className="mt-4 rounded border border-slate-300 px-3 py-1 text-sm dark:border-slate-700"
      >
        Close
      </button>
    </div>
  );
}
