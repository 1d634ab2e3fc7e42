/**
 * A `ConnectionTokenSource` held in memory: what a test, a tool or a one-off script gives the HTTP layer
 * when no store holds the connection. `replace` is compare-and-set on the refresh and access token, as the
 * store's must be; every status report is kept, in order.
 */
import type { ProviderError } from './provider-error.js';
import type { ConnectionTokenSource, ConnectionTokens } from './provider-http.js';

export class MemoryTokenSource implements ConnectionTokenSource {
  readonly reports: { status: 'working' | 'bad_credentials'; error?: ProviderError }[] = [];
  /** Every successful `replace`, oldest first. */
  readonly replaced: ConnectionTokens[] = [];

  constructor(private tokens: ConnectionTokens) {}

  async current(): Promise<ConnectionTokens> {
    return { ...this.tokens };
  }

  async replace(previous: ConnectionTokens, next: ConnectionTokens): Promise<boolean> {
    if (
      previous.refreshToken !== this.tokens.refreshToken ||
      previous.accessToken !== this.tokens.accessToken
    ) {
      return false;
    }
    this.tokens = { ...next };
    this.replaced.push({ ...next });
    return true;
  }

  async reportStatus(status: 'working' | 'bad_credentials', error?: ProviderError): Promise<void> {
    this.reports.push(error ? { status, error } : { status });
  }

  /** Sets the stored tokens, as a reconnect or another process's refresh does. */
  set(tokens: ConnectionTokens): void {
    this.tokens = { ...tokens };
  }
}
