import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';

/** Keys typed within this time form one typeahead search ("pr" finds "Prüfung"). */
export const TYPEAHEAD_MS = 500;

export interface MenuOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const ITEM_SELECTOR = '[role="menuitem"]:not([disabled]):not([aria-disabled="true"])';

/**
 * A menu button (WAI-ARIA APG): the trigger opens a role="menu" list and
 * focuses its first item (ArrowUp: the last); in the menu ArrowDown/ArrowUp
 * move (wrapping), Home/End jump, typing a letter or two goes to the item that
 * starts with them; Escape closes and gives the trigger its focus back, Tab
 * closes and moves on, a pointer press outside `rootRef` closes.
 *
 * Spread `triggerProps` on the button, `menuProps` on the list and
 * `itemProps` on every item (role="menuitem"; list items get role="none").
 */
export function useMenu({ open, onOpenChange }: MenuOptions) {
  const triggerId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const menuRef = useRef<HTMLElement | null>(null);
  // callback refs fit any element type
  const setRoot = useCallback((el: HTMLElement | null) => {
    rootRef.current = el;
  }, []);
  const setMenu = useCallback((el: HTMLElement | null) => {
    menuRef.current = el;
  }, []);
  const setTrigger = useCallback((el: HTMLButtonElement | null) => {
    triggerRef.current = el;
  }, []);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const typeahead = useRef({ text: '', at: 0 });
  // the latest callback, for the document listeners
  const change = useRef(onOpenChange);
  useEffect(() => {
    change.current = onOpenChange;
  });

  const items = useCallback(
    (): HTMLElement[] => (menuRef.current ? [...menuRef.current.querySelectorAll<HTMLElement>(ITEM_SELECTOR)] : []),
    [],
  );

  const close = useCallback((focusTrigger = false) => {
    change.current(false);
    if (focusTrigger) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
    focusOnOpen.current = 'first';
    typeahead.current = { text: '', at: 0 };

    const onPointer = (event: Event) => {
      const root = rootRef.current;
      if (root && !root.contains(event.target as Node)) change.current(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        change.current(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, items]);

  const openAt = (where: 'first' | 'last') => {
    if (open) {
      const list = items();
      (where === 'last' ? list.at(-1) : list[0])?.focus();
      return;
    }
    focusOnOpen.current = where;
    change.current(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };

  const onTriggerClick = (_event: MouseEvent<HTMLButtonElement>) => {
    if (open) close();
    else openAt('first');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const list = items();
    if (list.length === 0) return;
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => {
      typeahead.current.text = '';
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(current + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focus(current < 0 ? -1 : current - 1);
        return;
      case 'Home':
        event.preventDefault();
        focus(0);
        return;
      case 'End':
        event.preventDefault();
        focus(-1);
        return;
      case 'Tab':
        // the trigger has the focus when the browser moves it on
        close(true);
        return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === ' ') return;
    event.preventDefault();
    const key = event.key.toLocaleLowerCase();
    const state = typeahead.current;
    const now = event.timeStamp;
    state.text = now - state.at < TYPEAHEAD_MS ? state.text + key : key;
    state.at = now;
    // "pp" cycles through the items starting with "p"; "pr" looks for "pr"
    const repeated = state.text.split(key).every((part) => part === '');
    const search = repeated ? key : state.text;
    const start = repeated || state.text.length === 1 ? current + 1 : Math.max(current, 0);
    for (let i = 0; i < list.length; i++) {
      const item = list[(start + i) % list.length];
      const label = (item?.dataset.typeahead ?? item?.textContent ?? '').trim().toLocaleLowerCase();
      if (label.startsWith(search)) {
        item?.focus();
        return;
      }
    }
  };

  return {
    open,
    close,
    /** Focuses the trigger (after an action done in place of the menu). */
    focusTrigger: () => triggerRef.current?.focus(),
    /** Ref of the element around trigger and menu: a pointer press outside it closes the menu. */
    root: setRoot,
    triggerProps: {
      ref: setTrigger,
      id: triggerId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: onTriggerClick,
      onKeyDown: onTriggerKeyDown,
    },
    menuProps: {
      ref: setMenu,
      id: menuId,
      role: 'menu',
      'aria-labelledby': triggerId,
      hidden: !open,
      onKeyDown: onMenuKeyDown,
    },
    itemProps: { role: 'menuitem', tabIndex: -1 },
  };
}
