import { escapeHtml } from './html.js';

const style = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; border: 1px solid #8a96a3; border-radius: 12px; }
  h1 { font-size: 1.35rem; line-height: 1.3; margin: 0 0 1rem; }
  p { line-height: 1.5; margin: 0; }
`;

/**
 * The service's page at the end of a connect flow that has no page of the app to return to: what
 * happened, in plain words. The provider's own pages came before it; this one speaks for the service.
 */
/**
 * What a connect popup tells the window that opened it, in the shape the hosted service's own clients
 * (Ampersand's React library) listen for: the connection's id on success, the reason on failure.
 */
export type OpenerMessage =
  | { eventType: 'AUTHORIZATION_SUCCEEDED'; data: { connection: string } }
  | { eventType: 'AUTHORIZATION_FAILED'; data: { error: string }; message: string };

/**
 * A script that posts `message` to the opener once per allowed origin: `postMessage` delivers only where
 * the opener's origin is the one named, so no other site that opened the popup learns the connection.
 */
function openerScript(nonce: string, message: OpenerMessage, origins: readonly string[]): string {
  // `<` escaped so that no value can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script nonce="${nonce}">
(function () {
  var opener = window.opener;
  if (!opener) return;
  var message = ${json(message)};
  ${json(origins)}.forEach(function (origin) { opener.postMessage(message, origin); });
})();
</script>`;
}

export function messagePage(
  nonce: string,
  title: string,
  detail: string,
  opener?: { message: OpenerMessage; origins: readonly string[] },
): string {
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
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
</main>
${opener && opener.origins.length > 0 ? openerScript(nonce, opener.message, opener.origins) : ''}
</body>
</html>`;
}
