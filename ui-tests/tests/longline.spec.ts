/**
 * Issue 29, item 2: a change at the end of a long line is visible without
 * scrolling sideways, in the panel's review card and under the notebook's
 * cell. Long lines still scroll (they do not wrap inside names): the diff
 * opens scrolled to the first changed words.
 */
import { expect, test } from '@jupyterlab/galata';
import { Locator } from '@playwright/test';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  offlineRules,
  openNotebookJSON,
  pageScreenshot,
  panelScreenshot,
  pressModernize
} from './panel-utils';

test.use(offlineRules('manual'));

// np.float (removed from numpy) at column ~150: past the edge of the panel
// and of the notebook's cell
const LONG_LINE =
  "weights = {'apples': 3, 'pears': 5, 'plums': 7, 'cherries': 11, " +
  "'apricots': 13, 'quinces': 17}; total = sum(weights.values()); " +
  'share = np.float(total) / 100';

function notebook(): string {
  return JSON.stringify({
    cells: [
      {
        cell_type: 'code',
        id: 'long-line',
        metadata: {},
        execution_count: null,
        outputs: [],
        source: `import numpy as np\n${LONG_LINE}\nprint(share)`
      }
    ],
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3',
        language: 'python'
      }
    },
    nbformat: 4,
    nbformat_minor: 5
  });
}

/**
 * Whether `span` lies inside the visible part of its editor's scroller
 * (right of the gutters, left of the edge).
 */
async function inView(span: Locator, editor: Locator): Promise<boolean> {
  const box = await span.boundingBox();
  const scroller = await editor.locator('.cm-scroller').boundingBox();
  const gutters = await editor.locator('.cm-gutters').boundingBox();
  if (!box || !scroller) {
    return false;
  }
  const left = scroller.x + (gutters?.width ?? 0);
  return (
    box.x >= left - 1 && box.x + box.width <= scroller.x + scroller.width + 1
  );
}

test('a change past the edge of a long line is brought into view', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  await openNotebookJSON(page, tmpPath, 'longline.ipynb', notebook());
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const card = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(card).toHaveCount(1, { timeout: 120_000 });

  // the panel: the removed `np.` shows, on a line that still does not wrap
  const inPanel = card.locator('.cm-editor').first();
  const removed = inPanel.locator('.cm-deletedText').first();
  await expect(removed).toHaveText('np.');
  await expect(inPanel.locator('.cm-content')).toHaveCSS('white-space', 'pre');
  await expect.poll(() => inView(removed, inPanel)).toBe(true);

  // under the notebook's cell: the same
  const inCell = page.locator(
    '.jp-Notebook .jp-mlemodernizer-incell .cm-editor'
  );
  await expect(inCell).toHaveCount(1);
  const removedInCell = inCell.locator('.cm-deletedText').first();
  await expect(removedInCell).toHaveText('np.');
  await expect.poll(() => inView(removedInCell, inCell)).toBe(true);

  await panelScreenshot(page, testInfo, 'long-line-panel-light');
  await pageScreenshot(page, testInfo, 'long-line-cell-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'long-line-panel-dark');
  expect(errors).toEqual([]);
});

/**
 * Issue 40, item 2: a change near a line's start and another at the end of a
 * long line cannot both show in one sideways scroll: the diff's lines wrap,
 * and every changed span is in view, in the panel and under the cell, in a
 * diff that does not scroll on its own.
 */
test('two changes far apart on the lines both show, without scrolling', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  const source = [
    'from sklearn.cross_validation import train_test_split',
    'import numpy as np',
    LONG_LINE,
    'print(share)'
  ].join('\n');
  await openNotebookJSON(
    page,
    tmpPath,
    'two-changes.ipynb',
    notebook().replace(
      JSON.stringify(`import numpy as np\n${LONG_LINE}\nprint(share)`),
      JSON.stringify(source)
    )
  );
  await pressModernize(page);
  const panel = modernizerPanel(page);
  const card = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(card).toHaveCount(1, { timeout: 120_000 });

  const places = {
    panel: card.locator('.cm-editor').first(),
    cell: page.locator('.jp-Notebook .jp-mlemodernizer-incell .cm-editor')
  };
  for (const [where, editor] of Object.entries(places)) {
    const spans = editor.locator('.cm-changedText, .cm-deletedText');
    // the module's rename (line 1) and np.float's (line 3), old and new
    await expect
      .poll(() => spans.count(), { message: where })
      .toBeGreaterThanOrEqual(3);
    await expect(editor.locator('.cm-deletedText').first()).toBeVisible();
    await expect
      .poll(
        async () => {
          for (const span of await spans.all()) {
            if (!(await inView(span, editor))) {
              return `${where}: ${await span.textContent()} out of view`;
            }
          }
          return 'all in view';
        },
        { message: where }
      )
      .toBe('all in view');
    // and no scroll of its own hides a part of it
    const scroller = editor.locator('.cm-scroller');
    expect(
      await scroller.evaluate(e => e.scrollHeight <= e.clientHeight + 1)
    ).toBe(true);
  }
  await panelScreenshot(page, testInfo, 'two-changes-panel-light');
  await pageScreenshot(page, testInfo, 'two-changes-cell-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'two-changes-panel-dark');
  await pageScreenshot(page, testInfo, 'two-changes-cell-dark');
  expect(errors).toEqual([]);
});
