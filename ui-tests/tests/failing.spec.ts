/**
 * Issue 17, item 4: the failing cells of each run, marked new when the
 * baseline ran them clean, the cells fixed since the baseline, each a link
 * to its cell in the notebook.
 *
 * The scripted model (fixtures/replies.json) first fixes cell 2 and breaks
 * cell 9 (it tidies away a variable cell 9 uses), which is rolled back; its
 * second reply fixes cell 2 alone.
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  activeCellIndex,
  modernizerPanel,
  openNotebookJSON,
  panelScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

/** Enough text between the cells to push cell 9 out of sight. */
const FILLER = Array.from(
  { length: 14 },
  (_, i) => `- note ${i + 1}: the values were collected by hand`
).join('\n');

function notebook(): string {
  const code = (id: string, source: string) => ({
    cell_type: 'code',
    id,
    metadata: {},
    execution_count: null,
    outputs: [],
    source
  });
  const cells = [
    code('setup', 'scale = 10\nvalues = [1, 2, 3]'),
    code('add', "total = add_up(values)\nprint('total:', total)"),
    ...Array.from({ length: 6 }, (_, i) => ({
      cell_type: 'markdown',
      id: `notes-${i}`,
      metadata: {},
      source: `## Notes ${i + 1}\n${FILLER}`
    })),
    code('scaled', "print('scaled:', scale * 2)")
  ];
  return JSON.stringify({
    cells,
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

test('failing cells per run, new and fixed, each a link to its cell', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  const panel = modernizerPanel(page);
  await openNotebookJSON(page, tmpPath, 'failing.ipynb', notebook());
  await pressModernize(page);
  await widenSidebar(page);

  // the model's first fix: cells 1 and 2 changed, accepted as they come
  const pending = panel.locator('.jp-mlemodernizer-cell-pending');
  await expect(pending).toHaveCount(2, { timeout: 90_000 });
  await panel.getByRole('button', { name: 'Accept all' }).click();
  // its second (after the first was rolled back): cell 2 alone
  await expect(pending).toHaveCount(1, { timeout: 90_000 });
  await panel
    .getByRole('button', { name: 'Accept the change to cell 2' })
    .click();
  await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
    'Error-free, reproducible',
    { timeout: 90_000 }
  );

  // the rolled-back change is not in the copy, and not offered to apply
  await expect(panel.locator('.jp-mlemodernizer-apply p')).toHaveText(
    /^1 accepted cell change is in the modernized copy\./
  );

  const run = (n: number) =>
    panel.locator(`.jp-mlemodernizer-iteration[data-iteration="${n}"]`);
  const failing = (n: number) =>
    run(n).getByRole('list', { name: 'Failing cells' }).locator('li');

  // the baseline: cell 2 fails; nothing is "new" in the baseline
  await expect(failing(0)).toHaveCount(1);
  await expect(failing(0)).toContainText('cell 2');
  await expect(failing(0)).toContainText(
    "NameError: name 'add_up' is not defined"
  );
  await expect(run(0).locator('.jp-mlemodernizer-tag-new')).toHaveCount(0);
  await expect(run(0).locator('.jp-mlemodernizer-fixed')).toHaveCount(0);

  // the first fix: cell 9, clean in the baseline, fails now (new); cell 2 fixed
  await expect(failing(1)).toHaveCount(1);
  const broken = failing(1).first();
  await expect(broken.locator('.jp-mlemodernizer-cell-link')).toHaveText(
    'cell 9'
  );
  await expect(broken.locator('.jp-mlemodernizer-tag-new')).toHaveText('new');
  await expect(broken).toContainText('TypeError');
  await expect(run(1).locator('.jp-mlemodernizer-fixed')).toHaveText(
    'Fixed since the baseline: cell 2'
  );

  // the second fix: no failing cell, cell 2 still fixed
  await expect(failing(2)).toHaveCount(0);
  await expect(run(2).locator('.jp-mlemodernizer-fixed')).toHaveText(
    'Fixed since the baseline: cell 2'
  );
  await panelScreenshot(page, testInfo, 'failing-cells-light');

  // "cell 9" goes to the cell: the notebook scrolls to it and activates it
  const notebookPanel = page.locator('.jp-NotebookPanel').filter({
    visible: true
  });
  await notebookPanel.locator('.jp-WindowedPanel-outer').evaluate(node => {
    node.scrollTop = 0;
  });
  await broken.getByRole('button', { name: 'cell 9' }).click();
  await expect.poll(() => activeCellIndex(page)).toBe(8);
  const active = notebookPanel.locator('.jp-Cell.jp-mod-active');
  await expect(active).toContainText('scale * 2');
  await expect(active).toBeInViewport();
  // and back to cell 2, above
  await failing(0).getByRole('button', { name: 'cell 2' }).click();
  await expect.poll(() => activeCellIndex(page)).toBe(1);
  await expect(active).toContainText('add_up');
  await expect(active).toBeInViewport();

  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'failing-cells-dark');
  expect(errors).toEqual([]);
});
