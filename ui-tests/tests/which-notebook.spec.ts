/**
 * Issue 29, item 8: with the modernized copy open, the panel shows the job
 * of the notebook that wrote it; it says so, names the notebook each button
 * acts on ("Apply to old.ipynb", "Modernize this copy"), and links back.
 * Item 9: the freshly written copy opens saved (no unsaved-changes dot).
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  offlineRules,
  notebookJSON,
  openNotebookJSON,
  pageScreenshot,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test.use(offlineRules('auto'));

test('the modernized copy open: which notebook the job and buttons are for', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'old.ipynb',
    notebookJSON(['import numpy as np\nprint(np.float(3) / 2)'])
  );
  await pressModernize(page);
  const panel = modernizerPanel(page);
  await expect(panel.locator('.jp-mlemodernizer-badge')).toBeVisible({
    timeout: 120_000
  });
  // the original open: its own job, applied to it
  await expect(
    panel.getByRole('button', { name: 'Apply to old.ipynb' })
  ).toBeVisible();
  await expect(panel.locator('.jp-mlemodernizer-copy-of')).toHaveCount(0);

  await panel
    .getByRole('button', { name: 'Open old.modernized.ipynb' })
    .click();
  await expect(panel.locator('.jp-mlemodernizer-notebook')).toHaveText(
    'old.modernized.ipynb'
  );
  const note = panel.locator('.jp-mlemodernizer-copy-of');
  await expect(note).toContainText('The modernized copy of old.ipynb');
  await expect(
    panel.getByRole('button', { name: 'Modernize this copy' })
  ).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Apply to old.ipynb' })
  ).toBeVisible();
  // the copy was written whole: it opens with nothing unsaved
  const tab = page.locator('.lm-TabBar-tab', {
    hasText: 'old.modernized.ipynb'
  });
  await expect(tab).toBeVisible();
  await page.waitForTimeout(2000); // a kernel's metadata would arrive by now
  await expect(tab).not.toHaveClass(/jp-mod-dirty/);

  await panelScreenshot(page, testInfo, 'which-notebook-light');
  await pageScreenshot(page, testInfo, 'which-notebook-page-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'which-notebook-dark');

  // the link goes back to the notebook the job is for
  await note.getByRole('button', { name: 'old.ipynb' }).click();
  await expect(panel.locator('.jp-mlemodernizer-notebook')).toHaveText(
    'old.ipynb'
  );
  expect(errors).toEqual([]);
});
