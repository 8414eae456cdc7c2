import { expect, test } from '@playwright/test';
import { allTraces, hex, traceWithSize, txsOf } from './fixture-api';
import { wakeGraph } from './trace-graph';

test('? opens the shortcut help listing the trace keys; Esc closes it, focus returns, and the keys work as listed', async ({
  page,
  request,
}) => {
  const trace = traceWithSize(await allTraces(request), 4, 15);
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);

  const traces = page.getByRole('link', { name: 'Traces', exact: true });
  await traces.focus();
  await page.keyboard.press('Shift+Slash'); // `?`
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  for (const [keys, label] of [
    ['/', 'Focus the search box'],
    ['j or ↓', 'next transaction'],
    ['k or ↑', 'previous transaction'],
    ['← or h', 'parent'],
    ['→ or l', 'first child'],
    ['f', 'first failed transaction'],
    ['Esc', 'Close the transaction details'],
  ] as const) {
    await expect(help.getByTestId('shortcut').filter({ hasText: label })).toContainText(keys);
  }
  await page.screenshot({ path: 'e2e-artifacts/screenshots/shortcut-help.png' });

  // keys typed in the help belong to it, not to the trace underneath
  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(/[?&]tx=/);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(traces).toBeFocused();

  // with the help closed, the listed key does what the help says
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/[?&]tx=[0-9a-f]{64}/);

  // the footer mentions it for mouse users; its close button returns focus to the opener
  const opener = page.getByRole('button', { name: /Keyboard shortcuts/ });
  await opener.click();
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
  await expect(opener).toBeFocused();
});

test('? typed into the search box is text, not the help', async ({ page }) => {
  await page.goto('/');
  const box = page.locator('#global-search');
  await box.click();
  await page.keyboard.type('a?');
  await expect(box).toHaveValue('a?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
