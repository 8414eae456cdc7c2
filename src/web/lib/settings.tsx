import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AddressForm } from '../../ton/address-forms';
import { readStored, writeStored } from './local-storage';
import { checkApiBase, effectiveApiBase, normalizeApiBase } from './api-base';
import { siteApiBase } from './deployment';

export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  /** The API base the reader saved in the settings; '' means the site's own (see deployment.ts). */
  apiBase: string;
  addressForm: AddressForm;
  theme: Theme;
}

const KEYS = {
  apiBase: 'ledgerscope.apiBase',
  addressForm: 'ledgerscope.addressForm',
  theme: 'ledgerscope.theme',
} as const;
const FORMS: AddressForm[] = ['raw', 'bounceable', 'non-bounceable'];
const THEMES: Theme[] = ['system', 'light', 'dark'];

export function loadSettings(): Settings {
  const form = readStored(KEYS.addressForm) as AddressForm | null;
  const theme = readStored(KEYS.theme) as Theme | null;
  return {
    apiBase: normalizeApiBase(readStored(KEYS.apiBase) ?? '') ?? '',
    addressForm: form && FORMS.includes(form) ? form : 'bounceable',
    theme: theme && THEMES.includes(theme) ? theme : 'system',
  };
}

/** The API base in effect for a URL's `?api=`, read outside React (route loaders). */
export function apiBaseFor(apiOverride: string | undefined): string {
  return effectiveApiBase(apiOverride, loadSettings().apiBase, siteApiBase());
}

export function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' ||
    (theme === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

interface SettingsContextValue extends Settings {
  /** The base URL in effect: a `?api=` of the current URL, else the saved one, else the site's own. */
  effectiveApiBase: string;
  /** The deployment's own API (config.json, else the same origin). */
  siteApiBase: string;
  /** The link's `?api=` when it was refused (not an http(s) URL nor a path of this site), and why. */
  refusedApiOverride: { value: string; reason: string } | null;
  update: (patch: Partial<Settings>) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children, apiOverride }: { children: ReactNode; apiOverride?: string | undefined }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);

  const router = useRouter();
  const update = useCallback(
    (patch: Partial<Settings>) => {
      setSettings((prev) => {
        const next = { ...prev, ...patch };
        writeStored(KEYS.apiBase, next.apiBase || null);
        writeStored(KEYS.addressForm, next.addressForm);
        writeStored(KEYS.theme, next.theme);
        return next;
      });
      // the route loaders read the API base from the router's context: recompute it
      if (patch.apiBase !== undefined) void router.invalidate();
    },
    [router],
  );

  useEffect(() => {
    applyTheme(settings.theme);
    if (settings.theme !== 'system' || typeof matchMedia !== 'function') return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [settings.theme]);

  const value = useMemo(() => {
    const checked = apiOverride === undefined ? null : checkApiBase(apiOverride);
    return {
      ...settings,
      effectiveApiBase: effectiveApiBase(apiOverride, settings.apiBase, siteApiBase()),
      siteApiBase: siteApiBase(),
      refusedApiOverride: checked && !checked.ok ? { value: apiOverride!, reason: checked.reason } : null,
      update,
    };
  }, [settings, apiOverride, update]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
