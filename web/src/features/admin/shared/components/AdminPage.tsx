import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../../lib/document-title';
import '../admin.css';

export interface AdminPageProps {
  /** The page's h1 and tab title. */
  title: string;
  lead?: ReactNode;
  /** Controls beside the heading (e.g. a range selector). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The frame of every admin screen: h1 (also the tab title), a lead line and the content. */
export function AdminPage({ title, lead, actions, children, className }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <div className={['page', 'admin-page', className].filter(Boolean).join(' ')}>
      <header className="admin-page__header">
        <div className="admin-page__heading">
          <h1 className="page__title">{title}</h1>
          {lead ? <p className="page__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export interface AdminSectionProps {
  /** The section's h2; it also names the section (a landmark region). */
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A card-like block of an admin screen, named by its h2. */
export function AdminSection({ title, lead, actions, children, className }: AdminSectionProps) {
  const headingId = useId();
  return (
    <section className={['panel admin-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <header className="admin-section__header">
        <div className="admin-section__heading">
          <h2 id={headingId} className="admin-section__title">
            {title}
          </h2>
          {lead ? <p className="admin-section__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="admin-section__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
