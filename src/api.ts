/**
 * A typed client of the mlemodernizer jobs API (see
 * `mlemodernizer/server/handlers.py`). Every call goes through `requestAPI`,
 * so authentication and errors are handled in one place.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import { IReport } from './events';
import { API_NAMESPACE, requestAPI } from './request';

/**
 * A job as the server describes it (`GET mlemodernizer/jobs/ID`).
 */
export interface IJobSummary {
  id: string;
  /** The notebook, relative to the server root. */
  path: string;
  options: Record<string, unknown>;
  /** Server time of creation, seconds since the epoch. */
  created: number;
  status: JobServerStatus;
  outcome: string | null;
  error: string | null;
  /** The modernized notebook, relative to the server root. */
  output: string | null;
  /** The sequence number of the job's newest event (0: none yet). */
  last_seq: number;
  /** Fix id → the cell ids that still wait for a decision. */
  pending_review: Record<string, string[]>;
  report: IReport | null;
  /** Why a queued job has not started yet (e.g. jobs waiting for review). */
  queue_reason?: string | null;
}

export type JobServerStatus =
  'queued' | 'running' | 'finished' | 'failed' | 'cancelled' | 'interrupted';

/**
 * The options a browser may set for a job (mlemodernizer/contracts/options.py; the
 * others are the server's configuration): the CLI's long option names with
 * `_`. Unset: the server's default.
 */
export interface IJobOptions {
  /** Write a copy also when there is nothing to modernize. */
  unchanged_copy?: boolean;
  /** The fixer families, comma-separated: rules, environment, llm. */
  fixers?: string;
  offline?: boolean;
  base_url?: string;
  model?: string;
  budget_usd?: number;
  budget_tokens?: number;
  pin_old_defaults?: boolean;
  max_reasks?: number;
  /** A cap on each LLM reply's tokens. */
  max_tokens?: number;
  /** The LLM's sampling temperature (0: the same reply every time). */
  temperature?: number;
  executor?: 'local' | 'docker';
  image?: string;
  gpus?: string;
  timeout?: number;
  cell_timeout?: number;
  deadline?: number;
  /** Seconds a whole run may take; longer runs get their training shortened, for review. */
  runtime_budget?: number;
  kaggle_input?: boolean;
  memory?: string;
  cpus?: number;
  max_iterations?: number;
  prepass?: boolean;
  resume?: boolean;
  review?: 'auto' | 'manual';
  modules?: 'apply' | 'report';
  install_missing?: boolean;
  target_score?: number;
  /** The metric the notebook printed last is the score (score_detect.py). */
  score?: 'detect';
  score_regex?: string;
  metric?: string;
  /** A CSV file, relative to the server root. */
  answers?: string;
  /** The file the notebook writes, relative to the notebook. */
  submission?: string;
  tolerance?: number;
  reruns?: number;
  fidelity_tolerance?: number;
  fidelity_threshold?: number;
  noise_run?: boolean;
  higher_is_better?: boolean;
}

export type Decision = 'accept' | 'reject' | 'accept_all' | 'reject_all';

export type BatchServerStatus =
  'running' | 'finished' | 'failed' | 'cancelled' | 'interrupted';

/**
 * One finished notebook of a batch (`mlemodernizer/batches/runner.py`, row_from_report):
 * paths relative to the server root. A notebook the runner could not run has
 * `outcome: failed` and its `error`; one it never started, `outcome: skipped`.
 */
export interface IBatchRow {
  notebook: string;
  outcome?: string;
  error?: string | null;
  error_free?: boolean;
  reproducible?: boolean;
  stop_reason?: string;
  baseline_error_cells?: number | null;
  final_error_cells?: number | null;
  final_errors?: string[];
  /** Why the notebook needed no change (it ran as it was), as the report says. */
  nothing_to_modernize?: string | null;
  /**
   * The author's stored numbers found again (0..1, random cells apart), null
   * when the notebook stored none; its summary line and first drifting cell
   * (as JupyterLab numbers it, from 1).
   */
  fidelity?: number | null;
  fidelity_summary?: string | null;
  first_drift_cell_number?: number | null;
  baseline_score?: number | null;
  score?: number | null;
  target?: number | null;
  iterations?: number;
  fix_types?: string[];
  rules_applied?: string[];
  tokens?: number;
  cost_usd?: number;
  seconds?: number;
  /** The modernized copy, when one was written. */
  output?: string | null;
  /** Whether the batch kept the notebook's own report (`getBatchReport`). */
  report?: boolean;
  /** Stopped by a cancelled batch. */
  cancelled?: boolean;
  /** Ended by its deadline, with the best state it had reached. */
  deadline?: boolean;
  /** Taken from an earlier run of the batch (unchanged since). */
  resumed?: boolean;
}

/**
 * Where a running notebook of a batch is (its last step).
 */
export interface IBatchLive {
  /** 0: the baseline run; then each fix's iteration. */
  iteration?: number;
  /** The run: baseline, iteration, verdict, rerun-N. */
  kind?: string;
  /** The cell running now (1-based), null between runs. */
  cell?: number | null;
  cells?: number;
  baseline_error_cells?: number;
  /** The error cells of its last finished run. */
  error_cells?: number;
}

/**
 * A batch's totals (`mlemodernizer/batches/report.py`, summarize).
 */
export interface IBatchTotals {
  notebooks: number;
  outcomes: Record<string, number>;
  error_free_baseline: number;
  error_free_final: number;
  tokens: number;
  cost_usd: number;
  seconds: number;
  /** Exception names still raised, most common first: [name, count]. */
  top_remaining_errors: [string, number][];
  needs_packages?: Record<string, number>;
  code_error_cells?: number;
  /** Stored numbers found again, over all rows and over the error-free ones. */
  fidelity?: IFidelityTotal & { recovered?: IFidelityTotal };
}

export interface IFidelityTotal {
  found: number;
  total: number;
  share: number | null;
}

/**
 * A batch as the server describes it (`GET mlemodernizer/batches/ID`).
 * Fields an older server may lack are optional.
 */
export interface IBatchSummary {
  id: string;
  /** The folder, relative to the server root ('.': the root). */
  dir?: string;
  options?: Record<string, unknown>;
  /** Server time of creation, seconds since the epoch. */
  created?: number;
  status?: BatchServerStatus | string;
  /** A cancel was asked and the running notebooks are stopping. */
  cancel_requested?: boolean;
  total?: number;
  /** Every notebook of the batch, in the order they run. */
  notebooks?: string[];
  /** The notebooks running now → when each started (server time, s). */
  running?: Record<string, number>;
  /** Where each running notebook is. */
  live?: Record<string, IBatchLive>;
  progress?: {
    done?: number;
    failed?: number;
    running?: number;
    tokens?: number;
    cost_usd?: number;
    eta_s?: number | null;
  };
  rows?: IBatchRow[];
  summary?: IBatchTotals | null;
  /** The HTML report the batch wrote, relative to the server root. */
  report?: string | null;
  error?: string | null;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/**
 * Start a job for a notebook (a path relative to the server root).
 */
export function createJob(
  path: string,
  options: IJobOptions,
  settings?: ServerConnection.ISettings
): Promise<IJobSummary> {
  return requestAPI<IJobSummary>(
    'jobs',
    {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ path, options })
    },
    settings
  );
}

/**
 * Every job the server knows, newest first.
 */
export async function listJobs(
  settings?: ServerConnection.ISettings
): Promise<IJobSummary[]> {
  const answer = await requestAPI<{ jobs: IJobSummary[] }>(
    'jobs',
    { method: 'GET' },
    settings
  );
  return answer.jobs;
}

export function getJob(
  id: string,
  settings?: ServerConnection.ISettings
): Promise<IJobSummary> {
  return requestAPI<IJobSummary>(
    URLExt.join('jobs', encodeURIComponent(id)),
    { method: 'GET' },
    settings
  );
}

/**
 * Ask the server to stop a job; it stops at the next safe point and streams
 * `job_finished` with `stop_reason: cancelled`.
 */
export function cancelJob(
  id: string,
  settings?: ServerConnection.ISettings
): Promise<IJobSummary> {
  return requestAPI<IJobSummary>(
    URLExt.join('jobs', encodeURIComponent(id)),
    { method: 'DELETE' },
    settings
  );
}

/**
 * Decide one cell of a proposed fix (`accept`/`reject` with `cellId`), or
 * every undecided cell of it (`accept_all`/`reject_all`).
 */
export function sendDecision(
  id: string,
  fixId: string,
  decision: Decision,
  cellId?: string,
  settings?: ServerConnection.ISettings
): Promise<IJobSummary> {
  const body: Record<string, string> = { fix_id: fixId, decision };
  if (cellId !== undefined) {
    body.cell_id = cellId;
  }
  return requestAPI<IJobSummary>(
    URLExt.join('jobs', encodeURIComponent(id), 'decisions'),
    { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) },
    settings
  );
}

/**
 * Start modernizing every notebook of a folder (relative to the server root).
 */
export function createBatch(
  dir: string,
  options: IJobOptions,
  settings?: ServerConnection.ISettings
): Promise<IBatchSummary> {
  return requestAPI<IBatchSummary>(
    'batches',
    {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ dir, options })
    },
    settings
  );
}

export function getBatch(
  id: string,
  settings?: ServerConnection.ISettings
): Promise<IBatchSummary> {
  return requestAPI<IBatchSummary>(
    URLExt.join('batches', encodeURIComponent(id)),
    { method: 'GET' },
    settings
  );
}

/**
 * Every batch the server knows (those of earlier servers too), newest first.
 */
export async function listBatches(
  settings?: ServerConnection.ISettings
): Promise<IBatchSummary[]> {
  const answer = await requestAPI<{ batches: IBatchSummary[] }>(
    'batches',
    { method: 'GET' },
    settings
  );
  return answer.batches;
}

/**
 * Ask the server to stop a batch: no queued notebook starts, the running ones
 * stop at their next safe point, and the batch ends `cancelled`.
 */
export function cancelBatch(
  id: string,
  settings?: ServerConnection.ISettings
): Promise<IBatchSummary> {
  return requestAPI<IBatchSummary>(
    URLExt.join('batches', encodeURIComponent(id)),
    { method: 'DELETE' },
    settings
  );
}

/**
 * The report one notebook of a batch got (`notebook`: relative to the root).
 */
export function getBatchReport(
  id: string,
  notebook: string,
  settings?: ServerConnection.ISettings
): Promise<IReport> {
  return requestAPI<IReport>(
    URLExt.join('batches', encodeURIComponent(id), 'report') +
      `?notebook=${encodeURIComponent(notebook)}`,
    { method: 'GET' },
    settings
  );
}

/**
 * The WebSocket URL of a job's event stream, replaying what came after
 * `since`. Like JupyterLab's own kernel sockets, the token goes into the
 * query when the settings ask for it (browsers cannot set headers on a
 * WebSocket).
 */
export function eventsUrl(
  id: string,
  since: number,
  settings: ServerConnection.ISettings = ServerConnection.makeSettings()
): string {
  let url =
    URLExt.join(
      settings.wsUrl,
      API_NAMESPACE,
      'jobs',
      encodeURIComponent(id),
      'events'
    ) + `?since=${Math.max(0, Math.floor(since))}`;
  if (settings.appendToken && settings.token) {
    url += `&token=${encodeURIComponent(settings.token)}`;
  }
  return url;
}

/**
 * Whether an error is the server answering with this HTTP status.
 */
export function isStatus(error: unknown, status: number): boolean {
  return (
    error instanceof ServerConnection.ResponseError &&
    error.response.status === status
  );
}

/**
 * A message for the user from any error of the calls above.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}
