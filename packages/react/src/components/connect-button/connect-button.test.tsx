import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { ConnectButton } from './connect-button.js';

describe('ConnectButton', () => {
  it('on a page of its own, names the provider by its display name, never its id (#15 finding 7)', async () => {
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
