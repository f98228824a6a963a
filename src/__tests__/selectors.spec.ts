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

import { EVENTS } from './recorded';

describe('selectors', () => {
  it('plots each finished run of the baseline and the iterations', () => {
    const state = reduceEvents(initialState('j', 'nb.ipynb'), EVENTS);
    const points = chartPoints(state);
    expect(points.map(p => [p.iteration, p.errorCells, p.score])).toEqual([
      [0, 1, null],
      [1, 0, null]
    ]);
    expect(points.every(p => (p.runtime ?? 0) > 0)).toBe(true);
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
    const points = chartPoints(ended as typeof state);
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
    const points = chartPoints(stopped as typeof state);
    expect(points.map(p => p.iteration)).toEqual([0, 1]);
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
