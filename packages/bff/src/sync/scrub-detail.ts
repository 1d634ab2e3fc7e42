/**
 * The service's words about a failure, made safe for a browser: a delivery error can name the
 * destination's URL, host, port or an address, which the browser must never learn (the receiver is the
 * builder's, not the user's). Those are replaced, and the text is cut short.
 */
export function scrubDetail(text: string | null | undefined, maxLength = 300): string | undefined {
  if (!text) return undefined;
  const scrubbed = text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, 'the receiver')
    .replace(/\[[0-9a-f:]+\](:\d+)?/gi, 'the receiver')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, 'the receiver')
    .replace(/\b(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,})(:\d+)\b/gi, 'the receiver')
    .replace(/\bwhsec_\S+/g, '[secret]')
    .trim();
  return scrubbed.length > maxLength ? `${scrubbed.slice(0, maxLength - 1)}…` : scrubbed;
}
