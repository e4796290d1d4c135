import type { ReactNode } from 'react';

export interface AlertProps {
  tone: 'error' | 'success' | 'info' | 'warning';
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** An inline message. Errors are announced at once (role=alert), others politely. */
export function Alert({ tone, title, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__text">{children}</div> : null}
    </div>
  );
}
