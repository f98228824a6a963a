/**
 * Issue 29, item 9: after "Apply to <notebook>" the panel says what was
 * applied beside its Undo; no toast lies over the timeline.
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  cellSource,
  modernizerPanel,
  notebookJSON,
  offlineRules,
  openNotebookJSON,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test.use(offlineRules('auto'));

test('applied: said in the panel, no toast over the timeline', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'apply.ipynb',
    notebookJSON(['import numpy as np\nprint(np.float(3) / 2)'])
  );
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const apply = panel.getByRole('button', { name: 'Apply to apply.ipynb' });
  await expect(apply).toBeVisible({ timeout: 120_000 });
  await page.notebook.save(); // applying never overwrites unsaved edits
  await apply.click();
  await expect
    .poll(() => cellSource(page, 0))
    .toBe('import numpy as np\nprint(float(3) / 2)');

  await expect(panel.locator('.jp-mlemodernizer-applied')).toHaveText(
    'Applied 1 cell change to apply.ipynb.'
  );
  // nothing is left to apply (issue 40 item 7): the button says so
  await expect(apply).toBeDisabled();
  await expect(apply).toHaveAttribute(
    'title',
    /^Every accepted change is in .*apply\.ipynb$/
  );
  // no toast covers the panel (JupyterLab's notifications are toasts)
  await page.waitForTimeout(500);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await panelScreenshot(page, testInfo, 'applied-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'applied-dark');

  // Undo, in the same place
  await panel.getByRole('button', { name: 'Undo apply' }).click();
  await expect
    .poll(() => cellSource(page, 0))
    .toBe('import numpy as np\nprint(np.float(3) / 2)');
  await expect(panel.locator('.jp-mlemodernizer-applied')).toHaveCount(0);
  await expect(apply).toBeEnabled();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  expect(errors).toEqual([]);
});
