import { timingSafeEqual } from 'node:crypto';
import { problemError } from '@splice/server-kit';
import type { MiddlewareHandler } from 'hono';

export interface Credentials {
  apiKey: string;
  authToken: string;
}

/** docs/service-interface.md#authentication: which credential each operation accepts. */
export type CredentialScheme = 'apiKey' | 'bearer' | 'apiKeyOrBearer';

function same(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

const expectedBy: Record<CredentialScheme, string> = {
  apiKey: 'an API key in the "x-api-key" header',
  bearer: 'an auth token in the "Authorization: Bearer <token>" header',
  apiKeyOrBearer: 'an API key in the "x-api-key" header or an "Authorization: Bearer <token>" header',
};

/** 401 problem when the credential the operation needs is missing or wrong. */
export function requireCredentials(credentials: Credentials, scheme: CredentialScheme): MiddlewareHandler {
  return async (c, next) => {
    const apiKeyOk = scheme !== 'bearer' && same(c.req.header('x-api-key'), credentials.apiKey);
    const bearerOk =
      scheme !== 'apiKey' && same(bearerToken(c.req.header('authorization')), credentials.authToken);
    if (!apiKeyOk && !bearerOk) {
      const sent = c.req.header('x-api-key') !== undefined || c.req.header('authorization') !== undefined;
      c.header('WWW-Authenticate', scheme === 'apiKey' ? 'ApiKey header="x-api-key"' : 'Bearer');
      throw problemError(401, 'unauthorized', {
        detail: `${sent ? 'The credential sent is not valid' : 'No credential was sent'}: this operation needs ${expectedBy[scheme]}.`,
      });
    }
    await next();
  };
}
