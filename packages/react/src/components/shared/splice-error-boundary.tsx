'use client';

import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { useSpliceUi } from '../../provider/splice-context.js';
import { rootProps } from './parts.js';

export interface SpliceErrorBoundaryFallbackProps {
  error: Error;
  /** Renders the children again. */
  reset: () => void;
}

export interface SpliceErrorBoundaryProps {
  children?: ReactNode;
  /** Called once per crash, e.g. to report it. Default: nothing (React still logs it). */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** Replaces the default fallback (a message and a Retry button). */
  fallback?: (props: SpliceErrorBoundaryFallbackProps) => ReactNode;
}

interface State {
  error: Error | null;
}

function DefaultFallback({ reset }: SpliceErrorBoundaryFallbackProps) {
  const { messages, theme, direction } = useSpliceUi();
  return (
    <div {...rootProps('error-boundary', { theme, direction }, undefined)} data-state="error">
      <div role="alert" data-part="alert">
        <strong>{messages.errorBoundaryTitle}</strong> {messages.errorBoundaryDetail}
      </div>
      <div>
        <button type="button" data-part="button" onClick={reset}>
          {messages.retry}
        </button>
      </div>
    </div>
  );
}

/**
 * Keeps a crash inside one Splice component: the component is replaced by a short message with a Retry
 * button, and the host page around it keeps working. Every exported component wraps itself in one.
 */
export class SpliceErrorBoundary extends Component<SpliceErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error, reset: this.reset });
    return <DefaultFallback error={error} reset={this.reset} />;
  }
}
