import type { ReactNode } from 'react';
import '../admin.css';

/**
 * The frame of a wide admin table: it scrolls sideways on narrow screens and
 * is a named, focusable region so keyboard users can scroll it too. Put a
 * <table className="admin-table"> with a caption and header cells inside.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
