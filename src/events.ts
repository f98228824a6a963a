/**
 * The job events the server streams over `mlemodernizer/jobs/ID/events`.
 *
 * Every event is one JSON object `{type, job, seq, time, ...payload}`,
 * declared once in `mlemodernizer/contracts/events.py`. The schema generated from
 * those declarations, `mlemodernizer/events.schema.json`, is what a test
 * (`__tests__/events.spec.ts`) checks this file against: an interface that
 * names a field the schema does not, or misses one, fails it. Fields marked
 * optional here may be absent from what an older server stored.
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
export type FixSource = 'rule' | 'environment' | 'llm';
export type IssueKind = 'timeout' | 'error' | 'score_deviation';
/**
 * Why the loop stopped without a fix (`loop_stopped.reason`).
 */
export type StopKind = 'budget' | 'llm_error' | 'no_fix';
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
 * A run summary of the report (`baseline` and `final`).
 */
export interface IRunSummary {
  error_cells: number;
  first_error: string | null;
  runtime_s: number;
  score: number | null;
  timed_out: boolean;
  kernel_died: boolean;
  errors: string[];
  failing_cells?: IFailingCell[];
  fixed_cells?: number[];
}

/**
 * One iteration of the report (`iterations`).
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
  /** Ran in the kept kernel from the failing cell instead of restarting. */
  resumed?: boolean;
  resume_reason?: string;
  cells_run?: number[];
  /** Its run was worse than the best so far: its changes were undone. */
  rolled_back?: boolean;
  rollback_reason?: string;
  /** The notebook's own .py files changed (accepted) or refused. */
  files_changed?: string[];
  files_rejected?: string[];
  /** Per changed cell (or file): similarity to its previous and original source. */
  similarity?: Record<string, Record<string, number>>;
  /**
   * Working cells that showed fewer of their author's numbers after the fix
   * but are random, so no evidence against it (absent in older reports).
   */
  lost_in_random_cells?: IRandomLoss[];
  /** What a second run with another seed said of a loss (absent in older reports). */
  second_look?: string;
}

/**
 * A random working cell that showed fewer of its author's numbers after a fix.
 */
export interface IRandomLoss {
  cell_index: number;
  /** Of the cell's stored numbers; absent for the score's cell. */
  found?: number;
  total?: number;
  why: string;
}

/**
 * A cell whose numbers may differ between two runs of the same code: read
 * from the code, or measured by two runs.
 */
export interface IRandomCell {
  cell_index: number;
  why: string;
  basis: 'measured' | 'reading';
}

/**
 * The report: `job_finished.report`, also the job summary's `report`.
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
  /**
   * Why the notebook needs no change (it ran clean at once, nothing was
   * proposed), or null; then a job from JupyterLab writes no copy (`output`
   * null). Absent in older reports.
   */
  nothing_to_modernize?: string | null;
  /**
   * Each fixer family asked in the job, by its name (rules, environment, llm,
   * runtime): what it spent, found and tried (absent in older reports).
   */
  fixers?: Record<string, IFixerNotes>;
  /**
   * The author's stored outputs against the final run's, cell by cell (absent
   * in older reports; null when the run did not complete).
   */
  fidelity?: IFidelity | null;
  /** What "reproducible" rests on, and in words (absent in older reports). */
  reproduced_by?: ReproducedBy;
  reproduced_words?: string;
  /** The cells whose numbers are no evidence of a fix (absent in older reports). */
  random_cells?: IRandomCell[];
  /**
   * Seconds by kind of run (baseline, iteration, noise-baseline, second-look,
   * verdict, noise-run, rerun), adding up to `execution_seconds_total`
   * (absent in older reports).
   */
  run_seconds?: Record<string, number>;
  /**
   * What the runs wrote in their scratch copy of the notebook's folder, and
   * where it is kept (absent in older reports).
   */
  written_files?: IWrittenFile[];
  written_kept_in?: string | null;
}

/**
 * A file a run wrote in its scratch copy of the notebook's folder.
 */
export interface IWrittenFile {
  path: string;
  bytes: number;
  status: 'new' | 'changed';
}

/**
 * One code cell's stored outputs against today's: same, drifted (which values,
 * old -> new), new or lost output, none stored, or random (two fresh runs differ).
 */
export interface ICellFidelity {
  cell_index: number;
  cell_id: string;
  status:
    | 'same'
    | 'drifted'
    | 'new_output'
    | 'lost_output'
    | 'no_stored_output'
    | 'random'
    | 'machine';
  numbers_total: number;
  numbers_found: number;
  /** `where`: "row / column" of a table's value compared cell by cell. */
  drift: { old: string; new: string; where?: string }[];
  words_lost: string[];
  figures_stored: number;
  figures_same: number;
  random_why: string;
  /** Frames displayed both then and now, compared value by value. */
  tables_compared?: number;
  /** Found within the band, yet changed in the digits the author printed. */
  moved_in_print?: { old: string; new: string }[];
}

/**
 * The author's outputs found again: the second judge, beside the score.
 */
export interface IFidelity {
  found: number;
  total: number;
  share: number | null;
  /** Random cells included: what an independent re-run counts. */
  found_all: number;
  total_all: number;
  first_drift_cell: number | null;
  tolerance: number;
  noise_measured: boolean;
  random_cells: number[];
  /** Cells that print the machine's versions and dates (absent in older reports). */
  machine_cells?: number[];
  /** "461 of 466 stored numbers found again; drift starts at cell 14". */
  summary: string;
  cells: ICellFidelity[];
}

/**
 * One candidate the environment family tried: for which failing cell's error,
 * what it was, the evidence the installed library gave, and how the run ended
 * it.
 */
export interface IEnvironmentTrial {
  cell_index: number;
  error: string;
  kind: string;
  evidence: string;
  safety: 'safe' | 'review';
  cells_changed: number[];
  /** The notebook's own module it changed, when it was one. */
  file: string | null;
  outcome: 'pending' | 'kept' | 'dropped' | 'rolled back' | 'rejected';
  why: string;
}

/**
 * What one fixer family says of its work in a job: its usage, what it found
 * for the families asked after it, and its items (the model's replies, the
 * environment's candidates).
 */
export interface IFixerNotes {
  usage: ITokenUsage;
  evidence: string[];
  items: ILLMReply[] | IEnvironmentTrial[];
}

/** What was wrong with a model's reply. */
export type ReplyProblem =
  | 'truncated'
  | 'no_code'
  | 'no_header'
  | 'wrong_cells'
  | 'placeholder'
  | 'invalid_python'
  | 'changes_nothing'
  | 'breaks_names'
  | 'refused_by_guard'
  | 'repeats_refused'
  | 'unusable';

/**
 * One reply the model sent: the iteration it was asked for, its attempt (1,
 * then each re-ask), used or the reason it was refused, its tokens.
 */
export interface ILLMReply {
  iteration: number;
  attempt: number;
  accepted: boolean;
  /** Why it was refused, as the model was told, or null. */
  reason: string | null;
  /** The reason's kind (absent in older reports). */
  problem?: ReplyProblem | null;
  cells: number[];
  finish_reason: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  seconds: number;
}

/**
 * A failing cell of the final run: a code error a fix may still change,
 * blocked (a package to install, a helper file left alone, given up, the
 * error the author's run raised too), or a
 * knock-on of an earlier failing cell.
 */
export interface ICellTriage {
  cell_index: number;
  cell_id: string;
  error: string;
  state: 'fixable' | 'blocked' | 'knock_on';
  kind: 'environment' | 'helper_file' | 'given_up' | 'as_stored' | null;
  reason: string;
  package: string | null;
  after: number | null;
  /** Why it still fails, in the report's words (`no rule`), or ''. */
  cause?: string;
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
  /** `baseline`, `iteration`, `verdict` or `rerun-N`. */
  kind: string;
  /** The first cell run (a kept kernel resumes there); 0: all of them. */
  start_at: number;
  /** Why it starts there, or ''. */
  reason: string;
}

/**
 * A cell starts running.
 */
export interface ICellStartedEvent extends IEventBase {
  type: 'cell_started';
  iteration: number;
  kind: string;
  cell_index: number;
  cell_id: string;
  /** How many cells the notebook has. */
  cells: number;
}

/**
 * The last lines the running cell printed so far (a snapshot, at most once
 * a second).
 */
export interface ICellOutputEvent extends IEventBase {
  type: 'cell_output';
  iteration: number;
  cell_index: number;
  text: string;
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
  /** Seconds spent preparing the environment (not part of `runtime_s`). */
  setup_s: number;
  /** Where and how it ran (executor, image, gpus, ...). */
  environment: Record<string, unknown>;
  /** The cell a kept kernel resumed from; null: a fresh kernel. */
  resumed_from: number | null;
  cells_run: number[];
  /**
   * What the run found that no cell edit fixes, e.g. an error raised in a
   * .py module of the user's beside the notebook (with the rules' diff).
   */
  notices?: string[];
  /** Each failing cell (0-based index), new since the baseline or not. */
  failing_cells?: IFailingCell[];
  /** The baseline's failing cells (0-based) that now run clean. */
  fixed_cells?: number[];
  /**
   * The job's deadline in seconds from its start (an automatic one is set
   * once the baseline has run), and the time left of it; null: none.
   */
  deadline_s?: number | null;
  deadline_left_s?: number | null;
}

export interface IFailingCell {
  cell_index: number;
  cell_id: string;
  error: string | null;
  new: boolean;
}

/**
 * A cell that a rolled back fix broke.
 */
export interface IBrokenCell {
  cell_index: number;
  cell_id: string;
  error: string | null;
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
  broke: IBrokenCell[];
}

/**
 * What the run before an iteration found wrong: the iteration's fix answers it.
 */
export interface IIssueDetectedEvent extends IEventBase {
  type: 'issue_detected';
  iteration: number;
  issue: IssueKind;
  first_error: string | null;
  cell_index: number | null;
  score: number | null;
  runtime_s: number | null;
  /** The failing cells told apart (issue `error`). */
  cells: ICellTriage[];
  /**
   * Issue `score_deviation`: the first cell up to the score's whose output
   * drifted from the author's, in words (`cell_index` is that cell).
   */
  drift?: string | null;
}

/**
 * The loop stops without a fix for this iteration: the budget ran out asking
 * for one, the LLM failed, or no fixer had one. Other stops are told by the
 * report's `stop_reason` alone.
 */
export interface ILoopStoppedEvent extends IEventBase {
  type: 'loop_stopped';
  iteration: number;
  reason: StopKind;
  /** The reason as the fixer gave it (the LLM's: what the model was told). */
  detail: string;
  /**
   * The same in plain words ("the model's reply held no code; asked again
   * twice") when `detail` was written to the model; absent from older servers.
   */
  summary?: string | null;
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
  /** Each rule in a sentence (absent from older servers). */
  rules?: IRuleNote[];
  model: string | null;
  tokens: ITokenUsage;
  changes: ICellChange[];
}

/**
 * A rule of a rules fix, as people read it.
 */
export interface IRuleNote {
  id: string;
  /** The library whose API changed ("pandas"); empty when unknown. */
  library: string;
  /** One line: what changed and what replaces it; empty when unknown. */
  message: string;
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
  /** The accepted modules, relative to the notebook's folder. */
  files: string[];
}

export type ReproducedBy = 'both' | 'score' | 'fidelity' | 'errors' | 'neither';

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
  /** The final run's failing cells told apart. */
  cells: ICellTriage[];
  /** "1 cell needs package watermark; 0 code errors", or null. */
  error_summary: string | null;
  /** As the report's: why nothing needs to change, or null. */
  nothing_to_modernize?: string | null;
  /** The report's fidelity summary, or null. */
  fidelity?: string | null;
  /**
   * What "reproducible" rests on: the score, the author's stored numbers
   * found again (at least the fidelity threshold), both, errors alone, or
   * neither; and in words.
   */
  reproduced_by?: ReproducedBy;
  reproduced_words?: string;
}

export interface IJobFinishedEvent extends IEventBase {
  type: 'job_finished';
  /** The whole report: the panel shows it, opens it and offers it for download. */
  report: IReport;
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
  | ICellStartedEvent
  | ICellOutputEvent
  | ICellExecutedEvent
  | IExecutionFinishedEvent
  | IIssueDetectedEvent
  | ILoopStoppedEvent
  | ILLMStreamEvent
  | IFixProposedEvent
  | IReviewRequestedEvent
  | ICellDecisionEvent
  | IFixAppliedEvent
  | IFixRolledBackEvent
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
