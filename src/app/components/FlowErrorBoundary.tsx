/**
 * Keeps a broken step from blanking the page: when anything inside a flow fails to render (a widget
 * a definition names that this build does not have, say), the portal's error page is shown in its
 * place with the way back to the start of the flow, and the failure is reported in the console
 * (without the applicant's data). A new path (another step, the start) tries again.
 */
import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../pages/ErrorPage';

interface Props {
  /** The path inside the flow; when it changes, the flow is rendered again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt?: string;
}

export class FlowErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(): State {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== undefined && state.failedAt !== props.resetKey) return { failedAt: undefined };
    return null;
  }

  override componentDidCatch(error: Error): void {
    console.error('Deze stap kan niet worden getoond:', error.message);
  }

  override render(): ReactNode {
    return this.state.failedAt === undefined ? this.props.children : <ErrorPage status={500} />;
  }
}
