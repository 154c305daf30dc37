import type { i18n as I18n } from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalErrorFallback } from './fatal-error-fallback';

interface AppErrorBoundaryProps {
  i18n: I18n;
  children: ReactNode;
}

interface AppErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * The last line of defence: an error that escapes every route (or breaks a provider) replaces the whole page
 * with a fallback that needs neither Mantine nor the router.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught rendering error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : undefined;
    return <FatalErrorFallback i18n={this.props.i18n} message={message} />;
  }
}
