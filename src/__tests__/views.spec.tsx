import { nullTranslator } from '@jupyterlab/translation';
import * as React from 'react';
import { act } from 'react';
import { Root, createRoot } from 'react-dom/client';

import { IEventBase, IReport } from '../events';
import { reduce, reduceEvents } from '../model/reducer';
import { IJobState, initialState } from '../model/state';
import { ScoreChart, niceRange } from '../views/chart';
import { HealthView } from '../views/health';
import { DEFAULT_SETTINGS } from '../model/options';
import { Timeline } from '../views/timeline';
import { VerdictView } from '../views/verdict';

import { cellFidelity } from './cellfidelity';
import { ACCEPTED, EVENTS, JOB, REJECTED, SEQ, seqOf } from './recorded';

(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const trans = nullTranslator.load('mlemodernizer');

function upTo(seq: number): IJobState {
  return reduceEvents(
    initialState(JOB, 'eroded.ipynb'),
    EVENTS.filter(e => e.seq <= seq)
  );
}

describe('views', () => {
  let host: HTMLDivElement;
  /** The words an SVG chart shows, each text element's own. */
  const svgTexts = () =>
    Array.from(host.querySelectorAll('svg text')).map(
      t => t.firstChild?.textContent
    );
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  function render(element: React.ReactElement): void {
    act(() => root.render(element));
  }

  function buttons(): HTMLButtonElement[] {
    return Array.from(host.querySelectorAll('button'));
  }

  it('streams the model reply into the iteration', () => {
    render(
      <Timeline
        state={upTo(30)}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const stream = host.querySelector('.jp-mlemodernizer-plan-streaming');
    expect(stream?.getAttribute('aria-live')).toBe('polite');
    expect(stream?.textContent).toContain('The helper');
    expect(host.textContent).toContain('The model is writing (error repair)…');
    expect(
      Array.from(
        host.querySelectorAll('.jp-mlemodernizer-iteration-title')
      ).map(h => h.textContent)
    ).toEqual(['Baseline', 'Iteration 1']);
  });

  it('shows a run notice with its diff folded', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'execution_started',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 0,
        kind: 'baseline'
      },
      {
        type: 'execution_finished',
        job: 'j',
        seq: 2,
        time: 2,
        iteration: 0,
        kind: 'baseline',
        error_free: false,
        errors: [],
        error_cells: 1,
        runtime_s: 1,
        score: null,
        timed_out: false,
        kernel_died: false,
        cancelled: false,
        notices: [
          'cell 0 fails in preamble.py, line 1 (ImportError: x)\n' +
            '--- a/preamble.py\n+++ b/preamble.py'
        ]
      }
    ] as unknown as IEventBase[]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const notice = host.querySelector('.jp-mlemodernizer-notice');
    expect(notice?.getAttribute('role')).toBe('note');
    expect(notice?.firstChild?.textContent).toBe(
      'cell 0 fails in preamble.py, line 1 (ImportError: x)'
    );
    expect(notice?.querySelector('summary')?.textContent).toBe(
      'Proposed change'
    );
    expect(notice?.querySelector('pre')?.textContent).toBe(
      '--- a/preamble.py\n+++ b/preamble.py'
    );
  });

  it('shows why the loop stopped in the iteration that has no fix', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'issue_detected',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 2,
        issue: 'error',
        first_error: 'NameError: x',
        cell_index: 0,
        score: null,
        runtime_s: 1,
        cells: []
      },
      {
        type: 'loop_stopped',
        job: 'j',
        seq: 2,
        time: 2,
        iteration: 2,
        reason: 'budget',
        detail: 'token budget 500 spent'
      }
    ] as unknown as IEventBase[]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const rows = Array.from(
      host.querySelectorAll('.jp-mlemodernizer-issue')
    ).map(row => row.textContent);
    expect(rows).toEqual([
      'Error cell 1: NameError: x',
      'Budget spent token budget 500 spent'
    ]);
  });

  it('says plainly why the model gave no fix, its replies behind "Full model reply"', () => {
    const told =
      'your reply contains no code: give one ```python block with each changed cell under its `# %% cell N` header';
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'llm_stream',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 1,
        fix_type: 'error_repair',
        text: 'I cannot tell what it does.'
      },
      {
        type: 'llm_stream',
        job: 'j',
        seq: 2,
        time: 2,
        iteration: 1,
        fix_type: 'error_repair',
        text: '\n\n[asking the model again: its reply held no code]\n\nStill no idea.'
      },
      {
        type: 'loop_stopped',
        job: 'j',
        seq: 3,
        time: 3,
        iteration: 1,
        reason: 'no_fix',
        detail: told,
        summary: "the model's replies held no code; asked again once"
      }
    ] as unknown as IEventBase[]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const stop = host.querySelector('.jp-mlemodernizer-stop');
    expect(
      stop?.querySelector('.jp-mlemodernizer-issue-detail')?.textContent
    ).toBe("The model's replies held no code; asked again once.");
    // nothing written to the model is in sight: it is behind the disclosure, closed
    const details = stop?.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe(
      'Full model reply'
    );
    expect(details?.textContent).toContain('Still no idea.');
    expect(details?.textContent).toContain(told);
    expect(host.querySelector('.jp-mlemodernizer-stream')).toBeNull();
    const inSight = host.cloneNode(true) as HTMLElement;
    inSight.querySelectorAll('details').forEach(node => node.remove());
    expect(inSight.textContent).not.toContain('your reply');
    expect(inSight.textContent).not.toContain('asking the model again');
  });

  it('shows a change to a module beside the notebook as a file named by its path', () => {
    const decide = jest.fn();
    const openFile = jest.fn();
    const state = reduceEvents(initialState('job', 'course/nb.ipynb'), [
      { type: 'job_started', job: 'job', seq: 1, time: 1, options: {} },
      {
        type: 'fix_proposed',
        job: 'job',
        seq: 2,
        time: 2,
        iteration: 1,
        fix_id: 'fix-1',
        issue: 'error',
        fix_type: 'error_repair',
        source: 'rule',
        plan: 'The error is raised in preamble.py',
        rule_ids: ['PD049'],
        model: null,
        tokens: { requests: 0, prompt_tokens: 0, completion_tokens: 0 },
        changes: [
          {
            cell_index: -1,
            cell_id: 'file:preamble.py',
            path: 'preamble.py',
            old_source: "pd.set_option('precision', 3)\n",
            new_source: "pd.set_option('display.precision', 3)\n"
          }
        ]
      },
      {
        type: 'review_requested',
        job: 'job',
        seq: 3,
        time: 3,
        fix_id: 'fix-1',
        cell_ids: ['file:preamble.py']
      }
    ] as unknown as IEventBase[]);
    render(
      <Timeline
        state={state}
        actions={{ decide, showCell: jest.fn(), openFile }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const labels = buttons().map(
      b => b.getAttribute('aria-label') ?? b.textContent
    );
    expect(labels).toEqual([
      'File preamble.py',
      'Accept the change to preamble.py',
      'Reject the change to preamble.py'
    ]);
    act(() => buttons()[1].click());
    expect(decide).toHaveBeenCalledWith('fix-1', 'accept', 'file:preamble.py');
    act(() => buttons()[0].click());
    expect(openFile).toHaveBeenCalledWith('preamble.py');
  });

  it('offers Accept and Reject per cell and Accept all, with labels', () => {
    const decide = jest.fn();
    const showCell = jest.fn();
    render(
      <Timeline
        state={upTo(SEQ.review)}
        actions={{ decide, showCell, openFile: jest.fn() }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const labels = buttons().map(
      b => b.getAttribute('aria-label') ?? b.textContent
    );
    expect(labels).toEqual([
      // the baseline's failing cell, then the review
      'cell 3',
      'Cell 2',
      'Accept the change to cell 2',
      'Reject the change to cell 2',
      'Cell 3',
      'Accept the change to cell 3',
      'Reject the change to cell 3',
      'Accept all',
      'Reject all'
    ]);
    // the diff editors are there, read-only
    expect(
      host.querySelectorAll('.jp-mlemodernizer-diff .cm-editor')
    ).toHaveLength(2);
    act(() => buttons()[3].click());
    expect(decide).toHaveBeenCalledWith('fix-1', 'reject', REJECTED);
    act(() => buttons()[7].click());
    expect(decide).toHaveBeenCalledWith('fix-1', 'accept_all');
    act(() => buttons()[4].click());
    expect(showCell).toHaveBeenCalledWith(ACCEPTED, 2);
  });

  it('shows a sent decision and drops its buttons', () => {
    const state = reduce(upTo(SEQ.review), {
      type: 'decision_sent',
      fixId: 'fix-1',
      cellId: REJECTED,
      decision: 'reject'
    });
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    expect(host.textContent).toContain(
      'Rejected (waiting for the other cells)'
    );
    expect(
      buttons().map(b => b.getAttribute('aria-label') ?? b.textContent)
    ).toEqual([
      'cell 3',
      'Cell 2',
      'Cell 3',
      'Accept the change to cell 3',
      'Reject the change to cell 3'
    ]);
  });

  it('says a job judged on errors alone still has errors, not that it is not reproducible', () => {
    const final = EVENTS.find(e => e.type === 'job_finished') as unknown as {
      report: IReport;
    };
    const report: IReport = {
      ...final.report,
      outcome: 'error_non_reproducible',
      error_free: false,
      reproducible: false,
      reproducibility_basis: 'errors',
      stop_reason: 'no_fix',
      error_summary: '1 cell still fails: a call now behaves differently',
      cells: [
        {
          cell_index: 0,
          cell_id: 'c0',
          error: 'TypeError: x',
          state: 'fixable',
          kind: null,
          reason: '',
          package: null,
          after: null,
          cause: 'behaviour change'
        }
      ]
    };
    const state = { ...initialState(JOB, 'nb.ipynb'), report };
    render(
      <VerdictView
        state={state}
        trans={trans}
        actions={{ openOutput: jest.fn(), openReport: jest.fn() }}
      />
    );
    const badge = host.querySelector('.jp-mlemodernizer-badge');
    expect(badge?.textContent).toBe('Still has errors');
    expect(badge?.getAttribute('title')).toContain('judged on errors alone');
    expect(host.textContent).not.toContain('not reproducible');
    expect(
      host.querySelector('.jp-mlemodernizer-stop-reason')?.textContent
    ).toBe('Stopped: no fix was found for what still fails');
    const summary = host.querySelector('.jp-mlemodernizer-error-summary div');
    expect(summary?.textContent).toBe(
      '1 cell still fails: a call now behaves differently'
    );
    expect(summary?.getAttribute('title')).toBe('cell 1: behaviour change');
  });

  it('shows the verdict with the way to the copy and the report', () => {
    const state = {
      ...reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS),
      output: 'eroded.modernized.ipynb'
    };
    const openOutput = jest.fn();
    const openReport = jest.fn();
    render(
      <VerdictView
        state={state}
        trans={trans}
        actions={{ openOutput, openReport }}
      />
    );
    const badge = host.querySelector('.jp-mlemodernizer-badge');
    expect(badge?.textContent).toBe('Error-free, reproducible');
    expect(badge?.getAttribute('data-outcome')).toBe('error_free_reproducible');
    // in plain words; the precise terms on hover (issue 29, item 4)
    expect(badge?.getAttribute('title')).toBe(
      'Outcome error_free_reproducible: judged on errors alone (no score to compare, nothing re-run)'
    );
    const stopped = host.querySelector('.jp-mlemodernizer-stop-reason');
    expect(stopped?.textContent).toBe(
      'Stopped: the notebook runs without errors'
    );
    expect(stopped?.getAttribute('title')).toBe('stop_reason: reproducible');
    const rows = Array.from(host.querySelectorAll('tbody tr')).map(row =>
      Array.from(row.children).map(c => c.textContent)
    );
    expect(rows[0]).toEqual(['Cells with errors', '1', '0']);
    act(() => buttons()[0].click());
    expect(openOutput).toHaveBeenCalled();
    expect(buttons()[0].textContent).toBe('Open eroded.modernized.ipynb');
    act(() => buttons()[1].click());
    expect(openReport).toHaveBeenCalled();
  });

  it('offers to install the packages the blocked cells need', () => {
    const base = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    const report = {
      ...base.report!,
      error_summary: '2 cells need package imageio',
      cells: [0, 3].map(index => ({
        cell_index: index,
        cell_id: `c${index}`,
        error: "ModuleNotFoundError: No module named 'imageio'",
        state: 'blocked' as const,
        kind: 'environment' as const,
        reason:
          "needs package imageio (not installed in the kernel's environment)",
        package: 'imageio',
        after: null,
        cause: 'environment'
      }))
    };
    const installMissing = jest.fn();
    render(
      <VerdictView
        state={{ ...base, report }}
        trans={trans}
        actions={{
          openOutput: jest.fn(),
          openReport: jest.fn(),
          installMissing
        }}
      />
    );
    const install = buttons().find(b => b.textContent?.startsWith('Install'));
    expect(install?.textContent).toBe('Install imageio and run again');
    act(() => install!.click());
    expect(installMissing).toHaveBeenCalledWith(['imageio']);
  });

  it("shows the author's outputs found again, drifted cells linked, random ones apart", () => {
    const base = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    const cell = cellFidelity;
    const report = {
      ...base.report!,
      fidelity: {
        found: 7,
        total: 12,
        share: 0.5833,
        found_all: 8,
        total_all: 16,
        first_drift_cell: 2,
        tolerance: 0.1,
        noise_measured: true,
        random_cells: [4],
        summary: '7 of 12 stored numbers found again; drift starts at cell 3',
        cells: [
          cell(1, 'same'),
          cell(2, 'drifted', {
            numbers_found: 3,
            drift: [{ old: '0.947', new: '0.81' }],
            figures_stored: 1
          }),
          cell(3, 'lost_output', { numbers_found: 0 }),
          cell(0, 'machine', {
            random_why:
              'it prints the versions and dates of the machine it runs on'
          }),
          cell(4, 'random', {
            numbers_found: 1,
            random_why:
              'its numbers differ between two fresh runs of the same code'
          })
        ]
      }
    };
    const showCell = jest.fn();
    render(
      <VerdictView
        state={{ ...base, report }}
        trans={trans}
        actions={{ openOutput: jest.fn(), openReport: jest.fn(), showCell }}
      />
    );
    const section = host.querySelector('.jp-mlemodernizer-fidelity')!;
    expect(section.hasAttribute('open')).toBe(true); // drift: shown unfolded
    expect(section.querySelector('summary')?.textContent).toContain(
      "Author's numbers found again: 58.3%"
    );
    const items = Array.from(section.querySelectorAll('li')).map(
      li => li.textContent
    );
    expect(items).toEqual([
      'cell 3: 3 of 4 numbers found; 0.947 → 0.81; 1 of 1 figures changed',
      'cell 4: the output the author saw is gone'
    ]);
    expect(section.textContent).toContain(
      'Random, counted apart: cell 5 (its numbers differ between two fresh runs of the same code)'
    );
    expect(section.textContent).toContain(
      "The machine's versions and dates, counted apart: cell 1"
    );
    act(() => section.querySelector('button')!.click());
    expect(showCell).toHaveBeenCalledWith('c2', 2);
  });

  it('lists a number changed in its printed digits, though the band found it', () => {
    const base = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    const cell = cellFidelity;
    const report = {
      ...base.report!,
      fidelity: {
        found: 2,
        total: 2,
        share: 1,
        found_all: 2,
        total_all: 2,
        first_drift_cell: null,
        tolerance: 0.1,
        noise_measured: false,
        random_cells: [],
        summary:
          '2 of 2 stored numbers found again; no drift; 1 number within the band changed in its printed digits: cell 2',
        cells: [
          cell(0, 'same'),
          cell(1, 'same', {
            numbers_total: 1,
            numbers_found: 1,
            moved_in_print: [{ old: '3.0277', new: '2.8723' }]
          })
        ]
      }
    };
    render(
      <VerdictView
        state={{ ...base, report }}
        trans={trans}
        actions={{ openOutput: jest.fn(), openReport: jest.fn() }}
      />
    );
    const section = host.querySelector('.jp-mlemodernizer-fidelity')!;
    expect(section.hasAttribute('open')).toBe(false); // no drift for the judge
    const items = Array.from(section.querySelectorAll('li')).map(
      li => li.textContent
    );
    expect(items).toEqual([
      'cell 2: 1 of 1 numbers found; within the band: 3.0277 → 2.8723'
    ]);
  });

  it('says what "reproducible" rests on, in words', () => {
    const base = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    const report = {
      ...base.report!,
      reproduced_by: 'score' as const,
      reproduced_words:
        "reproducible by score: the score 0.95 is within 10% of the author's 0.947; " +
        'fidelity: 7 of 12 stored numbers found again (58.3%, below 95%)'
    };
    render(
      <VerdictView
        state={{ ...base, report }}
        trans={trans}
        actions={{ openOutput: jest.fn(), openReport: jest.fn() }}
      />
    );
    const basis = host.querySelector('.jp-mlemodernizer-reproduced-by')!;
    expect(basis.getAttribute('data-by')).toBe('score');
    expect(basis.textContent).toBe(
      "Reproducible by score: the score 0.95 is within 10% of the author's 0.947; " +
        'fidelity: 7 of 12 stored numbers found again (58.3%, below 95%).'
    );
  });

  it('tells one story without a score: no "judged on errors alone" beside fidelity', () => {
    const base = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    const report = {
      ...base.report!,
      reproducibility_basis: 'errors' as const,
      reproduced_by: 'fidelity' as const,
      reproduced_words:
        'reproducible by fidelity: 3 of 3 stored numbers found again (100.0%, at least ' +
        '95%); no score to compare'
    };
    render(
      <VerdictView
        state={{ ...base, report }}
        trans={trans}
        actions={{ openOutput: jest.fn(), openReport: jest.fn() }}
      />
    );
    const text = host.textContent ?? '';
    expect(text).toContain('No score source to compare.');
    expect(text).not.toContain('judged on errors alone');
    expect(text).toContain('Reproducible by fidelity: 3 of 3 stored numbers');
  });

  it('offers no install when nothing is missing', () => {
    const state = reduceEvents(initialState(JOB, 'eroded.ipynb'), EVENTS);
    render(
      <VerdictView
        state={state}
        trans={trans}
        actions={{
          openOutput: jest.fn(),
          openReport: jest.fn(),
          installMissing: jest.fn()
        }}
      />
    );
    expect(buttons().some(b => b.textContent?.startsWith('Install'))).toBe(
      false
    );
  });

  it('answers a notebook with nothing to modernize neutrally, without a copy', () => {
    const done = reduceEvents(initialState('j', 'clean.ipynb'), EVENTS);
    const state: IJobState = {
      ...done,
      output: null,
      report: {
        ...done.report!,
        output: null,
        iterations: [],
        nothing_to_modernize: 'it runs without errors today'
      }
    };
    render(
      <VerdictView
        state={state}
        trans={trans}
        actions={{
          openOutput: jest.fn(),
          openReport: jest.fn(),
          installMissing: jest.fn()
        }}
      />
    );
    const badge = host.querySelector('.jp-mlemodernizer-badge');
    expect(badge?.textContent).toBe('Nothing to modernize');
    expect(badge?.classList).toContain('jp-mlemodernizer-badge-neutral');
    expect(host.querySelector('.jp-mlemodernizer-nothing')?.textContent).toBe(
      'It runs without errors today. No change was needed, so no modernized copy was written.'
    );
    expect(buttons().map(b => b.textContent)).toEqual(['Open the report']);
  });

  it('waits for the model without an empty placeholder', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      ...EVENTS.filter(e => e.seq <= 5),
      {
        type: 'issue_detected',
        job: 'j',
        seq: 6,
        time: 1,
        iteration: 1,
        issue: 'error',
        first_error: 'NameError: x',
        cell_index: 0
      } as IEventBase
    ]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const stream = host.querySelector('.jp-mlemodernizer-stream');
    expect(stream?.textContent).toContain('The model is writing…');
    expect(stream?.textContent).toContain('Waiting for its first words');
    expect(stream?.textContent).not.toContain('()');
  });

  it('tells the baseline error once: the issue below refers to it', () => {
    render(
      <Timeline
        state={upTo(seqOf('issue_detected'))}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const issue = host.querySelector('.jp-mlemodernizer-issue');
    expect(issue?.textContent).toBe('Error cell 3, the error above');
    expect(
      host.textContent?.split("cannot import name 'load_data'")
    ).toHaveLength(2);
  });

  it("names the cells its fix changed and fixed in the iteration's header", () => {
    // the recorded job: its fix changed cell 3 (the change to cell 2 was
    // rejected), and the run after it fixed cell 3
    render(
      <Timeline
        state={upTo(SEQ.fixedRun)}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const titles = () =>
      Array.from(
        host.querySelectorAll('.jp-mlemodernizer-iteration-title')
      ).map(h => h.textContent);
    expect(titles()).toEqual([
      'Baseline',
      'Iteration 1 · changed cell 3 · fixed cell 3'
    ]);
    // while its run goes on, only what it changed
    render(
      <Timeline
        state={upTo(SEQ.applied)}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    expect(titles()).toEqual(['Baseline', 'Iteration 1 · changed cell 3']);
  });

  it('names cells other than the issue when the fix changed other cells', () => {
    // cell 3 fails and stays (no rule for it); a rule changes cells 5 and 6
    // and fixes 6
    const finished = (seq: number, iteration: number, failing: number[]) => ({
      type: 'execution_finished',
      job: 'j',
      seq,
      time: seq,
      iteration,
      kind: iteration === 0 ? 'baseline' : 'iteration',
      error_free: false,
      errors: [],
      error_cells: failing.length,
      runtime_s: 1,
      score: null,
      timed_out: false,
      kernel_died: false,
      cancelled: false,
      failing_cells: failing.map(i => ({
        cell_index: i,
        cell_id: `c${i}`,
        error: 'NameError: x',
        new: false
      })),
      fixed_cells: iteration === 0 ? [] : [5]
    });
    const change = (i: number) => ({
      cell_index: i,
      cell_id: `c${i}`,
      old_source: 'np.float',
      new_source: 'float'
    });
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'execution_started',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 0,
        kind: 'baseline'
      },
      finished(2, 0, [2, 5]),
      {
        type: 'issue_detected',
        job: 'j',
        seq: 3,
        time: 3,
        iteration: 1,
        issue: 'error',
        first_error: 'NameError: x',
        cell_index: 2,
        score: null,
        runtime_s: 1,
        cells: []
      },
      {
        type: 'fix_proposed',
        job: 'j',
        seq: 4,
        time: 4,
        iteration: 1,
        fix_id: 'fix-1',
        issue: 'error',
        fix_type: 'error_repair',
        source: 'rule',
        plan: 'Rules rewrote 2 cells',
        rule_ids: ['NPY001'],
        model: null,
        tokens: { requests: 0, prompt_tokens: 0, completion_tokens: 0 },
        changes: [change(4), change(5)]
      },
      {
        type: 'fix_applied',
        job: 'j',
        seq: 5,
        time: 5,
        fix_id: 'fix-1',
        iteration: 1,
        cells: ['c4', 'c5'],
        cell_indices: [4, 5],
        files: []
      },
      {
        type: 'execution_started',
        job: 'j',
        seq: 6,
        time: 6,
        iteration: 1,
        kind: 'iteration'
      },
      finished(7, 1, [2])
    ] as unknown as IEventBase[]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    const iteration = host.querySelector('[data-iteration="1"]');
    expect(
      iteration?.querySelector('.jp-mlemodernizer-iteration-title')?.textContent
    ).toBe('Iteration 1 · changed cells 5, 6 · fixed cell 6');
    expect(
      iteration?.querySelector('.jp-mlemodernizer-issue')?.textContent
    ).toBe('Error cell 3, the error above');
  });

  it('shows a rules fix as sentences, each rule opening its documentation', () => {
    const openRuleDoc = jest.fn();
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'fix_proposed',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 1,
        fix_id: 'fix-1',
        issue: 'error',
        fix_type: 'error_repair',
        source: 'rule',
        plan: 'Rules rewrote cell 1 after the error: PD001 (.loc[rows, cols]).',
        rule_ids: ['PD001'],
        rules: [
          {
            id: 'PD001',
            library: 'pandas',
            message:
              '.ix was removed in pandas 1.0; use .loc (labels) or .iloc (positions)'
          }
        ],
        model: null,
        tokens: {},
        changes: [
          {
            cell_index: 1,
            cell_id: 'c',
            old_source: 'df.ix[0]',
            new_source: 'df.loc[0]'
          }
        ]
      } as IEventBase
    ]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn(),
          openRuleDoc
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    // inside JupyterLab, offline: a button, not a link to a web page
    expect(host.querySelector('.jp-mlemodernizer-rules a')).toBeNull();
    const open = host.querySelector<HTMLButtonElement>(
      '.jp-mlemodernizer-rules button.jp-mlemodernizer-rule-id'
    );
    expect(open?.textContent).toBe('PD001');
    expect(open?.title).toBe('Open the documentation of PD001');
    act(() => open?.click());
    expect(openRuleDoc).toHaveBeenCalledWith('PD001');
    expect(
      host.querySelector('.jp-mlemodernizer-rule-message')?.textContent
    ).toBe(
      '.ix was removed in pandas 1.0; use .loc (labels) or .iloc (positions).'
    );
    expect(
      host.querySelector('.jp-mlemodernizer-fix-summary')?.textContent
    ).not.toContain('PD001');
    // the terse plan is not shown
    expect(host.textContent).not.toContain('.loc[rows, cols]');
  });

  it('shows an environment fix with what was found where', () => {
    const plan =
      "Cell 2 (ModuleNotFoundError: No module named 'sklearn.cross_validation'): " +
      '`train_test_split` is in `sklearn.model_selection`; changing cell 2.';
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      {
        type: 'fix_proposed',
        job: 'j',
        seq: 1,
        time: 1,
        iteration: 1,
        fix_id: 'fix-1',
        issue: 'error',
        fix_type: 'error_repair',
        source: 'environment',
        plan,
        rule_ids: [],
        rules: [],
        model: null,
        tokens: {},
        changes: [
          {
            cell_index: 1,
            cell_id: 'c',
            old_source: 'from sklearn.cross_validation import train_test_split',
            new_source: 'from sklearn.model_selection import train_test_split'
          }
        ]
      } as IEventBase
    ]);
    render(
      <Timeline
        state={state}
        actions={{
          decide: jest.fn(),
          showCell: jest.fn(),
          openFile: jest.fn(),
          openRuleDoc: jest.fn()
        }}
        trans={trans}
        language={Promise.resolve(null)}
      />
    );
    expect(
      host.querySelector('.jp-mlemodernizer-fix-summary')?.textContent
    ).toContain('From the installed libraries');
    expect(host.querySelector('.jp-mlemodernizer-plan')?.textContent).toBe(
      plan
    );
  });

  it('draws the chart with a text alternative', () => {
    const state = {
      ...reduceEvents(initialState('j', 'nb.ipynb'), EVENTS),
      targetScore: 0.9,
      tolerance: 0.1
    };
    render(
      <ScoreChart
        points={[
          {
            iteration: 0,
            score: 0.5,
            runtime: 10,
            errorCells: 2,
            ran: true,
            resumedFrom: null
          },
          {
            iteration: 1,
            score: 0.88,
            runtime: 4,
            errorCells: 0,
            ran: true,
            resumedFrom: null
          }
        ]}
        band={{ target: 0.9, low: 0.81, high: 0.99 }}
        trans={trans}
      />
    );
    const svg = host.querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toContain('Target 0.9');
    expect(svg?.getAttribute('aria-label')).toContain(
      'iteration 1: score 0.88'
    );
    expect(
      host.querySelectorAll('.jp-mlemodernizer-chart-bar-error')
    ).toHaveLength(1);
    expect(
      host.querySelectorAll('.jp-mlemodernizer-chart-point-in')
    ).toHaveLength(1);
    expect(state.targetScore).toBe(0.9);
  });

  it('puts its score axis on round bounds', () => {
    expect(niceRange(69.08, 87.92)).toEqual([65, 90]);
    expect(niceRange(0.7731, 0.9468)).toEqual([0.75, 0.95]);
    expect(niceRange(-2.2, -1.8)).toEqual([-2.2, -1.8]);
    expect(niceRange(3, 3)).toEqual([3, 3]);
  });

  it('titles its score axis', () => {
    render(
      <ScoreChart
        points={[
          {
            iteration: 0,
            score: 72.2,
            runtime: 3,
            errorCells: 0,
            ran: true,
            resumedFrom: null
          },
          {
            iteration: 1,
            score: 84.8,
            runtime: 4,
            errorCells: 0,
            ran: true,
            resumedFrom: null
          }
        ]}
        band={null}
        trans={trans}
      />
    );
    const texts = svgTexts();
    expect(texts).toEqual(
      expect.arrayContaining(['score', 'runtime', '70', '90'])
    );
  });

  it('names its axes, marks a part run and an iteration without a run', () => {
    render(
      <ScoreChart
        points={[
          {
            iteration: 0,
            score: null,
            runtime: 1.23,
            errorCells: 1,
            ran: true,
            resumedFrom: null
          },
          {
            iteration: 1,
            score: null,
            runtime: 0.1,
            errorCells: 0,
            ran: true,
            resumedFrom: 2
          },
          {
            iteration: 2,
            score: null,
            runtime: null,
            errorCells: null,
            ran: false,
            resumedFrom: null
          }
        ]}
        band={null}
        trans={trans}
      />
    );
    const texts = svgTexts();
    expect(texts).toEqual(
      expect.arrayContaining(['base', '1', '2', '1.2 s', '0 s', 'no run'])
    );
    expect(texts).toContain('baseline, then each iteration');
    expect(
      host.querySelectorAll('.jp-mlemodernizer-chart-bar-partial')
    ).toHaveLength(1);
    expect(host.querySelector('svg')?.getAttribute('aria-label')).toContain(
      'iteration 1: score –, runtime 0.10 s (from cell 3 on'
    );
    expect(
      host.querySelector('.jp-mlemodernizer-legend-partial')?.textContent
    ).toBe('run from a cell on (part of the notebook)');
  });

  it('tells what to do when the LLM or Docker is missing', () => {
    const onRefresh = jest.fn();
    render(
      <HealthView
        health={{
          status: 'ok',
          version: '1',
          llm: {
            configured: true,
            reachable: false,
            base_url: 'http://localhost:11434/v1',
            model: 'qwen',
            error: 'APIConnectionError',
            hint: 'start the LLM server'
          },
          docker: { available: false, hint: 'install Docker' }
        }}
        error={null}
        settings={{ ...DEFAULT_SETTINGS, executor: 'docker' }}
        trans={trans}
        onRefresh={onRefresh}
        onOpenSettings={jest.fn()}
        onOffline={jest.fn()}
      />
    );
    const llm = host.querySelector('[data-health="llm"]');
    expect(llm?.getAttribute('data-level')).toBe('bad');
    expect(llm?.textContent).toContain('does not answer (APIConnectionError)');
    expect(llm?.textContent).toContain('start the LLM server');
    const docker = host.querySelector('[data-health="docker"]');
    expect(docker?.getAttribute('data-level')).toBe('bad');
    expect(docker?.textContent).toContain('install Docker');
    expect(host.querySelector('details')?.hasAttribute('open')).toBe(true);
    act(() => buttons()[0].click());
    expect(onRefresh).toHaveBeenCalled();
  });

  it('offers offline as a choice: a user who wants no model is not warned', () => {
    const health = {
      status: 'ok',
      version: '1',
      llm: { configured: false, reachable: false },
      docker: { available: true }
    };
    const onOffline = jest.fn();
    const view = (offline: boolean) => (
      <HealthView
        health={health}
        error={null}
        settings={{ ...DEFAULT_SETTINGS, offline }}
        trans={trans}
        onRefresh={jest.fn()}
        onOpenSettings={jest.fn()}
        onOffline={onOffline}
      />
    );
    render(view(false));
    expect(host.querySelector('summary')?.textContent).toBe(
      'Server: needs attention'
    );
    expect(host.querySelector('[data-health="llm"]')?.textContent).toContain(
      'tick "Rules only (offline)" below if you want no model'
    );
    const box = host.querySelector<HTMLInputElement>(
      '.jp-mlemodernizer-offline-switch input'
    )!;
    expect(box.checked).toBe(false);
    act(() => box.click());
    expect(onOffline).toHaveBeenCalledWith(true);

    render(view(true));
    expect(host.querySelector('summary')?.textContent).toBe('Server: ready');
    const llm = host.querySelector('[data-health="llm"]');
    expect(llm?.getAttribute('data-level')).toBe('off');
    expect(llm?.textContent).toContain('off: rules only, no model');
    expect(
      host.querySelector<HTMLInputElement>(
        '.jp-mlemodernizer-offline-switch input'
      )!.checked
    ).toBe(true);
  });

  it('says when the endpoint of the settings does not serve their model', () => {
    render(
      <HealthView
        health={{
          status: 'ok',
          version: '1',
          llm: {
            configured: true,
            reachable: true,
            source: 'settings',
            base_url: 'http://localhost:11434/v1',
            model: 'qwen2.5-coder',
            model_served: false,
            error: "model 'qwen2.5-coder' is not served there",
            hint: 'models served: qwen2.5-coder:1.5b'
          },
          docker: { available: true }
        }}
        error={null}
        settings={{ ...DEFAULT_SETTINGS, model: 'qwen2.5-coder' }}
        trans={trans}
        onRefresh={jest.fn()}
        onOpenSettings={jest.fn()}
        onOffline={jest.fn()}
      />
    );
    const llm = host.querySelector('[data-health="llm"]');
    expect(llm?.getAttribute('data-level')).toBe('bad');
    expect(llm?.textContent).toContain(
      'does not serve the model qwen2.5-coder (from your settings)'
    );
    expect(llm?.textContent).toContain('models served: qwen2.5-coder:1.5b');
    expect(host.querySelector('details')?.hasAttribute('open')).toBe(true);
  });
});
