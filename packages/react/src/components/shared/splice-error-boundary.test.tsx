import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpliceErrorBoundary } from './splice-error-boundary.js';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render failed');
  return <p>Widget content</p>;
}

describe('SpliceErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    // React logs caught render errors; the test asserts on the fallback instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows an alert with a Retry button instead of the crashed component, and the page stays', () => {
    render(
      <main>
        <h1>Host page</h1>
        <SpliceErrorBoundary>
          <Fragile />
        </SpliceErrorBoundary>
      </main>,
    );

    expect(screen.getByRole('heading', { name: 'Host page' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be shown');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('renders the component again on Retry', async () => {
    render(
      <SpliceErrorBoundary>
        <Fragile />
      </SpliceErrorBoundary>,
    );
    shouldThrow = false;

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(screen.getByText('Widget content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports the error once to onError', () => {
    const onError = vi.fn();
    render(
      <SpliceErrorBoundary onError={onError}>
        <Fragile />
      </SpliceErrorBoundary>,
    );

    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });
});
