/**
 * Issue 29, item 9 (the smaller ones): while a job waits for your review
 * the clock says what it counts (the work, and the wait ticking); Previous
 * and Next stay side by side on one row in the panel's default width; and
 * Next moves the notebook to the change's cell too, the focus staying on
 * the review.
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  activeCellIndex,
  modernizerPanel,
  notebookJSON,
  offlineRules,
  openNotebookJSON,
  pageScreenshot,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test.use(offlineRules('manual'));

// two cells numpy broke, far apart: the second is off screen at first
const CELLS = [
  'import numpy as np\nhalf = np.float(1) / 2',
  ...Array.from({ length: 24 }, (_, i) => `print(${i})`),
  'count = np.int(3)\nprint(count)'
];

test('the review: its clock, its two buttons, and the notebook following', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  await openNotebookJSON(page, tmpPath, 'moves.ipynb', notebookJSON(CELLS));
  await pressModernize(page);
  const panel = modernizerPanel(page);
  await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(2, {
    timeout: 120_000
  });

  // the clock: the work stands still while it waits; the wait is counted
  const clock = panel.locator('.jp-mlemodernizer-elapsed');
  await expect(clock).toHaveText(/^worked \d+:\d\d · waiting \d+:\d\d$/);
  await expect(clock).toHaveText(/waiting 0:0[4-9]/, { timeout: 15_000 });

  // Previous and Next: one row, at the panel's default width
  const nav = panel.getByRole('toolbar', { name: 'Move through the changes' });
  const previous = nav.getByRole('button', { name: 'Previous change' });
  const next = nav.getByRole('button', { name: 'Next change' });
  const [a, b] = [await previous.boundingBox(), await next.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 2).toBe(true);

  // Next: the panel and the notebook move to the change's cell
  await next.click();
  await expect.poll(() => activeCellIndex(page)).toBe(0);
  await next.click();
  await expect.poll(() => activeCellIndex(page)).toBe(CELLS.length - 1);
  await expect(
    panel
      .locator('.jp-mlemodernizer-cell-current')
      .getByRole('button', { name: `Cell ${CELLS.length}`, exact: true })
  ).toBeFocused();
  await expect(
    page.locator('.jp-Notebook .jp-Cell.jp-mod-active')
  ).toBeInViewport();

  await panelScreenshot(page, testInfo, 'review-moves-light');
  await pageScreenshot(page, testInfo, 'review-moves-page-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'review-moves-dark');
  expect(errors).toEqual([]);
});
