import { useState } from 'react';

/** The languages the Splice components have a catalogue for, each named in its own language. */
export const demoLocales = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
  { value: 'es', label: 'Español' },
] as const;

export type DemoLocale = (typeof demoLocales)[number]['value'];

const storageKey = 'northwind-locale';

export function isDemoLocale(value: string | null): value is DemoLocale {
  return demoLocales.some((locale) => locale.value === value);
}

function initialLocale(): DemoLocale {
  const stored = window.localStorage.getItem(storageKey);
  return isDemoLocale(stored) ? stored : 'en';
}

/**
 * The language of the Splice components, passed to SpliceProvider's `locale` (Northwind's own chrome
 * stays English). Remembered across visits, as the theme is.
 */
export function useLocale(): [DemoLocale, (locale: DemoLocale) => void] {
  const [locale, setLocale] = useState<DemoLocale>(initialLocale);
  const change = (next: DemoLocale) => {
    window.localStorage.setItem(storageKey, next);
    setLocale(next);
  };
  return [locale, change];
}
