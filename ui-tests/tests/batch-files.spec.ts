/**
 * Issue 29, item 6: the files a batch writes beside its notebooks (each
 * modernized copy, then the csv/html/json reports) are listed in the file
 * browser as soon as the batch view learns of them, not at the browser's
 * next poll.
 */
import { expect, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import { notebookJSON, offlineRules, pageScreenshot } from './panel-utils';

test.use(offlineRules('auto'));

// soon: the view polls every second; the file browser's own poll is made
// rare below, so that only a refresh asked by the extension lists a file
const SOON = { timeout: 5_000 };

test("the file browser lists a batch's files as soon as they are written", async ({
  page,
  tmpPath
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = extensionErrors(page);
  const dir = `${tmpPath}/files`;
  // a-quick: fixed by the offline rules (its modernized copy is written
  // while b-slow still runs)
  await page.contents.uploadContent(
    notebookJSON(['import numpy as np\nx = np.float(3)\nprint(x)']),
    'text',
    `${dir}/a-quick.ipynb`
  );
  await page.contents.uploadContent(
    notebookJSON(["import time\ntime.sleep(20)\nprint('slept')"]),
    'text',
    `${dir}/b-slow.ipynb`
  );
  await page.filebrowser.openDirectory(dir);
  // the file browser polls its folder every 10 s: once an hour here (its
  // Poll is private to JupyterLab; only this test reaches for it)
  await page.evaluate(async () => {
    const browser = [...window.jupyterapp.shell.widgets('left')].find(
      w => w.id === 'filebrowser'
    ) as unknown as {
      model: {
        _poll: {
          frequency: { interval: number; backoff: boolean; max: number };
        };
        refresh(): Promise<void>;
      };
    };
    const hour = 3_600_000;
    browser.model._poll.frequency = {
      interval: hour,
      backoff: false,
      max: hour
    };
    // the tick already scheduled, now: the next one is an hour away
    await browser.model.refresh();
  });
  const listed = (name: string) =>
    page
      .getByRole('region', { name: 'File Browser Section' })
      .getByRole('listitem', { name: new RegExp(`^Name: ${name}`) });
  await expect(listed('a-quick.ipynb')).toHaveCount(1);

  // the folder the file browser shows, as from the command palette
  await page.evaluate(() =>
    window.jupyterapp.commands.execute('mlemodernizer:modernize-folder')
  );
  const view = page.locator('.jp-mlemodernizer-batch[data-batch-id]');
  await expect(view.locator('h1')).toHaveText(`Batch: ${dir}`);
  const row = (name: string) =>
    view.locator(`tr[data-notebook="${dir}/${name}"]`);

  // a notebook done: its modernized copy listed while the batch goes on
  await expect(row('a-quick.ipynb')).toHaveAttribute('data-status', 'done', {
    timeout: 90_000
  });
  await expect(row('b-slow.ipynb')).toHaveAttribute('data-status', 'running');
  await expect
    .soft(listed('a-quick.modernized.ipynb'), 'the modernized copy')
    .toHaveCount(1, SOON);

  // the batch ended: its reports listed too
  await expect(view).toHaveAttribute('data-status', 'finished', {
    timeout: 120_000
  });
  // named for what they are and when (issue 40 item 5), and listed in the
  // view as in the file browser
  const stem = 'modernization-report-\\d{4}-\\d\\d-\\d\\d-\\d{4}';
  for (const ext of ['csv', 'html', 'json']) {
    await expect
      .soft(listed(`${stem}\\.${ext}`), `the ${ext} report`)
      .toHaveCount(1, SOON);
  }
  await expect(view.locator('.jp-mlemodernizer-batch-files button')).toHaveText(
    [
      new RegExp(`^${dir}/${stem}\\.html$`),
      new RegExp(`^${dir}/${stem}\\.csv$`),
      new RegExp(`^${dir}/${stem}\\.json$`)
    ]
  );
  await pageScreenshot(page, testInfo, 'batch-files-light', true);
  await page.theme.setDarkTheme();
  await pageScreenshot(page, testInfo, 'batch-files-dark', true);
  expect(errors).toEqual([]);
});
