import { useDocumentTitle } from '../../lib/document-title';
import { useT } from '../../lib/i18n';

/** A screen that later work fills: its heading and a sentence saying so. */
export function PlaceholderPage({ title }: { title: string }) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{t('common.underConstruction')}</p>
    </div>
  );
}
