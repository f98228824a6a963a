/**
 * Issue 29, item 6: the batch table shows every column, the "Open" column
 * and its report links included, whatever the width: a 1600 px window and a
 * 1280 px one with the left sidebar open, the batch in the main area and
 * docked beside a notebook, with notebooks deep in long-named folders. Long
 * paths wrap at their slashes; where the table still cannot fit (a narrow
 * split), it scrolls sideways in its own box, the Open column staying put.
 */
import { expect, test } from '@jupyterlab/galata';
import { Locator } from '@playwright/test';

import { extensionErrors } from './console-errors';
import { notebookJSON, offlineRules, pageScreenshot } from './panel-utils';

test.use(offlineRules('auto'));
test.use({ viewport: { width: 1600, height: 1100 } });

// two nested folders with long names (60+ characters each)
const DEEP =
  'experiments_from_the_2019_reproduction_study_of_the_paper/' +
  'preprocessing_and_feature_engineering_pipeline_version_two';

/**
 * What a user cannot see of the table: the header cells and the links of the
 * Open column whose left or right edge is clipped or covered (each brought
 * into view vertically first; sideways is what is tested).
 */
async function unseen(view: Locator): Promise<string[]> {
  return view.evaluate((root: HTMLElement) => {
    const scroller = root.parentElement as HTMLElement;
    const seen = (el: Element) => {
      const box = scroller.getBoundingClientRect();
      let r = el.getBoundingClientRect();
      if (r.top < box.top || r.bottom > box.bottom) {
        scroller.scrollTop += r.top - box.top - box.height / 2;
        r = el.getBoundingClientRect();
      }
      const y = r.top + r.height / 2;
      // 2 px in: neighbouring cells share their edges (subpixels)
      return [r.left + 2, r.right - 2].every(x => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
      });
    };
    const hidden: string[] = [];
    for (const th of root.querySelectorAll(
      '.jp-mlemodernizer-batch-table thead th'
    )) {
      if (!seen(th)) {
        hidden.push(th.textContent ?? '');
      }
    }
    for (const link of root.querySelectorAll(
      '.jp-mlemodernizer-batch-links button'
    )) {
      if (!seen(link)) {
        const row = link.closest('tr')?.getAttribute('data-notebook') ?? '';
        hidden.push(`${row.split('/').pop()}: ${link.textContent}`);
      }
    }
    return hidden;
  });
}

/** Whether the table is laid out as a card per notebook (a narrow view). */
async function cards(view: Locator): Promise<boolean> {
  return view.evaluate(root => {
    const head = root.querySelector('.jp-mlemodernizer-batch-table thead');
    return !!head && getComputedStyle(head).display === 'none';
  });
}

/**
 * The cells of the body (each value and link) that a user cannot see, each
 * brought into view vertically first: none may be clipped or covered.
 */
async function cellsUnseen(view: Locator): Promise<string[]> {
  return view.evaluate((root: HTMLElement) => {
    const scroller = root.parentElement as HTMLElement;
    const hidden: string[] = [];
    for (const el of root.querySelectorAll(
      '.jp-mlemodernizer-batch-table tbody td, .jp-mlemodernizer-batch-links button'
    )) {
      const box = scroller.getBoundingClientRect();
      let r = el.getBoundingClientRect();
      if (r.top < box.top || r.bottom > box.bottom) {
        scroller.scrollTop += r.top - box.top - box.height / 2;
        r = el.getBoundingClientRect();
      }
      const y = r.top + Math.min(r.height / 2, 8);
      const seen = [r.left + 2, r.right - 2].every(x => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
      });
      if (!seen || r.right > box.right + 1) {
        hidden.push(
          `${el.getAttribute('data-label') ?? ''} ${el.textContent ?? ''}`
        );
      }
    }
    return hidden;
  });
}

/**
 * The columns that stay out of sight even when the table is scrolled
 * sideways to them (the Open column must be seen at each of those places).
 */
async function unreachable(view: Locator): Promise<string[]> {
  return view.evaluate((root: HTMLElement) => {
    const seen = (el: Element) => {
      const r = el.getBoundingClientRect();
      const y = r.top + r.height / 2;
      // 2 px in: neighbouring cells share their edges (subpixels)
      return [r.left + 2, r.right - 2].every(x => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
      });
    };
    // the box that scrolls the table sideways (its own, or the whole view)
    let scroller = root.querySelector('table')?.parentElement ?? null;
    while (scroller && scroller.scrollWidth <= scroller.clientWidth) {
      scroller = scroller.parentElement;
    }
    const headers = [
      ...root.querySelectorAll('.jp-mlemodernizer-batch-table thead th')
    ];
    const open = headers[headers.length - 1];
    const lost: string[] = [];
    for (const th of headers) {
      if (scroller) {
        const box = scroller.getBoundingClientRect();
        scroller.scrollLeft += th.getBoundingClientRect().left - box.left;
      }
      if (!seen(th) || !seen(open)) {
        lost.push(th.textContent ?? '');
      }
    }
    if (scroller) {
      scroller.scrollLeft = 0;
    }
    return lost;
  });
}

/**
 * Every header and link is seen once the layout settles: a resize or a move
 * reaches the table a frame or more later, so the check polls (up to 5 s).
 */
async function settlesSeen(view: Locator, where: string): Promise<void> {
  await expect
    .poll(() => unseen(view), { message: where, timeout: 5000 })
    .toEqual([]);
}

test('the batch table shows every column at any width, long paths wrapped', async ({
  page,
  tmpPath
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = extensionErrors(page);
  const dir = `${tmpPath}/wide`;
  // np.float and np.int: fixed by the offline rules (a modernized copy and
  // a report each); a file that is not a notebook: a failed row
  await page.contents.uploadContent(
    notebookJSON(['import numpy as np\nx = np.float(3)\nprint(x)']),
    'text',
    `${dir}/${DEEP}/scoring_step_that_still_uses_the_removed_numpy_float_alias.ipynb`
  );
  await page.contents.uploadContent(
    notebookJSON(['import numpy as np\nn = np.int(7)\nprint(n)']),
    'text',
    `${dir}/${DEEP}/baseline_logistic_regression_with_deprecated_numpy_int.ipynb`
  );
  await page.contents.uploadContent(
    '{broken',
    'text',
    `${dir}/a_notebook_file_that_is_not_valid_json_and_cannot_be_read.ipynb`
  );
  await page.contents.uploadContent(
    notebookJSON(["print('beside')"]),
    'text',
    `${tmpPath}/beside.ipynb`
  );

  await page.evaluate(
    path =>
      window.jupyterapp.commands.execute('mlemodernizer:modernize-folder', {
        path
      }),
    dir
  );
  const view = page.locator('.jp-mlemodernizer-batch[data-batch-id]');
  await expect(view).toHaveAttribute('data-status', 'finished', {
    timeout: 180_000
  });
  await expect(view.locator('tbody tr[data-notebook]')).toHaveCount(3);
  await expect(
    view.getByRole('button', { name: 'report', exact: true })
  ).toHaveCount(2);

  // the batch in the main area, the file browser open beside it
  await page.sidebar.openTab('filebrowser');
  await settlesSeen(view, '1600 px, main area');
  await pageScreenshot(page, testInfo, 'batch-wide-light', true);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await settlesSeen(view, '1280 px, main area');
  // and the Modernizer panel open on the right too (issue 40 item 5): the
  // main area is ~430 px; a card per notebook, every value seen with its
  // column's name, no sideways scroll, nothing under the Open links
  await page.sidebar.openTab('mlemodernizer-panel');
  await expect(page.locator('#mlemodernizer-panel')).toBeVisible();
  await expect.poll(() => cards(view)).toBe(true);
  await expect
    .poll(() => cellsUnseen(view), {
      message: '1280 px, both side panels open',
      timeout: 5000
    })
    .toEqual([]);
  expect(
    await view.evaluate(root => {
      const box = root.querySelector('.jp-mlemodernizer-batch-table-scroll');
      return box ? box.scrollWidth <= box.clientWidth + 1 : false;
    })
  ).toBe(true);
  const labels = await view
    .locator('tbody tr[data-notebook] td[data-label]')
    .evaluateAll(cells =>
      cells.map(c => getComputedStyle(c, '::before').content)
    );
  expect(labels).toContain('"Outcome: "');
  await pageScreenshot(page, testInfo, 'batch-panels-light', true);
  await page.theme.setDarkTheme();
  await pageScreenshot(page, testInfo, 'batch-panels-dark', true);
  await page.theme.setLightTheme();
  await page.sidebar.close('right');

  // docked beside a notebook (as dragging its tab to the right does)
  await page.notebook.openByPath(`${tmpPath}/beside.ipynb`);
  await page.evaluate(() => {
    const shell = window.jupyterapp.shell;
    const main = [...shell.widgets('main')];
    const batch = main.find(w => w.id.startsWith('mlemodernizer-batch-'));
    const notebook = main.find(w => w.title.label === 'beside.ipynb');
    if (batch && notebook) {
      shell.add(batch, 'main', { mode: 'split-right', ref: notebook.id });
    }
  });
  for (const width of [1600, 1280]) {
    await page.setViewportSize({ width, height: 1100 });
    await page.waitForTimeout(300);
    if (await cards(view)) {
      // too narrow for a table: a card per notebook, every value seen
      await expect
        .poll(() => cellsUnseen(view), {
          message: `${width} px, docked beside a notebook, as cards`,
          timeout: 5000
        })
        .toEqual([]);
      continue;
    }
    // the Open column and its links, always; the others, scrolled to
    await expect
      .poll(
        async () =>
          (await unseen(view)).filter(
            what =>
              what === 'Open' || /: (original|modernized|report)$/.test(what)
          ),
        { message: `${width} px, docked beside a notebook`, timeout: 5000 }
      )
      .toEqual([]);
    expect
      .soft(await unreachable(view), `${width} px, docked: scrolled to`)
      .toEqual([]);
    if (width === 1600) {
      await pageScreenshot(page, testInfo, 'batch-docked-light', true);
    }
  }

  await page.setViewportSize({ width: 1600, height: 1100 });
  await page.theme.setDarkTheme();
  await pageScreenshot(page, testInfo, 'batch-docked-dark', true);
  // a tab of the main area again (the split closes)
  await page.evaluate(() => {
    const shell = window.jupyterapp.shell;
    const main = [...shell.widgets('main')];
    const batch = main.find(w => w.id.startsWith('mlemodernizer-batch-'));
    const notebook = main.find(w => w.title.label === 'beside.ipynb');
    if (batch && notebook) {
      shell.add(batch, 'main', { mode: 'tab-after', ref: notebook.id });
      shell.activateById(batch.id);
    }
  });
  await settlesSeen(view, '1600 px, main area, dark');
  await pageScreenshot(page, testInfo, 'batch-wide-dark', true);
  expect(errors).toEqual([]);
});
