import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { reportError } from '@/core/errors';
import { ErrorScreen, errorMessage } from './screens';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this value changes, a caught error is cleared (SPEC §2: cleared on navigation). */
  resetKey?: unknown;
  /** Where the boundary sits, sent with the report. */
  level: 'app' | 'route' | 'widget';
  fallback?: (error: unknown) => ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** Catches render errors below it, reports them and shows the error screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, hasError: false, error: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { level: this.props.level, componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (this.state.hasError) {
      return this.props.fallback ? (
        this.props.fallback(this.state.error)
      ) : (
        <ErrorScreen error={this.state.error} />
      );
    }
    return this.props.children;
  }
}

/** A route-level boundary that resets when the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary level="route" resetKey={location.pathname}>
      {children}
    </ErrorBoundary>
  );
}

/** The app-level boundary: resets on navigation too, so the app recovers without reload. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary
      level="app"
      resetKey={location.pathname}
      fallback={(error) => (
        <main id="main" className="container py-4">
          <ErrorScreen error={error} />
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * A widget-level boundary: a broken chart or panel shows a small notice in its place and
 * the rest of the page keeps working. Resets when `resetKey` changes.
 */
export function WidgetErrorBoundary({
  children,
  resetKey,
}: {
  children: ReactNode;
  resetKey?: unknown;
}) {
  return (
    <ErrorBoundary
      level="widget"
      resetKey={resetKey}
      fallback={(error) => (
        <div className="alert alert-warning small mb-0" role="alert">
          This part of the page could not be shown: {errorMessage(error)}
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
