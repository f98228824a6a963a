/**
 * The panel's view of one job: plain JSON, built only by the reducer
 * (`reducer.ts`) from the job's events, so it can be cached and restored.
 */
import {
  ICellChange,
  IExecutionError,
  IFailingCell,
  IReport,
  IRuleNote,
  ITokenUsage,
  IVerdictEvent
} from '../events';

/**
 * Where a job is. `starting`: created here, no event yet; `unknown`: only
 * known from a cached state whose job the server no longer has.
 */
export type JobStatus =
  | 'starting'
  | 'queued'
  | 'running'
  | 'finished'
  | 'failed'
  | 'cancelled'
  | 'interrupted'
  | 'unknown';

/**
 * What the job is doing right now.
 */
export type Activity =
  | { kind: 'idle' }
  | {
      kind: 'executing';
      iteration: number;
      /** `baseline`, `iteration` or `rerun-N`. */
      run: string;
      cellsDone: number;
      lastCell: number | null;
    }
  | { kind: 'proposing'; iteration: number; fixType: string | null }
  | { kind: 'reviewing'; fixId: string }
  | { kind: 'done' };

/**
 * One execution of the notebook (the baseline, after a fix, or a rerun).
 */
export interface IExecution {
  iteration: number;
  kind: string;
  running: boolean;
  startedAt: number;
  finishedAt: number | null;
  cellsDone: number;
  /** Cells that raised so far (while running) or in total. */
  errorCells: number;
  errorFree: boolean | null;
  errors: IExecutionError[];
  runtime: number | null;
  score: number | null;
  timedOut: boolean;
  kernelDied: boolean;
  cancelled: boolean;
  /** `execution_finished.notices` (absent in states cached by older versions). */
  notices?: string[];
  /** Each failing cell, new since the baseline or not (absent from older servers). */
  failingCells?: IFailingCell[];
  /** The baseline's failing cells that now run clean. */
  fixedCells?: number[];
  /** The cell it started from (0: the top) and why (absent from older servers). */
  startAt?: number;
  reason?: string;
  /** The cell a kept kernel resumed from once it ended; null: from the top. */
  resumedFrom?: number | null;
  /** How many cells the notebook has. */
  totalCells?: number;
  /** The last cell that ran (0-based, in the notebook's numbering). */
  lastCell?: number | null;
  /** The cell running now, while the execution runs. */
  current?: IRunningCell | null;
}

/**
 * The cell an execution runs now.
 */
export interface IRunningCell {
  index: number;
  id: string;
  /** Server time it started. */
  startedAt: number;
  /** The last lines it printed so far. */
  output: string;
}

/**
 * What the loop found wrong before an iteration's fix.
 */
export interface IIssue {
  issue: string;
  firstError: string | null;
  cellIndex: number | null;
  score: number | null;
  runtime: number | null;
}

/**
 * Why the loop stopped at an iteration without a fix (`loop_stopped`).
 */
export interface IStop {
  reason: string;
  /** The fixer's reason (the LLM's: what the model was told). */
  detail: string;
  /**
   * The same in plain words, when `detail` was written to the model (absent
   * from older servers and cached states).
   */
  summary?: string | null;
}

/**
 * A cell's decision as the server reported it (`cell_decision`, or
 * `fix_applied` without a review), or `null` while none arrived.
 */
export type CellOutcome = 'accepted' | 'rejected' | null;

/**
 * One proposed change to one cell, with what became of it.
 */
export interface IChangeState extends ICellChange {
  outcome: CellOutcome;
  /** A decision this page sent and the server has not confirmed yet. */
  sent: 'accept' | 'reject' | null;
}

/**
 * One proposed fix.
 */
export interface IFixState {
  fixId: string;
  iteration: number;
  issue: string;
  fixType: string;
  source: string;
  plan: string;
  ruleIds: string[];
  /** The rules in sentences (absent in states cached by older versions). */
  rules?: IRuleNote[];
  model: string | null;
  tokens: ITokenUsage;
  changes: IChangeState[];
  /** The job waits for decisions on it (manual review). */
  reviewRequested: boolean;
  /** `fix_applied` arrived: its decisions are final. */
  applied: boolean;
  /**
   * Cells of this fix the server still waits for, from the job summary
   * (null: not known). Tells decided from undecided cells after a reload,
   * before the decisions' events arrive.
   */
  awaiting: string[] | null;
  /** Why the loop undid this fix (its run was worse than the best so far), or null. */
  rolledBack?: string | null;
}

/**
 * One row of the timeline: iteration 0 is the baseline (with the rules
 * pre-pass, when it proposed something); iteration N is the issue found by
 * the run before it, the fix that answered it, and the run of the result.
 */
export interface IIteration {
  index: number;
  issues: IIssue[];
  /** The loop stopped here without a fix (budget, LLM error, no fix), or null. */
  stop: IStop | null;
  /** The model's reply as it streamed in (plan, then code). */
  stream: string;
  streamFixType: string | null;
  fixIds: string[];
  execution: IExecution | null;
  reruns: IExecution[];
}

export interface IJobState {
  /** The version of this shape, for cached states. */
  version: number;
  jobId: string;
  path: string;
  status: JobStatus;
  /** The sequence number of the newest event folded in. */
  lastSeq: number;
  /** Server times (seconds since the epoch). */
  createdAt: number | null;
  startedAt: number | null;
  endedAt: number | null;
  /** Server time of the newest event. */
  lastEventAt: number | null;
  options: Record<string, unknown>;
  targetScore: number | null;
  tolerance: number | null;
  scoreSource: string | null;
  iterations: IIteration[];
  fixes: { [fixId: string]: IFixState };
  fixOrder: string[];
  /** LLM usage so far (the report's total once the job finished). */
  tokens: ITokenUsage;
  activity: Activity;
  verdict: Omit<IVerdictEvent, 'type' | 'job' | 'seq' | 'time'> | null;
  report: IReport | null;
  error: string | null;
  /** The modernized notebook, relative to the server root. */
  output: string | null;
  /** Why a queued job has not started (the server's words), or null. */
  queueReason: string | null;
  cancelRequested: boolean;
  /**
   * Seconds the job waited for the user's review, and since when it waits
   * now (server time, null: it does not): the elapsed time leaves them out.
   * Absent in states cached by older versions.
   */
  reviewWaited?: number;
  reviewSince?: number | null;
  /**
   * The job's deadline in seconds from its start as the engine set it (an
   * automatic one once the baseline has run); absent until a run said it.
   */
  deadline?: number | null;
}

export const STATE_VERSION = 2;

export function emptyUsage(): ITokenUsage {
  return { requests: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
}

/**
 * The state of a job before any of its events.
 */
export function initialState(jobId: string, path: string): IJobState {
  return {
    version: STATE_VERSION,
    jobId,
    path,
    status: 'starting',
    lastSeq: 0,
    createdAt: null,
    startedAt: null,
    endedAt: null,
    lastEventAt: null,
    options: {},
    targetScore: null,
    tolerance: null,
    scoreSource: null,
    iterations: [],
    fixes: {},
    fixOrder: [],
    tokens: emptyUsage(),
    activity: { kind: 'idle' },
    verdict: null,
    report: null,
    error: null,
    output: null,
    queueReason: null,
    cancelRequested: false
  };
}

/**
 * Whether the job can still change.
 */
export function isActive(state: IJobState): boolean {
  return (
    state.status === 'starting' ||
    state.status === 'queued' ||
    state.status === 'running'
  );
}
