import { expect, test } from '@playwright/test';

// The API stops a query at its time budget (API_QUERY_TIMEOUT_MS) with a 504. Whatever page asked,
// the reader is told that the query was too heavy for the server's budget, in the server's words,
// and offered a Retry. One answer of the page's first request is made a 504 as the server words it;
// the Retry then reaches the real server.
test('a 504 says the query was too heavy for the server\'s budget, and Retry asks again', async ({ page }) => {
  let asked = 0;
  await page.route(/\/api\/v3\/traces\?/, async (route) => {
    asked += 1;
    if (asked > 1) return route.continue();
    return route.fulfill({ status: 504, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: 'query exceeded its time budget of 3000 ms' }) });
  });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("The query was too heavy for the server's time budget (504)");
  await expect(alert).toContainText('query exceeded its time budget of 3000 ms');
  // not asked again behind the reader's back: the same heavy query would meet the same budget
  expect(asked).toBe(1);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Latest traces' })).toBeVisible();
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(asked).toBeGreaterThanOrEqual(2);
});
