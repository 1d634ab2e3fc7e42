import { escapeHtml } from './html.js';

export interface ConsentPageInput {
  nonce: string;
  /** The app that asks: the project's name, as a provider shows its registered OAuth client. */
  appName: string;
  /** The provider account the user is signed in with. */
  account: string;
  workspace: string;
  /** Human sentences, one per permission asked for. */
  permissions: string[];
  /** Hidden fields the decision form posts back (the authorization request, unchanged). */
  request: Record<string, string>;
}

const style = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #eef2f7; color: #1b2430; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
    box-shadow: 0 2px 12px rgb(20 30 50 / 12%); }
  .brand { display: flex; align-items: center; gap: .5rem; font-weight: 700; color: #0b5cad; margin: 0 0 1.5rem; }
  .logo { display: inline-grid; place-items: center; width: 2rem; height: 2rem; border-radius: 8px;
    background: #0b5cad; color: #fff; font-size: .9rem; }
  h1 { font-size: 1.35rem; line-height: 1.3; margin: 0 0 1rem; }
  .account { display: flex; flex-direction: column; border: 1px solid #ccd5e0; border-radius: 8px;
    padding: .75rem 1rem; margin: 0 0 1.25rem; }
  .account span { color: #4a5868; font-size: .9rem; }
  h2 { font-size: 1rem; margin: 0 0 .5rem; }
  ul { margin: 0 0 1.25rem; padding-left: 1.25rem; }
  li { margin: .25rem 0; }
  .note { font-size: .85rem; color: #4a5868; margin: 0 0 1.5rem; }
  .actions { display: flex; justify-content: flex-end; gap: .75rem; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: .6rem 1.25rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
  .deny { background: #fff; color: #1b2430; border: 1px solid #7a8797; }
  .allow { background: #0b5cad; color: #fff; border: 1px solid #0b5cad; }
`;

/** The sandbox provider's consent screen: who asks, for which account, for what; Allow or Deny. */
export function consentPage(input: ConsentPageInput): string {
  const app = escapeHtml(input.appName);
  const hidden = Object.entries(input.request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const permissions = input.permissions.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Allow ${app} to access your Sandbox CRM account?</title>
<style nonce="${input.nonce}">${style}</style>
</head>
<body>
<main>
<p class="brand"><span class="logo" aria-hidden="true">SC</span>Sandbox CRM</p>
<h1><strong>${app}</strong> wants to access your Sandbox CRM account</h1>
<p class="account">Signed in as <strong>${escapeHtml(input.account)}</strong><span>Workspace: ${escapeHtml(input.workspace)}</span></p>
<h2 id="permissions">This will allow ${app} to:</h2>
<ul aria-labelledby="permissions">${permissions}</ul>
<p class="note">You can remove this access at any time in your Sandbox CRM settings. ${app} will not see your password.</p>
<form method="post" action="/sandbox-provider/oauth/authorize">${hidden}
<div class="actions">
<button class="deny" type="submit" name="decision" value="deny">Deny</button>
<button class="allow" type="submit" name="decision" value="allow">Allow</button>
</div>
</form>
</main>
</body>
</html>`;
}

/** A page that ends a flow with no redirect target: what happened, in plain words. */
export function messagePage(nonce: string, title: string, detail: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>
<main>
<p class="brand"><span class="logo" aria-hidden="true">SC</span>Sandbox CRM</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
</main>
</body>
</html>`;
}
