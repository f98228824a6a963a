import { reduceEvents } from '../model/reducer';
import {
  chartPoints,
  elapsedSeconds,
  formatDuration,
  formatScore,
  formatSeconds,
  inBand,
  reviewSeconds,
  scoreBand
} from '../model/selectors';
import { initialState } from '../model/state';

import { cleanRunFinished, EVENTS } from './recorded';

describe('selectors', () => {
  it('plots each finished run of the baseline and the iterations', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), EVENTS);
    const points = chartPoints(state);
    // the recorded fix's run resumed in the kept kernel: the verdict ran the
    // final notebook from the top, and ends the chart
    expect(
      points.map(p => [p.iteration, p.errorCells, p.score, p.verdict ?? false])
    ).toEqual([
      [0, 1, null, false],
      [1, 0, null, false],
      [1, 0, null, true]
    ]);
    expect(points.every(p => (p.runtime ?? 0) > 0)).toBe(true);
    // its last bar is the run of the report's table ("after"), not the
    // resumed run's part (0.017 s beside 0.76 s in the recorded job)
    const finished = EVENTS.find(e => e.type === 'job_finished') as unknown as {
      report: { final: { runtime_s: number } };
    };
    expect(points[points.length - 1].runtime).toBe(
      finished.report.final.runtime_s
    );
    // no score source, no band
    expect(scoreBand(state)).toBeNull();
  });

  it('plots an iteration that ended without a run as one', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), EVENTS);
    const ended = {
      ...state,
      iterations: [
        ...state.iterations,
        { ...state.iterations[1], index: 2, execution: null }
      ]
    };
    const points = chartPoints(ended as typeof state).filter(p => !p.verdict);
    expect(points.map(p => [p.iteration, p.ran])).toEqual([
      [0, true],
      [1, true],
      [2, false]
    ]);
  });

  it('leaves off an iteration that found an issue and no fix (the report has none)', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), EVENTS);
    const stopped = {
      ...state,
      status: 'finished' as const,
      iterations: [
        ...state.iterations,
        { ...state.iterations[1], index: 2, execution: null, fixIds: [] }
      ]
    };
    const points = chartPoints(stopped as typeof state).filter(p => !p.verdict);
    expect(points.map(p => p.iteration)).toEqual([0, 1]);
  });

  it("ends with the verdict's fresh run, the run the report's figures are of", () => {
    // a fix's run resumed in the kept kernel took 9.56 s; the verdict ran the
    // final notebook from the top in 8.63 s, the "after" of the report's table
    const state = reduceEvents(initialState('j', 'nb.ipynb'), EVENTS);
    const last = EVENTS[EVENTS.length - 1];
    const finished = (kind: string, runtime: number, n: number) => ({
      type: 'execution_finished',
      seq: last.seq + n,
      time: last.time + n,
      job_id: 'j',
      ...cleanRunFinished(kind, 1, runtime)
    });
    const started = (kind: string, n: number) => ({
      type: 'execution_started',
      seq: last.seq + n,
      time: last.time + n,
      job_id: 'j',
      iteration: 1,
      kind
    });
    const more = [
      started('noise-run', 1),
      finished('noise-run', 7.1, 2),
      started('verdict', 3),
      finished('verdict', 8.63, 4)
    ];
    const withVerdict = reduceEvents(state, more as unknown as typeof EVENTS);
    const points = chartPoints(withVerdict);
    expect(points.map(p => [p.iteration, p.verdict ?? false])).toEqual([
      [0, false],
      [1, false],
      [1, true]
    ]);
    expect(points[points.length - 1].runtime).toBe(8.63);
    // a job whose last run was of the final notebook, from the top, had no
    // verdict run: the chart ends with the last iteration, as the report does
    const events = EVENTS.filter(
      e => !('kind' in e) || (e as { kind?: string }).kind !== 'verdict'
    );
    const plain = reduceEvents(initialState('j', 'nb.ipynb'), events);
    expect(chartPoints(plain).map(p => p.verdict ?? false)).toEqual([
      false,
      false
    ]);
  });

  it('leaves a running execution off the chart', () => {
    const state = reduceEvents(
      initialState('j', 'nb.ipynb'),
      EVENTS.filter(e => e.seq <= 3)
    );
    expect(chartPoints(state)).toEqual([]);
  });

  it('derives the band from target and tolerance', () => {
    const state = {
      ...initialState('j', 'nb.ipynb'),
      targetScore: -2,
      tolerance: 0.1
    };
    const band = scoreBand(state);
    expect(band?.low).toBeCloseTo(-2.2);
    expect(band?.high).toBeCloseTo(-1.8);
    expect(inBand(-1.9, band)).toBe(true);
    expect(inBand(-1.7, band)).toBe(false);
    expect(inBand(null, band)).toBe(false);
  });

  it('measures the working time until the end, or until now while running', () => {
    // the recorded job, with the person taking 30 s over the review
    const asked = EVENTS.find(e => e.type === 'review_requested')!;
    const slow = EVENTS.map(e =>
      e.seq > asked.seq ? { ...e, time: e.time + 30 } : e
    );
    const done = reduceEvents(initialState('j', 'nb.ipynb'), slow);
    const total = slow[slow.length - 1].time - slow[0].time;
    // the time waiting for the user's review (review_requested until
    // fix_applied) is not the job's
    const at = (type: string) => slow.find(e => e.type === type)!.time;
    const waited = at('fix_applied') - at('review_requested');
    expect(waited).toBeGreaterThan(30);
    expect(reviewSeconds(done, 1e12)).toBeCloseTo(waited);
    expect(elapsedSeconds(done, 1e12)).toBeCloseTo(total - waited);

    // while it waits, the clock stands still
    const waiting = reduceEvents(
      initialState('j', 'nb.ipynb'),
      slow.filter(e => e.seq <= asked.seq)
    );
    const before = at('review_requested') - slow[0].time;
    expect(elapsedSeconds(waiting, at('review_requested') + 5)).toBeCloseTo(
      before
    );
    expect(elapsedSeconds(waiting, at('review_requested') + 50)).toBeCloseTo(
      before
    );

    const running = reduceEvents(
      initialState('j', 'nb.ipynb'),
      EVENTS.slice(0, 5)
    );
    expect(elapsedSeconds(running, EVENTS[0].time + 42)).toBeCloseTo(42);
    expect(elapsedSeconds(initialState('j', 'nb.ipynb'), 5)).toBeNull();
  });

  it('formats durations, scores and seconds', () => {
    expect(formatDuration(83)).toBe('1:23');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('–');
    expect(formatScore(0.912345)).toBe('0.9123');
    expect(formatScore(null)).toBe('–');
    expect(formatSeconds(1.234)).toBe('1.23 s');
    expect(formatSeconds(123.45)).toBe('123.5 s');
  });
});
