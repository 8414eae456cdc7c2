import { expect, type Page } from '@playwright/test';

/**
 * The trace page's graph opens as a still picture (src/web/features/trace-graph/trace-picture.tsx);
 * pointing at it brings in the interactive graph (React Flow), as a reader's pointer does.
 */
export async function wakeGraph(page: Page): Promise<void> {
  await page.getByTestId('trace-picture').hover();
  await expect(page.locator('.react-flow')).toBeVisible();
}
