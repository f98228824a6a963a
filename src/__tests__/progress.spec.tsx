import { nullTranslator } from '@jupyterlab/translation';
import * as React from 'react';
import { act } from 'react';
import { Root, createRoot } from 'react-dom/client';

import { IEventBase } from '../events';
import { reduceEvents } from '../model/reducer';
import { runningCell } from '../model/selectors';
import { initialState } from '../model/state';
import { statusText } from '../views/labels';
import { RunningCellView, StartView } from '../views/progress';

(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const trans = nullTranslator.load('mlemodernizer');

let seq = 0;
function event(type: string, payload: Record<string, unknown>): IEventBase {
  seq += 1;
  return { type, job: 'j', seq, time: 100 + seq, ...payload } as IEventBase;
}

function longCell(options: Record<string, unknown> = {}): IEventBase[] {
  seq = 0;
  return [
    event('job_started', { options }),
    event('execution_started', {
      iteration: 0,
      kind: 'baseline',
      start_at: 0,
      reason: ''
    }),
    event('cell_started', {
      iteration: 0,
      kind: 'baseline',
      cell_index: 6,
      cell_id: 'train',
      cells: 42
    }),
    event('cell_output', { iteration: 0, cell_index: 6, text: 'epoch 1' }),
    event('cell_output', {
      iteration: 0,
      cell_index: 6,
      text: 'epoch 1\nepoch 2'
    })
  ];
}

describe('progress of a long cell', () => {
  it('keeps the running cell and its newest lines until it is done', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), longCell());
    const running = runningCell(state);
    expect(running?.cell).toEqual({
      index: 6,
      id: 'train',
      startedAt: 103,
      output: 'epoch 1\nepoch 2'
    });
    expect(running?.execution.totalCells).toBe(42);
    expect(statusText(trans, state, 'open')).toBe(
      'Running the baseline: cell 7 of 42'
    );
    const done = reduceEvents(state, [
      event('cell_executed', {
        iteration: 0,
        cell_index: 6,
        cell_id: 'train',
        seconds: 12,
        error: null
      })
    ]);
    expect(runningCell(done)).toBeNull();
  });

  it('puts the verdict run after the iteration run, each saying where it started', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      ...longCell(),
      event('execution_started', {
        iteration: 1,
        kind: 'iteration',
        start_at: 2,
        reason: 'resume from the failing cell 3'
      }),
      event('execution_finished', {
        iteration: 1,
        kind: 'iteration',
        error_free: true,
        errors: [],
        error_cells: 0,
        runtime_s: 0.1,
        score: null,
        timed_out: false,
        kernel_died: false,
        cancelled: false,
        resumed_from: 2
      }),
      event('execution_started', {
        iteration: 1,
        kind: 'verdict',
        start_at: 0,
        reason: 'the verdict runs every cell of the final notebook'
      })
    ]);
    const iteration = state.iterations[1];
    expect(iteration.execution?.kind).toBe('iteration');
    expect(iteration.reruns.map(r => r.kind)).toEqual(['verdict']);
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() =>
      root.render(
        <>
          <StartView execution={iteration.execution!} trans={trans} />
          <StartView execution={iteration.reruns[0]} trans={trans} />
          <StartView
            execution={{ ...iteration.execution!, resumedFrom: null }}
            trans={trans}
          />
        </>
      )
    );
    expect(
      Array.from(host.querySelectorAll('.jp-mlemodernizer-run-start')).map(
        n => n.textContent
      )
    ).toEqual([
      "Ran from cell 3 on, reusing the previous run's kernel state.",
      'From the top, in a fresh kernel: the verdict runs every cell of the final notebook.',
      'From the top, in a fresh kernel: the kept kernel was gone.'
    ]);
    // the precise term and the server's reason, on hover
    expect(
      host.querySelector('.jp-mlemodernizer-run-start')?.getAttribute('title')
    ).toBe(
      'Resumed: the kernel of the run before was kept, so cells above 3 did not run again (resume from the failing cell 3)'
    );
    act(() => root.unmount());
  });
});

describe('the running cell view', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    root = createRoot(host);
  });

  afterEach(() => act(() => root.unmount()));

  it('names the cell, counts its seconds and shows its last lines', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), longCell());
    const showCell = jest.fn();
    act(() =>
      root.render(
        <RunningCellView
          state={state}
          serverNow={() => 103 + 12}
          trans={trans}
          showCell={showCell}
        />
      )
    );
    expect(host.textContent).toContain('Cell 7 of 42 running for 0:12');
    expect(
      host.querySelector('.jp-mlemodernizer-running-cell-output')?.textContent
    ).toBe('epoch 1\nepoch 2');
    act(() => host.querySelector('button')?.click());
    expect(showCell).toHaveBeenCalledWith('train', 6);
    expect(host.querySelector('.jp-mlemodernizer-deadline-left')).toBe(null);
  });

  it('says how long is left before the job deadline', () => {
    const state = reduceEvents(
      initialState('j', 'nb.ipynb'),
      longCell({ deadline: 900 })
    );
    const render = (now: number) =>
      act(() =>
        root.render(
          <RunningCellView
            state={state}
            serverNow={() => now}
            trans={trans}
            showCell={jest.fn()}
          />
        )
      );
    const started = state.startedAt!;
    render(started + 600);
    const left = () =>
      host.querySelector('.jp-mlemodernizer-deadline-left')?.textContent;
    expect(left()).toBe('· 5:00 left before the deadline');
    render(started + 901);
    expect(left()).toBe('· deadline reached');
  });

  it('counts down an automatic deadline once the baseline set it', () => {
    // no deadline in the options: the engine sets one when the baseline has run
    const events = longCell();
    const baselineDone = event('execution_finished', {
      iteration: 0,
      kind: 'baseline',
      error_free: false,
      errors: [],
      error_cells: 1,
      runtime_s: 2,
      score: null,
      timed_out: false,
      kernel_died: false,
      cancelled: false,
      deadline_s: 900,
      deadline_left_s: 897
    });
    const next = event('execution_started', {
      iteration: 1,
      kind: 'iteration',
      start_at: 0,
      reason: ''
    });
    const cell = event('cell_started', {
      iteration: 1,
      kind: 'iteration',
      cell_index: 6,
      cell_id: 'train',
      cells: 42
    });
    const before = reduceEvents(initialState('j', 'nb.ipynb'), events);
    const state = reduceEvents(before, [baselineDone, next, cell]);
    const started = state.startedAt!;
    act(() =>
      root.render(
        <RunningCellView
          state={state}
          serverNow={() => started + 300}
          trans={trans}
          showCell={jest.fn()}
        />
      )
    );
    expect(
      host.querySelector('.jp-mlemodernizer-deadline-left')?.textContent
    ).toBe('· 10:00 left before the deadline');
  });
});
