/**
 * The job events the server streams over `mlemodernizer/jobs/ID/events`.
 *
 * They mirror `mlemodernizer/events.py` and the payloads the loop emits
 * (`mlemodernizer/loop.py`): every event is one JSON object
 * `{type, job, seq, time, ...payload}`. Only the fields the frontend reads are
 * typed; the rest stay available as unknown extras.
 */

/**
 * What every event carries.
 */
export interface IEventBase {
  type: string;
  /** The job id. */
  job: string;
  /** Sequence number within the job, from 1, without gaps. */
  seq: number;
  /** Server time, seconds since the epoch. */
  time: number;
}

export type FixType =
  'error_repair' | 'runtime_reduction' | 'score_calibration';
export type FixSource = 'rule' | 'llm';
export type IssueKind =
  'timeout' | 'error' | 'score_deviation' | 'budget' | 'llm_error' | 'no_fix';
export type Outcome =
  | 'error_free_reproducible'
  | 'error_reproducible'
  | 'error_free_non_reproducible'
  | 'error_non_reproducible'
  | 'failed';

/**
 * LLM usage of one proposal, or of the whole job.
 */
export interface ITokenUsage {
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number;
}

/**
 * One error of an execution (`execution_finished.errors`).
 */
export interface IExecutionError {
  cell_index: number;
  cell_id: string | null;
  ename: string;
  evalue: string;
  traceback?: string;
}

/**
 * One proposed change to one cell (`fix_proposed.changes`).
 */
export interface ICellChange {
  /** -1 for a file. */
  cell_index: number;
  /** A cell's id, or `file:PATH` for a file. */
  cell_id: string;
  old_source: string;
  new_source: string;
  /** A .py module beside the notebook (relative to its folder), not a cell. */
  path?: string;
}

/**
 * A run summary of the report (`job_finished.baseline` and `.final`).
 */
export interface IRunSummary {
  error_cells: number;
  first_error: string | null;
  runtime_s: number;
  score: number | null;
  timed_out: boolean;
  kernel_died: boolean;
  errors: string[];
}

/**
 * One iteration of the report (`job_finished.iterations`).
 */
export interface IReportIteration {
  index: number;
  issue: string;
  fix_type: string;
  source: string;
  rule_ids: string[];
  cells_changed: number[];
  cells_rejected: number[];
  runtime_s: number | null;
  error_cells: number | null;
  score: number | null;
  tokens: number;
  plan: string;
  model: string | null;
}

/**
 * The report: the payload of `job_finished`, also the job summary's `report`.
 */
export interface IReport {
  notebook: string;
  output: string | null;
  outcome: Outcome;
  error_free: boolean;
  reproducible: boolean;
  reproducibility_basis: 'score' | 't-test' | 'errors';
  stop_reason: string;
  target_score: number | null;
  tolerance: number;
  score_source: string | null;
  baseline: IRunSummary;
  final: IRunSummary;
  iterations: IReportIteration[];
  execution_seconds_total: number;
  llm: ITokenUsage;
  p_value: number | null;
  rerun_scores: number[];
  notices: string[];
  /** The notebook's own .py files the job changed (absent in older reports). */
  modules?: IModuleChange[];
  /** The final failing cells told apart (absent in older reports). */
  cells?: ICellTriage[];
  /** "1 cell needs package watermark; 0 code errors". */
  error_summary?: string | null;
}

/**
 * A failing cell of the final run: a code error a fix may still change,
 * blocked (a package to install, a helper file left alone, given up), or a
 * knock-on of an earlier failing cell.
 */
export interface ICellTriage {
  cell_index: number;
  cell_id: string;
  error: string;
  state: 'fixable' | 'blocked' | 'knock_on';
  kind: 'environment' | 'helper_file' | 'given_up' | null;
  reason: string;
  package: string | null;
  after: number | null;
}

/**
 * A module beside the notebook that a job changed.
 */
export interface IModuleChange {
  /** Relative to the notebook's folder. */
  path: string;
  written: boolean;
  /** Where the original was kept (relative to the notebook's folder). */
  backup?: string;
  reason?: string;
  rule_ids?: string[];
}

export interface IJobStartedEvent extends IEventBase {
  type: 'job_started';
  notebook: string;
  options: Record<string, unknown>;
  target_score: number | null;
  score_source: string | null;
  version: string;
}

export interface IExecutionStartedEvent extends IEventBase {
  type: 'execution_started';
  iteration: number;
  /** `baseline`, `iteration` or `rerun-N`. */
  kind: string;
}

export interface ICellExecutedEvent extends IEventBase {
  type: 'cell_executed';
  iteration: number;
  cell_index: number;
  cell_id: string | null;
  seconds: number;
  /** `Ename: message`, or null when the cell ran cleanly. */
  error: string | null;
}

export interface IExecutionFinishedEvent extends IEventBase {
  type: 'execution_finished';
  iteration: number;
  kind: string;
  error_free: boolean;
  errors: IExecutionError[];
  error_cells: number;
  runtime_s: number;
  score: number | null;
  timed_out: boolean;
  kernel_died: boolean;
  cancelled: boolean;
  /**
   * What the run found that no cell edit fixes, e.g. an error raised in a
   * .py module of the user's beside the notebook (with the rules' diff).
   */
  notices?: string[];
  /** Each failing cell (0-based index), new since the baseline or not. */
  failing_cells?: IFailingCell[];
  /** The baseline's failing cells (0-based) that now run clean. */
  fixed_cells?: number[];
}

export interface IFailingCell {
  cell_index: number;
  cell_id: string;
  error: string | null;
  new: boolean;
}

/**
 * A fix whose run was worse than the best so far: its changes were undone.
 */
export interface IFixRolledBackEvent extends IEventBase {
  type: 'fix_rolled_back';
  fix_id: string;
  iteration: number;
  reason: string;
  cells: string[];
  broke: IFailingCell[];
}

export interface IIssueDetectedEvent extends IEventBase {
  type: 'issue_detected';
  iteration: number;
  issue: IssueKind;
  first_error?: string | null;
  cell_index?: number | null;
  score?: number | null;
  runtime_s?: number | null;
  detail?: string;
}

export interface ILLMStreamEvent extends IEventBase {
  type: 'llm_stream';
  iteration: number;
  fix_type: FixType;
  text: string;
}

export interface IFixProposedEvent extends IEventBase {
  type: 'fix_proposed';
  iteration: number;
  fix_id: string;
  /** The issue it answers; `static` for the rules pre-pass before the baseline. */
  issue: string;
  fix_type: FixType;
  source: FixSource;
  plan: string;
  rule_ids: string[];
  model: string | null;
  tokens: ITokenUsage;
  changes: ICellChange[];
}

export interface IReviewRequestedEvent extends IEventBase {
  type: 'review_requested';
  fix_id: string;
  cell_ids: string[];
}

export interface ICellDecisionEvent extends IEventBase {
  type: 'cell_decision';
  fix_id: string;
  cell_id: string;
  decision: 'accepted' | 'rejected';
}

export interface IFixAppliedEvent extends IEventBase {
  type: 'fix_applied';
  fix_id: string;
  iteration: number;
  cells: string[];
  cell_indices: number[];
}

export interface IVerdictEvent extends IEventBase {
  type: 'verdict';
  outcome: Outcome;
  error_free: boolean;
  reproducible: boolean;
  basis: 'score' | 't-test' | 'errors';
  score: number | null;
  target_score: number | null;
  tolerance: number;
  p_value: number | null;
  rerun_scores: number[];
}

export interface IJobFinishedEvent extends IEventBase, IReport {
  type: 'job_finished';
}

export interface IJobFailedEvent extends IEventBase {
  type: 'job_failed';
  error: string;
  interrupted?: boolean;
}

/**
 * Any job event the frontend understands.
 */
export type JobEvent =
  | IJobStartedEvent
  | IExecutionStartedEvent
  | ICellExecutedEvent
  | IExecutionFinishedEvent
  | IIssueDetectedEvent
  | ILLMStreamEvent
  | IFixProposedEvent
  | IReviewRequestedEvent
  | ICellDecisionEvent
  | IFixAppliedEvent
  | IVerdictEvent
  | IJobFinishedEvent
  | IJobFailedEvent;

/**
 * The events after which the server closes the stream.
 */
export const TERMINAL_EVENTS: ReadonlyArray<string> = [
  'job_finished',
  'job_failed'
];

/**
 * Decode one WebSocket message into an event, or null when it is not one
 * (not JSON, or without a type, job id and sequence number).
 */
export function parseEvent(message: string): IEventBase | null {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) {
    return null;
  }
  const { type, job, seq, time } = data as Record<string, unknown>;
  if (
    typeof type !== 'string' ||
    typeof job !== 'string' ||
    typeof seq !== 'number' ||
    !Number.isInteger(seq)
  ) {
    return null;
  }
  if (typeof time !== 'number') {
    (data as Record<string, unknown>).time = 0;
  }
  return data as IEventBase;
}
