/**
 * Issue 17, item 3: progress on a long cell. The panel names the cell that
 * runs, counts its seconds and shows the last lines it printed; the notebook
 * marks that cell; a run after a fix says where it starts and why. Issue 28:
 * the time left before the job's deadline shows beside the running cell.
 */
import { expect, galata, test } from '@jupyterlab/galata';
import { TestInfo } from '@playwright/test';

import {
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  pageScreenshot,
  panelScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

test.use({
  mockSettings: {
    ...galata.DEFAULT_SETTINGS,
    // a job deadline (issue 28), sent as the job's option: the time left shows
    'mlemodernizer:plugin': { offline: true, deadline: 600 }
  }
});

const LONG_CELL =
  'import time\nfor step in range(8):\n    print("step", step, flush=True)\n    time.sleep(1)';

test('a long cell shown as running, and where the next run starts', async ({
  page,
  tmpPath
}, testInfo: TestInfo) => {
  await openNotebookJSON(
    page,
    tmpPath,
    'long.ipynb',
    notebookJSON(['import numpy as np', LONG_CELL, 'x = np.float(1)\nprint(x)'])
  );
  await pressModernize(page);
  await widenSidebar(page);
  const panel = modernizerPanel(page);

  // the running cell: which of how many, for how long, what it printed last
  const running = panel.locator('.jp-mlemodernizer-running-cell');
  await expect(running).toContainText('Cell 2 of 3', { timeout: 60_000 });
  await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
    'Running the baseline: cell 2 of 3'
  );
  const output = running.locator('.jp-mlemodernizer-running-cell-output');
  await expect(output).toContainText('step 2');
  await expect(output).toContainText('step 4');
  await expect(running).toContainText(/running for 0:0[3-9]/);
  // beside it, the time left before the job's deadline (10 minutes)
  await expect(
    running.locator('.jp-mlemodernizer-deadline-left')
  ).toContainText(/· 9:[3-5]\d left before the deadline/);
  // marked in the notebook, where it lives
  const marked = page.locator('.jp-Cell.jp-mlemodernizer-running-in-job');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute(
    'data-mlemodernizer-running',
    'The modernizer runs this cell'
  );
  await expect(marked).toContainText('for step in range(8)');
  await pageScreenshot(page, testInfo, 'progress-long-cell-light');

  // the cell done: the mark goes; the rules' fix is reviewed
  await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(1, {
    timeout: 60_000
  });
  await expect(marked).toHaveCount(0);
  await expect(running).toHaveCount(0);
  await panel
    .getByRole('button', { name: 'Accept the change to cell 3' })
    .click();

  // the run after the fix starts at the failing cell, in the kept kernel;
  // the verdict's run then runs every cell from the top, and says so
  const start = panel.locator(
    '.jp-mlemodernizer-iteration[data-iteration="1"] .jp-mlemodernizer-run-start'
  );
  await expect(start).toHaveText(
    [
      "Ran from cell 3 on, reusing the previous run's kernel state.",
      'From the top, in a fresh kernel: the verdict runs every cell of the final notebook.'
    ],
    { timeout: 60_000 }
  );
  // the precise term (a resumed run) and the reason, on hover (issue 29, item 4)
  await expect(start.first()).toHaveAttribute(
    'title',
    'Resumed: the kernel of the run before was kept, so cells above 3 did not run again (resume from the failing cell 3)'
  );
  await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
    'Error-free, reproducible',
    { timeout: 60_000 }
  );
  // why it stopped, in words; the term on hover
  const stopped = panel.locator('.jp-mlemodernizer-stop-reason');
  await expect(stopped).toHaveText('Stopped: the notebook runs without errors');
  await expect(stopped).toHaveAttribute('title', 'stop_reason: reproducible');
  await panelScreenshot(page, testInfo, 'progress-restart-reason-light');
  await page.theme.setDarkTheme();
  await panelScreenshot(page, testInfo, 'progress-restart-reason-dark');
});
