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
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
</main>
</body>
</html>`;
}
