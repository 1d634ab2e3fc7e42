import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Brand } from '../components/brand.js';
import { ThemeSwitch } from '../components/theme-switch.js';
import { demoUsers } from '../demo-users.js';
import type { SignedInUser } from '../session-api.js';
import { signIn } from '../session-api.js';
import type { Theme } from '../use-theme.js';

interface SignInPageProps {
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  onSignedIn: (user: SignedInUser | null) => void;
}

/** Stands in for a real login: choose a demo user, and with them the company Splice acts for. */
export function SignInPage({ theme, onThemeChange, onSignedIn }: SignInPageProps) {
  const [chosen, setChosen] = useState<string>(demoUsers[0]?.id ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Sign in · Northwind Pipeline';
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onSignedIn(await signIn(chosen));
    } catch {
      setError('Signing in did not work. Check that the demo is still running and try again.');
      setPending(false);
    }
  };

  return (
    <div className="nw-app nw-app--signed-out">
      <header className="nw-header">
        <Brand />
        <div className="nw-header__tools">
          <ThemeSwitch theme={theme} onThemeChange={onThemeChange} />
        </div>
      </header>
      <main id="main" className="nw-main nw-sign-in">
        <div className="nw-card nw-sign-in__card">
          <h1>Sign in to Northwind Pipeline</h1>
          <p>
            Northwind keeps every sales team's pipeline in sync with their CRM. Pick a demo user: each works
            for a different customer company, and Splice only ever acts for the company of whoever is signed
            in.
          </p>
          <form onSubmit={onSubmit} aria-busy={pending}>
            <fieldset className="nw-user-choice">
              <legend>Who are you?</legend>
              {demoUsers.map((user) => (
                <label key={user.id} className="nw-user-choice__option">
                  <input
                    type="radio"
                    name="user"
                    value={user.id}
                    checked={chosen === user.id}
                    onChange={() => setChosen(user.id)}
                  />
                  <span className="nw-user-choice__text">
                    <span className="nw-user-choice__name">
                      {user.name} <span className="nw-user-choice__id">{user.id}</span>
                    </span>
                    <span className="nw-user-choice__scope">
                      {user.company} · group <code>{user.groupRef}</code> ·{' '}
                      {user.crm ? `${user.crm} connected` : 'no CRM connection yet'}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <button type="submit" className="nw-button" aria-disabled={pending || undefined}>
              {pending ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
          <div role="alert" className="nw-form-error">
            {error}
          </div>
        </div>
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
