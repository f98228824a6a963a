/**
 * Issue 17, item 7: a rule in the panel opens its own documentation inside
 * JupyterLab, rendered from what the server writes from the rule's fields;
 * nothing is fetched from outside (it works offline).
 */
import { expect, galata, test } from '@jupyterlab/galata';

import { extensionErrors } from './console-errors';
import {
  modernizerPanel,
  notebookJSON,
  openNotebookJSON,
  pageScreenshot,
  pressModernize,
  widenSidebar
} from './panel-utils';

test.use({
  mockSettings: {
    ...galata.DEFAULT_SETTINGS,
    'mlemodernizer:plugin': { offline: true }
  }
});

test('a rule opens its documentation in JupyterLab, offline', async ({
  page,
  tmpPath,
  baseURL
}, testInfo) => {
  const errors = extensionErrors(page);
  // every request the page makes stays on the Jupyter server
  const outside: string[] = [];
  page.on('request', request => {
    const url = request.url();
    if (
      !url.startsWith(baseURL ?? 'http://localhost') &&
      !url.startsWith('data:')
    ) {
      outside.push(url);
    }
  });
  const panel = modernizerPanel(page);
  await openNotebookJSON(
    page,
    tmpPath,
    'old-float.ipynb',
    notebookJSON(['import numpy as np', 'x = np.float(1)\nprint(x)'])
  );
  await pressModernize(page);
  await widenSidebar(page);
  await expect(panel.locator('.jp-mlemodernizer-cell-pending')).toHaveCount(1, {
    timeout: 90_000
  });

  const rule = panel.locator('.jp-mlemodernizer-rules li').first();
  const open = rule.getByRole('button', { name: /^NPY\d{3}$/ });
  const id = (await open.textContent()) ?? '';
  expect(id).toMatch(/^NPY\d{3}$/);
  await open.click();

  // a main-area tab named for the rule, the markdown rendered by JupyterLab
  const tab = page.getByRole('tab', { name: `Rule ${id}` });
  await expect(tab).toBeVisible();
  const doc = page.locator(
    `#mlemodernizer-rule-${id} .jp-mlemodernizer-rule-doc`
  );
  await expect(doc).toBeVisible();
  const markdown = doc.locator('.jp-RenderedMarkdown');
  await expect(markdown.locator('h1')).toContainText(`${id}: np.float`);
  await expect(markdown.locator('h2').first()).toContainText('What it does');
  await expect(markdown.locator('h2', { hasText: 'Safety' })).toHaveCount(1);
  await expect(markdown.locator('pre').first()).toContainText('np.float');
  await pageScreenshot(page, testInfo, 'rule-doc-light');

  // a second click shows the same tab again
  await page.notebook.activate('old-float.ipynb');
  await open.click();
  await expect(tab).toHaveCount(1);
  await expect(doc).toBeVisible();

  await page.theme.setDarkTheme();
  await pageScreenshot(page, testInfo, 'rule-doc-dark');
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
