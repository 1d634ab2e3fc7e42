import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { RoutePath } from '../routes.js';
import { hrefOf, routes } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';
import type { DemoLocale } from '../use-locale.js';
import type { Theme } from '../use-theme.js';
import { Brand } from './brand.js';
import { LanguageSelect } from './language-select.js';
import { ThemeSwitch } from './theme-switch.js';

interface AppShellProps {
  route: RoutePath;
  /** Focus the page's h1 on the first render too (after signing in, where the focused form went away). */
  focusPageOnMount?: boolean;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  locale: DemoLocale;
  onLocaleChange: (locale: DemoLocale) => void;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}

/** Header with who is signed in (and so which customer group Splice acts for), navigation and footer. */
export function AppShell({
  route,
  focusPageOnMount,
  theme,
  onThemeChange,
  locale,
  onLocaleChange,
  onSignOut,
  children,
}: AppShellProps) {
  const user = useSignedInUser();
  const [signOutFailed, setSignOutFailed] = useState(false);
  useFocusOnNavigation(route, focusPageOnMount ?? false);
  return (
    <div className="nw-app">
      {/* A button, not a link: `#main` would be read as a page route by the hash router. */}
      <button type="button" className="nw-skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header className="nw-header">
        <a className="nw-header__home" href={hrefOf('/installation')}>
          <Brand />
        </a>
        <div className="nw-header__tools">
          <p className="nw-identity">
            <span className="nw-identity__name">{user.name}</span>
            <span className="nw-identity__scope">
              {user.company} · group <code>{user.groupRef}</code>
            </span>
          </p>
          <LanguageSelect locale={locale} onLocaleChange={onLocaleChange} />
          <ThemeSwitch theme={theme} onThemeChange={onThemeChange} />
          <button
            type="button"
            className="nw-button nw-button--quiet"
            onClick={() => onSignOut().catch(() => setSignOutFailed(true))}
          >
            Sign out
          </button>
        </div>
      </header>
      {signOutFailed && (
        <p className="nw-banner nw-banner--error" role="alert">
          Signing out did not work. Check your connection and try again.
        </p>
      )}
      <nav className="nw-nav" aria-label="Main">
        <ul>
          {routes.map((item) => (
            <li key={item.path}>
              <a href={hrefOf(item.path)} aria-current={item.path === route ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="nw-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="nw-footer">
        <p>
          Northwind Pipeline is a demo of Splice. The CRMs are HubSpot and Salesforce emulators: every record
          is made up.
        </p>
      </footer>
    </div>
  );
}

/**
 * After a page change (not on the first load, unless `onMount`: signing in removed the focused form)
 * focus moves to the new page's h1, so keyboard and
 * screen-reader users start on the new page rather than on the link they left. Comparing with the last
 * route, rather than counting renders, keeps StrictMode's double effects from stealing focus on load.
 */
function useFocusOnNavigation(route: RoutePath, onMount: boolean) {
  const last = useRef<RoutePath | null>(onMount ? null : route);
  useEffect(() => {
    if (last.current === route) return;
    last.current = route;
    document.querySelector<HTMLElement>('#main h1')?.focus();
  }, [route]);
}
