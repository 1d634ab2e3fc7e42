import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BackfillPicker } from '../../components/backfill-picker/backfill-picker.js';
import { ConnectButton } from '../../components/connect-button/connect-button.js';
import { InstallationWizard } from '../../components/installation-wizard/installation-wizard.js';
import { IntegrationsCatalog } from '../../components/integrations-catalog/integrations-catalog.js';
import { InviteForm } from '../../components/invite-form/invite-form.js';
import { SearchBox } from '../../components/search-box/search-box.js';
import { SyncStatus } from '../../components/sync-status/sync-status.js';
import { UninstallButton } from '../../components/uninstall-button/uninstall-button.js';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import type { SpliceMessageKey } from '../messages.js';
import { defaultMessages } from '../messages.js';
import { SpliceProvider } from '../splice-provider.js';
import { catalogueFor } from './index.js';

/** What a user reads or hears: the text, and the labels, hints and titles of every element. */
function everythingShown(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('*')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join('\n');
}

/** English strings with no placeholder that the locale words differently: none of them may show. */
function englishOnlyStrings(locale: string): string[] {
  const catalogue = catalogueFor(locale);
  return (Object.keys(defaultMessages) as SpliceMessageKey[])
    .filter((key) => key !== 'locale' && key !== 'syncLocale')
    .map((key) => defaultMessages[key])
    .filter((english, index, all) => all.indexOf(english) === index)
    .filter((english) => !english.includes('{') && english.length >= 4)
    .filter((english) => !Object.values(catalogue).includes(english));
}

describe.each(['de', 'fr', 'es'])('every component under locale %s', (locale) => {
  it('renders no English string', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const catalogue = catalogueFor(locale);
    const { container } = render(
      <SpliceProvider baseUrl="/bff" fetch={createFakeBff()} queryClient={queryClient} locale={locale}>
        <ConnectButton integrationId="crm-sync" />
        <InstallationWizard integrationId="crm-sync" />
        <SyncStatus integrationId="crm-sync" />
        <SearchBox integrationId="crm-sync" />
        <InviteForm />
        <BackfillPicker />
        <UninstallButton integrationId="crm-sync" />
        <IntegrationsCatalog stepHref={(step, entry) => `#${step}/${entry.name}`} />
      </SpliceProvider>,
    );
    // The wizard's first step and the search form have loaded (seconds on a loaded machine); then the
    // wizard's next step.
    await screen.findByRole('button', { name: catalogue.searchSubmit }, { timeout: 5_000 });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: catalogue.wizardNext }, { timeout: 5_000 }));
    await screen.findByRole('group', { name: new RegExp(catalogue.fieldsLegend) }, { timeout: 5_000 });
    await screen.findByRole('list', { name: catalogue.catalogLabel }, { timeout: 5_000 });

    const shown = everythingShown(container);
    // Whole words only: "Back" may not show, "Backfill" (a product term in every catalogue) may.
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const english = englishOnlyStrings(locale).filter((text) =>
      new RegExp(`(^|[^\\p{L}])${literal(text)}($|[^\\p{L}])`, 'u').test(shown),
    );
    expect(english).toEqual([]);
  });
});
