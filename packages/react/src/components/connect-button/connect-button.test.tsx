import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import type { FakePopupHandle } from '../../test-utils/fake-popup.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { connection } from '../../test-utils/test-wizard.js';
import { ConnectButton } from './connect-button.js';

let popups: FakePopupHandle | undefined;
afterEach(() => popups?.restore());

describe('ConnectButton', () => {
  it('puts focus on the retry when the popup closes unfinished, not on the page', async () => {
    popups = fakePopups({ kind: 'closed' });
    const Wrapper = testWrapper(createFakeBff({ connection: { connection: null } }));
    render(
      <Wrapper>
        <ConnectButton integrationId="crm-sync" />
      </Wrapper>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: /Connect Sandbox CRM/ }));
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 });
    await waitFor(() => expect(retry).toHaveFocus());
  });

  it('puts focus on the connected status when the popup closes connected', async () => {
    popups = fakePopups({ kind: 'result', outcome: 'connected' });
    let connected = false;
    const Wrapper = testWrapper(
      createFakeBff({
        connection: () => ({ connection: connected ? connection : null }),
        connect: () => {
          connected = true;
          return { url: 'https://crm.example/authorize', attempt: 'a1' };
        },
      }),
    );
    render(
      <Wrapper>
        <ConnectButton integrationId="crm-sync" />
      </Wrapper>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: /Connect Sandbox CRM/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/connected/i));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  });

  it('on a page of its own, names the provider by its display name, never its id', async () => {
    const Wrapper = testWrapper(createFakeBff({ connection: { connection: null } }));
    render(
      <Wrapper>
        <ConnectButton integrationId="crm-sync" />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: /Sandbox CRM/ });
    expect(button).not.toHaveTextContent('sandboxcrm');
  });

  it('uses the name the host gives, without asking for the integration', async () => {
    const fake = createFakeBff({ connection: { connection: null } });
    const paths: string[] = [];
    const Wrapper = testWrapper((input, init) => {
      paths.push(new URL(String(input), 'http://x').pathname);
      return fake(input, init);
    });
    render(
      <Wrapper>
        <ConnectButton integrationId="crm-sync" providerName="Acme CRM" />
      </Wrapper>,
    );
    await screen.findByRole('button', { name: /Acme CRM/ });
    expect(paths.filter((p) => p.endsWith('/integrations/crm-sync'))).toEqual([]);
  });
});
