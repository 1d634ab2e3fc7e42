/**
 * HubSpot's error answers, `{ status: "error", message, correlationId, category, errors?, context? }`, as
 * the service's `ProviderError` kinds: a validation error names the offending properties, a missing object
 * is `notFound`, a missing scope `forbidden`. (401, 429 and 5xx never get here: the HTTP layer classifies
 * them.)
 */
import { ProviderError, type ProviderErrorKind } from '../provider-error.js';
import type { ProviderResponse } from '../provider-http.js';

export interface HubSpotErrorBody {
  message?: unknown;
  category?: unknown;
  correlationId?: unknown;
  errors?: unknown;
  context?: unknown;
}

const kindOfCategory: Record<string, ProviderErrorKind> = {
  VALIDATION_ERROR: 'badRequest',
  CONFLICT: 'badRequest',
  OBJECT_NOT_FOUND: 'notFound',
  MISSING_SCOPES: 'forbidden',
  FORBIDDEN: 'forbidden',
};

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'badRequest';
}

/** The property names an error body points at: `errors[].in`, `errors[].context.propertyName`, `context.propertyName`. */
export function offendingProperties(body: HubSpotErrorBody): string[] {
  const names = new Set<string>();
  const addFrom = (context: unknown) => {
    const listed = (context as { propertyName?: unknown } | null)?.propertyName;
    if (Array.isArray(listed)) for (const name of listed) if (typeof name === 'string') names.add(name);
  };
  if (Array.isArray(body.errors)) {
    for (const error of body.errors as { in?: unknown; context?: unknown }[]) {
      if (typeof error?.in === 'string') names.add(error.in);
      addFrom(error?.context);
    }
  }
  addFrom(body.context);
  return [...names];
}

export function hubSpotError(response: ProviderResponse, action: string): ProviderError {
  const body = (
    typeof response.body === 'object' && response.body !== null ? response.body : {}
  ) as HubSpotErrorBody;
  const category = typeof body.category === 'string' ? body.category : undefined;
  const kind = (category && kindOfCategory[category]) || kindOfStatus(response.status);
  const fieldNames = kind === 'badRequest' ? offendingProperties(body) : [];
  const said = typeof body.message === 'string' ? body.message : `status ${response.status}`;
  const message =
    kind === 'forbidden'
      ? `HubSpot refused to ${action}: the connection lacks a permission or scope (${said}).`
      : `HubSpot refused to ${action}: ${said}`;
  return new ProviderError(kind, message, {
    provider: 'hubspot',
    status: response.status,
    ...(fieldNames.length > 0 && { fieldNames }),
  });
}
