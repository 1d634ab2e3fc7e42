/**
 * The consent page an emulator's authorize endpoint shows: which app asks, for which provider account, for
 * which scopes, with Allow and Deny. `hono/html` escapes every interpolated value; the form posts the
 * authorization request back unchanged with the decision. It looks enough like a provider's own page for a
 * person clicking through a demo to know where they are, and says plainly that it is a local emulator.
 */
import { html } from 'hono/html';

export interface ConsentPageInput {
  provider: string;
  appName: string;
  /** The account the user is signed in to, as the provider names it. */
  account: string;
  scopes: readonly string[];
  /** Where the decision is posted. */
  action: string;
  /** The authorization request's parameters, posted back with the decision. */
  request: Record<string, string>;
}

/** Each provider's brand colour, so the page reads as that provider's; others get a neutral one. */
const accents: Record<string, string> = { HubSpot: '#c93c14', Salesforce: '#0b5cab' };

const style = (accent: string) => `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f3f5f8; color: #1d2733; line-height: 1.5; }
  header { background: ${accent}; color: #fff; padding: .75rem 1.25rem; font-weight: 700; font-size: 1.1rem; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; border-radius: 10px; padding: 1.5rem;
    box-shadow: 0 1px 8px rgb(20 30 50 / 14%); }
  h1 { font-size: 1.3rem; line-height: 1.3; margin: 0 0 1rem; }
  .account { border: 1px solid #cfd7e1; border-radius: 8px; padding: .6rem .9rem; margin: 0 0 1rem; }
  .account span { display: block; color: #4d5b6b; font-size: .85rem; }
  h2 { font-size: 1rem; margin: 0 0 .4rem; }
  ul { margin: 0 0 1rem; padding-left: 1.25rem; }
  code { font-size: .9rem; overflow-wrap: anywhere; }
  .note { font-size: .85rem; color: #4d5b6b; margin: 0 0 1.25rem; }
  .actions { display: flex; justify-content: flex-end; gap: .75rem; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; border-radius: 6px; padding: .6rem 1.4rem; cursor: pointer;
    min-height: 2.75rem; }
  button:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
  .deny { background: #fff; color: #1d2733; border: 1px solid #7a8797; }
  .allow { background: ${accent}; color: #fff; border: 1px solid ${accent}; }
  @media (max-width: 32rem) { main { margin: 0; border-radius: 0; box-shadow: none; }
    .actions button { flex: 1; } }
`;

export const consentPage = (input: ConsentPageInput) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect ${input.appName} to ${input.provider}</title>
<style>${style(accents[input.provider] ?? '#2f3d4c')}</style>
</head>
<body>
<header>${input.provider}</header>
<main>
<h1>${input.appName} wants to access your ${input.provider} account</h1>
<p class="account"><span>Signed in as</span><strong>${input.account}</strong></p>
<h2 id="scopes">It asks for</h2>
<ul aria-labelledby="scopes">${input.scopes.map((scope) => html`<li><code>${scope}</code></li>`)}</ul>
<p class="note">This is a local ${input.provider} emulator for development: no real ${input.provider} account is involved.</p>
<form method="post" action="${input.action}">
${Object.entries(input.request).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<div class="actions">
<button class="deny" type="submit" name="decision" value="deny">Deny</button>
<button class="allow" type="submit" name="decision" value="allow">Allow</button>
</div>
</form>
</main>
</body>
</html>`;
