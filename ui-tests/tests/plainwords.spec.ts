/**
 * Issue 29, items 3 and 4: what a first-time user reads when the model gives
 * no fix and the job ends with errors. The scripted model (fixtures/
 * replies.json) answers this notebook without code, is asked again, answers
 * without code again and then repeats itself.
 *
 * The panel says so in one sentence; what the model was told ("your reply
 * contains no code: give one ```python block ...") stays behind "Full model
 * reply". The verdict says "Still has errors", not "not reproducible" (there
 * is no score, nothing was re-run), why the job stopped and what still fails
 * in plain words, with the precise terms on hover.
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  LLM_PATH_SETTINGS,
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  panelScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

test.use(LLM_PATH_SETTINGS);

test('no fix from the model, and the verdict, in plain words', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  const panel = modernizerPanel(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'plainwords.ipynb',
    notebookJSON([
      "values = ['1', '2']\nplainwords_total = sum(values)\nprint(plainwords_total)"
    ])
  );
  await pressModernize(page);
  await widenSidebar(page);

  const badge = panel.locator('.jp-mlemodernizer-badge');
  await expect(badge).toHaveText('Still has errors', { timeout: 120_000 });
  await expect(badge).toHaveAttribute(
    'title',
    'Outcome error_non_reproducible: judged on errors alone (no score to compare, nothing re-run)'
  );

  // item 3: one sentence, nothing written to the model in sight
  const stop = panel.locator('.jp-mlemodernizer-stop');
  await expect(stop.locator('.jp-mlemodernizer-tag')).toHaveText(
    'No fix found'
  );
  await expect(stop.locator('.jp-mlemodernizer-issue-detail')).toHaveText(
    "The model's replies held no code; asked again twice, and it sent the same reply again."
  );
  for (const internal of ['your reply', 're-asking', '```python']) {
    await expect(panel).not.toContainText(internal, { useInnerText: true });
  }

  // item 4: the verdict's words, the terms on hover
  const stopped = panel.locator('.jp-mlemodernizer-stop-reason');
  await expect(stopped).toHaveText(
    'Stopped: no fix was found for what still fails'
  );
  await expect(stopped).toHaveAttribute('title', 'stop_reason: no_fix');
  const still = panel.locator('.jp-mlemodernizer-error-summary > div').first();
  await expect(still).toHaveText(
    '1 cell still fails: a call now behaves differently'
  );
  await expect(still).toHaveAttribute('title', 'cell 1: behaviour change');
  await expect(panel).not.toContainText(/not reproducible/i, {
    useInnerText: true
  });
  await expect(panel).not.toContainText('code error', { useInnerText: true });
  await panelScreenshot(page, testInfo, 'no-fix-plain-light');

  // the raw exchange is one click away: the replies and what the model was told
  await stop.getByText('Full model reply').click();
  const raw = stop.locator('details');
  await expect(raw).toContainText(
    'I cannot tell what plainwords_total is meant to hold.'
  );
  await expect(raw).toContainText(
    '[asking the model again: its reply held no code]'
  );
  await expect(raw).toContainText('your reply contains no code');

  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'no-fix-plain-dark');
  expect(errors).toEqual([]);
});
