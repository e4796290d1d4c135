import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_MS, useMenu } from './menu';

const ITEMS = ['Bearbeiten', 'Duplizieren', 'Löschen', 'Drucken'];

function Harness({ onPick }: { onPick: (item: string) => void }) {
  const [open, setOpen] = useState(false);
  const { root, close, triggerProps, menuProps, itemProps } = useMenu({ open, onOpenChange: setOpen });
  return (
    <div>
      <div ref={root}>
        <button {...triggerProps}>Aktionen</button>
        <ul {...menuProps}>
          {ITEMS.map((label) => (
            <li key={label} role="none">
              <button
                {...itemProps}
                type="button"
                onClick={() => {
                  onPick(label);
                  close();
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <button type="button">Draußen</button>
    </div>
  );
}

function setup() {
  const onPick = vi.fn<(item: string) => void>();
  const user = userEvent.setup();
  render(<Harness onPick={onPick} />);
  const trigger = screen.getByRole('button', { name: 'Aktionen' });
  const item = (name: string) => screen.getByRole('menuitem', { name });
  return { user, onPick, trigger, item };
}

describe('useMenu', () => {
  it('is a menu button: a click opens the named menu and focuses its first item', async () => {
    const { user, trigger, item } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Aktionen' })).toHaveAttribute('id', trigger.getAttribute('aria-controls'));
    expect(screen.getAllByRole('menuitem')).toHaveLength(4);
    expect(item('Bearbeiten')).toHaveFocus();
    // one tab stop: the items are reached with the arrow keys
    for (const label of ITEMS) expect(item(label)).toHaveAttribute('tabindex', '-1');
  });

  it('moves with the arrow keys (wrapping) and jumps with Home and End', async () => {
    const { user, trigger, item } = setup();
    await user.click(trigger);
    await user.keyboard('{ArrowDown}');
    expect(item('Duplizieren')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Drucken')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Bearbeiten')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Drucken')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Bearbeiten')).toHaveFocus();
  });

  it('opens from the keyboard: ArrowDown at the first item, ArrowUp at the last, Enter chooses', async () => {
    const { user, trigger, item, onPick } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(item('Drucken')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(item('Bearbeiten')).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('Duplizieren');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes to the item that starts with the typed letters (case-insensitive, cycling)', async () => {
    const { user, trigger, item } = setup();
    await user.click(trigger);
    await user.keyboard('L');
    expect(item('Löschen')).toHaveFocus();
    await user.keyboard('{Home}d');
    expect(item('Duplizieren')).toHaveFocus();
    await user.keyboard('d');
    expect(item('Drucken')).toHaveFocus();
    await user.keyboard('{Home}dr');
    expect(item('Drucken')).toHaveFocus();
  });

  it('starts a new search after a pause', async () => {
    // key events carry Date.now() as their time stamp in jsdom
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { user, trigger, item } = setup();
      await user.click(trigger);
      await user.keyboard('l');
      expect(item('Löschen')).toHaveFocus();
      await user.keyboard('b');
      expect(item('Löschen')).toHaveFocus(); // "lb" matches nothing
      vi.setSystemTime(Date.now() + TYPEAHEAD_MS);
      await user.keyboard('b');
      expect(item('Bearbeiten')).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on Escape and gives the trigger its focus back', async () => {
    const { user, trigger, item } = setup();
    await user.click(trigger);
    await user.keyboard('{ArrowDown}');
    expect(item('Duplizieren')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a press outside, and a second click on the trigger closes it too', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Draußen' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Draußen' })).toHaveFocus();
    await user.click(trigger);
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when Tab moves on', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.tab();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Draußen' })).toHaveFocus();
  });
});
