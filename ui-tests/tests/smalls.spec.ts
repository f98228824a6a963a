/**
 * Issue 17, item 7: the smaller things a new user tripped over, on a rules
 * fix (offline): rules in sentences opening their documentation, an
 * error told once, the button's label, the timer while the job waits for
 * the user, the job selector, and a cancel that asks and says what it writes.
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
    'mlemodernizer:plugin': { offline: true }
  }
});

test('rules in sentences, an error told once, the timer, the job selector, cancel', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  const panel = modernizerPanel(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'old-numpy.ipynb',
    notebookJSON(['import numpy as np', 'x = np.float(1)\nprint(x)'])
  );
  await pressModernize(page);
  await widenSidebar(page);
  const pending = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(pending).toHaveCount(1, { timeout: 90_000 });

  // the first run's button says Modernize, disabled while the job runs
  const modernize = panel.locator('.jp-mlemodernizer-toolbar button');
  await expect(modernize).toHaveText('Modernize');
  await expect(modernize).toBeDisabled();

  // the rule in a sentence, its id a link to its documentation
  const rule = panel.locator('.jp-mlemodernizer-rules li').first();
  await expect(rule).toContainText(/NPY\d{3}/);
  await expect(rule.locator('.jp-mlemodernizer-rule-message')).toContainText(
    'np.float'
  );
  // (it opens inside JupyterLab: ruledocs.spec.ts)
  await expect(
    rule.getByRole('button', { name: /^NPY\d{3}$/ })
  ).toHaveAttribute('title', /^Open the documentation of NPY\d{3}$/);
  // no rule ids as the fix's source, no terse replacement list
  await expect(panel.locator('.jp-mlemodernizer-fix-summary')).toContainText(
    'Rules'
  );
  await expect(
    panel.locator('.jp-mlemodernizer-fix-summary')
  ).not.toContainText('NPY');

  // the baseline's error is shown once: the issue below refers to it
  await expect(
    panel.locator('.jp-mlemodernizer-iteration[data-iteration="0"]')
  ).toContainText("module 'numpy' has no attribute 'float'");
  const issue = panel.locator(
    '.jp-mlemodernizer-iteration[data-iteration="1"] .jp-mlemodernizer-issue'
  );
  await expect(issue.locator('.jp-mlemodernizer-issue-detail')).toHaveText(
    'cell 2, the error above'
  );
  // the whole message (numpy's long deprecation note) folded, once
  await expect(issue.locator('details')).not.toHaveAttribute('open', '');
  await expect(panel.getByText('was a deprecated alias')).toHaveCount(1);
  await expect(panel).not.toContainText('The model is writing ()');

  // while the job waits for the review, its work time stands still and the
  // wait is counted beside it (issue 29)
  const elapsed = panel.locator('.jp-mlemodernizer-elapsed');
  const worked = async () =>
    /^worked (\S+) · waiting (\S+)$/.exec((await elapsed.textContent()) ?? '');
  const before = await worked();
  expect(before).not.toBeNull();
  await page.waitForTimeout(2500);
  const after = await worked();
  expect(after?.[1]).toBe(before?.[1]);
  expect(after?.[2]).not.toBe(before?.[2]);
  await expect(elapsed).toHaveAttribute(
    'title',
    /not counting .* waiting for your review/
  );
  await panelScreenshot(page, testInfo, 'smalls-rules-review-light');

  await panel
    .getByRole('button', { name: 'Accept the change to cell 2' })
    .click();
  await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
    'Error-free, reproducible',
    { timeout: 90_000 }
  );
  await expect(modernize).toHaveText('Modernize again');

  // a second job: the selector names each job with its status as it is now
  await modernize.click();
  await expect(pending).toHaveCount(1, { timeout: 90_000 });
  const selector = panel.locator('.jp-mlemodernizer-history select');
  await expect(selector.locator('option')).toHaveCount(2);
  await expect(selector.locator('option').nth(0)).toHaveText(
    /^#2 · \d\d:\d\d.* · running$/
  );
  await expect(selector.locator('option').nth(1)).toHaveText(
    /^#1 · .* · finished$/
  );
  const box = await selector.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);

  // cancel asks first, and says the copy is still written
  await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.locator('.jp-Dialog');
  await expect(dialog).toContainText(
    'a modernized copy with the changes accepted so far is still written'
  );
  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(pending).toHaveCount(1);
  await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancel the job' }).click();
  await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
    'Cancelled',
    { timeout: 60_000 }
  );
  await expect(selector.locator('option').nth(0)).toHaveText(/ · cancelled$/);
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'smalls-cancelled-dark');
  expect(errors).toEqual([]);
});
