/**
 * Issue 27: the second judge in the panel. The notebook's stored outputs are
 * what the author's libraries printed; today one cell drifts (scikit-learn's
 * LogisticRegression no longer fits liblinear one-vs-rest by default), one is
 * random (unseeded), one is the same once its np.float is repaired. The
 * verdict says how many of the author's numbers were found again, lists the
 * drifted cell with its values, each a link to the cell, and counts the
 * random one apart (two fresh runs differ); it says what "reproducible" rests
 * on, and the drifted cell is marked in the notebook with what moved there.
 * Light and dark.
 */
import { expect, galata, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  activeCellIndex,
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
    'mlemodernizer:plugin': { offline: true, fixers: 'rules' }
  }
});

// the stored outputs: printed by the code as the author's libraries ran it
const CELLS = [
  'import numpy as np\n' +
    'from sklearn.datasets import load_iris\n' +
    'from sklearn.linear_model import LogisticRegression\n' +
    'X, y = load_iris(return_X_y=True)',
  {
    source: "print('mean petal length: %.2f' % np.float(X[:, 2].mean()))",
    output: 'mean petal length: 3.76\n'
  },
  {
    source: 'print(np.random.rand(3).round(3))',
    output: '[0.417 0.72  0.   ]\n'
  },
  {
    source:
      'clf = LogisticRegression(max_iter=1000).fit(X, y)\n' +
      'print(clf.predict_proba(X[:1]).round(3))',
    output: '[[0.878 0.122 0.   ]]\n'
  }
];

for (const dark of [false, true]) {
  test(`the verdict says which of the author's outputs were found again${dark ? ' (dark)' : ''}`, async ({
    page,
    tmpPath
  }, testInfo) => {
    test.setTimeout(240_000);
    const errors = extensionErrors(page);
    if (dark) {
      await page.theme.setDarkTheme();
    }
    const panel = modernizerPanel(page);
    await openNotebookJSON(
      page,
      tmpPath,
      `outputs${dark ? '-dark' : ''}.ipynb`,
      notebookJSON(CELLS)
    );
    await pressModernize(page);
    await widenSidebar(page);
    // the rule's repair of np.float, reviewed and accepted
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      1,
      { timeout: 120_000 }
    );
    await panel
      .getByRole('button', { name: 'Accept the change to cell 2' })
      .click();
    await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
      'Error-free, reproducible',
      { timeout: 180_000 }
    );
    const fidelity = panel.locator('.jp-mlemodernizer-fidelity');
    await expect(fidelity.locator('summary')).toContainText(
      "Author's numbers found again:"
    );
    await expect(fidelity.locator('summary')).toContainText(
      'drift starts at cell 4'
    );
    const drifted = fidelity.getByRole('list', {
      name: 'Cells whose output changed'
    });
    await expect(drifted.locator('li')).toHaveCount(1);
    await expect(drifted.locator('li')).toContainText('cell 4:');
    await expect(drifted.locator('li')).toContainText('0.878 →');
    await expect(fidelity).toContainText(
      'Random, counted apart: cell 3 (its numbers differ between two fresh runs of the same code)'
    );
    // what the verdict rests on: errors alone here (no score), the numbers moved
    await expect(
      panel.locator('.jp-mlemodernizer-reproduced-by')
    ).toContainText(
      'Reproducible by errors alone (no score to compare); not by fidelity:'
    );
    await panelScreenshot(
      page,
      testInfo,
      `fidelity-verdict${dark ? '-dark' : ''}`
    );
    // and in the notebook, under the drifted cell: what moved there
    const notes = page.locator('.jp-Notebook .jp-mlemodernizer-drift-note');
    await expect(notes).toHaveCount(1);
    await expect(notes).toContainText(
      "Drifted from the author's output: 0.878 →"
    );
    const driftedCell = page.locator('.jp-Notebook .jp-Cell').nth(3);
    await expect(
      driftedCell.locator('.jp-mlemodernizer-drift-note')
    ).toHaveCount(1);
    await driftedCell.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`fidelity-cell${dark ? '-dark' : ''}.png`)
    });
    // the cell link goes to the drifted cell of the notebook
    await drifted.getByRole('button', { name: 'cell 4' }).click();
    await expect.poll(() => activeCellIndex(page)).toBe(3);
    expect(errors).toEqual([]);
  });
}
