/**
 * Issue 24: a fix from the installed libraries (the environment family, the
 * catalogue off) says in the panel what was found where.
 */
import { expect, galata, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  panelScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

test.use({
  mockSettings: {
    ...galata.DEFAULT_SETTINGS,
    'mlemodernizer:plugin': { offline: true, fixers: 'environment' }
  }
});

for (const dark of [false, true]) {
  test(`the panel says what the installed libraries said${dark ? ' (dark)' : ''}`, async ({
    page,
    tmpPath
  }, testInfo) => {
    const errors = extensionErrors(page);
    if (dark) {
      await page.theme.setDarkTheme();
    }
    const panel = modernizerPanel(page);
    await openNotebookJSON(
      page,
      tmpPath,
      `moved${dark ? '-dark' : ''}.ipynb`,
      notebookJSON([
        'from sklearn.cross_validation import train_test_split\n' +
          'train, test = train_test_split(list(range(10)), test_size=0.3)\n' +
          'print(len(test))'
      ])
    );
    await pressModernize(page);
    await widenSidebar(page);
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      1,
      { timeout: 120_000 }
    );
    const fix = panel.locator('.jp-mlemodernizer-fix').first();
    await expect(fix.locator('.jp-mlemodernizer-fix-summary')).toContainText(
      'From the installed libraries'
    );
    await expect(fix.locator('.jp-mlemodernizer-plan')).toContainText(
      '`train_test_split` is in `sklearn.model_selection`'
    );
    await expect(fix.locator('.jp-mlemodernizer-cell')).toContainText(
      'sklearn.model_selection'
    );
    await panelScreenshot(
      page,
      testInfo,
      `environment-fix${dark ? '-dark' : ''}`
    );
    expect(errors).toEqual([]);
  });
}
