import { IEventBase } from '../events';
import {
  INetChange,
  cellStatus,
  hasUnsavedEdits,
  lineStats,
  netAcceptedChanges,
  openReviews,
  planApply,
  planRevert,
  reviewOf,
  unappliedChanges
} from '../model/diff';
import { reduce, reduceEvents } from '../model/reducer';
import { IJobState, initialState } from '../model/state';

import { ACCEPTED, EVENTS, JOB, REJECTED, SEQ } from './recorded';

function upTo(seq: number): IJobState {
  return reduceEvents(
    initialState(JOB, 'eroded.ipynb'),
    EVENTS.filter(e => e.seq <= seq)
  );
}

let seq = 0;
function ev(type: string, payload: Record<string, unknown>): IEventBase {
  seq += 1;
  return { type, job: 'j', seq, time: seq, ...payload } as IEventBase;
}

function proposal(
  fixId: string,
  changes: [string, number, string, string][]
): IEventBase {
  return ev('fix_proposed', {
    iteration: Number(fixId.split('-')[1]),
    fix_id: fixId,
    issue: 'error',
    fix_type: 'error_repair',
    source: 'llm',
    plan: 'plan',
    rule_ids: [],
    model: 'm',
    tokens: { requests: 1, prompt_tokens: 1, completion_tokens: 1 },
    changes: changes.map(([cell_id, cell_index, old_source, new_source]) => ({
      cell_id,
      cell_index,
      old_source,
      new_source
    }))
  });
}

function applied(fixId: string, cells: string[]): IEventBase {
  return ev('fix_applied', {
    fix_id: fixId,
    iteration: 1,
    cells,
    cell_indices: []
  });
}

describe('lineStats', () => {
  it('counts added and removed lines', () => {
    expect(lineStats('a\nb\nc', 'a\nb\nc')).toEqual({ added: 0, removed: 0 });
    expect(lineStats('a\nb\nc', 'a\nB\nc')).toEqual({ added: 1, removed: 1 });
    expect(lineStats('a\nc', 'a\nb\nc')).toEqual({ added: 1, removed: 0 });
    expect(lineStats('a\nb\nc', 'c')).toEqual({ added: 0, removed: 2 });
    expect(lineStats('', 'x = 1')).toEqual({ added: 1, removed: 0 });
    expect(lineStats('x = 1', '')).toEqual({ added: 0, removed: 1 });
  });

  it('finds moved lines as one removal and one addition', () => {
    expect(lineStats('a\nb\nc\nd', 'b\nc\nd\na')).toEqual({
      added: 1,
      removed: 1
    });
  });

  it('stays fast on very long cells', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const b = a.map((line, i) => (i % 2 ? line : `${line} changed`));
    const started = Date.now();
    expect(lineStats(a.join('\n'), b.join('\n'))).toEqual({
      added: 2500,
      removed: 2500
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('the review of a recorded fix', () => {
  it('asks for a decision on each cell while the job waits', () => {
    const state = upTo(SEQ.review);
    const review = reviewOf(state.fixes['fix-1']);
    expect(review.open).toBe(true);
    expect(review.undecided).toBe(2);
    expect(review.cells.map(c => [c.cellId, c.cellIndex, c.status])).toEqual([
      [REJECTED, 1, 'pending'],
      [ACCEPTED, 2, 'pending']
    ]);
    expect(review.cells[1].oldSource).toContain('load_data');
    expect(review.cells[1].newSource).toContain('load_dataset');
    expect(review.cells[1].stats).toEqual({ added: 1, removed: 1 });
    expect(review.cells.every(c => c.decidable)).toBe(true);
    expect(openReviews(state).map(r => r.fixId)).toEqual(['fix-1']);
  });

  it('shows a sent decision, and only the other cell stays decidable', () => {
    const state = reduce(upTo(SEQ.review), {
      type: 'decision_sent',
      fixId: 'fix-1',
      cellId: REJECTED,
      decision: 'reject'
    });
    const review = reviewOf(state.fixes['fix-1']);
    expect(review.cells.map(c => c.status)).toEqual([
      'sending-reject',
      'pending'
    ]);
    expect(review.undecided).toBe(1);
  });

  it('after a reload, knows decided cells from the job summary', () => {
    const state = upTo(SEQ.review);
    const fix = { ...state.fixes['fix-1'], awaiting: [ACCEPTED] };
    expect(cellStatus(fix, fix.changes[0])).toBe('decided');
    expect(cellStatus(fix, fix.changes[1])).toBe('pending');
  });

  it('is final once applied, and closed when the job ended', () => {
    const done = upTo(SEQ.applied);
    const review = reviewOf(done.fixes['fix-1']);
    expect(review.open).toBe(false);
    expect(review.cells.map(c => c.status)).toEqual(['rejected', 'accepted']);
    expect(review.undecided).toBe(0);
    expect(openReviews(done)).toEqual([]);

    // a job that ended while waiting: nothing to decide any more
    const waiting = upTo(SEQ.review);
    const closed = reviewOf(waiting.fixes['fix-1'], false);
    expect(closed.open).toBe(false);
    expect(closed.cells.map(c => c.status)).toEqual(['proposed', 'proposed']);
  });
});

describe('unappliedChanges', () => {
  const net = (cellId: string, final: string): INetChange => ({
    cellId,
    cellIndex: 0,
    original: 'old',
    final,
    fixIds: ['fix-1']
  });
  const edit = (cellId: string, to: string) => ({
    index: 0,
    cellId,
    from: 'old',
    to
  });

  it('is empty once every accepted change is applied', () => {
    const changes = [net('a', 'new a'), net('b', 'new b')];
    expect(unappliedChanges(changes, [])).toEqual(changes);
    expect(
      unappliedChanges(changes, [edit('a', 'new a'), edit('b', 'new b')])
    ).toEqual([]);
  });

  it('keeps a cell whose accepted source moved on after the apply', () => {
    const changes = [net('a', 'newer a'), net('b', 'new b')];
    const left = unappliedChanges(changes, [
      edit('a', 'new a'),
      edit('b', 'new b')
    ]);
    expect(left.map(c => c.cellId)).toEqual(['a']);
  });
});

describe('netAcceptedChanges', () => {
  it('keeps only the accepted cells of applied fixes', () => {
    const changes = netAcceptedChanges(upTo(SEQ.applied));
    expect(changes).toEqual([
      expect.objectContaining({
        cellId: ACCEPTED,
        cellIndex: 2,
        fixIds: ['fix-1']
      })
    ]);
    expect(changes[0].original).toContain('from helpers import load_data\n');
    expect(changes[0].final).toContain('load_dataset as load_data');
    // not applied yet: nothing
    expect(netAcceptedChanges(upTo(SEQ.review))).toEqual([]);
  });

  it('chains the changes of several fixes to one cell', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      proposal('fix-1', [
        ['a', 0, 'x = 1', 'x = 2'],
        ['b', 1, 'y = 1', 'y = 2']
      ]),
      applied('fix-1', ['a', 'b']),
      proposal('fix-2', [
        ['a', 0, 'x = 2', 'x = 3'],
        ['b', 1, 'y = 2', 'y = 1']
      ]),
      applied('fix-2', ['a', 'b']),
      proposal('fix-3', [['c', 2, 'z = 1', 'z = 2']]),
      applied('fix-3', [])
    ]);
    // a: 1 → 2 → 3; b went back to where it started; c was rejected
    expect(netAcceptedChanges(state)).toEqual([
      {
        cellId: 'a',
        cellIndex: 0,
        original: 'x = 1',
        final: 'x = 3',
        fixIds: ['fix-1', 'fix-2']
      }
    ]);
  });

  it('leaves out a fix that was rolled back: the copy does not have it', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), [
      proposal('fix-1', [
        ['setup', 0, 'scale = 10', 'scale = None'],
        ['add', 1, 'add_up(v)', 'sum(v)']
      ]),
      applied('fix-1', ['setup', 'add']),
      ev('fix_rolled_back', {
        fix_id: 'fix-1',
        iteration: 1,
        reason: 'it broke cells that ran clean',
        cells: ['setup', 'add'],
        broke: []
      }),
      proposal('fix-2', [['add', 1, 'add_up(v)', 'sum(v)']]),
      applied('fix-2', ['add'])
    ]);
    expect(netAcceptedChanges(state)).toEqual([
      {
        cellId: 'add',
        cellIndex: 1,
        original: 'add_up(v)',
        final: 'sum(v)',
        fixIds: ['fix-2']
      }
    ]);
  });
});

describe('planApply', () => {
  const change: INetChange = {
    cellId: 'b',
    cellIndex: 1,
    original: 'old()',
    final: 'new()',
    fixIds: ['fix-1']
  };
  const cells = [
    { id: 'a', source: '# intro' },
    { id: 'b', source: 'old()' }
  ];

  it('edits the cells that still hold the original source', () => {
    expect(planApply(cells, false, [change])).toEqual({
      ok: true,
      edits: [{ index: 1, cellId: 'b', from: 'old()', to: 'new()' }],
      alreadyApplied: []
    });
  });

  it('stops at unsaved edits of the user', () => {
    expect(planApply(cells, true, [change])).toEqual({
      ok: false,
      reason: 'dirty',
      cellIds: []
    });
  });

  it('stops when a cell changed since, and changes nothing else', () => {
    const other: INetChange = { ...change, cellId: 'a', cellIndex: 0 };
    const plan = planApply(
      [
        { id: 'a', source: 'old()' },
        { id: 'b', source: 'old() # my edit' }
      ],
      false,
      [other, change]
    );
    expect(plan).toEqual({ ok: false, reason: 'edited', cellIds: ['b'] });
  });

  it('skips cells that already hold the result', () => {
    expect(
      planApply([cells[0], { id: 'b', source: 'new()' }], false, [change])
    ).toEqual({ ok: true, edits: [], alreadyApplied: ['b'] });
  });

  it('stops when a cell is gone', () => {
    expect(planApply([cells[0]], false, [change])).toEqual({
      ok: false,
      reason: 'missing',
      cellIds: ['b']
    });
  });

  it('falls back to the position for notebooks without stored cell ids', () => {
    const plan = planApply(
      [
        { id: 'random-1', source: '# intro' },
        { id: 'random-2', source: 'old()' }
      ],
      false,
      [change]
    );
    expect(plan).toMatchObject({
      ok: true,
      edits: [{ index: 1, to: 'new()' }]
    });
    // not when the cell there is another one
    expect(
      planApply(
        [
          { id: 'random-1', source: '# intro' },
          { id: 'random-2', source: 'print(1)' }
        ],
        false,
        [change]
      )
    ).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('undoes its edits while the cells still hold them', () => {
    const edits = [{ index: 1, cellId: 'b', from: 'old()', to: 'new()' }];
    expect(
      planRevert([cells[0], { id: 'b', source: 'new()' }], edits)
    ).toMatchObject({
      ok: true,
      edits: [{ index: 1, from: 'new()', to: 'old()' }]
    });
    expect(
      planRevert([cells[0], { id: 'b', source: 'newer()' }], edits)
    ).toMatchObject({ ok: false, reason: 'edited' });
  });
});

describe('hasUnsavedEdits', () => {
  const current = [
    { cell_type: 'markdown', source: '# T' },
    { cell_type: 'code', source: 'x = 1\ny = 2' }
  ];

  it('compares the cells, whatever the source format on disk', () => {
    expect(
      hasUnsavedEdits(
        [
          { cell_type: 'markdown', source: '# T' },
          { cell_type: 'code', source: ['x = 1\n', 'y = 2'] }
        ],
        current
      )
    ).toBe(false);
  });

  it('sees changed, added, removed and retyped cells', () => {
    expect(
      hasUnsavedEdits(
        [
          { cell_type: 'markdown', source: '# T' },
          { cell_type: 'code', source: 'x = 1' }
        ],
        current
      )
    ).toBe(true);
    expect(hasUnsavedEdits([current[0]], current)).toBe(true);
    expect(
      hasUnsavedEdits(
        [
          { cell_type: 'raw', source: '# T' },
          { cell_type: 'code', source: 'x = 1\ny = 2' }
        ],
        current
      )
    ).toBe(true);
  });
});
