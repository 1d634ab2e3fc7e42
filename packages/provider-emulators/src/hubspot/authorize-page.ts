/**
 * The consent page `/oauth/authorize` shows: which app asks, for which account, for which scopes, with
 * Allow and Deny. `hono/html` escapes every interpolated value; the form posts the request back unchanged.
 */
import { html } from 'hono/html';

export interface AuthorizePageInput {
  appName: string;
  hubDomain: string;
  hubId: number;
  scopes: readonly string[];
  /** The authorization request's parameters, posted back with the decision. */
  request: Record<string, string>;
}

export const authorizePage = (input: AuthorizePageInput) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Connect ${input.appName} to HubSpot</title>
</head>
<body>
<main>
<h1>${input.appName} wants to access your HubSpot account</h1>
<p>Account: <strong>${input.hubDomain}</strong> (${String(input.hubId)})</p>
<h2 id="scopes">Requested scopes</h2>
<ul aria-labelledby="scopes">${input.scopes.map((scope) => html`<li>${scope}</li>`)}</ul>
<form method="post" action="/oauth/authorize">
${Object.entries(input.request).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</form>
</main>
</body>
</html>`;
