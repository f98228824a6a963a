/**
 * The events of a real job, recorded by `tests/contracts/test_events_fixture.py` (the
 * server extension in a real Jupyter server, a real kernel, a scripted LLM):
 * the eroded notebook of `ui-tests/fixtures`, one LLM fix changing two cells,
 * the first rejected and the second accepted, the fixed cell run again in the
 * kept kernel, then the verdict's fresh run. A regenerated recording may
 * number its events differently: the tests name them by what they are.
 */
import { IEventBase } from '../events';

import recorded from './fixtures/manual-review.events.json';

export const EVENTS = recorded as IEventBase[];
export const JOB = '0ff10b2957ec';
/** The cells of `eroded.ipynb` the fix changes. */
export const REJECTED = 'import-helpers';
export const ACCEPTED = 'load-rows';

/**
 * The sequence number of the `nth` event of a type (from 1).
 */
export function seqOf(type: string, nth = 1): number {
  const found = EVENTS.filter(e => e.type === type)[nth - 1];
  if (!found) {
    throw new Error(`the recording has no ${type} #${nth}`);
  }
  return found.seq;
}

/**
 * The moments the tests look at.
 */
export const SEQ = {
  /** The job waits for the review of fix-1. */
  review: seqOf('review_requested'),
  /** fix-1 applied: its decisions are final. */
  applied: seqOf('fix_applied'),
  /** The run after fix-1 finished. */
  fixedRun: seqOf('execution_finished', 2)
};

/**
 * The fields of an error-free run's end without a score, for tests that add
 * runs to a job (a noise run, the verdict's run).
 */
export function cleanRunFinished(
  kind: string,
  iteration: number,
  runtime: number
): Record<string, unknown> {
  return {
    iteration,
    kind,
    error_free: true,
    errors: [],
    error_cells: 0,
    runtime_s: runtime,
    score: null,
    timed_out: false,
    kernel_died: false,
    cancelled: false
  };
}
