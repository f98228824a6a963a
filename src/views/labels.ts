/**
 * Words for the values the server sends, through the translator.
 */
import { TranslationBundle } from '@jupyterlab/translation';

import { ConnectionStatus } from '../model/job';
import { runningCell } from '../model/selectors';
import { IJobState, JobStatus } from '../model/state';

/**
 * What "reproducible" was judged on (`reproducibility_basis`); absent where
 * not known (a batch's chart counts notebooks of every basis).
 */
export type Basis = 'score' | 't-test' | 'errors' | null | undefined;

/**
 * The outcome in words; the precise term and what it was judged on are in
 * `outcomeTitle`. Errors that remain with no reproduced result are "Still has
 * errors": judged on errors alone (nothing re-run, no score), "not
 * reproducible" would only restate them.
 */
export function outcomeLabel(
  trans: TranslationBundle,
  outcome: string | null | undefined
): string {
  switch (outcome) {
    case 'error_free_reproducible':
      return trans.__('Error-free, reproducible');
    case 'error_reproducible':
      return trans.__('Reproducible, with errors');
    case 'error_free_non_reproducible':
      return trans.__('Error-free, not reproducible');
    case 'error_non_reproducible':
      return trans.__('Still has errors');
    case 'failed':
      return trans.__('Failed');
    default:
      return outcome ? outcome : trans.__('Unknown');
  }
}

/**
 * The outcome's precise term and what it was judged on, for a tooltip.
 */
export function outcomeTitle(
  trans: TranslationBundle,
  outcome: string | null | undefined,
  basis?: Basis
): string {
  const term = outcome ?? '';
  switch (basis) {
    case 'errors':
      return trans.__(
        'Outcome %1: judged on errors alone (no score to compare, nothing re-run)',
        term
      );
    case 'score':
      return trans.__(
        "Outcome %1: judged on errors and the final run's score against the target band",
        term
      );
    case 't-test':
      return trans.__(
        'Outcome %1: judged on errors and a t-test of reruns against the target',
        term
      );
    default:
      return trans.__('Outcome %1', term);
  }
}

/**
 * `good`, `partial` or `bad`: the badge's color.
 */
export function outcomeTone(outcome: string | null | undefined): string {
  switch (outcome) {
    case 'error_free_reproducible':
      return 'good';
    case 'error_reproducible':
    case 'error_free_non_reproducible':
      return 'partial';
    default:
      return 'bad';
  }
}

export function fixTypeLabel(
  trans: TranslationBundle,
  fixType: string | null | undefined
): string {
  switch (fixType) {
    case 'error_repair':
      return trans.__('Error repair');
    case 'runtime_reduction':
      return trans.__('Runtime reduction');
    case 'score_calibration':
      return trans.__('Score calibration');
    default:
      return fixType ?? '';
  }
}

export function issueLabel(trans: TranslationBundle, issue: string): string {
  switch (issue) {
    case 'error':
      return trans.__('Error');
    case 'timeout':
      return trans.__('Timeout');
    case 'score_deviation':
      return trans.__('Score off target');
    case 'static':
      return trans.__('Outdated API (static check)');
    default:
      return issue;
  }
}

/**
 * Why the loop stopped at an iteration without a fix (`loop_stopped`).
 */
export function stopLabel(trans: TranslationBundle, reason: string): string {
  switch (reason) {
    case 'budget':
      return trans.__('Budget spent');
    case 'llm_error':
      return trans.__('LLM error');
    case 'no_fix':
      return trans.__('No fix found');
    default:
      return reason;
  }
}

export function sourceLabel(
  trans: TranslationBundle,
  source: string,
  model: string | null,
  ruleIds: string[]
): string {
  if (source === 'rule') {
    return ruleIds.length > 0
      ? trans.__('Rules %1', ruleIds.join(', '))
      : trans.__('Rules');
  }
  if (source === 'llm') {
    return model ? trans.__('LLM (%1)', model) : trans.__('LLM');
  }
  if (source === 'environment') {
    return trans.__('From the installed libraries');
  }
  return source;
}

/**
 * Why the loop stopped, in plain words (after "Stopped: "); the precise term
 * is `stop_reason`, for a tooltip.
 */
export function stopReasonLabel(
  trans: TranslationBundle,
  reason: string | null | undefined,
  basis?: Basis
): string {
  switch (reason) {
    case 'reproducible':
      return basis === 'score' || basis === 't-test'
        ? trans.__('the notebook runs and its score is within the target band')
        : trans.__('the notebook runs without errors');
    case 'iteration_limit':
      return trans.__('the most fixes one job may try were tried');
    case 'budget':
      return trans.__('the token or cost budget is spent');
    case 'llm_error':
      return trans.__("the model's server failed");
    case 'no_fix':
      return trans.__('no fix was found for what still fails');
    case 'cancelled':
      return trans.__('cancelled');
    case 'deadline':
      return trans.__('the deadline was reached');
    case 'blocked':
      return trans.__('what still fails cannot be fixed here');
    default:
      return reason ?? '';
  }
}

export function runLabel(
  trans: TranslationBundle,
  iteration: number,
  run: string
): string {
  if (run === 'baseline') {
    return trans.__('the baseline');
  }
  if (run === 'verdict') {
    return trans.__('the verdict run');
  }
  const rerun = /^rerun-(\d+)$/.exec(run);
  if (rerun) {
    return trans.__('rerun %1', rerun[1]);
  }
  if (run === 'noise-baseline') {
    return trans.__('the randomness check');
  }
  if (run === 'second-look') {
    return trans.__('the second look');
  }
  if (run === 'noise-run') {
    return trans.__('the noise run');
  }
  return trans.__('iteration %1', iteration);
}

/**
 * One line saying what the job does now.
 */
export function statusText(
  trans: TranslationBundle,
  state: IJobState,
  connection: ConnectionStatus
): string {
  switch (state.status) {
    case 'starting':
      return trans.__('Starting…');
    case 'queued':
      return state.queueReason
        ? trans.__('Queued: %1', state.queueReason)
        : trans.__('Queued: waiting for a free worker');
    case 'finished':
      return trans.__('Finished');
    case 'cancelled':
      return trans.__('Cancelled');
    case 'failed':
      return trans.__('Failed');
    case 'interrupted':
      return trans.__('Interrupted: the server stopped during the job');
    case 'unknown':
      return trans.__('The server no longer knows this job');
    default:
      break;
  }
  if (state.cancelRequested) {
    return trans.__('Cancelling…');
  }
  if (connection === 'reconnecting') {
    return trans.__('Reconnecting to the server…');
  }
  const activity = state.activity;
  switch (activity.kind) {
    case 'executing': {
      const run = runLabel(trans, activity.iteration, activity.run);
      const now = runningCell(state);
      if (now) {
        return now.execution.totalCells
          ? trans.__(
              'Running %1: cell %2 of %3',
              run,
              now.cell.index + 1,
              now.execution.totalCells
            )
          : trans.__('Running %1: cell %2', run, now.cell.index + 1);
      }
      return activity.lastCell === null
        ? trans.__('Running %1', run)
        : trans.__('Running %1: cell %2 done', run, activity.lastCell + 1);
    }
    case 'proposing':
      return activity.fixType
        ? trans.__(
            'The model is writing a fix (%1)…',
            fixTypeLabel(trans, activity.fixType).toLowerCase()
          )
        : trans.__('Looking for a fix…');
    case 'reviewing':
      return trans.__('Waiting for your review');
    default:
      return trans.__('Running');
  }
}

/**
 * A job's status in one word, for the job selector.
 */
export function jobStatusWord(
  trans: TranslationBundle,
  status: JobStatus
): string {
  switch (status) {
    case 'starting':
      return trans.__('starting');
    case 'queued':
      return trans.__('queued');
    case 'running':
      return trans.__('running');
    case 'finished':
      return trans.__('finished');
    case 'failed':
      return trans.__('failed');
    case 'cancelled':
      return trans.__('cancelled');
    case 'interrupted':
      return trans.__('interrupted');
    default:
      return trans.__('unknown');
  }
}
