import { clearWizardDrafts, SpliceProvider } from '@splice/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { AppShell } from './components/app-shell.js';
import { InstallPage } from './pages/install-page.js';
import { InstallationPage } from './pages/installation-page.js';
import { IntegrationsPage } from './pages/integrations-page.js';
import { RecordsPage } from './pages/records-page.js';
import { SearchPage } from './pages/search-page.js';
import { SignInPage } from './pages/sign-in-page.js';
import { TeamPage } from './pages/team-page.js';
import type { RoutePath } from './routes.js';
import { routeFromHash } from './routes.js';
import type { SignedInUser } from './session-api.js';
import { fetchSession, signOut } from './session-api.js';
import { SignedInUserContext } from './signed-in-user.js';
import { confirmLeave } from './unsaved-changes.js';
import { clearHashRoute, useHashRoute } from './use-hash-route.js';
import { useLocale } from './use-locale.js';
import { useTheme } from './use-theme.js';

type SessionState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: SignedInUser | null };

const pages: Record<RoutePath, () => JSX.Element> = {
  '/integrations': IntegrationsPage,
  '/install': InstallPage,
  '/installation': InstallationPage,
  '/records': RecordsPage,
  '/search': SearchPage,
  '/team': TeamPage,
};

const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });

export function App() {
  const [theme, setTheme] = useTheme();
  const [locale, setLocale] = useLocale();
  const route = useHashRoute();
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  // One QueryClient per signed-in user: the next user must never see the previous one's cached answers.
  const [queryClient, setQueryClient] = useState(newQueryClient);
  // Signed in through the form just now: the form is gone, so the first page takes the focus.
  const [justSignedIn, setJustSignedIn] = useState(false);

  useEffect(() => {
    fetchSession().then(
      (user) => setSession({ status: 'ready', user }),
      (error: Error) => setSession({ status: 'error', message: error.message }),
    );
  }, []);

  useLeaveGuard(route);

  const changeUser = (user: SignedInUser | null) => {
    setQueryClient(newQueryClient());
    setSession({ status: 'ready', user });
  };

  if (session.status === 'loading') {
    return (
      <p className="nw-boot" role="status">
        Loading Northwind Pipeline…
      </p>
    );
  }
  if (session.status === 'error') {
    return (
      <p className="nw-boot" role="alert">
        Northwind Pipeline could not start ({session.message}). Reload the page to try again.
      </p>
    );
  }
  if (!session.user) {
    return (
      <SignInPage
        theme={theme}
        onThemeChange={setTheme}
        onSignedIn={(user) => {
          setJustSignedIn(true);
          changeUser(user);
        }}
      />
    );
  }

  const Page = pages[route];
  return (
    <SignedInUserContext.Provider value={session.user}>
      {/* The app's own queries (Imported records) need the client too: in dev, Vite can load the linked
          @splice/react with its own copy of react-query, whose provider this app's hooks would not see. */}
      <QueryClientProvider client={queryClient}>
        <SpliceProvider baseUrl="/api" queryClient={queryClient} theme={theme} locale={locale}>
          <AppShell
            route={route}
            focusPageOnMount={justSignedIn}
            theme={theme}
            onThemeChange={setTheme}
            locale={locale}
            onLocaleChange={setLocale}
            onSignOut={async () => {
              if (!confirmLeave()) return;
              await signOut();
              // Nothing the user chose stays in the tab for whoever signs in next.
              clearWizardDrafts();
              clearHashRoute();
              changeUser(null);
            }}
          >
            <Page key={route} />
          </AppShell>
        </SpliceProvider>
      </QueryClientProvider>
    </SignedInUserContext.Provider>
  );
}

/**
 * The app's own links to another page ask first while a page holds unsaved changes (the wizard's).
 * One listener for every link (navigation, banners, the header): a link added later is covered too.
 */
function useLeaveGuard(route: RoutePath) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
      if (!link || routeFromHash(link.getAttribute('href') ?? '') === route) return;
      if (!confirmLeave()) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [route]);
}
