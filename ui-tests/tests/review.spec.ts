/**
 * Issue 17, item 1: the review opens wide enough for code and keeps the
 * width across a reload, long lines scroll instead of wrapping, both sides
 * of a diff carry line numbers, Previous / Next change move through the
 * proposals; the same proposals show under the notebook's cells (side by
 * side on demand), decided there or in the panel, in step.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';
import { extensionErrors } from './console-errors';

import {
  LLM_PATH_SETTINGS,
  modernizerPanel,
  pageScreenshot,
  panelScreenshot,
  pressModernize
} from './panel-utils';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

test.use(LLM_PATH_SETTINGS);

test('a readable review in the side panel, change by change', async ({
  page,
  tmpPath
}, testInfo) => {
  // no console errors from the extension, in either theme
  const errors = extensionErrors(page);
  for (const name of ['helpers.py', 'eroded.ipynb']) {
    await page.contents.uploadFile(
      path.join(FIXTURES, name),
      `${tmpPath}/${name}`
    );
  }
  await page.notebook.openByPath(`${tmpPath}/eroded.ipynb`);
  await page.notebook.activate('eroded.ipynb');
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const pending = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(pending).toHaveCount(2, { timeout: 90_000 });

  // opened wide enough for code, without dragging anything
  const width = async () => (await panel.boundingBox())?.width ?? 0;
  expect(await width()).toBeGreaterThanOrEqual(440);

  // long lines scroll instead of wrapping inside identifiers
  const content = pending.first().locator('.cm-content');
  await expect(content).not.toHaveClass(/cm-lineWrapping/);
  await expect(content).toHaveCSS('white-space', 'pre');

  // both sides numbered: the removed line keeps its old number (1), the
  // line replacing it has the new one (1), the kept lines both
  const cell3 = panel.locator(
    '.jp-mlemodernizer-cell[data-cell-id="load-rows"]'
  );
  const old = cell3.locator('.cm-mlemodernizer-original-numbers');
  await expect(old).toContainText('1');
  await expect(old).toContainText('2');
  await expect(old).toContainText('3');
  const numbers = cell3.locator('.cm-lineNumbers .cm-gutterElement');
  await expect(numbers.filter({ hasText: /^3$/ })).toHaveCount(1);

  // previous / next change
  const nav = panel.getByRole('toolbar', { name: 'Move through the changes' });
  await expect(nav).toContainText('2 changes wait for your review');
  // (after a move it says where: "at 1 of 2")
  const current = panel.locator('.jp-mlemodernizer-cell-current');
  await nav.getByRole('button', { name: 'Next change' }).click();
  await expect(current).toHaveAttribute('data-cell-id', 'import-helpers');
  await expect(
    current.getByRole('button', { name: 'Cell 2', exact: true })
  ).toBeFocused();
  await nav.getByRole('button', { name: 'Next change' }).click();
  await expect(current).toHaveAttribute('data-cell-id', 'load-rows');
  await expect(nav).toContainText('at 2 of 2');
  await nav.getByRole('button', { name: 'Previous change' }).click();
  await expect(current).toHaveAttribute('data-cell-id', 'import-helpers');
  await panelScreenshot(page, testInfo, 'review-wide-light');

  // the width is remembered across a reload (JupyterLab's layout keeps it)
  const before = await width();
  await page.reload({ waitForIsReady: false });
  await page.locator('#jupyterlab-splash').waitFor({ state: 'detached' });
  await expect(pending).toHaveCount(2);
  expect(Math.abs((await width()) - before)).toBeLessThan(8);

  // the same proposals under the notebook's own cells, in step with the panel
  const inCell = page.locator('.jp-Notebook .jp-mlemodernizer-incell');
  await expect(inCell).toHaveCount(2);
  const under3 = inCell.and(page.locator('[data-cell-id="load-rows"]'));
  await expect(under3.locator('.cm-content')).toContainText('load_dataset');
  // a side-by-side view on demand
  await under3
    .getByRole('button', { name: 'Show the change to cell 3 side by side' })
    .click();
  await expect(under3.locator('.cm-mergeView .cm-editor')).toHaveCount(2);
  await expect(under3.locator('.cm-mergeView')).toContainText(
    'from helpers import load_data'
  );
  await pageScreenshot(page, testInfo, 'review-in-cell-light');
  // rejected in the notebook: the panel says so, and the cell's diff goes
  await page
    .getByRole('button', { name: 'Reject the proposed change to cell 2' })
    .click();
  await expect(
    panel.locator(
      '.jp-mlemodernizer-cell[data-cell-id="import-helpers"] .jp-mlemodernizer-tag'
    )
  ).toHaveText('Rejected');
  await expect(inCell).toHaveCount(1);
  // accepted in the panel: the diff under the cell goes too
  await panel
    .getByRole('button', { name: 'Accept the change to cell 3' })
    .click();
  await expect(inCell).toHaveCount(0);
  await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
    'Error-free, reproducible',
    { timeout: 90_000 }
  );
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'review-wide-dark');
  expect(errors).toEqual([]);
});
