/**
 * The destinations the demo manifest's read objects deliver to. Northwind receives all of them at one
 * endpoint, as a builder with one receiver would.
 */
export const demoDestinations = ['contactsWebhook', 'companiesWebhook', 'dealsWebhook'] as const;

export interface RegisterOptions {
  /** The service's `{base_url}`. */
  baseUrl: string;
  apiKey: string;
  project: string;
  /** Where Northwind receives messages. */
  receiverUrl: string;
  /** Default: the read objects' destinations (`demoDestinations`). */
  names?: readonly string[];
}

export async function call(options: RegisterOptions, method: string, path: string, body?: unknown) {
  const response = await fetch(`${options.baseUrl}/projects/${encodeURIComponent(options.project)}${path}`, {
    method,
    headers: { 'x-api-key': options.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function secretOf(answer: { json: Record<string, unknown> }, name: string): string {
  const secret = (answer.json.secrets as { signingSecret?: unknown } | undefined)?.signingSecret;
  if (typeof secret !== 'string') throw new Error(`The service gave no signing secret for ${name}.`);
  return secret;
}

/**
 * Points each demo destination at Northwind's receiver, through the service's destinations API with the
 * API key, exactly as a builder's deployment script would: created when missing, otherwise its URL
 * updated (the demo's port changes between starts) and its secret rotated, since a secret is shown only
 * when created or rotated. Answers the signing secrets the receiver must accept.
 */
export async function registerDestinations(options: RegisterOptions): Promise<string[]> {
  const secrets: string[] = [];
  for (const name of options.names ?? demoDestinations) {
    const path = `/destinations/${encodeURIComponent(name)}`;
    const existing = await call(options, 'GET', path);
    if (existing.status === 404) {
      const created = await call(options, 'POST', '/destinations', {
        name,
        type: 'webhook',
        metadata: { url: options.receiverUrl },
      });
      if (created.status !== 201) throw new Error(`Creating destination ${name} answered ${created.status}.`);
      secrets.push(secretOf(created, name));
      continue;
    }
    if (existing.status !== 200) throw new Error(`Reading destination ${name} answered ${existing.status}.`);
    const updated = await call(options, 'PATCH', path, {
      updateMask: ['metadata.url'],
      destination: { metadata: { url: options.receiverUrl } },
    });
    if (updated.status !== 200) throw new Error(`Updating destination ${name} answered ${updated.status}.`);
    const rotated = await call(options, 'GET', `${path}?rotate=true&includeSecrets=true`);
    if (rotated.status !== 200) throw new Error(`Rotating the secret of ${name} answered ${rotated.status}.`);
    secrets.push(secretOf(rotated, name));
  }
  return secrets;
}
