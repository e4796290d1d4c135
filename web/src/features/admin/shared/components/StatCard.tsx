import type { ReactNode } from 'react';
import '../admin.css';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A small line below the value (the period, what counts). */
  hint?: string;
  icon?: ReactNode;
}

/** One key figure. Render it inside a StatGrid: label and value are a term and its description. */
export function StatCard({ label, value, hint, icon }: StatCardProps) {
  return (
    <div className="stat-card">
      <dt className="stat-card__label">
        {icon ? (
          <span className="stat-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {label}
      </dt>
      <dd className="stat-card__value">{value}</dd>
      {hint ? <dd className="stat-card__hint">{hint}</dd> : null}
    </div>
  );
}

/** A responsive grid of StatCards (a description list). */
export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="stat-grid">{children}</dl>;
}
