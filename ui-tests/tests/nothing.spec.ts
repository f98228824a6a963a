/**
 * Issue 17, item 6: a notebook with nothing to modernize gets a neutral
 * answer, and no modernized copy is written beside it.
 */
import { expect, test } from '@jupyterlab/galata';

import {
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test('an empty and a clean notebook: nothing to modernize, no copy', async ({
  page,
  tmpPath
}, testInfo) => {
  const panel = modernizerPanel(page);
  const badge = panel.locator('.jp-mlemodernizer-badge');

  await openNotebookJSON(page, tmpPath, 'empty.ipynb', notebookJSON([]));
  await pressModernize(page);
  // JupyterLab gives an empty notebook one empty cell: an edit to save first
  await page
    .locator('.jp-Dialog')
    .getByRole('button', { name: 'Save and modernize' })
    .click();
  await expect(badge).toHaveText('Nothing to modernize', { timeout: 90_000 });
  await expect(panel.locator('.jp-mlemodernizer-nothing')).toHaveText(
    'The notebook has no code to run. No change was needed, so no modernized copy was written.'
  );
  // no success badge, no copy to open, none on disk
  await expect(panel.locator('.jp-mlemodernizer-badge-good')).toHaveCount(0);
  await expect(
    panel.getByRole('button', { name: /^Open .*modernized/ })
  ).toHaveCount(0);
  expect(
    await page.contents.fileExists(`${tmpPath}/empty.modernized.ipynb`)
  ).toBe(false);
  await panelScreenshot(page, testInfo, 'nothing-empty-light');

  // an already clean notebook, in the dark theme
  await page.theme.setDarkTheme();
  await openNotebookJSON(
    page,
    tmpPath,
    'clean.ipynb',
    notebookJSON(['x = 2', 'print(x * 21)'])
  );
  await pressModernize(page);
  await expect(badge).toHaveText('Nothing to modernize', { timeout: 90_000 });
  await expect(panel.locator('.jp-mlemodernizer-nothing')).toContainText(
    'It runs without errors today.'
  );
  await expect(
    panel.locator('.jp-mlemodernizer-iteration[data-iteration="0"]')
  ).toContainText('Ran without errors');
  expect(
    await page.contents.fileExists(`${tmpPath}/clean.modernized.ipynb`)
  ).toBe(false);
  await panelScreenshot(page, testInfo, 'nothing-clean-dark');
});
