import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIP_EDGE_MARGIN, WithTooltip, placeTip } from './Tooltip';

function renderTip(placement: 'below' | 'above' = 'below') {
  const user = userEvent.setup();
  render(
    <div>
      <button type="button">Davor</button>
      <WithTooltip tip="Nur im Übungsmodus verfügbar" placement={placement}>
        {(describedBy) => (
          <button type="button" aria-describedby={describedBy}>
            Tipp
          </button>
        )}
      </WithTooltip>
    </div>,
  );
  const trigger = screen.getByRole('button', { name: 'Tipp' });
  const anchor = trigger.parentElement!;
  return { user, trigger, anchor, tip: screen.getByRole('tooltip', { hidden: true }) };
}

/** Escape as a document listener sees it: was its default prevented? */
function pressEscape(target: Element): boolean {
  return !fireEvent.keyDown(target, { key: 'Escape' });
}

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top }) as DOMRect;

describe('WithTooltip', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('describes its trigger', () => {
    const { trigger } = renderTip();
    expect(trigger).toHaveAccessibleDescription('Nur im Übungsmodus verfügbar');
  });

  it('Escape hides a hovered tooltip until the pointer leaves', async () => {
    const { user, trigger, anchor } = renderTip();
    await user.hover(trigger);
    expect(anchor).not.toHaveClass('tip-anchor--dismissed');
    expect(pressEscape(trigger)).toBe(true); // only the tooltip goes, not a dialog around it
    expect(anchor).toHaveClass('tip-anchor--dismissed');
    await user.unhover(trigger);
    expect(anchor).not.toHaveClass('tip-anchor--dismissed');
    await user.hover(trigger);
    expect(anchor).not.toHaveClass('tip-anchor--dismissed');
  });

  it('Escape hides it for keyboard focus until the focus leaves', async () => {
    const { user, trigger, anchor } = renderTip();
    await user.tab();
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(anchor).toHaveClass('tip-anchor--dismissed');
    await user.tab({ shift: true });
    expect(anchor).not.toHaveClass('tip-anchor--dismissed');
  });

  it('leaves Escape alone while it is not shown', () => {
    const { trigger, anchor } = renderTip();
    expect(pressEscape(trigger)).toBe(false);
    expect(anchor).not.toHaveClass('tip-anchor--dismissed');
  });
});

describe('placeTip', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function tipAt(...rects: DOMRect[]) {
    const tip = document.createElement('span');
    const spy = vi.spyOn(tip, 'getBoundingClientRect');
    for (const r of rects) spy.mockReturnValueOnce(r);
    return tip;
  }

  it('shifts a tooltip that sticks out at the left or right edge back inside', () => {
    vi.stubGlobal('innerWidth', 400);
    vi.stubGlobal('innerHeight', 800);
    const left = tipAt(rect(-30, 100, 200, 40));
    placeTip(left, 'below');
    expect(left.style.getPropertyValue('--tip-shift')).toBe(`${30 + TIP_EDGE_MARGIN}px`);
    const right = tipAt(rect(300, 100, 200, 40));
    placeTip(right, 'below');
    expect(right.style.getPropertyValue('--tip-shift')).toBe(`${400 - TIP_EDGE_MARGIN - 500}px`);
    const inside = tipAt(rect(100, 100, 200, 40));
    placeTip(inside, 'below');
    expect(inside.style.getPropertyValue('--tip-shift')).toBe('0px');
  });

  it('opens on the other side when there is no room, if it fits better there', () => {
    vi.stubGlobal('innerWidth', 400);
    vi.stubGlobal('innerHeight', 800);
    const low = tipAt(rect(100, 780, 200, 40), rect(100, 700, 200, 40));
    placeTip(low, 'below');
    expect(low.dataset.flip).toBe('above');
    const high = tipAt(rect(100, -10, 200, 40), rect(100, 60, 200, 40));
    placeTip(high, 'above');
    expect(high.dataset.flip).toBe('below');
    // no better room on the other side: stays
    const tall = tipAt(rect(100, 700, 200, 900), rect(100, -900, 200, 900));
    placeTip(tall, 'below');
    expect(tall.dataset.flip).toBeUndefined();
  });
});
