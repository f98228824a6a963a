/**
 * The modernizer in a real JupyterLab with the mlemodernizer server
 * extension and a scripted OpenAI-compatible server (see
 * jupyter_server_test_config.py): an eroded notebook whose helper was renamed,
 * one LLM fix changing two cells, reviewed cell by cell.
 */
import {
  IJupyterLabPageFixture,
  expect,
  galata,
  test
} from '@jupyterlab/galata';
import { Page } from '@playwright/test';
import * as path from 'path';

import {
  LLM_PATH_SETTINGS,
  cellSource,
  modernizerPanel,
  panelScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const NOTEBOOK = 'eroded.ipynb';
const OUTPUT = 'eroded.modernized.ipynb';
const EVENTS = /\/mlemodernizer\/jobs\/[0-9a-f]{12}\/events/;

const CELL1_ORIGINAL = "import helpers\nprint('helpers loaded')";
const CELL2_ORIGINAL =
  "from helpers import load_data\nrows = load_data()\nprint('rows:', len(rows))";
const CELL2_FIXED =
  "from helpers import load_dataset as load_data\nrows = load_data()\nprint('rows:', len(rows))";

/**
 * Put the eroded notebook and its helper module in the test's folder and
 * open the notebook.
 */
async function openEroded(
  page: IJupyterLabPageFixture,
  tmpPath: string
): Promise<void> {
  await page.contents.uploadFile(
    path.join(FIXTURES, 'helpers.py'),
    `${tmpPath}/helpers.py`
  );
  await page.contents.uploadFile(
    path.join(FIXTURES, NOTEBOOK),
    `${tmpPath}/${NOTEBOOK}`
  );
  await page.notebook.openByPath(`${tmpPath}/${NOTEBOOK}`);
  await page.notebook.activate(NOTEBOOK);
}

/**
 * Forward the job event sockets through the test, slowing the model's
 * tokens down so that the page visibly streams them; records each socket's
 * URL.
 */
async function slowTokens(page: Page, urls: string[]): Promise<void> {
  await page.routeWebSocket(EVENTS, ws => {
    urls.push(ws.url());
    const server = ws.connectToServer();
    let queue = Promise.resolve();
    server.onMessage(message => {
      queue = queue.then(async () => {
        if (typeof message === 'string' && message.includes('"llm_stream"')) {
          await new Promise(resolve => setTimeout(resolve, 40));
        }
        ws.send(message);
      });
    });
    server.onClose(() => {
      queue = queue.then(() => ws.close());
    });
  });
}

test.describe('Modernize a notebook', () => {
  test.use(LLM_PATH_SETTINGS);

  test.describe('with the event sockets routed through the test', () => {
    // the route must be there before the page loads
    test.use({ autoGoto: false });

    test('stream, review cell by cell across a reload, verdict, apply', async ({
      page,
      tmpPath
    }, testInfo) => {
      const sockets: string[] = [];
      await slowTokens(page, sockets);
      await page.goto();
      await openEroded(page, tmpPath);
      const panel = modernizerPanel(page);

      await pressModernize(page);
      await expect(panel).toBeVisible();
      await expect(panel.locator('.jp-mlemodernizer-notebook')).toHaveText(
        NOTEBOOK
      );
      await widenSidebar(page);

      // The baseline fails on the renamed helper, and the model's plan streams
      // in, growing, until the fix arrives for review.
      const lengths = new Set<number>();
      const streaming = panel.locator('.jp-mlemodernizer-plan-streaming');
      await expect
        .poll(
          async () => {
            // (never waits: the element goes once the fix arrives)
            for (const text of await streaming.allTextContents()) {
              lengths.add(text.length);
            }
            return panel.locator('.jp-mlemodernizer-cell-pending').count();
          },
          { intervals: [50], timeout: 90_000 }
        )
        .toBe(2);
      expect(lengths.size).toBeGreaterThan(3);
      await expect(
        panel.locator('.jp-mlemodernizer-execution').first()
      ).toContainText('1 cell with errors');
      // the baseline shows the error; the issue refers to it, not repeats it
      await expect(
        panel.locator('.jp-mlemodernizer-iteration[data-iteration="0"]')
      ).toContainText("ImportError: cannot import name 'load_data'");
      await expect(panel.locator('.jp-mlemodernizer-issue')).toContainText(
        'cell 3, the error above'
      );
      await expect(
        panel.locator('.jp-mlemodernizer-fix .jp-mlemodernizer-plan').first()
      ).toContainText('was renamed to `load_dataset`');
      await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
        'Waiting for your review'
      );
      await expect(panel.locator('.jp-mlemodernizer-counters')).toContainText(
        '1 request'
      );

      // Reload the page in the middle of the job: the timeline comes back, and
      // the stream resumes after the last event seen instead of from scratch.
      // (the restored layout shows the notebook, not Galata's Launcher)
      await page.reload({ waitForIsReady: false });
      await page.locator('#jupyterlab-splash').waitFor({ state: 'detached' });
      await expect(panel).toBeVisible();
      await expect(
        panel.locator('.jp-mlemodernizer-iteration-title')
      ).toHaveText(['Baseline', 'Iteration 1']);
      await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
        2
      );
      await expect(
        panel.locator('.jp-mlemodernizer-fix .jp-mlemodernizer-plan').first()
      ).toContainText('was renamed to `load_dataset`');
      expect(sockets[0]).toMatch(/since=0/);
      const resumed = sockets[sockets.length - 1];
      expect(Number(/since=(\d+)/.exec(resumed)?.[1])).toBeGreaterThan(10);
      await panelScreenshot(page, testInfo, 'panel-review-light');

      // Clicking a diff's header shows that cell in the notebook.
      // (numbered as JupyterLab numbers cells: the third cell is cell 3)
      await panel.getByRole('button', { name: 'Cell 3', exact: true }).click();
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (
                window.jupyterapp.shell.currentWidget as unknown as {
                  content?: { activeCellIndex: number };
                } | null
              )?.content?.activeCellIndex ?? null
          )
        )
        .toBe(2);

      // Reject the cosmetic change, accept the fix.
      await panel
        .getByRole('button', { name: 'Reject the change to cell 2' })
        .click();
      // the job reports each decision as it is made, while cell 3 still waits
      await expect(
        panel.locator(
          '.jp-mlemodernizer-cell[data-cell-id="import-helpers"] .jp-mlemodernizer-tag'
        )
      ).toHaveText('Rejected');
      await expect(
        panel.locator(
          '.jp-mlemodernizer-cell[data-cell-id="load-rows"] .jp-mlemodernizer-tag'
        )
      ).toHaveText('Needs review');
      await panel
        .getByRole('button', { name: 'Accept the change to cell 3' })
        .click();

      // The verdict.
      const badge = panel.locator('.jp-mlemodernizer-badge');
      await expect(badge).toHaveText('Error-free, reproducible', {
        timeout: 90_000
      });
      await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
        'Finished'
      );
      await expect(
        panel.locator('.jp-mlemodernizer-cell[data-cell-id="import-helpers"]')
      ).toContainText('Rejected');
      await expect(
        panel.locator('.jp-mlemodernizer-cell[data-cell-id="load-rows"]')
      ).toContainText('Accepted');
      await expect(
        panel.locator('.jp-mlemodernizer-iteration[data-iteration="1"]')
      ).toContainText('Ran without errors');
      const compare = panel
        .locator('.jp-mlemodernizer-compare tbody tr')
        .first();
      await expect(compare).toHaveText(/Cells with errors\s*1\s*0/);
      await panelScreenshot(page, testInfo, 'panel-verdict-light');

      // Your own unsaved edits are never overwritten: the apply stops.
      await page.notebook.activate(NOTEBOOK);
      await page.notebook.setCell(1, 'code', "import helpers\nprint('mine')");
      await panel.getByRole('button', { name: `Apply to ${NOTEBOOK}` }).click();
      const dialog = page.locator('.jp-Dialog');
      await expect(dialog).toContainText('Changes not applied');
      await expect(dialog).toContainText('unsaved edits');
      await dialog.getByRole('button', { name: 'OK' }).click();
      expect(await cellSource(page, 2)).toBe(CELL2_ORIGINAL);

      // Saved, the accepted change applies (and only it); Undo reverts it.
      await page.notebook.save();
      await panel.getByRole('button', { name: `Apply to ${NOTEBOOK}` }).click();
      await expect.poll(() => cellSource(page, 2)).toBe(CELL2_FIXED);
      expect(await cellSource(page, 1)).toBe("import helpers\nprint('mine')");
      await panel.getByRole('button', { name: 'Undo apply' }).click();
      await expect.poll(() => cellSource(page, 2)).toBe(CELL2_ORIGINAL);

      // The modernized copy: the fix in, the rejected change out.
      await panel.getByRole('button', { name: `Open ${OUTPUT}` }).click();
      await expect(
        page.locator('.lm-TabBar-tab.lm-mod-current', { hasText: OUTPUT })
      ).toBeVisible();
      await expect.poll(() => cellSource(page, 2)).toBe(CELL2_FIXED);
      expect(await cellSource(page, 1)).toBe(CELL1_ORIGINAL);

      // The report.
      await page
        .locator('#mlemodernizer-panel')
        .getByRole('button', {
          name: 'Open the report'
        })
        .click();
      const report = page.locator('.jp-mlemodernizer-report');
      await expect(report).toContainText('Modernization report: eroded.ipynb');
      await expect(report.locator('.jp-mlemodernizer-badge')).toHaveText(
        'Error-free, reproducible'
      );
      await expect(
        report.locator('.jp-mlemodernizer-iterations')
      ).toContainText('Error repair');
    });
  });

  test.describe('rules only, with an error raised in a module of the user', () => {
    test.use({
      mockSettings: {
        ...galata.DEFAULT_SETTINGS,
        'mlemodernizer:plugin': { offline: true }
      }
    });

    test('the file diff is reviewed; the file changes only once accepted', async ({
      page,
      tmpPath
    }, testInfo) => {
      for (const name of ['oldmath.py', 'module-error.ipynb']) {
        await page.contents.uploadFile(
          path.join(FIXTURES, name),
          `${tmpPath}/${name}`
        );
      }
      const read = (file: string) =>
        page.evaluate(
          async name =>
            (await window.jupyterapp.serviceManager.contents.get(name))
              .content as string,
          `${tmpPath}/${file}`
        );
      await page.notebook.openByPath(`${tmpPath}/module-error.ipynb`);
      await page.notebook.activate('module-error.ipynb');
      await pressModernize(page);
      const panel = modernizerPanel(page);
      const file = panel.locator('.jp-mlemodernizer-cell-pending');
      await expect(file).toHaveCount(1, { timeout: 90_000 });
      await expect(
        file.getByRole('button', { name: 'File oldmath.py' })
      ).toBeVisible();
      await expect(file.locator('.jp-mlemodernizer-diff')).toContainText(
        'float(x)'
      );
      await widenSidebar(page);
      await panelScreenshot(page, testInfo, 'panel-module-review-light');
      // while the job waits for the user, the user's module is untouched
      expect(await read('oldmath.py')).toContain('np.float(x)');
      await panel
        .getByRole('button', { name: 'Accept the change to oldmath.py' })
        .click();
      await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
        'Error-free, reproducible',
        { timeout: 90_000 }
      );
      await expect(panel.locator('.jp-mlemodernizer-tag-accepted')).toHaveCount(
        1
      );
      // written with the result (the report lists it once the job has finished: the
      // verdict's badge can come first), the original kept beside it
      await expect(
        panel.getByRole('list', { name: 'Files changed' })
      ).toHaveText(
        'Changed oldmath.py (the original is kept as oldmath.py.orig)',
        { timeout: 90_000 }
      );
      const changed = await read('oldmath.py');
      expect(changed).toContain('return float(x)');
      expect(changed).not.toContain('np.float(x)');
      expect(await read('oldmath.py.orig')).toContain('np.float(x)');
      await panelScreenshot(page, testInfo, 'panel-module-accepted-light');
    });
  });

  test('dark theme: review, accept all', async ({
    page,
    tmpPath
  }, testInfo) => {
    await page.theme.setDarkTheme();
    await openEroded(page, tmpPath);
    await pressModernize(page);
    const panel = modernizerPanel(page);
    await widenSidebar(page);
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      2,
      { timeout: 90_000 }
    );
    await panelScreenshot(page, testInfo, 'panel-review-dark');

    await panel.getByRole('button', { name: 'Accept all' }).click();
    await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
      'Error-free, reproducible',
      { timeout: 90_000 }
    );
    await expect(panel.locator('.jp-mlemodernizer-tag-accepted')).toHaveCount(
      2
    );
    await panelScreenshot(page, testInfo, 'panel-verdict-dark');
  });

  test('cancel from the command palette, with the keyboard', async ({
    page,
    tmpPath
  }) => {
    await openEroded(page, tmpPath);
    await pressModernize(page);
    const panel = modernizerPanel(page);
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      2,
      { timeout: 90_000 }
    );

    await page.keyboard.press('Control+Shift+C');
    await page.keyboard.type('Cancel modernization');
    await page.keyboard.press('Enter');
    // it asks first, saying what a cancelled job still writes
    const dialog = page.locator('.jp-Dialog');
    await expect(dialog).toContainText(
      'a modernized copy with the changes accepted so far is still written'
    );
    await page.keyboard.press('Enter');

    await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
      'Cancelled',
      { timeout: 60_000 }
    );
    await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(
      0
    );
    // the Modernize button works again
    await expect(
      panel.getByRole('button', { name: 'Modernize again' })
    ).toBeEnabled();
  });

  test('decide with the keyboard alone', async ({ page, tmpPath }) => {
    await openEroded(page, tmpPath);
    await pressModernize(page);
    const panel = modernizerPanel(page);
    const reject = panel.getByRole('button', {
      name: 'Reject the change to cell 2'
    });
    await expect(reject).toBeVisible({ timeout: 90_000 });
    await reject.focus();
    await page.keyboard.press('Enter');
    const accept = panel.getByRole('button', {
      name: 'Accept the change to cell 3'
    });
    await accept.focus();
    await page.keyboard.press('Space');
    await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
      'Error-free, reproducible',
      { timeout: 90_000 }
    );
  });
});

test.describe('Commands, menus, settings', () => {
  test('the palette, the context menu and the settings editor', async ({
    page,
    tmpPath
  }) => {
    await page.contents.uploadFile(
      path.join(FIXTURES, NOTEBOOK),
      `${tmpPath}/${NOTEBOOK}`
    );
    await page.filebrowser.refresh();

    // the file browser's context menu of a notebook
    await page.locator('.jp-DirListing-item', { hasText: NOTEBOOK }).click({
      button: 'right'
    });
    await expect(
      page.locator('.lm-Menu-item', { hasText: 'Modernize notebook' })
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // every command in the palette
    await page.keyboard.press('Control+Shift+C');
    await page.keyboard.type('moderni');
    const palette = page.locator('#modal-command-palette');
    for (const label of [
      'Modernize notebook',
      // no ellipsis: it takes the file browser's folder, no dialog
      'Modernize notebooks in folder',
      'Show modernization batches',
      'Cancel modernization',
      'Open modernizer panel'
    ]) {
      await expect(palette.getByText(label, { exact: true })).toHaveCount(1);
    }
    await page.keyboard.press('Escape');

    // the settings, in the Settings Editor
    await page.evaluate(() =>
      window.jupyterapp.commands.execute('settingeditor:open', {
        query: 'ML Notebook Modernizer'
      })
    );
    const editor = page.locator('.jp-SettingsPanel');
    await expect(
      editor.getByText('LLM base URL', { exact: true })
    ).toBeVisible();
    for (const title of [
      'Executor',
      'Docker image',
      'GPUs',
      'Maximum iterations',
      'Score tolerance',
      'Review mode',
      'Rules only (offline)'
    ]) {
      await expect(editor.getByText(title, { exact: true })).toBeVisible();
    }
  });

  test('the panel says what the server can do', async ({ page }) => {
    await page.evaluate(() =>
      window.jupyterapp.commands.execute('mlemodernizer:open-panel')
    );
    const panel = modernizerPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Open a notebook to modernize it');
    const health = panel.locator('.jp-mlemodernizer-health');
    await health.locator('summary').click();
    await expect(health.locator('[data-health="llm"]')).toContainText(
      'scripted-model'
    );
    await expect(health.locator('[data-health="llm"]')).toContainText(
      'reachable'
    );
    await expect(health.locator('[data-health="docker"]')).toBeVisible();
  });

  test('offline is a choice the panel saves (issue 40 item 6)', async ({
    page
  }, testInfo) => {
    await page.evaluate(() =>
      window.jupyterapp.commands.execute('mlemodernizer:open-panel')
    );
    const health = modernizerPanel(page).locator('.jp-mlemodernizer-health');
    await health.locator('summary').click();
    const box = health.locator('.jp-mlemodernizer-offline-switch input');
    await expect(box).not.toBeChecked();
    // a controlled switch: it shows the setting once the settings registry saved it
    await box.click();
    await expect(box).toBeChecked();
    const llm = health.locator('[data-health="llm"]');
    await expect(llm).toContainText('off: rules only, no model (your choice)');
    await expect(llm).toHaveAttribute('data-level', 'off');
    await expect(health.locator('summary')).toHaveText('Server: ready');
    await panelScreenshot(page, testInfo, 'offline-light');
    // saved as the setting: a reload keeps it
    await page.reload();
    await page.evaluate(() =>
      window.jupyterapp.commands.execute('mlemodernizer:open-panel')
    );
    const again = modernizerPanel(page).locator('.jp-mlemodernizer-health');
    await again.locator('summary').click();
    await expect(
      again.locator('.jp-mlemodernizer-offline-switch input')
    ).toBeChecked();
  });

  test.describe('with a model in the settings the endpoint does not serve', () => {
    test.use({
      mockSettings: {
        ...galata.DEFAULT_SETTINGS,
        'mlemodernizer:plugin': { model: 'no-such-model' }
      }
    });

    test('the panel names the models it serves', async ({ page }) => {
      await page.evaluate(() =>
        window.jupyterapp.commands.execute('mlemodernizer:open-panel')
      );
      const health = modernizerPanel(page).locator('.jp-mlemodernizer-health');
      // something is wrong, so the health opens by itself
      const llm = health.locator('[data-health="llm"]');
      await expect(llm).toContainText(
        'does not serve the model no-such-model (from your settings)'
      );
      await expect(llm).toContainText('models served: scripted-model');
      await expect(llm).toHaveAttribute('data-level', 'bad');
    });
  });

  test('a folder batch on a server without the batch API says so', async ({
    page,
    tmpPath
  }) => {
    // an older server extension: no mlemodernizer/batches route
    await page.route(/\/mlemodernizer\/batches(\?.*)?$/, route =>
      route.fulfill({ status: 404, body: '<html>404: Not Found</html>' })
    );
    await page.evaluate(
      dir =>
        window.jupyterapp.commands.execute('mlemodernizer:modernize-folder', {
          path: dir
        }),
      tmpPath
    );
    await expect
      .poll(async () =>
        (await page.notifications)
          .filter(n => n.type === 'error')
          .map(n => n.message)
          .join('\n')
      )
      .toContain(
        'Batch modernization is not available on this server: it answered 404'
      );
  });
});
