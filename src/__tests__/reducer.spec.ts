import { IJobSummary } from '../api';
import { IEventBase } from '../events';
import { reduce, reduceEvents } from '../model/reducer';
import { IJobState, initialState } from '../model/state';

import {
  ACCEPTED,
  cleanRunFinished,
  EVENTS,
  JOB,
  REJECTED,
  SEQ,
  seqOf
} from './recorded';

function fresh(): IJobState {
  return initialState(JOB, 'eroded.ipynb');
}

function upTo(seq: number): IJobState {
  return reduceEvents(
    fresh(),
    EVENTS.filter(e => e.seq <= seq)
  );
}

let seq = 1000;
function event(type: string, payload: Record<string, unknown>): IEventBase {
  seq += 1;
  return { type, job: JOB, seq, time: 1000 + seq, ...payload } as IEventBase;
}

function summary(overrides: Partial<IJobSummary> = {}): IJobSummary {
  return {
    id: JOB,
    path: 'eroded.ipynb',
    options: { review: 'manual' },
    created: 1,
    status: 'running',
    outcome: null,
    error: null,
    output: 'eroded.modernized.ipynb',
    last_seq: 0,
    pending_review: {},
    report: null,
    ...overrides
  };
}

describe('reduce: a recorded job', () => {
  it('starts running with the options of job_started', () => {
    const state = upTo(1);
    expect(state.status).toBe('running');
    expect(state.lastSeq).toBe(1);
    expect(state.startedAt).toBe(EVENTS[0].time);
    expect(state.options.review).toBe('manual');
    expect(state.tolerance).toBe(0.1);
    expect(state.targetScore).toBeNull();
  });

  it('follows the baseline run cell by cell', () => {
    const started = upTo(2);
    expect(started.activity).toMatchObject({
      kind: 'executing',
      iteration: 0,
      run: 'baseline',
      cellsDone: 0
    });
    expect(started.iterations).toHaveLength(1);
    expect(started.iterations[0].execution?.running).toBe(true);

    const oneCell = upTo(seqOf('cell_executed'));
    expect(oneCell.activity).toMatchObject({ cellsDone: 1, lastCell: 1 });
    expect(oneCell.iterations[0].execution?.cellsDone).toBe(1);

    const finished = upTo(seqOf('execution_finished'));
    const baseline = finished.iterations[0].execution;
    expect(baseline).toMatchObject({
      running: false,
      errorFree: false,
      errorCells: 1,
      score: null
    });
    expect(baseline?.errors[0]).toMatchObject({
      cell_index: 2,
      ename: 'ImportError'
    });
    expect(baseline?.runtime).toBeGreaterThan(0);
  });

  it('opens iteration 1 with the issue, then streams the plan into it', () => {
    const issue = upTo(seqOf('issue_detected'));
    expect(issue.iterations.map(it => it.index)).toEqual([0, 1]);
    expect(issue.iterations[1].issues).toEqual([
      expect.objectContaining({
        issue: 'error',
        cellIndex: 2,
        firstError: expect.stringContaining('ImportError')
      })
    ]);
    expect(issue.activity).toEqual({
      kind: 'proposing',
      iteration: 1,
      fixType: null
    });

    const streaming = upTo(20);
    const text = streaming.iterations[1].stream;
    expect(text.length).toBeGreaterThan(0);
    expect(streaming.iterations[1].streamFixType).toBe('error_repair');
    expect(streaming.activity).toMatchObject({
      kind: 'proposing',
      fixType: 'error_repair'
    });

    // the stream grows by each chunk, in order
    const more = upTo(40).iterations[1].stream;
    expect(more.startsWith(text)).toBe(true);
    expect(more.length).toBeGreaterThan(text.length);
  });

  it('records the fix with its changes and waits for the review', () => {
    const state = upTo(SEQ.review);
    expect(state.fixOrder).toEqual(['fix-1']);
    const fix = state.fixes['fix-1'];
    expect(fix).toMatchObject({
      iteration: 1,
      fixType: 'error_repair',
      source: 'llm',
      model: 'scripted-model',
      reviewRequested: true,
      applied: false
    });
    expect(fix.plan).toContain('renamed');
    expect(fix.changes.map(c => [c.cell_id, c.outcome])).toEqual([
      [REJECTED, null],
      [ACCEPTED, null]
    ]);
    // the full reply (plan, then code) stays with the iteration
    expect(state.iterations[1].stream).toContain(fix.plan.slice(0, 20));
    expect(state.iterations[1].stream).toContain('# %% cell 2');
    expect(state.iterations[1].fixIds).toEqual(['fix-1']);
    expect(state.activity).toEqual({ kind: 'reviewing', fixId: 'fix-1' });
    expect(state.tokens.requests).toBe(1);
    expect(state.tokens.completion_tokens).toBeGreaterThan(0);
  });

  it('takes the decisions, applies the fix and runs iteration 1', () => {
    const state = upTo(SEQ.applied);
    const fix = state.fixes['fix-1'];
    expect(fix.applied).toBe(true);
    expect(fix.changes.map(c => [c.cell_id, c.outcome])).toEqual([
      [REJECTED, 'rejected'],
      [ACCEPTED, 'accepted']
    ]);

    const after = upTo(SEQ.fixedRun);
    expect(after.iterations[1].execution).toMatchObject({
      kind: 'iteration',
      running: false,
      errorFree: true,
      errorCells: 0
    });
  });

  it('ends with the verdict and the report', () => {
    const state = reduceEvents(fresh(), EVENTS);
    expect(state.status).toBe('finished');
    expect(state.verdict).toMatchObject({
      outcome: 'error_free_reproducible',
      basis: 'errors'
    });
    expect(state.report).toMatchObject({
      outcome: 'error_free_reproducible',
      stop_reason: 'reproducible',
      baseline: expect.objectContaining({ error_cells: 1 }),
      final: expect.objectContaining({ error_cells: 0 })
    });
    expect(state.report?.iterations[0].cells_rejected).toEqual([1]);
    expect(state.endedAt).toBe(EVENTS[EVENTS.length - 1].time);
    expect(state.activity).toEqual({ kind: 'done' });
    // the report's total replaces the running sum
    expect(state.tokens).toEqual(state.report?.llm);
    expect(state.lastSeq).toBe(EVENTS.length);
  });

  it('ignores events it already has: replays may overlap', () => {
    const once = reduceEvents(fresh(), EVENTS);
    const twice = reduceEvents(once, EVENTS);
    expect(twice).toBe(once);

    // a cached state at seq 30 plus the replay from 0 equals the whole log
    const resumed = reduceEvents(upTo(30), EVENTS);
    expect(resumed).toEqual(once);
  });

  it('never mutates the state it is given', () => {
    const before = upTo(SEQ.review);
    const copy = JSON.parse(JSON.stringify(before));
    reduceEvents(
      before,
      EVENTS.filter(e => e.seq > SEQ.review)
    );
    expect(before).toEqual(copy);
  });

  it('builds a state that survives JSON (for the reload cache)', () => {
    const state = upTo(SEQ.review);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('reduce: other paths', () => {
  it('keeps a static rules pre-pass (fix-0) in the baseline row', () => {
    const state = reduceEvents(fresh(), [
      event('job_started', { options: {}, target_score: 0.9 }),
      event('fix_proposed', {
        iteration: 0,
        fix_id: 'fix-0',
        issue: 'static',
        fix_type: 'error_repair',
        source: 'rule',
        plan: 'Replace np.float.',
        rule_ids: ['NPY001'],
        model: null,
        tokens: { requests: 0, prompt_tokens: 0, completion_tokens: 0 },
        changes: [
          {
            cell_index: 0,
            cell_id: 'a',
            old_source: 'np.float(1)',
            new_source: 'float(1)'
          }
        ]
      }),
      event('fix_applied', {
        fix_id: 'fix-0',
        iteration: 0,
        cells: ['a'],
        cell_indices: [0]
      }),
      event('execution_started', { iteration: 0, kind: 'baseline' })
    ]);
    expect(state.iterations).toHaveLength(1);
    expect(state.iterations[0].fixIds).toEqual(['fix-0']);
    // no review: fix_applied decides (auto mode)
    expect(state.fixes['fix-0'].changes[0].outcome).toBe('accepted');
    expect(state.fixes['fix-0'].tokens.cost_usd).toBe(0);
    expect(state.targetScore).toBe(0.9);
  });

  it('keeps reruns apart from the iteration they repeat', () => {
    const state = reduceEvents(fresh(), [
      event('execution_started', { iteration: 2, kind: 'iteration' }),
      event('execution_finished', {
        iteration: 2,
        kind: 'iteration',
        error_free: true,
        errors: [],
        error_cells: 0,
        runtime_s: 3,
        score: 0.91,
        timed_out: false,
        kernel_died: false,
        cancelled: false
      }),
      event('execution_started', { iteration: 2, kind: 'rerun-1' }),
      event('cell_executed', {
        iteration: 2,
        cell_index: 0,
        cell_id: 'a',
        seconds: 1,
        error: null
      }),
      event('execution_finished', {
        iteration: 2,
        kind: 'rerun-1',
        error_free: true,
        errors: [],
        error_cells: 0,
        runtime_s: 2.5,
        score: 0.9,
        timed_out: false,
        kernel_died: false,
        cancelled: false
      })
    ]);
    const it2 = state.iterations[0];
    expect(it2.execution).toMatchObject({ score: 0.91, runtime: 3 });
    expect(it2.reruns).toEqual([
      expect.objectContaining({ kind: 'rerun-1', score: 0.9, cellsDone: 1 })
    ]);
  });

  it('keeps the runs that tell random cells apart beside the run they repeat', () => {
    const finished = (kind: string, runtime: number) =>
      event('execution_finished', cleanRunFinished(kind, 1, runtime));
    const state = reduceEvents(fresh(), [
      event('execution_started', { iteration: 1, kind: 'iteration' }),
      finished('iteration', 4),
      event('execution_started', { iteration: 1, kind: 'second-look' }),
      finished('second-look', 9),
      event('execution_started', { iteration: 1, kind: 'noise-run' }),
      finished('noise-run', 8)
    ]);
    const it1 = state.iterations[0];
    // the iteration's own run keeps its time: the other seeds' runs are extras
    expect(it1.execution).toMatchObject({ kind: 'iteration', runtime: 4 });
    expect(it1.reruns.map(r => [r.kind, r.runtime])).toEqual([
      ['second-look', 9],
      ['noise-run', 8]
    ]);
  });

  it('keeps the notices of a run (an error in a module of the user)', () => {
    const notice =
      'cell 0 fails in preamble.py, line 1 (ImportError: x)\n--- a/preamble.py';
    const state = reduceEvents(fresh(), [
      event('execution_started', { iteration: 0, kind: 'baseline' }),
      event('execution_finished', {
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
        notices: [notice]
      })
    ]);
    expect(state.iterations[0].execution?.notices).toEqual([notice]);
  });

  it('says cancelled when the job stopped on a cancel', () => {
    let state = reduce(fresh(), { type: 'cancel_requested' });
    expect(state.cancelRequested).toBe(true);
    state = reduceEvents(state, [
      event('job_started', { options: {} }),
      event('job_finished', {
        report: {
          outcome: 'error_non_reproducible',
          stop_reason: 'cancelled',
          llm: { requests: 2, prompt_tokens: 10, completion_tokens: 5 },
          iterations: [],
          notices: []
        }
      })
    ]);
    expect(state.status).toBe('cancelled');
    expect(state.tokens).toEqual({
      requests: 2,
      prompt_tokens: 10,
      completion_tokens: 5,
      cost_usd: 0
    });
  });

  it('takes the copy a job wrote from job_finished (a new name beside an earlier result)', () => {
    const state = reduceEvents(
      reduce(fresh(), { type: 'summary', summary: summary() }),
      [
        event('job_started', { options: {} }),
        event('job_finished', {
          report: {
            outcome: 'error_free_reproducible',
            stop_reason: 'error_free',
            output: 'eroded.modernized-2.ipynb',
            iterations: [],
            notices: []
          }
        })
      ]
    );
    expect(state.output).toBe('eroded.modernized-2.ipynb');
  });

  it('keeps no copy when there was nothing to modernize, also after a summary', () => {
    const finished = {
      outcome: 'error_free_reproducible',
      stop_reason: 'reproducible',
      output: null,
      nothing_to_modernize: 'it runs without errors today',
      iterations: [],
      notices: []
    };
    const state = reduceEvents(
      reduce(fresh(), { type: 'summary', summary: summary() }),
      [
        event('job_started', { options: {} }),
        event('job_finished', { report: finished })
      ]
    );
    expect(state.output).toBeNull();
    const after = reduce(state, {
      type: 'summary',
      summary: summary({
        status: 'finished',
        output: null,
        report: finished as unknown as IJobSummary['report']
      })
    });
    expect(after.output).toBeNull();
  });

  it('keeps why a queued job waits, and drops it once the job runs', () => {
    const reason = '2 job(s) wait for your review and keep their kernels';
    const queued = reduce(fresh(), {
      type: 'summary',
      summary: summary({ status: 'queued', queue_reason: reason })
    });
    expect(queued.queueReason).toBe(reason);
    const running = reduce(queued, {
      type: 'summary',
      summary: summary({ status: 'running', queue_reason: null })
    });
    expect(running.queueReason).toBeNull();
  });

  it('reports a failed or interrupted job with its error', () => {
    const failed = reduceEvents(fresh(), [
      event('job_started', { options: {} }),
      event('job_failed', { error: 'kernel python3 not found' })
    ]);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('kernel python3 not found');

    const interrupted = reduceEvents(fresh(), [
      event('job_failed', { error: 'interrupted', interrupted: true })
    ]);
    expect(interrupted.status).toBe('interrupted');
  });

  it('stops proposing when the loop stops (budget, LLM error, no fix)', () => {
    const proposing = reduceEvents(fresh(), [
      event('issue_detected', { iteration: 3, issue: 'error' })
    ]);
    expect(proposing.activity).toMatchObject({ kind: 'proposing' });
    const state = reduceEvents(proposing, [
      event('loop_stopped', {
        iteration: 3,
        reason: 'llm_error',
        detail: 'HTTP 500'
      })
    ]);
    // the stop is not an issue of the iteration: it is why it has no fix
    expect(state.iterations[0].issues.map(i => i.issue)).toEqual(['error']);
    expect(state.iterations[0].stop).toEqual({
      reason: 'llm_error',
      detail: 'HTTP 500',
      summary: null
    });
    expect(state.activity).toEqual({ kind: 'idle' });
  });

  it('keeps the sequence number of event types it does not know', () => {
    const state = reduce(fresh(), {
      type: 'event',
      event: event('something_new', { x: 1 })
    });
    expect(state.lastSeq).toBe(seq);
  });
});

describe('reduce: local actions', () => {
  const waiting = () => upTo(SEQ.review);

  it('marks a sent decision until the server confirms it', () => {
    const sent = reduce(waiting(), {
      type: 'decision_sent',
      fixId: 'fix-1',
      cellId: REJECTED,
      decision: 'reject'
    });
    expect(sent.fixes['fix-1'].changes.map(c => c.sent)).toEqual([
      'reject',
      null
    ]);
    const failed = reduce(sent, {
      type: 'decision_failed',
      fixId: 'fix-1',
      cellId: REJECTED
    });
    expect(failed.fixes['fix-1'].changes[0].sent).toBeNull();

    // the decision events replace what was sent
    const confirmed = reduceEvents(
      sent,
      EVENTS.filter(e => e.seq > SEQ.review && e.seq <= SEQ.review + 2)
    );
    expect(confirmed.fixes['fix-1'].changes[0]).toMatchObject({
      outcome: 'rejected',
      sent: null
    });
  });

  it('sends accept_all to the cells nobody decided yet', () => {
    let state = reduce(waiting(), {
      type: 'decision_sent',
      fixId: 'fix-1',
      cellId: REJECTED,
      decision: 'reject'
    });
    state = reduce(state, {
      type: 'decision_sent',
      fixId: 'fix-1',
      decision: 'accept_all'
    });
    expect(state.fixes['fix-1'].changes.map(c => c.sent)).toEqual([
      'reject',
      'accept'
    ]);
  });

  it('learns from the summary which cells the server still waits for', () => {
    const state = reduce(waiting(), {
      type: 'summary',
      summary: summary({
        last_seq: SEQ.review,
        pending_review: { 'fix-1': [ACCEPTED] }
      })
    });
    expect(state.fixes['fix-1'].awaiting).toEqual([ACCEPTED]);
    expect(state.output).toBe('eroded.modernized.ipynb');
    expect(state.createdAt).toBe(1);

    // a fresh summary without the fix: every cell is decided
    const decided = reduce(waiting(), {
      type: 'summary',
      summary: summary({ last_seq: SEQ.review + 1, pending_review: {} })
    });
    expect(decided.fixes['fix-1'].awaiting).toEqual([]);

    // an older summary says nothing about it
    const stale = reduce(waiting(), {
      type: 'summary',
      summary: summary({ last_seq: 10, pending_review: {} })
    });
    expect(stale.fixes['fix-1'].awaiting).toBeNull();
  });

  it('takes the status of an ended job from the summary, never goes back', () => {
    const running = upTo(5);
    expect(
      reduce(running, {
        type: 'summary',
        summary: summary({ status: 'queued' })
      }).status
    ).toBe('running');
    expect(
      reduce(running, {
        type: 'summary',
        summary: summary({ status: 'cancelled' })
      }).status
    ).toBe('cancelled');
    expect(
      reduce(fresh(), {
        type: 'summary',
        summary: summary({ status: 'queued' })
      }).status
    ).toBe('queued');
    const finished = reduceEvents(fresh(), EVENTS);
    expect(
      reduce(finished, {
        type: 'summary',
        summary: summary({ status: 'running' })
      }).status
    ).toBe('finished');
  });
});
