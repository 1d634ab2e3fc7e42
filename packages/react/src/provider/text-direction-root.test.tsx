import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackfillPicker } from '../components/backfill-picker/backfill-picker.js';
import { InviteForm } from '../components/invite-form/invite-form.js';
import { SyncStatus } from '../components/sync-status/sync-status.js';
import { createFakeBff } from '../test-utils/fake-bff.js';
import { SpliceProvider } from './splice-provider.js';

function renderUnder(locale: string) {
  const { container } = render(
    <SpliceProvider baseUrl="/bff" fetch={createFakeBff()} queryClient={new QueryClient()} locale={locale}>
      <SyncStatus integrationId="crm-sync" />
      <InviteForm />
      <BackfillPicker />
    </SpliceProvider>,
  );
  return [...container.querySelectorAll('[data-splice-root]')];
}

describe('the writing direction of the provider’s locale', () => {
  it.each(['ar', 'he-IL', 'fa', 'ur'])('lays every component out right to left under %s', async (locale) => {
    const roots = renderUnder(locale);
    // The English catalogue stands in for a language without one; the layout follows the locale.
    await screen.findByRole('button', { name: 'Send invite' });
    expect(roots).toHaveLength(3);
    for (const root of roots) expect(root).toHaveAttribute('dir', 'rtl');
    // An e-mail address stays left to right inside the mirrored form.
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveAttribute('dir', 'ltr');
  });

  it('keeps left to right for a left-to-right locale', async () => {
    const roots = renderUnder('de');
    expect(roots).toHaveLength(3);
    for (const root of roots) expect(root).toHaveAttribute('dir', 'ltr');
  });

  it('follows a host that replaces the locale in its messages', () => {
    const { container } = render(
      <SpliceProvider
        baseUrl="/bff"
        fetch={createFakeBff()}
        queryClient={new QueryClient()}
        messages={{ locale: 'ar' }}
      >
        <BackfillPicker />
      </SpliceProvider>,
    );
    expect(container.querySelector('[data-splice-root]')).toHaveAttribute('dir', 'rtl');
  });
});
