import { cellNumbers, iterationCells } from '../model/cells';
import { reduceEvents } from '../model/reducer';
import { initialState } from '../model/state';

import { EVENTS, SEQ } from './recorded';

describe('cells as people read them', () => {
  it('numbers 0-based indices from 1', () => {
    expect(cellNumbers([2, 4, 5])).toBe('3, 5, 6');
    expect(cellNumbers([])).toBe('');
  });

  it("tells an iteration's changed and fixed cells from the recorded job", () => {
    const state = reduceEvents(
      initialState('j', 'eroded.ipynb'),
      EVENTS.filter(e => e.seq <= SEQ.fixedRun)
    );
    const [baseline, first] = state.iterations;
    const cells = iterationCells(first, state.fixes, baseline.execution);
    // the rejected change (index 1) is not counted as changed
    expect(cells).toEqual({
      changed: [2],
      files: [],
      fixed: [2],
      rolledBack: false
    });
    // nothing applied yet: nothing to say
    const proposed = reduceEvents(
      initialState('j', 'eroded.ipynb'),
      EVENTS.filter(e => e.seq <= SEQ.review)
    );
    expect(
      iterationCells(
        proposed.iterations[1],
        proposed.fixes,
        proposed.iterations[0].execution
      )
    ).toBeNull();
  });

  it('claims no fixed cell from a run cut short', () => {
    const state = reduceEvents(
      initialState('j', 'eroded.ipynb'),
      EVENTS.filter(e => e.seq <= SEQ.fixedRun)
    );
    const [baseline, first] = state.iterations;
    const cut = {
      ...first,
      execution: { ...first.execution!, timedOut: true }
    };
    expect(iterationCells(cut, state.fixes, baseline.execution)?.fixed).toBe(
      null
    );
  });
});
