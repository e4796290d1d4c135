import { notify } from '../../../components/ui/notices-store';

/**
 * Copies text and says so with a short notice. Without a clipboard (an
 * insecure origin, a refused permission) nothing is said: every copied value
 * also stands in a read-only field to select.
 */
export function copyWithNotice(text: string, done: string): void {
  void Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(
      () => notify({ tone: 'success', text: done }, 3000),
      () => undefined,
    );
}
