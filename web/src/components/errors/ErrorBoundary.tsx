import { Component, useContext, type ErrorInfo, type ReactNode } from 'react';
import { I18nContext } from '../../lib/i18n/context';
import { translate } from '../../lib/i18n';
import { isChunkLoadError } from '../../lib/chunks';

function ErrorFallback({ error }: { error: Error }) {
  const i18n = useContext(I18nContext);
  const t = i18n ? i18n.t : (key: Parameters<typeof translate>[1]) => translate('de', key);
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen__title">{t(isChunkLoadError(error) ? 'errors.chunk' : 'errors.boundary')}</h1>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

interface State {
  error: Error | null;
}

/** Catches rendering errors and shows the apology screen; a chunk that failed twice gets a reload offer. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
