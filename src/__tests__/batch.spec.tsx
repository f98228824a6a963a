import { nullTranslator } from '@jupyterlab/translation';
import * as React from 'react';
import { act } from 'react';
import { Root, createRoot } from 'react-dom/client';

import { IBatchRow, IBatchSummary } from '../api';
import {
  BatchModel,
  batchItems,
  errorCells,
  itemErrorCells,
  itemIterations,
  itemSeconds,
  outcomeCounts,
  reportFiles,
  statusCounts,
  underFolder,
  writtenFiles
} from '../model/batch';
import { ModernizerManager } from '../model/manager';
import { BatchList, BatchView, IBatchActions, liveStep } from '../views/batch';

import { fakeSettings, settle } from './fakes';

(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const trans = nullTranslator.load('mlemodernizer');

const FIXED: IBatchRow = {
  notebook: 'course/a.ipynb',
  outcome: 'error_free_reproducible',
  error: null,
  baseline_error_cells: 2,
  final_error_cells: 0,
  iterations: 3,
  tokens: 120,
  seconds: 12.5,
  output: 'course/a.modernized.ipynb',
  report: true,
  cancelled: false,
  fidelity: 0.9625,
  fidelity_summary:
    '77 of 80 stored numbers found again; drift starts at cell 4'
};

const BROKEN: IBatchRow = {
  notebook: 'course/broken.ipynb',
  outcome: 'failed',
  error: 'NotebookError: course/broken.ipynb: not a notebook',
  seconds: 0.1
};

/** A batch as the server answers while it runs: a done, b running, c queued. */
function running(overrides: Partial<IBatchSummary> = {}): IBatchSummary {
  return {
    id: 'b1',
    dir: 'course',
    status: 'running',
    total: 3,
    notebooks: ['course/a.ipynb', 'course/b.ipynb', 'course/c.ipynb'],
    running: { 'course/b.ipynb': 1000 },
    live: {
      'course/b.ipynb': {
        iteration: 1,
        kind: 'iteration',
        cell: 3,
        cells: 10,
        baseline_error_cells: 2,
        error_cells: 2
      }
    },
    progress: { done: 1, failed: 0, running: 1, tokens: 120 },
    rows: [FIXED],
    summary: null,
    report: null,
    error: null,
    ...overrides
  };
}

function ended(overrides: Partial<IBatchSummary> = {}): IBatchSummary {
  const skipped: IBatchRow = {
    notebook: 'course/c.ipynb',
    outcome: 'skipped',
    error: 'batch stopped'
  };
  const stopped: IBatchRow = {
    notebook: 'course/b.ipynb',
    outcome: 'error_non_reproducible',
    baseline_error_cells: 1,
    final_error_cells: 1,
    iterations: 1,
    tokens: 0,
    seconds: 4,
    output: null,
    report: true,
    cancelled: true
  };
  return running({
    status: 'cancelled',
    running: {},
    rows: [FIXED, stopped, skipped],
    summary: {
      notebooks: 3,
      outcomes: {
        error_free_reproducible: 1,
        error_reproducible: 0,
        error_free_non_reproducible: 0,
        error_non_reproducible: 1,
        failed: 0,
        skipped: 1
      },
      error_free_baseline: 0,
      error_free_final: 1,
      tokens: 120,
      cost_usd: 0,
      seconds: 16.5,
      top_remaining_errors: [['KeyError', 1]],
      needs_packages: {},
      fidelity: {
        found: 77,
        total: 80,
        share: 0.9625,
        recovered: { found: 77, total: 80, share: 0.9625 }
      }
    },
    report: 'course/modernization-report-2026-12-07-0431.html',
    ...overrides
  });
}

describe('batch selectors', () => {
  it('lists every notebook in order with where it is', () => {
    const items = batchItems(running());
    expect(items.map(i => [i.notebook, i.status])).toEqual([
      ['course/a.ipynb', 'done'],
      ['course/b.ipynb', 'running'],
      ['course/c.ipynb', 'queued']
    ]);
    expect(items[0].row?.iterations).toBe(3);
    expect(items[1].started).toBe(1000);
    expect(itemIterations(items[1])).toBe(1);
    expect(itemErrorCells(items[1])).toBe('2 → 2');
    expect(itemIterations(items[2])).toBeNull();
    expect(itemErrorCells(items[2])).toBe('–');
    // its baseline running: nothing after it yet
    const baseline = { ...items[1], live: { iteration: 0, kind: 'baseline' } };
    expect(itemErrorCells(baseline)).toBe('–');
    expect(itemIterations(baseline)).toBe(0);
    expect(itemSeconds(items[0], 5000)).toBe(12.5);
    expect(itemSeconds(items[1], 1042)).toBe(42);
    expect(itemSeconds(items[2], 1042)).toBeNull();
  });

  it('tells cancelled, skipped, failed and never-run notebooks apart', () => {
    expect(batchItems(ended()).map(i => i.status)).toEqual([
      'done',
      'cancelled',
      'skipped'
    ]);
    const interrupted = running({ status: 'interrupted', rows: [BROKEN] });
    expect(
      batchItems({ ...interrupted, notebooks: [] }).map(i => i.status)
    ).toEqual(['failed']);
    // a restart stopped it: the running and queued ones never ran
    const items = batchItems(interrupted);
    expect(items.map(i => [i.notebook, i.status])).toEqual([
      ['course/a.ipynb', 'not_run'],
      ['course/b.ipynb', 'not_run'],
      ['course/c.ipynb', 'not_run'],
      ['course/broken.ipynb', 'failed']
    ]);
    expect(statusCounts(items)).toMatchObject({ not_run: 3, failed: 1 });
  });

  it('counts the outcomes in the order of the paper, those with none left out', () => {
    expect(outcomeCounts(ended())).toEqual([
      { outcome: 'error_free_reproducible', count: 1 },
      { outcome: 'error_non_reproducible', count: 1 },
      { outcome: 'skipped', count: 1 }
    ]);
    // an older server: no totals yet, counted from the rows
    expect(outcomeCounts(running({ rows: [FIXED, BROKEN] }))).toEqual([
      { outcome: 'error_free_reproducible', count: 1 },
      { outcome: 'failed', count: 1 }
    ]);
  });

  it('shows paths under the batch folder, and error cells when it ran', () => {
    expect(underFolder('course/sub/a.ipynb', 'course')).toBe('sub/a.ipynb');
    expect(underFolder('course/a.ipynb', '.')).toBe('course/a.ipynb');
    expect(underFolder('course2/a.ipynb', 'course')).toBe('course2/a.ipynb');
    expect(errorCells(FIXED)).toBe('2 → 0');
    expect(errorCells(BROKEN)).toBe('–');
    expect(errorCells({ notebook: 'x', baseline_error_cells: 3 })).toBe(
      '3 → –'
    );
  });

  it('names the HTML report and the CSV and JSON beside it', () => {
    expect(reportFiles(ended())).toEqual({
      html: 'course/modernization-report-2026-12-07-0431.html',
      csv: 'course/modernization-report-2026-12-07-0431.csv',
      json: 'course/modernization-report-2026-12-07-0431.json'
    });
    expect(reportFiles(running())).toBeNull();
  });
});

describe('BatchModel', () => {
  afterEach(() => jest.useRealTimers());

  it('polls while the batch runs and stops when it ends', async () => {
    jest.useFakeTimers();
    const answers = [running(), running(), ended()];
    const { settings, requests } = fakeSettings((method, path) =>
      method === 'GET' && path.endsWith('/batches/b1')
        ? { body: answers.shift() }
        : undefined
    );
    const model = new BatchModel({
      id: 'b1',
      serverSettings: settings,
      summary: running({ rows: [] })
    });
    let changes = 0;
    model.changed.connect(() => changes++);
    model.follow();
    model.follow(); // once is enough
    await jest.advanceTimersByTimeAsync(1000);
    expect(model.items.map(i => i.status)).toEqual([
      'done',
      'running',
      'queued'
    ]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(model.ended).toBe(true);
    expect(model.summary.status).toBe('cancelled');
    await jest.advanceTimersByTimeAsync(10000);
    expect(requests).toEqual([
      'GET /mlemodernizer/batches/b1',
      'GET /mlemodernizer/batches/b1',
      'GET /mlemodernizer/batches/b1'
    ]);
    expect(changes).toBe(3);
    model.dispose();
  });

  it('keeps polling, more slowly, after an error; not after a 404', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const { settings } = fakeSettings(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { message: 'busy' } }
        : calls === 2
          ? { body: running() }
          : undefined;
    });
    const model = new BatchModel({
      id: 'b1',
      serverSettings: settings,
      summary: running()
    });
    model.follow();
    await jest.advanceTimersByTimeAsync(1000);
    expect(model.error).toMatch(/busy/);
    await jest.advanceTimersByTimeAsync(4000);
    expect(calls).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(model.error).toBeNull();
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    expect(model.error).toMatch(/no route/);
    await jest.advanceTimersByTimeAsync(60000);
    expect(calls).toBe(3);
    model.dispose();
  });

  it('cancels: says so at once, then takes the server answer', async () => {
    const { settings, requests } = fakeSettings(method =>
      method === 'DELETE'
        ? { status: 202, body: running({ cancel_requested: true }) }
        : { body: ended() }
    );
    const model = new BatchModel({
      id: 'b1',
      serverSettings: settings,
      summary: running(),
      pollInterval: 1
    });
    const cancelled = model.cancel();
    expect(model.cancelling).toBe(true);
    await cancelled;
    expect(requests[0]).toBe('DELETE /mlemodernizer/batches/b1');
    await settle();
    await new Promise(resolve => setTimeout(resolve, 20));
    expect(model.summary.status).toBe('cancelled');
    expect(model.cancelling).toBe(false);
    model.dispose();
  });

  it("asks for a notebook's report by its path", async () => {
    const { settings, urls } = fakeSettings((method, path) =>
      path.endsWith('/batches/b1/report')
        ? { body: { outcome: 'error_free_reproducible' } }
        : undefined
    );
    const model = new BatchModel({ id: 'b1', serverSettings: settings });
    const report = await model.report('course/a b.ipynb');
    expect(report.outcome).toBe('error_free_reproducible');
    expect(urls[0].searchParams.get('notebook')).toBe('course/a b.ipynb');
    model.dispose();
  });

  it('tells the files the batch wrote since its last answer', async () => {
    jest.useFakeTimers();
    const answers = [running(), running(), ended()];
    const { settings } = fakeSettings((method, path) =>
      method === 'GET' && path.endsWith('/batches/b1')
        ? { body: answers.shift() }
        : undefined
    );
    const model = new BatchModel({
      id: 'b1',
      serverSettings: settings,
      summary: running({ rows: [] })
    });
    const wrote: string[][] = [];
    model.wrote.connect((_, paths) => wrote.push(paths));
    model.follow();
    await jest.advanceTimersByTimeAsync(3000);
    // a's copy once (not again with the same row), then the reports
    expect(wrote).toEqual([
      ['course/a.modernized.ipynb'],
      [
        'course/modernization-report-2026-12-07-0431.html',
        'course/modernization-report-2026-12-07-0431.csv',
        'course/modernization-report-2026-12-07-0431.json'
      ]
    ]);
    model.dispose();
  });

  it('tells nothing of the files already there at its first answer', async () => {
    const { settings } = fakeSettings(() => ({ body: ended() }));
    const model = new BatchModel({ id: 'b1', serverSettings: settings });
    const wrote: string[][] = [];
    model.wrote.connect((_, paths) => wrote.push(paths));
    await model.refresh();
    expect(model.ended).toBe(true);
    expect(wrote).toEqual([]);
    expect(writtenFiles(model.summary)).toContain(
      'course/modernization-report-2026-12-07-0431.csv'
    );
    model.dispose();
  });

  it('lists the server batches in the manager, one model per id', async () => {
    const { settings } = fakeSettings((method, path) =>
      path.endsWith('/batches')
        ? { body: { batches: [ended(), running({ id: 'b0', dir: '.' })] } }
        : undefined
    );
    const manager = new ModernizerManager({ serverSettings: settings });
    const batch = manager.batch('b1');
    const listed = await manager.refreshBatches();
    expect(listed.map(b => b.id)).toEqual(['b1', 'b0']);
    expect(listed[0]).toBe(batch);
    expect(listed[1].dir).toBe('');
    manager.dispose();
    expect(batch.isDisposed).toBe(true);
  });
});

describe('batch views', () => {
  let host: HTMLDivElement;
  let root: Root;
  let actions: jest.Mocked<IBatchActions>;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    actions = {
      openPath: jest.fn(),
      showReport: jest.fn(),
      cancel: jest.fn(),
      openBatch: jest.fn()
    };
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  function render(summary: IBatchSummary): BatchModel {
    const model = new BatchModel({
      id: summary.id,
      serverSettings: fakeSettings(() => undefined).settings,
      summary
    });
    act(() =>
      root.render(
        <BatchView
          model={model}
          actions={actions}
          trans={trans}
          now={() => 1065}
        />
      )
    );
    return model;
  }

  function row(notebook: string): HTMLTableRowElement {
    return host.querySelector(
      `tr[data-notebook="${notebook}"]`
    ) as HTMLTableRowElement;
  }

  function button(scope: Element, name: string): HTMLButtonElement {
    const found = Array.from(scope.querySelectorAll('button')).find(
      b => b.textContent === name
    );
    if (!found) {
      throw new Error(`no button ${name} in ${scope.textContent}`);
    }
    return found;
  }

  it('shows the running batch live, with a Cancel button', () => {
    const model = render(running());
    expect(host.querySelector('h1')?.textContent).toBe('Batch: course');
    // under the batch's folder, the full relative path on hover
    const name = row('course/a.ipynb').querySelector('th');
    expect(name?.textContent).toBe('a.ipynb');
    expect(name?.querySelector('wbr')).toBeNull();
    expect(name?.getAttribute('title')).toBe('course/a.ipynb');
    expect(host.textContent).toContain('1 of 3 notebooks done');
    expect(host.textContent).toContain('1 running · 1 queued');
    const a = row('course/a.ipynb');
    const cells = Array.from(a.querySelectorAll('td')).map(
      td => td.textContent
    );
    expect(cells.slice(0, 6)).toEqual([
      'Done',
      '3',
      '2 → 0',
      'Error-free, reproducible',
      '96.3%',
      '0:12'
    ]);
    const b = Array.from(row('course/b.ipynb').querySelectorAll('td')).map(
      td => td.textContent
    );
    expect(b.slice(0, 3)).toEqual([
      'Runningiteration 1, cell 3 of 10',
      '1',
      '2 → 2'
    ]);
    expect(row('course/b.ipynb').textContent).toContain('1:05');
    expect(row('course/c.ipynb').textContent).toContain('Queued');
    // no report while it runs
    expect(host.querySelector('.jp-mlemodernizer-batch-report')).toBeNull();
    act(() => button(host, 'Cancel batch').click());
    expect(actions.cancel).toHaveBeenCalledWith(model);
    model.dispose();
  });

  it('says what a running notebook does', () => {
    expect(liveStep(trans, { iteration: 0, kind: 'baseline' })).toBe(
      'baseline run'
    );
    expect(
      liveStep(trans, { iteration: 0, kind: 'baseline', cell: 2, cells: 5 })
    ).toBe('baseline run, cell 2 of 5');
    expect(liveStep(trans, { iteration: 2, kind: 'verdict', cell: null })).toBe(
      'verdict run'
    );
  });

  it('answers a notebook that needed no change with "Nothing to modernize"', () => {
    const clean: IBatchRow = {
      ...FIXED,
      notebook: 'course/b.ipynb',
      baseline_error_cells: 0,
      iterations: 0,
      output: null,
      nothing_to_modernize: 'it runs without errors today'
    };
    const model = render(ended({ rows: [FIXED, clean] }));
    expect(row('course/b.ipynb').textContent).toContain('Nothing to modernize');
    expect(row('course/b.ipynb').textContent).not.toContain('Error-free');
    expect(row('course/a.ipynb').textContent).toContain('Error-free');
    model.dispose();
  });

  it('links each notebook: the original, its copy, its report', () => {
    const model = render(running());
    const a = row('course/a.ipynb');
    button(a, 'original').click();
    button(a, 'modernized').click();
    button(a, 'report').click();
    expect(actions.openPath.mock.calls).toEqual([
      ['course/a.ipynb'],
      ['course/a.modernized.ipynb']
    ]);
    expect(actions.showReport).toHaveBeenCalledWith(model, 'course/a.ipynb');
    // a queued notebook: only the original
    expect(
      Array.from(row('course/c.ipynb').querySelectorAll('button')).map(
        b => b.textContent
      )
    ).toEqual(['original']);
    model.dispose();
  });

  it('says which notebooks their deadline ended', () => {
    const summary = ended();
    const late = { ...FIXED, stop_reason: 'deadline', deadline: true };
    const model = render({
      ...summary,
      rows: [late, ...summary.rows!.slice(1)]
    });
    const mark = row('course/a.ipynb').querySelector(
      '.jp-mlemodernizer-batch-deadline'
    );
    expect(mark?.textContent).toBe('deadline reached');
    expect(mark?.getAttribute('title')).toContain('best state it had reached');
    expect(
      host.querySelectorAll('.jp-mlemodernizer-batch-deadline')
    ).toHaveLength(1);
    model.dispose();
  });

  it('renders the report of an ended batch: totals, chart, errors, files', () => {
    const model = render(ended());
    expect(host.querySelector('button.jp-mlemodernizer-batch-cancel')).toBe(
      null
    );
    const report = host.querySelector(
      '.jp-mlemodernizer-batch-report'
    ) as HTMLElement;
    expect(report.textContent).toContain(
      '3 notebooks; error-free before: 0, now: 1; 120 LLM tokens; $0; 0:16 in all.'
    );
    const bars = Array.from(report.querySelectorAll('svg g')).map(g => [
      g.getAttribute('data-outcome'),
      g.textContent
    ]);
    expect(bars).toEqual([
      ['error_free_reproducible', 'Error-free, reproducible1'],
      ['error_non_reproducible', 'Still has errors1'],
      ['skipped', 'Skipped1']
    ]);
    expect(report.textContent).toContain('KeyError: 1');
    expect(report.textContent).toContain(
      "The author's stored numbers found again: 77 of 80 (96.3%); in the error-free notebooks 96.3% (random cells apart)."
    );
    // each notebook's share, its summary line on hover; none for a cut-short run
    const fixed = row('course/a.ipynb').querySelector(
      '.jp-mlemodernizer-batch-fidelity'
    )!;
    expect(fixed.textContent).toBe('96.3%');
    expect(fixed.getAttribute('title')).toContain('drift starts at cell 4');
    expect(
      row('course/c.ipynb').querySelector('.jp-mlemodernizer-batch-fidelity')
        ?.textContent
    ).toBe('–');
    // the three files the batch wrote, the html first (issue 40 item 5)
    expect(
      Array.from(
        report.querySelectorAll('.jp-mlemodernizer-batch-files button')
      ).map(b => b.textContent)
    ).toEqual([
      'course/modernization-report-2026-12-07-0431.html',
      'course/modernization-report-2026-12-07-0431.csv',
      'course/modernization-report-2026-12-07-0431.json'
    ]);
    button(report, 'course/modernization-report-2026-12-07-0431.csv').click();
    expect(actions.openPath).toHaveBeenCalledWith(
      'course/modernization-report-2026-12-07-0431.csv'
    );
    expect(row('course/b.ipynb').textContent).toContain('Cancelled');
    // a cut-short run has no outcome to show
    expect(row('course/b.ipynb').querySelectorAll('td')[3].textContent).toBe(
      '–'
    );
    expect(row('course/c.ipynb').textContent).toContain('Skipped');
    expect(host.textContent).not.toMatch(/\/home|\/tmp|\/root/);
    model.dispose();
  });

  it('says why a notebook failed', () => {
    const model = render(
      ended({ rows: [BROKEN], notebooks: ['course/broken.ipynb'] })
    );
    expect(row('course/broken.ipynb').textContent).toContain(
      'NotebookError: course/broken.ipynb: not a notebook'
    );
    model.dispose();
  });

  it('lets a long path wrap after its slashes, the Open column kept in sight', () => {
    const deep = 'course/a_long_folder_name/another_one/the.ipynb';
    const model = render(
      running({ notebooks: [deep], rows: [], running: {}, live: {} })
    );
    const name = row(deep).querySelector('th') as HTMLElement;
    expect(name.textContent).toBe('a_long_folder_name/another_one/the.ipynb');
    expect(name.innerHTML).toBe(
      'a_long_folder_name/<wbr>another_one/<wbr>the.ipynb'
    );
    // in a box that scrolls sideways (batch.css keeps the Open column)
    const table = host.querySelector('table') as HTMLTableElement;
    expect(table.parentElement?.className).toBe(
      'jp-mlemodernizer-batch-table-scroll'
    );
    const open = Array.from(
      host.querySelectorAll('.jp-mlemodernizer-batch-open')
    ).map(cell => cell.tagName);
    expect(open).toEqual(['TH', 'TD']);
    model.dispose();
  });

  it('lists the batches to reopen one', () => {
    const serverSettings = fakeSettings(() => undefined).settings;
    const first = new BatchModel({
      id: 'b1',
      serverSettings,
      summary: ended()
    });
    const second = new BatchModel({
      id: 'b0',
      serverSettings,
      summary: running({ id: 'b0', dir: '.' })
    });
    const batches = [first, second];
    const refresh = jest.fn();
    act(() =>
      root.render(
        <BatchList
          batches={batches}
          error={null}
          actions={actions}
          trans={trans}
          onRefresh={refresh}
        />
      )
    );
    const rows = Array.from(host.querySelectorAll('tbody tr')).map(tr =>
      Array.from(tr.children)
        .slice(0, 3)
        .map(c => c.textContent)
    );
    expect(rows).toEqual([
      ['course', 'Cancelled', '3'],
      ['/', 'Running', '1 of 3']
    ]);
    button(host.querySelector('tr[data-batch-id="b0"]')!, 'Open').click();
    expect(actions.openBatch).toHaveBeenCalledWith('b0');
    button(host, 'Refresh').click();
    expect(refresh).toHaveBeenCalled();
    first.dispose();
    second.dispose();
  });
});
