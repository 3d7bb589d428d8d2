import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from 'antd/es/button';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { useTranslation } from 'react-i18next';

/**
 * Catches a screen that throws while rendering so the rest of the console (sidebar, tabs, other
 * screens) keeps working. `fallback` replaces the default "this screen failed" panel; a
 * boundary with `fallback={null}` hides an optional part of the shell that failed to load.
 */
interface Props {
  children: ReactNode;
  fallback?: ReactNode | ((reset: () => void) => ReactNode);
}
interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('view failed', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(this.reset);
    if (fallback !== undefined) return fallback;
    return <ViewCrashed onRetry={this.reset} />;
  }
}

/** Plain markup rather than antd's Result: this boundary sits in the login screen's bundle. */
function ViewCrashed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('errors');
  return (
    <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 56, color: 'var(--ant-color-error, #ff4d4f)' }} />
      <h2 style={{ margin: '20px 0 8px', fontSize: 20, fontWeight: 500 }}>{t('viewCrashed.title')}</h2>
      <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.45)' }}>{t('viewCrashed.description')}</p>
      <Button type="primary" onClick={onRetry}>
        {t('viewCrashed.retry')}
      </Button>
    </div>
  );
}
