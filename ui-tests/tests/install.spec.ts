/**
 * A package the kernel's environment lacks: the verdict offers to install
 * it (and run again), names it, and asks first; cancelling starts nothing;
 * confirming installs it (into the Galata server's throwaway kernel
 * environment, from a local wheel: kernel_env.py) and runs again, clean.
 * (Rules only: a missing package is never "fixed" by rewriting code.)
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

/** The module of the one wheel the test server's pip can find (kernel_env.py). */
const MODULE = 'mlem_ui_absent_dep';

test('a missing package: install offered by name, asked first, cancel starts nothing', async ({
  page,
  tmpPath
}, testInfo) => {
  const errors = extensionErrors(page);
  const panel = modernizerPanel(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'needs-package.ipynb',
    notebookJSON([`import ${MODULE}\nprint(${MODULE}.VALUE)`, 'print(2 * 21)'])
  );
  await pressModernize(page);
  await widenSidebar(page);

  const summary = panel.locator('.jp-mlemodernizer-error-summary');
  await expect(summary).toBeVisible({ timeout: 90_000 });
  await expect(
    summary.getByRole('list', { name: 'Cells still failing' })
  ).toContainText('cell 1');
  const install = summary.getByRole('button', {
    name: 'Install mlem-ui-absent-dep and run again'
  });
  await expect(install).toBeVisible();
  await expect(install).toHaveAttribute(
    'title',
    "pip install into the kernel's own environment, then modernize again"
  );
  await panelScreenshot(page, testInfo, 'install-offered-light');

  // this notebook's jobs on the server, before and after
  const jobs = async () => {
    const answer = await page.request.get('/mlemodernizer/jobs');
    const all = ((await answer.json()) as { jobs: { path: string }[] }).jobs;
    return all.filter(job => job.path === `${tmpPath}/needs-package.ipynb`)
      .length;
  };
  expect(await jobs()).toBe(1);

  // asks first: what, with what, into where
  await install.click();
  const dialog = page.locator('.jp-Dialog');
  await expect(dialog).toContainText('Install mlem-ui-absent-dep?');
  await expect(dialog).toContainText(
    "installed with pip into the kernel's own environment"
  );
  await expect(dialog).toContainText('needs-package.ipynb');
  await expect(
    dialog.getByRole('button', { name: 'Install and run again' })
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('install-dialog.png') });

  // cancelled: no job, nothing installed, the offer still there
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await jobs()).toBe(1);
  await expect(panel.locator('.jp-mlemodernizer-status-text')).not.toHaveText(
    /Queued|Running/
  );
  await expect(install).toBeVisible();

  // confirmed: pip installs it into the kernel's environment (a throwaway
  // one, with a local wheel folder: kernel_env.py) and the notebook is
  // modernized again: it runs without errors
  await install.click();
  await dialog.getByRole('button', { name: 'Install and run again' }).click();
  await expect.poll(jobs, { timeout: 30_000 }).toBe(2);
  await expect(panel).toContainText(
    "installed mlem-ui-absent-dep into the kernel's environment",
    { timeout: 120_000 }
  );
  await expect(panel.locator('.jp-mlemodernizer-status-text')).toHaveText(
    'Finished',
    { timeout: 120_000 }
  );
  // the code needed no change: said so, and why it runs now
  await expect(panel.locator('.jp-mlemodernizer-badge')).toHaveText(
    'Nothing to modernize'
  );
  await expect(panel.locator('.jp-mlemodernizer-nothing')).toContainText(
    "It runs without errors now that mlem-ui-absent-dep is installed in the kernel's environment."
  );
  await expect(panel.locator('.jp-mlemodernizer-error-summary')).toHaveCount(0);
  await panelScreenshot(page, testInfo, 'install-done-light');
  expect(errors).toEqual([]);
});
