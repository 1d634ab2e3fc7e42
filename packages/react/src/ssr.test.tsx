// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server rendering', () => {
  it('imports without a DOM: nothing touches window or document at module scope', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const library = await import('./index.js');
    expect(library.SpliceProvider).toBeTypeOf('function');
  });

  it('renders every component to a string inside a provider', async () => {
    const { BackfillPicker, InviteForm, SearchBox, SpliceProvider } = await import('./index.js');
    const html = renderToString(
      <SpliceProvider baseUrl="/bff" theme="dark">
        <BackfillPicker defaultValue={{ defaultPeriod: { days: 30 } }} />
        <InviteForm />
        <SearchBox integrationId="int_1" />
      </SpliceProvider>,
    );
    expect(html).toContain('data-scope="backfill-picker"');
    expect(html).toContain('data-scope="invite-form"');
    expect(html).toContain('data-scope="search-box"');
    expect(html).toContain('data-theme="dark"');
  });
});
