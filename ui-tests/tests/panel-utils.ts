/**
 * What the panel's Galata tests share: finding the panel, pressing
 * Modernize, widening the sidebar, screenshots, reading cells.
 */
import { IJupyterLabPageFixture, expect, galata } from '@jupyterlab/galata';
import { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Settings for the tests of the LLM path on eroded.ipynb: the rules and the
 * (scripted) LLM only. The environment family would repair the renamed
 * helper offline first (tested on its own in environment.spec.ts), and the
 * scripted reply these tests review would never be asked for.
 */
export const LLM_PATH_SETTINGS = {
  mockSettings: {
    ...galata.DEFAULT_SETTINGS,
    'mlemodernizer:plugin': { fixers: 'rules,llm' }
  }
};

/**
 * Settings for the tests of the offline rules alone: no model, no environment
 * family; `review` says whether fixes wait for a decision.
 */
export function offlineRules(review: 'auto' | 'manual') {
  return {
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'mlemodernizer:plugin': { offline: true, fixers: 'rules', review }
    }
  };
}

export function modernizerPanel(page: Page): Locator {
  return page.locator('#mlemodernizer-panel');
}

/**
 * Press the Modernize button of the notebook toolbar.
 */
export async function pressModernize(page: Page): Promise<void> {
  // the current notebook's (other open notebooks' toolbars are hidden)
  const button = page
    .locator(
      '.jp-NotebookPanel-toolbar [data-command="mlemodernizer:modernize"]'
    )
    .filter({ visible: true });
  await expect(button).toHaveText(/Modernize/);
  await button.click();
}

/**
 * Make the right sidebar wider, as a user reviewing diffs would.
 */
export async function widenSidebar(page: Page): Promise<void> {
  const panel = modernizerPanel(page);
  const box = await panel.boundingBox();
  if (!box) {
    return;
  }
  // the split handle sits just left of the sidebar
  await page.mouse.move(box.x - 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x - 160, box.y + 200, { steps: 5 });
  await page.mouse.up();
}

/**
 * Keep a picture of the whole window as a test artifact; `settled`: after the
 * layout settles (300 ms), animations stopped.
 */
export async function pageScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  settled = false
): Promise<void> {
  if (settled) {
    await page.waitForTimeout(300);
  }
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({
    path: file,
    ...(settled ? { animations: 'disabled' as const } : {})
  });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Keep a picture of the whole panel as a test artifact.
 */
export async function panelScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string
): Promise<void> {
  const size = page.viewportSize() ?? { width: 1400, height: 1000 };
  // a tall window shows the whole panel without scrolling
  await page.setViewportSize({ width: size.width, height: 2200 });
  const panel = modernizerPanel(page);
  await panel.evaluate(node => {
    node.scrollTop = 0;
  });
  await page.waitForTimeout(300);
  const file = testInfo.outputPath(`${name}.png`);
  await panel.screenshot({ path: file, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  await page.setViewportSize(size);
}

/**
 * The active cell's index in the current notebook; null while it loads.
 */
export async function activeCellIndex(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const widget = window.jupyterapp.shell.currentWidget as unknown as {
      content?: { activeCellIndex?: number };
    };
    return widget?.content?.activeCellIndex ?? null;
  });
}

/**
 * The source of a cell of the current notebook, from its model; null while
 * the notebook is still loading (expect.poll retries a value, not a throw).
 */
export async function cellSource(
  page: Page,
  index: number
): Promise<string | null> {
  return page.evaluate(i => {
    const widget = window.jupyterapp.shell.currentWidget as unknown as {
      content?: {
        model?: { sharedModel?: { cells?: { getSource(): string }[] } };
      };
    };
    const cell = widget?.content?.model?.sharedModel?.cells?.[i];
    return cell ? cell.getSource() : null;
  }, index);
}

/**
 * A notebook of code cells (each a source, with an optional stored output
 * printed by it), as JSON.
 */
export function notebookJSON(
  cells: Array<string | { source: string; output?: string }>
): string {
  return JSON.stringify({
    cells: cells.map((cell, i) => {
      const { source, output } =
        typeof cell === 'string' ? { source: cell, output: undefined } : cell;
      return {
        cell_type: 'code',
        id: `cell-${i}`,
        metadata: {},
        execution_count: output === undefined ? null : i + 1,
        outputs:
          output === undefined
            ? []
            : [{ output_type: 'stream', name: 'stdout', text: output }],
        source
      };
    }),
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
 * Put a notebook in the test's folder, open it and make it the current one.
 */
export async function openNotebookJSON(
  page: IJupyterLabPageFixture,
  tmpPath: string,
  name: string,
  json: string
): Promise<void> {
  await page.contents.uploadContent(json, 'text', `${tmpPath}/${name}`);
  await page.notebook.openByPath(`${tmpPath}/${name}`);
  await page.notebook.activate(name);
}
