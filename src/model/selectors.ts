/**
 * Derived values the views show: chart series, the score band, elapsed time.
 */
import { IExecution, IJobState, IRunningCell, isActive } from './state';

/**
 * One finished execution on the chart.
 */
export interface IChartPoint {
  /** 0 for the baseline. */
  iteration: number;
  score: number | null;
  runtime: number | null;
  errorCells: number | null;
  /** Whether the iteration ran the notebook (a fix rejected in review: not). */
  ran: boolean;
  /** The cell a kept kernel resumed from (its runtime is that part's); null: the top. */
  resumedFrom: number | null;
  /** The verdict's fresh run of the final notebook (the report's "after"). */
  verdict?: boolean;
}

/**
 * The score band that counts as reproduced: target ± tolerance × |target|.
 */
export interface IScoreBand {
  target: number;
  low: number;
  high: number;
}

/**
 * The finished executions of the baseline and each iteration, in order
 * (reruns for the t-test are left out: they repeat the last point); an
 * iteration that ended without a run is a point without one. Where the
 * verdict ran the final notebook afresh (the last run resumed in a kept
 * kernel, or a fix was undone after it), that run ends the chart: it is the
 * run the report's figures are of.
 */
export function chartPoints(state: IJobState): IChartPoint[] {
  const points: IChartPoint[] = [];
  const last = state.iterations.length - 1;
  state.iterations.forEach((iteration, i) => {
    const execution = iteration.execution;
    if (execution?.running) {
      return;
    }
    if (!execution) {
      // the last iteration may still be on its way to a run
      if (i === last && isActive(state)) {
        return;
      }
      // an issue found and no fix for it: the loop stopped there, and the
      // report counts no iteration for it (a rejected fix is one, unrun)
      if (iteration.fixIds.length === 0) {
        return;
      }
      points.push({
        iteration: iteration.index,
        score: null,
        runtime: null,
        errorCells: null,
        ran: false,
        resumedFrom: null
      });
      return;
    }
    points.push({
      iteration: iteration.index,
      score: execution.score,
      runtime: execution.runtime,
      errorCells: execution.errorCells,
      ran: true,
      resumedFrom: execution.startAt ? execution.startAt : null
    });
  });
  const reruns: IExecution[] = [];
  state.iterations.forEach(iteration => reruns.push(...iteration.reruns));
  const verdict = reruns.filter(run => run.kind === 'verdict').pop();
  if (verdict && !verdict.running && !verdict.timedOut && !verdict.cancelled) {
    points.push({
      iteration: verdict.iteration,
      score: verdict.score,
      runtime: verdict.runtime,
      errorCells: verdict.errorCells,
      ran: true,
      resumedFrom: null,
      verdict: true
    });
  }
  return points;
}

export function scoreBand(state: IJobState): IScoreBand | null {
  const target = state.targetScore;
  if (target === null || target === undefined) {
    return null;
  }
  const tolerance = state.tolerance ?? 0;
  const half = tolerance * Math.abs(target);
  return { target, low: target - half, high: target + half };
}

/**
 * Whether a score lies in the band (the server's `within_band`).
 */
export function inBand(score: number | null, band: IScoreBand | null): boolean {
  if (score === null || band === null) {
    return false;
  }
  return score >= band.low - 1e-12 && score <= band.high + 1e-12;
}

/**
 * Seconds the job has worked: from its start until it ended, or until
 * `serverNow` (the server's clock, seconds since the epoch) while it runs,
 * less the time it waited for the user's review.
 */
export function elapsedSeconds(
  state: IJobState,
  serverNow: number
): number | null {
  const start = state.startedAt ?? state.createdAt;
  if (start === null) {
    return null;
  }
  const end = endOf(state, serverNow, start);
  return Math.max(0, end - start - reviewSeconds(state, serverNow));
}

/**
 * Seconds the job waited for the user's review, so far.
 */
export function reviewSeconds(state: IJobState, serverNow: number): number {
  const since = state.reviewSince ?? null;
  const start = state.startedAt ?? state.createdAt ?? serverNow;
  const waiting =
    since === null ? 0 : Math.max(0, endOf(state, serverNow, start) - since);
  return (state.reviewWaited ?? 0) + waiting;
}

function endOf(state: IJobState, serverNow: number, start: number): number {
  if (state.endedAt !== null) {
    return state.endedAt;
  }
  return isActive(state) ? serverNow : (state.lastEventAt ?? start);
}

/**
 * `83` → `1:23`, `3725` → `1:02:05`.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) {
    return '–';
  }
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * A score with at most four significant decimals, or `–`.
 */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) {
    return '–';
  }
  return Number(score.toPrecision(4)).toString();
}

/**
 * A share as a percentage with one decimal (`96.2%`), or `–`.
 */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) {
    return '–';
  }
  return `${(share * 100).toFixed(1)}%`;
}

/**
 * Runtime in seconds with one decimal (`12.3 s`), or `–`.
 */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) {
    return '–';
  }
  return seconds < 10 ? `${seconds.toFixed(2)} s` : `${seconds.toFixed(1)} s`;
}

/**
 * The cell the job runs now, with the run it belongs to, or null.
 */
export function runningCell(
  state: IJobState
): { execution: IExecution; cell: IRunningCell } | null {
  if (!isActive(state)) {
    return null;
  }
  for (let i = state.iterations.length - 1; i >= 0; i--) {
    const { execution, reruns } = state.iterations[i];
    for (const run of [...reruns].reverse().concat(execution ?? [])) {
      if (run.running && run.current) {
        return { execution: run, cell: run.current };
      }
    }
  }
  return null;
}

/**
 * Seconds left before the job's deadline (`--deadline`, its options as the
 * job started with them; the time waiting for a review not counted), or null
 * when it has none or has not started.
 */
export function deadlineLeft(state: IJobState, now: number): number | null {
  // the engine's word (an automatic deadline is set once the baseline ran),
  // else the options the job started with
  const deadline = state.deadline ?? state.options.deadline;
  if (typeof deadline !== 'number' || state.startedAt === null) {
    return null;
  }
  // the review's wait is not counted, as the server does not count it
  return state.startedAt + deadline + reviewSeconds(state, now) - now;
}
