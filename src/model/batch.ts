/**
 * A batch of notebooks, followed from the browser: its summary polled from
 * the server while it runs, and what its view shows, derived from it.
 */
import { ServerConnection } from '@jupyterlab/services';
import { IDisposable } from '@lumino/disposable';
import { ISignal, Signal } from '@lumino/signaling';

import {
  IBatchLive,
  IBatchRow,
  IBatchSummary,
  cancelBatch,
  errorMessage,
  getBatch,
  getBatchReport,
  isStatus
} from '../api';
import { IReport } from '../events';

/**
 * Where one notebook of a batch is.
 */
export type BatchItemStatus =
  | 'queued'
  | 'running'
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'skipped'
  /** The batch ended (a restart interrupted it) before it got there. */
  | 'not_run';

/**
 * One line of the batch table.
 */
export interface IBatchItem {
  /** Relative to the server root. */
  notebook: string;
  status: BatchItemStatus;
  /** The finished notebook's row (null while queued or running). */
  row: IBatchRow | null;
  /** When it started (server time, s), while it runs. */
  started: number | null;
  /** Where it is, while it runs (null: not told yet). */
  live: IBatchLive | null;
}

const ENDED = ['finished', 'failed', 'cancelled', 'interrupted'];

/**
 * Whether a batch status is final (interrupted: a server restart stopped it).
 */
export function isBatchEnded(status: string | undefined): boolean {
  return ENDED.includes(String(status ?? ''));
}

/**
 * A finished row's status.
 */
export function rowStatus(row: IBatchRow): BatchItemStatus {
  if (row.outcome === 'skipped') {
    return 'skipped';
  }
  if (row.cancelled) {
    return 'cancelled';
  }
  return row.outcome === 'failed' ? 'failed' : 'done';
}

/**
 * Every notebook of the batch, in the order they run, with where each is:
 * finished rows, the running ones, then those still queued (or never run,
 * when the batch ended without them). A server without the notebook list
 * gives the finished rows only.
 */
export function batchItems(summary: IBatchSummary): IBatchItem[] {
  const rows = new Map<string, IBatchRow>();
  for (const row of summary.rows ?? []) {
    rows.set(row.notebook, row);
  }
  const running = summary.running ?? {};
  const order = [...(summary.notebooks ?? [])];
  for (const notebook of rows.keys()) {
    if (!order.includes(notebook)) {
      order.push(notebook);
    }
  }
  const ended = isBatchEnded(summary.status);
  return order.map(notebook => {
    const row = rows.get(notebook) ?? null;
    if (row) {
      return {
        notebook,
        status: rowStatus(row),
        row,
        started: null,
        live: null
      };
    }
    const started = running[notebook];
    if (typeof started === 'number' && !ended) {
      const live = summary.live?.[notebook] ?? null;
      return { notebook, status: 'running', row: null, started, live };
    }
    return {
      notebook,
      status: ended ? 'not_run' : 'queued',
      row: null,
      started: null,
      live: null
    };
  });
}

/**
 * How many notebooks are in each status.
 */
export function statusCounts(
  items: ReadonlyArray<IBatchItem>
): Record<BatchItemStatus, number> {
  const counts: Record<BatchItemStatus, number> = {
    queued: 0,
    running: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    skipped: 0,
    not_run: 0
  };
  for (const item of items) {
    counts[item.status] += 1;
  }
  return counts;
}

/**
 * The outcomes in the paper's order, with their counts (those with none
 * left out).
 */
export const OUTCOME_ORDER = [
  'error_free_reproducible',
  'error_reproducible',
  'error_free_non_reproducible',
  'error_non_reproducible',
  'failed',
  'skipped'
];

export function outcomeCounts(
  summary: IBatchSummary
): { outcome: string; count: number }[] {
  const counts = new Map<string, number>();
  if (summary.summary?.outcomes) {
    for (const [outcome, n] of Object.entries(summary.summary.outcomes)) {
      counts.set(outcome, n);
    }
  } else {
    for (const row of summary.rows ?? []) {
      const outcome = row.outcome ?? 'failed';
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    }
  }
  const known = OUTCOME_ORDER.filter(o => counts.has(o));
  const other = [...counts.keys()].filter(o => !OUTCOME_ORDER.includes(o));
  return [...known, ...other]
    .map(outcome => ({ outcome, count: counts.get(outcome) ?? 0 }))
    .filter(entry => entry.count > 0);
}

/**
 * A notebook's path as shown under its batch's folder (`dir`: relative to
 * the root, '' or '.' for the root).
 */
export function underFolder(notebook: string, dir: string | undefined): string {
  const folder = (dir ?? '').replace(/^\.$/, '').replace(/\/+$/, '');
  return folder && notebook.startsWith(`${folder}/`)
    ? notebook.slice(folder.length + 1)
    : notebook;
}

/**
 * "before → now" error cells of a finished notebook ('–' when it never ran).
 */
export function errorCells(row: IBatchRow): string {
  const before = row.baseline_error_cells;
  const now = row.final_error_cells;
  if (typeof before !== 'number' && typeof now !== 'number') {
    return '–';
  }
  const show = (n: number | null | undefined) =>
    typeof n === 'number' ? String(n) : '–';
  return `${show(before)} → ${show(now)}`;
}

/**
 * The iterations of a notebook: the finished row's, or the running one's
 * so far (its baseline run is iteration 0).
 */
export function itemIterations(item: IBatchItem): number | null {
  if (item.row && typeof item.row.iterations === 'number') {
    return item.row.iterations;
  }
  return typeof item.live?.iteration === 'number' ? item.live.iteration : null;
}

/**
 * "before → now" error cells of a notebook, finished or running ('–' when
 * none is known yet).
 */
export function itemErrorCells(item: IBatchItem): string {
  if (item.row) {
    return errorCells(item.row);
  }
  if (item.live) {
    return errorCells({
      notebook: item.notebook,
      baseline_error_cells: item.live.baseline_error_cells,
      final_error_cells:
        item.live.iteration === 0 ? undefined : item.live.error_cells
    });
  }
  return '–';
}

/**
 * Seconds a notebook took, or has been running (`now`: server time, s).
 */
export function itemSeconds(item: IBatchItem, now: number): number | null {
  if (item.row && typeof item.row.seconds === 'number') {
    return item.row.seconds;
  }
  if (item.started !== null) {
    return Math.max(0, now - item.started);
  }
  return null;
}

/**
 * The batch's files (JSON and CSV) beside its HTML report.
 */
export function reportFiles(
  summary: IBatchSummary
): { html: string; json: string; csv: string } | null {
  const html = summary.report;
  if (!html || !html.endsWith('.html')) {
    return null;
  }
  const stem = html.slice(0, -'.html'.length);
  return { html, json: `${stem}.json`, csv: `${stem}.csv` };
}

/**
 * The files a batch wrote beside its notebooks, relative to the root: each
 * finished notebook's modernized copy, and once it ended its reports.
 */
export function writtenFiles(summary: IBatchSummary): string[] {
  const files: string[] = [];
  for (const row of summary.rows ?? []) {
    if (row.output) {
      files.push(row.output);
    }
  }
  const reports = reportFiles(summary);
  if (reports && summary.report) {
    files.push(summary.report, reports.csv, reports.json);
  }
  return files;
}

export interface IBatchModelOptions {
  id: string;
  serverSettings: ServerConnection.ISettings;
  /** What the server answered already (the POST, or the list). */
  summary?: IBatchSummary | null;
  /** Milliseconds between two polls while the batch runs. */
  pollInterval?: number;
}

/**
 * One batch: its summary, refreshed while it runs; cancel; its notebooks'
 * reports.
 */
export class BatchModel implements IDisposable {
  constructor(options: IBatchModelOptions) {
    this.id = options.id;
    this._serverSettings = options.serverSettings;
    this._summary = options.summary ?? null;
    this._interval = options.pollInterval ?? 1000;
  }

  readonly id: string;

  /** Emitted when the summary, the error or the cancel state change. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }

  /**
   * Emitted with the files (relative to the root) the batch wrote since the
   * last answer of the server (none for the first answer: what was there
   * before this page knew the batch is not news).
   */
  get wrote(): ISignal<this, string[]> {
    return this._wrote;
  }

  get summary(): IBatchSummary {
    return this._summary ?? { id: this.id };
  }

  /** The folder, relative to the server root ('' for the root). */
  get dir(): string {
    const dir = this._summary?.dir ?? '';
    return dir === '.' ? '' : dir;
  }

  /** Why the last refresh failed (null: it did not). */
  get error(): string | null {
    return this._error;
  }

  get ended(): boolean {
    return isBatchEnded(this._summary?.status);
  }

  /** The notebooks, each with where it is. */
  get items(): IBatchItem[] {
    return batchItems(this.summary);
  }

  /** A cancel was asked (by this page or another) and is not done yet. */
  get cancelling(): boolean {
    return (
      !this.ended && (this._cancelling || !!this._summary?.cancel_requested)
    );
  }

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /**
   * Ask the server for the batch now.
   */
  async refresh(): Promise<void> {
    try {
      const summary = await getBatch(this.id, this._serverSettings);
      if (this._isDisposed) {
        return;
      }
      this._take(summary);
      this._error = null;
      this._gone = false;
    } catch (error) {
      if (this._isDisposed) {
        return;
      }
      this._error = errorMessage(error);
      // a server that forgot the batch (or never had the API) will not learn it
      this._gone = isStatus(error, 404);
    }
    this._changed.emit();
  }

  /**
   * Refresh until the batch ends (again after an error, more slowly; not
   * after a 404).
   */
  follow(): void {
    if (this._timer !== null || this._isDisposed) {
      return;
    }
    const tick = async () => {
      this._timer = null;
      await this.refresh();
      if (this._isDisposed || this.ended || this._gone) {
        return;
      }
      const delay = this._error ? this._interval * 5 : this._interval;
      this._timer = setTimeout(() => void tick(), delay);
    };
    if (this.ended) {
      return;
    }
    this._timer = setTimeout(() => void tick(), this._interval);
  }

  /**
   * Stop the batch. Resolves when the server took the request; the batch
   * ends `cancelled` once its running notebooks have stopped.
   */
  async cancel(): Promise<void> {
    this._cancelling = true;
    this._changed.emit();
    try {
      const summary = await cancelBatch(this.id, this._serverSettings);
      if (!this._isDisposed) {
        this._take(summary);
      }
    } catch (error) {
      this._cancelling = false;
      throw error;
    } finally {
      if (!this._isDisposed) {
        this._changed.emit();
        this.follow();
      }
    }
  }

  /**
   * The report the batch kept for one of its notebooks.
   */
  report(notebook: string): Promise<IReport> {
    return getBatchReport(this.id, notebook, this._serverSettings);
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    if (this._timer !== null) {
      clearTimeout(this._timer);
      this._timer = null;
    }
    Signal.clearData(this);
  }

  /** A new answer of the server; its new files said. */
  private _take(summary: IBatchSummary): void {
    const before = this._summary;
    this._summary = summary;
    if (before === null) {
      return;
    }
    const known = new Set(writtenFiles(before));
    const added = writtenFiles(summary).filter(path => !known.has(path));
    if (added.length > 0) {
      this._wrote.emit(added);
    }
  }

  private _serverSettings: ServerConnection.ISettings;
  private _summary: IBatchSummary | null;
  private _error: string | null = null;
  private _gone = false;
  private _cancelling = false;
  private _interval: number;
  private _timer: ReturnType<typeof setTimeout> | null = null;
  private _isDisposed = false;
  private _changed = new Signal<this, void>(this);
  private _wrote = new Signal<this, string[]>(this);
}
