/**
 * Issue 17: the newer views in JupyterLab's dark theme, for the eye (the
 * screenshots) and for the few colours a test can check: a long cell shown
 * as running, marked in the notebook; proposals under the notebook's cells,
 * side by side on demand. (Score, nothing-to-modernize, the review in the
 * panel and the failing cells take their dark pictures in their own specs.)
 */
import { expect, galata, test } from '@jupyterlab/galata';
import { Locator } from '@playwright/test';
import * as path from 'path';

import { extensionErrors } from './console-errors';
import {
  LLM_PATH_SETTINGS,
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  pageScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

type RGBA = [number, number, number, number];

/** WCAG's contrast ratio of two opaque colours. */
function contrast(foreground: RGBA, background: RGBA): number {
  const luminance = ([r, g, b]: RGBA) =>
    [r, g, b]
      .map(v => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      })
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [luminance(foreground), luminance(background)].sort(
    (x, y) => y - x
  );
  return (a + 0.05) / (b + 0.05);
}

/**
 * The colour the text is drawn in and the colour behind it, as the eye
 * sees them: translucent highlights laid over what is behind them, a
 * translucent text colour over the result.
 */
async function colours(
  text: Locator
): Promise<{ color: RGBA; background: RGBA }> {
  return text.evaluate(node => {
    const parse = (css: string): [number, number, number, number] => {
      const v = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0, v.length > 3 ? v[3] : 1];
    };
    const over = (
      top: [number, number, number, number],
      below: [number, number, number, number]
    ): [number, number, number, number] => {
      const a = top[3];
      return [
        top[0] * a + below[0] * (1 - a),
        top[1] * a + below[1] * (1 - a),
        top[2] * a + below[2] * (1 - a),
        1
      ];
    };
    const layers: [number, number, number, number][] = [];
    for (let el: Element | null = node; el; el = el.parentElement) {
      const bg = parse(getComputedStyle(el).backgroundColor);
      if (bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) {
          break;
        }
      }
    }
    let background: [number, number, number, number] = [255, 255, 255, 1];
    for (const layer of layers.reverse()) {
      background = over(layer, background);
    }
    const color = over(parse(getComputedStyle(node).color), background);
    return { color, background };
  });
}

async function expectReadable(text: Locator, minimum = 4.5): Promise<void> {
  const { color, background } = await colours(text);
  const ratio = contrast(color, background);
  const what = `${color.map(Math.round).join(',')} on ${background
    .map(Math.round)
    .join(',')}`;
  expect(ratio, what).toBeGreaterThanOrEqual(minimum);
}

test.describe('offline', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'mlemodernizer:plugin': { offline: true }
    }
  });

  test('dark theme: a long cell shown as running', async ({
    page,
    tmpPath
  }, testInfo) => {
    const errors = extensionErrors(page);
    await page.theme.setDarkTheme();
    await openNotebookJSON(
      page,
      tmpPath,
      'long-dark.ipynb',
      notebookJSON([
        'import numpy as np',
        'import time\nfor step in range(8):\n    print("step", step, flush=True)\n    time.sleep(1)',
        'x = np.float(1)\nprint(x)'
      ])
    );
    await pressModernize(page);
    await widenSidebar(page);
    const panel = modernizerPanel(page);
    const running = panel.locator('.jp-mlemodernizer-running-cell');
    await expect(running).toContainText('Cell 2 of 3', { timeout: 60_000 });
    const output = running.locator('.jp-mlemodernizer-running-cell-output');
    await expect(output).toContainText('step 3');
    const marked = page.locator('.jp-Cell.jp-mlemodernizer-running-in-job');
    await expect(marked).toHaveCount(1);
    await expect(
      panel.locator('.jp-mlemodernizer-execution.jp-mlemodernizer-running')
    ).toHaveText('Running the baseline: up to cell 1 of 3, 0 with errors');
    await expectReadable(running.locator('.jp-mlemodernizer-cell-link'));
    await expectReadable(
      running.locator('.jp-mlemodernizer-running-cell-time')
    );
    await expectReadable(output);
    await pageScreenshot(page, testInfo, 'progress-long-cell-dark');
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      1,
      { timeout: 60_000 }
    );
    expect(errors).toEqual([]);
  });
});

test.describe('the LLM path', () => {
  test.use(LLM_PATH_SETTINGS);

  test('dark theme: proposals under the cells, side by side on demand', async ({
    page,
    tmpPath
  }, testInfo) => {
    const errors = extensionErrors(page);
    await page.theme.setDarkTheme();
    for (const name of ['helpers.py', 'eroded.ipynb']) {
      await page.contents.uploadFile(
        path.join(FIXTURES, name),
        `${tmpPath}/${name}`
      );
    }
    await page.notebook.openByPath(`${tmpPath}/eroded.ipynb`);
    await page.notebook.activate('eroded.ipynb');
    await pressModernize(page);
    const inCell = page.locator('.jp-Notebook .jp-mlemodernizer-incell');
    await expect(inCell).toHaveCount(2, { timeout: 90_000 });
    const under3 = inCell.and(page.locator('[data-cell-id="load-rows"]'));
    await expectReadable(under3.locator('.cm-line').first());
    // the changed words: highlighted, still legible (the colour of the
    // innermost text, syntax colours included, on the highlight)
    const under2 = inCell.and(page.locator('[data-cell-id="import-helpers"]'));
    for (const words of [
      under2.locator('.cm-changedText').first(),
      under2.locator('.cm-changedText span').first(),
      under2.locator('.cm-changedText span').last(),
      under2.locator('.cm-deletedChunk .cm-deletedText').first()
    ]) {
      await expectReadable(words, 3);
    }
    await pageScreenshot(page, testInfo, 'review-in-cell-dark');
    await under3
      .getByRole('button', { name: 'Show the change to cell 3 side by side' })
      .click();
    const merge = under3.locator('.cm-mergeView');
    await expect(merge.locator('.cm-editor')).toHaveCount(2);
    await expectReadable(merge.locator('.cm-line').first());
    await pageScreenshot(page, testInfo, 'review-side-by-side-dark');
    expect(errors).toEqual([]);
  });
});
