/**
 * Issue 40, item 1: old notebooks are what the tool is for. An nbformat 4.2
 * file stores no cell ids (JupyterLab and the server each make up their own),
 * yet its proposals show under the notebook's own cells, are decided there,
 * and the panel follows.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  LLM_PATH_SETTINGS,
  modernizerPanel,
  pageScreenshot,
  pressModernize
} from './panel-utils';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

test.use(LLM_PATH_SETTINGS);

test('an nbformat 4.2 notebook gets its review under its own cells', async ({
  page,
  tmpPath
}, testInfo) => {
  await page.contents.uploadFile(
    path.join(FIXTURES, 'helpers.py'),
    `${tmpPath}/helpers.py`
  );
  // eroded.ipynb as an old file: nbformat 4.2, no cell ids
  await page.contents.uploadFile(
    path.join(FIXTURES, 'eroded-v42.ipynb'),
    `${tmpPath}/eroded.ipynb`
  );
  await page.notebook.openByPath(`${tmpPath}/eroded.ipynb`);
  await page.notebook.activate('eroded.ipynb');
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const pending = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(pending).toHaveCount(2, { timeout: 90_000 });

  // the same two proposals under the notebook's cells 2 and 3
  const cells = page.locator('.jp-Notebook .jp-Cell');
  const inCell = page.locator('.jp-Notebook .jp-mlemodernizer-incell');
  await expect(inCell).toHaveCount(2);
  await expect(cells.nth(1).locator('.jp-mlemodernizer-incell')).toHaveCount(1);
  await expect(
    cells.nth(2).locator('.jp-mlemodernizer-incell .cm-content')
  ).toContainText('load_dataset');
  await pageScreenshot(page, testInfo, 'oldformat-in-cell-light');
  await page.theme.setDarkTheme();
  await pageScreenshot(page, testInfo, 'oldformat-in-cell-dark');

  // decided in the cell, the panel in step
  await page
    .getByRole('button', { name: 'Reject the proposed change to cell 2' })
    .click();
  await expect(inCell).toHaveCount(1);
  await expect(
    panel.locator('.jp-mlemodernizer-cell .jp-mlemodernizer-tag').first()
  ).toHaveText('Rejected');
  await page
    .getByRole('button', { name: 'Accept the proposed change to cell 3' })
    .click();
  await expect(inCell).toHaveCount(0);
});
