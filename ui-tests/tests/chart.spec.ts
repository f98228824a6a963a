/**
 * Issue 29, item 7: the runtime chart explains itself: its axis is titled
 * ("baseline, then each iteration", the baseline labelled "base", not "B"),
 * its runtime scale has a zero as well as a top, a run resumed from a cell
 * is drawn apart (outlined, in the legend: part of the notebook), and an
 * iteration without a run says "no run" where its bar would be.
 */
import { expect, galata, test } from '@jupyterlab/galata';
import { Locator, Page, TestInfo } from '@playwright/test';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  pressModernize
} from './panel-utils';

// cell 1 fails and no rule knows why; cell 3's removed alias a rule fixes:
// the run after the fix goes on from cell 3 in the kernel kept before
const CELLS = [
  'import numpy as np',
  "print('mean:', mean_of([1, 2]))",
  'print(2)',
  'count = np.int(3)\nprint(count)'
];

async function chartShot(
  page: Page,
  chart: Locator,
  testInfo: TestInfo,
  name: string
): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await chart.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('automatic review', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'mlemodernizer:plugin': { offline: true, fixers: 'rules', review: 'auto' }
    }
  });

  test('axis, scale and a run resumed from a cell', async ({
    page,
    tmpPath
  }, testInfo) => {
    const errors = extensionErrors(page);
    await openNotebookJSON(page, tmpPath, 'chart.ipynb', notebookJSON(CELLS));
    await pressModernize(page);
    const panel = modernizerPanel(page);
    await expect(panel.locator('.jp-mlemodernizer-badge')).toBeVisible({
      timeout: 120_000
    });
    const chart = panel.locator('.jp-mlemodernizer-chart');
    const texts = chart.locator('svg text');
    await expect(texts.filter({ hasText: /^base$/ })).toHaveCount(1);
    await expect(texts.filter({ hasText: /^B$/ })).toHaveCount(0);
    // the fix's run resumed in the kept kernel; the verdict ran the final
    // notebook from the top: that run ends the chart, and it is the run the
    // table's "after" shows (issue 40 item 4: 9.56 s in one, 8.63 s in the other)
    await expect(texts.filter({ hasText: /^final$/ })).toHaveCount(1);
    await expect(
      texts.filter({
        hasText: "baseline, each iteration, then the verdict's run"
      })
    ).toHaveCount(1);
    const after = await panel
      .locator('.jp-mlemodernizer-compare tr', { hasText: 'Runtime' })
      .locator('td')
      .last()
      .textContent();
    const described = await chart.locator('svg').getAttribute('aria-label');
    expect(described).toContain(
      `the verdict's run of the final notebook: score –, runtime ${after}`
    );
    await expect(texts.filter({ hasText: /^0 s$/ })).toHaveCount(1);
    await expect(
      chart.locator('.jp-mlemodernizer-chart-bar-partial')
    ).toHaveCount(1);
    await expect(chart.locator('figcaption')).toContainText(
      'run from a cell on (part of the notebook)'
    );
    await chartShot(page, chart, testInfo, 'chart-resumed-light');
    await page.theme.setDarkTheme();
    await chartShot(page, chart, testInfo, 'chart-resumed-dark');
    expect(errors).toEqual([]);
  });
});

test.describe('manual review', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'mlemodernizer:plugin': {
        offline: true,
        fixers: 'rules',
        review: 'manual'
      }
    }
  });

  test('an iteration whose fix was rejected says it did not run', async ({
    page,
    tmpPath
  }, testInfo) => {
    const errors = extensionErrors(page);
    await openNotebookJSON(page, tmpPath, 'norun.ipynb', notebookJSON(CELLS));
    await pressModernize(page);
    const panel = modernizerPanel(page);
    const card = panel.locator('.jp-mlemodernizer-cell-pending');
    await expect(card).toHaveCount(1, { timeout: 120_000 });
    await card
      .getByRole('button', { name: 'Reject the change to cell 4' })
      .click();
    await expect(panel.locator('.jp-mlemodernizer-badge')).toBeVisible({
      timeout: 120_000
    });
    const chart = panel.locator('.jp-mlemodernizer-chart');
    // iteration 1 (its fix rejected) ran nothing; the one that found no
    // further fix is no iteration of the report's, nor of the chart's
    // (issue 40 item 7)
    const norun = chart.locator('.jp-mlemodernizer-chart-norun');
    await expect(norun).toHaveCount(1);
    await expect(norun.first()).toContainText('no run');
    const described = await chart.locator('svg').getAttribute('aria-label');
    expect(described).toContain('iteration 1: no run');
    expect(described).not.toContain('iteration 2');
    await expect(norun.first().locator('title')).toHaveText(
      'iteration 1: no run (no fix was applied)'
    );
    await chartShot(page, chart, testInfo, 'chart-norun-light');
    await page.theme.setDarkTheme();
    await chartShot(page, chart, testInfo, 'chart-norun-dark');
    expect(errors).toEqual([]);
  });
});
