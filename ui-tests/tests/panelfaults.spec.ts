/**
 * Issue 40, item 7: the panel's smaller faults, on a notebook with a long
 * name and three changes to review: nothing runs out of the panel, the
 * status with its timer and Previous/Next stay in view after Next, folded
 * unchanged lines are marked with characters every font has, and Apply is
 * disabled once it has nothing left to do.
 */
import { expect, test } from '@jupyterlab/galata';
import { Locator } from '@playwright/test';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  notebookJSON,
  offlineRules,
  openNotebookJSON,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test.use(offlineRules('manual'));

const NAME =
  'Solving A Simple Classification Problem with Python - Fruits Lovers Edition.ipynb';

// ten unchanged lines before the change: the diff folds them
const SETUP = Array.from({ length: 10 }, (_, i) => `w${i} = ${i}`).join('\n');

/** Whether `inner` lies inside `outer`'s box (a pixel of slack). */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  return (
    !!a &&
    !!b &&
    a.x >= b.x - 1 &&
    a.y >= b.y - 1 &&
    a.x + a.width <= b.x + b.width + 1 &&
    a.y + a.height <= b.y + b.height + 1
  );
}

test('a long name, Next, folded lines and Apply stay inside the panel', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  await openNotebookJSON(
    page,
    tmpPath,
    NAME,
    notebookJSON([
      'import numpy as np',
      `${SETUP}\nprint(np.float(w9))`,
      'print(np.int(2))',
      'print(np.str(1))'
    ])
  );
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const pending = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(pending).toHaveCount(3, { timeout: 120_000 });
  const noSidewaysScroll = () =>
    panel.evaluate(e => e.scrollWidth <= e.clientWidth + 1);
  expect(await noSidewaysScroll()).toBe(true);

  // the fold marker of the ten unchanged lines: middle dots, no missing glyph
  const folded = pending.first().locator('.cm-collapsedLines');
  await expect(folded).toContainText('unchanged lines');
  expect(
    await folded.evaluate(e => getComputedStyle(e, '::before').content)
  ).toBe('"···"');

  // Next, twice: the status, its timer and the buttons stay in view
  const next = panel.getByRole('button', { name: 'Next change' });
  const timer = panel.locator('.jp-mlemodernizer-elapsed');
  for (let k = 0; k < 2; k++) {
    await next.click();
    await page.waitForTimeout(300);
    expect(await inside(next, panel)).toBe(true);
    expect(await inside(timer, panel)).toBe(true);
    // and the change it moved to starts below them, not under them
    const current = panel.locator('.jp-mlemodernizer-cell-current');
    const head = await panel
      .locator('.jp-mlemodernizer-job-sticky')
      .boundingBox();
    const card = await current.boundingBox();
    expect(card!.y).toBeGreaterThanOrEqual(head!.y + head!.height - 1);
  }
  await panelScreenshot(page, testInfo, 'panel-next-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'panel-next-dark');
  await page.theme.setLightTheme();

  await panel.getByRole('button', { name: 'Accept all' }).click();
  await expect(panel.locator('.jp-mlemodernizer-badge')).toBeVisible({
    timeout: 120_000
  });
  const apply = panel.locator('.jp-mlemodernizer-apply-actions button').first();
  await expect(apply).toHaveText(`Apply to ${NAME}`);
  // the long name ends in an ellipsis inside the panel
  expect(await inside(apply, panel)).toBe(true);
  expect(await noSidewaysScroll()).toBe(true);
  await page.notebook.save();
  await apply.click();
  await expect(panel.locator('.jp-mlemodernizer-applied')).toBeVisible();
  await expect(apply).toBeDisabled();
  await panelScreenshot(page, testInfo, 'panel-long-name-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'panel-long-name-dark');
  expect(errors).toEqual([]);
});

test('at 1280 px with the file browser and the panel open, Modernize stays on the toolbar', async ({
  page,
  tmpPath
}) => {
  // a new user's window: the notebook area is ~470 px wide, the toolbar's
  // last items fold into its "..." menu; Modernize must not be one of them
  await page.setViewportSize({ width: 1280, height: 900 });
  await openNotebookJSON(
    page,
    tmpPath,
    'toolbar.ipynb',
    notebookJSON(['x = 1'])
  );
  await page.evaluate(() =>
    window.jupyterapp.commands.execute('mlemodernizer:open-panel')
  );
  await expect(modernizerPanel(page)).toBeVisible();
  await page.waitForTimeout(500); // the toolbar lays itself out again
  const toolbar = page
    .locator('.jp-NotebookPanel-toolbar')
    .filter({ visible: true });
  const button = toolbar.locator('[data-command="mlemodernizer:modernize"]');
  await expect(button).toBeVisible();
  expect(await inside(button, toolbar)).toBe(true);
});
