import { useEffect } from 'react';

/** Sets the tab title to "{title} – Sales Coach" (WCAG 2.4.2: every page has a title). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} – Sales Coach` : 'Sales Coach';
  }, [title]);
}
