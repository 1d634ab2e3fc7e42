import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import type { PopupBehaviour } from '../../test-utils/fake-popup.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import { connection } from '../../test-utils/test-wizard.js';
import { ConnectButton } from './connect-button.js';

const meta = {
  title: 'Components/ConnectButton',
  component: ConnectButton,
  args: { integrationId: 'crm-sync', providerName: 'Sandbox CRM', onConnected: fn() },
  parameters: { bff: { connection: { connection: null } } satisfies FakeBffScenario },
} satisfies Meta<typeof ConnectButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (element: HTMLElement) => element.querySelector('[data-scope="connect-button"]');

/** A story whose popup behaves as given; the real `window.open` is put back afterwards. */
const withPopup = (behaviour: PopupBehaviour) => () => fakePopups(behaviour).restore;

async function clickConnect(element: HTMLElement) {
  const canvas = within(element);
  await userEvent.click(await canvas.findByRole('button', { name: 'Connect Sandbox CRM' }));
  return canvas;
}

export const NotConnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Connect Sandbox CRM' })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'none');
  },
};

export const Loading: Story = {
  parameters: { bff: { connection: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Checking the connection',
    );
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'loading');
  },
};

export const Connected: Story = {
  parameters: { bff: { connection: { connection } } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Sandbox CRM is connected.')).toBeVisible();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'working');
  },
};

/** Connected, with the provider account the connection signs in to and Disconnect. */
export const ConnectedAccount: Story = {
  parameters: { bff: { connection: { connection } } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Account: Acme Inc.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Disconnect Sandbox CRM' })).toBeEnabled();
  },
};

/** Disconnect asks first, with the focus on the safe choice. */
export const DisconnectQuestion: Story = {
  parameters: { bff: { connection: { connection } } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await expect(canvas.getByRole('alertdialog', { name: 'Disconnect Sandbox CRM?' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Keep it connected' })).toHaveFocus());
  },
};

/** Disconnected: Connect is offered again, and has the focus. */
export const Disconnected: Story = {
  parameters: {
    bff: (() => {
      let disconnected = false;
      return {
        connection: () => ({ connection: disconnected ? null : connection }),
        disconnect: () => {
          disconnected = true;
          return null;
        },
      } satisfies FakeBffScenario;
    })(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, disconnect' }));
    const connect = await canvas.findByRole('button', { name: 'Connect Sandbox CRM' });
    await waitFor(() => expect(connect).toHaveFocus());
  },
};

/** An installation reads through the connection: Disconnect is refused, with what to do first. */
export const DisconnectRefused: Story = {
  parameters: {
    bff: {
      connection: { connection },
      disconnect: problem(409, {
        type: 'urn:problem-type:connection-in-use',
        detail: 'Your installation of crm-sync (inst_1) reads through this connection.',
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, disconnect' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Uninstall it first, then disconnect.');
    await expect(canvas.getByText('Sandbox CRM is connected.')).toBeVisible();
  },
};

export const BadCredentials: Story = {
  name: 'Bad credentials: Reconnect',
  parameters: {
    bff: {
      connection: { connection: { ...connection, status: 'bad_credentials' } },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Reconnect Sandbox CRM' })).toBeEnabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('no longer accepts the saved sign-in');
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'bad_credentials');
  },
};

export const WaitingForThePopup: Story = {
  beforeEach: withPopup({ kind: 'open' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Finish signing in to Sandbox CRM');
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'connecting');
  },
};

export const ConnectedThroughThePopup: Story = {
  beforeEach: withPopup({ kind: 'result', outcome: 'connected' }),
  play: async ({ canvasElement, args }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByText('Sandbox CRM is connected.')).toBeVisible();
    await waitFor(() => expect(args.onConnected).toHaveBeenCalledTimes(1));
  },
};

export const PopupBlocked: Story = {
  beforeEach: withPopup({ kind: 'blocked' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your browser blocked the sign-in window.',
    );
    await expect(canvas.getByRole('button', { name: 'Continue in this tab' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Try the window again' })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'failed-blocked');
  },
};

export const PopupClosed: Story = {
  beforeEach: withPopup({ kind: 'closed' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent(
      'The sign-in window was closed before you finished',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Denied: Story = {
  beforeEach: withPopup({ kind: 'result', outcome: 'access_denied' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Access was denied in Sandbox CRM');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Expired: Story = {
  beforeEach: withPopup({ kind: 'result', outcome: 'expired' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long and expired.',
    );
  },
};

export const ProviderError: Story = {
  beforeEach: withPopup({ kind: 'result', outcome: 'provider_error' }),
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Sandbox CRM could not complete the sign-in.',
    );
  },
};

export const StartFailed: Story = {
  name: 'BFF refuses to start',
  beforeEach: withPopup({ kind: 'open' }),
  parameters: {
    bff: {
      connection: { connection: null },
      connect: problem(502, { title: 'Bad Gateway', requestId: 'req-7' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = await clickConnect(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Connecting could not start.');
    await expect(alert).toHaveTextContent('Reference: req-7');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const MessageFromAnotherOrigin: Story = {
  name: 'A result from another origin is ignored',
  beforeEach: withPopup({ kind: 'result', outcome: 'connected', origin: 'https://evil.example' }),
  play: async ({ canvasElement, args }) => {
    const canvas = await clickConnect(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(canvas.getByRole('status')).toHaveTextContent('Finish signing in');
    await expect(args.onConnected).not.toHaveBeenCalled();
  },
};

export const StatusUnavailable: Story = {
  name: 'Status cannot be read',
  parameters: {
    bff: {
      connection: [problem(503, { title: 'Service Unavailable' }), { connection }],
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('could not complete the request');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText('Sandbox CRM is connected.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: {
    bff: {
      connection: { connection: { ...connection, status: 'bad_credentials' } },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Reconnect Sandbox CRM' }),
    ).toBeVisible();
    await expect(root(canvasElement)).toHaveAttribute('data-theme', 'dark');
  },
};
