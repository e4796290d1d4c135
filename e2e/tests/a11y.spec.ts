import { signedInOnChat } from './chat-support';
import { expect, test } from './support';


test('menus by keyboard, and tooltips that Escape hides and the window edge does not cut', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOnChat(page, request, 'a11y');

  // 'Neuer Chat': ArrowDown opens at the first item, End/Home jump, a letter finds, Escape returns.
  const sidebar = page.locator('#sidebar');
  const toggle = sidebar.getByRole('button', { name: 'Neuer Chat' });
  await toggle.focus();
  await page.keyboard.press('ArrowDown');
  const menu = sidebar.getByRole('menu', { name: 'Neuer Chat' });
  await expect(menu.getByRole('menuitem', { name: /^Übung/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: /^Prüfung/ })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: /^Übung/ })).toBeFocused();
  await page.keyboard.press('p');
  await expect(menu.getByRole('menuitem', { name: /^Prüfung/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  // The start button's tooltip: shown on hover, hidden by Escape until the pointer leaves.
  const start = page.getByRole('button', { name: 'Start' });
  const tip = page.getByRole('tooltip', { name: 'Bitte wähle einen Modus aus' });
  await start.hover();
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.mouse.move(0, 0);
  await start.hover();
  await expect(tip).toBeVisible();

  // At either edge of a narrow window the tooltip of the keyboard-focused
  // button moves inside it (the button is pinned to the edge for the check).
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const edge of ['left', 'right'] as const) {
    await start.evaluate((button, side) => {
      const anchor = button.parentElement as HTMLElement;
      Object.assign(anchor.style, { position: 'fixed', top: '300px', zIndex: '100', left: 'auto', right: 'auto' });
      anchor.style[side] = '0px';
      button.blur();
    }, edge);
    await start.focus();
    await expect(tip).toBeVisible();
    const box = await tip.boundingBox();
    expect(box, edge).not.toBeNull();
    expect(box!.x, edge).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, edge).toBeLessThanOrEqual(320);
  }
});
