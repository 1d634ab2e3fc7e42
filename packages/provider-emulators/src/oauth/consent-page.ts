/**
 * The consent page an emulator's authorize endpoint shows: which app asks, for which provider account, for
 * which scopes, with Allow and Deny. `hono/html` escapes every interpolated value; the form posts the
 * authorization request back unchanged with the decision.
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

export const consentPage = (input: ConsentPageInput) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Connect ${input.appName} to ${input.provider}</title>
</head>
<body>
<main>
<h1>${input.appName} wants to access your ${input.provider} account</h1>
<p>Account: <strong>${input.account}</strong></p>
<h2 id="scopes">Requested scopes</h2>
<ul aria-labelledby="scopes">${input.scopes.map((scope) => html`<li>${scope}</li>`)}</ul>
<form method="post" action="${input.action}">
${Object.entries(input.request).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</form>
</main>
</body>
</html>`;
