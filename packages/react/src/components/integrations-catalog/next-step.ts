import type { CatalogEntry } from '@splice/schema';

/** What a user does next with an integration; a catalog offers one step per entry. */
export type IntegrationStep = 'connect' | 'reconnect' | 'install' | 'settings';

/**
 * The one step that moves the group forward: a connection comes first (nothing installs or reads
 * without one), then installing; once installed, the settings are where the rest is done.
 */
export function nextIntegrationStep(entry: CatalogEntry): IntegrationStep {
  if (entry.connection === 'none') return 'connect';
  if (entry.connection === 'needs_reconnect') return 'reconnect';
  return entry.installation === 'not_installed' ? 'install' : 'settings';
}
