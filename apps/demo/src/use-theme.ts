import { useLayoutEffect, useState } from 'react';

export type Theme = 'light' | 'dark';

const storageKey = 'northwind-theme';

function initialTheme(): Theme {
  const stored = window.localStorage.getItem(storageKey);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The host's theme: set on `<html data-theme>` for Northwind's own palette and passed to SpliceProvider
 * so the Splice components switch with it. Remembered across visits.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  // Before paint, so the page never flashes the other palette.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    window.localStorage.setItem(storageKey, theme);
  }, [theme]);
  return [theme, setTheme];
}
