/**
 * A batch in the main area: its notebooks live while it runs (a Cancel
 * button), then its report: the outcomes as a chart, what still fails, and
 * per notebook links to the original, its modernized copy and its report.
 * The list of every batch the server knows, to reopen one.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget, UseSignal } from '@jupyterlab/ui-components';
import * as React from 'react';

import { IBatchLive } from '../api';
import {
  BatchItemStatus,
  BatchModel,
  IBatchItem,
  isBatchEnded,
  itemErrorCells,
  itemIterations,
  itemSeconds,
  outcomeCounts,
  reportFiles,
  statusCounts,
  underFolder
} from '../model/batch';
import { ModernizerManager } from '../model/manager';
import { formatDuration, formatShare } from '../model/selectors';
import { outcomeLabel, outcomeTone } from './labels';
import { OutcomeBadge } from './verdict';

/**
 * What the batch views ask the application to do.
 */
export interface IBatchActions {
  /** Open a file (relative to the server root) in JupyterLab. */
  openPath(path: string): void;
  /** Show the report the batch kept for one of its notebooks. */
  showReport(batch: BatchModel, notebook: string): void;
  cancel(batch: BatchModel): void;
  /** Open a batch's own view. */
  openBatch(id: string): void;
}

export function batchStatusWord(
  trans: TranslationBundle,
  status: string | undefined
): string {
  switch (status) {
    case 'running':
      return trans.__('Running');
    case 'finished':
      return trans.__('Finished');
    case 'failed':
      return trans.__('Failed');
    case 'cancelled':
      return trans.__('Cancelled');
    case 'interrupted':
      return trans.__('Interrupted');
    default:
      return status ? status : trans.__('Starting');
  }
}

export function itemStatusWord(
  trans: TranslationBundle,
  status: BatchItemStatus
): string {
  switch (status) {
    case 'queued':
      return trans.__('Queued');
    case 'running':
      return trans.__('Running');
    case 'done':
      return trans.__('Done');
    case 'failed':
      return trans.__('Failed');
    case 'cancelled':
      return trans.__('Cancelled');
    case 'skipped':
      return trans.__('Skipped');
    case 'not_run':
      return trans.__('Not run');
  }
}

/**
 * The folder as the user knows it ('/' for the root).
 */
export function folderName(dir: string | undefined): string {
  return !dir || dir === '.' ? '/' : dir;
}

/**
 * A path that may wrap after each '/': browsers do not break inside a path,
 * and one long path widened the table past the view's edge (issue 29, item 6).
 */
export function PathText(props: { path: string }): JSX.Element {
  const parts = props.path.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <React.Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </React.Fragment>
      ))}
    </>
  );
}

/**
 * What a running notebook does now: "baseline run, cell 3 of 10".
 */
export function liveStep(trans: TranslationBundle, live: IBatchLive): string {
  const run =
    live.kind === 'baseline' || live.iteration === 0
      ? trans.__('baseline run')
      : live.kind === 'iteration'
        ? trans.__('iteration %1', live.iteration ?? 0)
        : trans.__('%1 run', live.kind ?? '');
  return typeof live.cell === 'number' && typeof live.cells === 'number'
    ? trans.__('%1, cell %2 of %3', run, live.cell, live.cells)
    : run;
}

function count(value: number | null | undefined): string {
  return typeof value === 'number' ? String(value) : '–';
}

export class BatchWidget extends ReactWidget {
  constructor(
    readonly model: BatchModel,
    private _actions: IBatchActions,
    private _trans: TranslationBundle
  ) {
    super();
    this.addClass('jp-mlemodernizer-batch-view');
  }

  protected render(): JSX.Element {
    return (
      <UseSignal signal={this.model.changed}>
        {() => (
          <BatchView
            model={this.model}
            actions={this._actions}
            trans={this._trans}
          />
        )}
      </UseSignal>
    );
  }
}

export function BatchView(props: {
  model: BatchModel;
  actions: IBatchActions;
  trans: TranslationBundle;
  /** Server time now, in seconds (for the running notebooks' time). */
  now?: () => number;
}): JSX.Element {
  const { model, actions, trans } = props;
  const summary = model.summary;
  const items = model.items;
  const counts = statusCounts(items);
  const finished = counts.done + counts.failed + counts.cancelled;
  const total = summary.total ?? items.length;
  const now = (props.now ?? (() => Date.now() / 1000))();
  const status = summary.status;
  return (
    <div
      className="jp-mlemodernizer-batch"
      data-batch-id={model.id}
      data-status={status ?? ''}
    >
      <header className="jp-mlemodernizer-batch-header">
        <h1>{trans.__('Batch: %1', folderName(summary.dir))}</h1>
        <span
          className={`jp-mlemodernizer-batch-status jp-mlemodernizer-batch-status-${status ?? 'starting'}`}
        >
          {model.cancelling
            ? trans.__('Cancelling…')
            : batchStatusWord(trans, status)}
        </span>
        <span className="jp-mlemodernizer-muted jp-mlemodernizer-batch-progress">
          {trans.__('%1 of %2 notebooks done', finished, total)}
          {counts.running > 0 && ` · ${trans.__('%1 running', counts.running)}`}
          {counts.queued > 0 && ` · ${trans.__('%1 queued', counts.queued)}`}
          {summary.progress?.tokens
            ? ` · ${trans.__('%1 LLM tokens', summary.progress.tokens)}`
            : ''}
        </span>
        {!model.ended && summary.status !== undefined && (
          <button
            type="button"
            className="jp-mlemodernizer-button jp-mlemodernizer-batch-cancel"
            disabled={model.cancelling}
            onClick={() => actions.cancel(model)}
          >
            {trans.__('Cancel batch')}
          </button>
        )}
      </header>
      {model.error !== null && (
        <p className="jp-mlemodernizer-batch-error" role="alert">
          {trans.__('Cannot get the batch from the server: %1', model.error)}
        </p>
      )}
      {summary.error && (
        <p className="jp-mlemodernizer-batch-error">{summary.error}</p>
      )}
      {model.ended && <BatchReport {...props} />}
      {items.length === 0 ? (
        <p className="jp-mlemodernizer-muted">
          {model.ended
            ? trans.__('No notebook in this folder.')
            : trans.__('Looking for notebooks…')}
        </p>
      ) : (
        <BatchTable
          model={model}
          items={items}
          now={now}
          actions={actions}
          trans={trans}
        />
      )}
    </div>
  );
}

function BatchTable(props: {
  model: BatchModel;
  items: IBatchItem[];
  now: number;
  actions: IBatchActions;
  trans: TranslationBundle;
}): JSX.Element {
  const { model, items, now, actions, trans } = props;
  // the Tokens column only where a model was asked: an offline batch has
  // nothing to show there, and a narrow view needs the room
  const tokens =
    (model.summary.progress?.tokens ?? 0) > 0 ||
    items.some(item => (item.row?.tokens ?? 0) > 0);
  // too narrow for the table (a split beside a notebook): the table scrolls
  // sideways in its own box, the Open column staying in sight (batch.css)
  return (
    <div className="jp-mlemodernizer-batch-table-scroll">
      <table className="jp-mlemodernizer-batch-table">
        <thead>
          <tr>
            <th scope="col">{trans.__('Notebook')}</th>
            <th scope="col">{trans.__('Status')}</th>
            <th scope="col">{trans.__('Iterations')}</th>
            <th scope="col">{trans.__('Errors before → now')}</th>
            <th scope="col">{trans.__('Outcome')}</th>
            <th
              scope="col"
              title={trans.__("The author's stored numbers found again")}
            >
              {trans.__('Outputs')}
            </th>
            <th scope="col">{trans.__('Time')}</th>
            {tokens && <th scope="col">{trans.__('Tokens')}</th>}
            <th scope="col" className="jp-mlemodernizer-batch-open">
              {trans.__('Open')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map(item => {
            const row = item.row;
            const finished = row !== null && item.status !== 'skipped';
            return (
              <tr
                key={item.notebook}
                data-notebook={item.notebook}
                data-status={item.status}
              >
                <th
                  scope="row"
                  className="jp-mlemodernizer-batch-notebook"
                  title={item.notebook}
                >
                  <PathText
                    path={underFolder(item.notebook, model.summary.dir)}
                  />
                </th>
                <td data-label={trans.__('Status')}>
                  <span
                    className={`jp-mlemodernizer-batch-item jp-mlemodernizer-batch-item-${item.status}`}
                    title={row?.error ?? undefined}
                  >
                    {itemStatusWord(trans, item.status)}
                  </span>
                  {item.live && (
                    <div className="jp-mlemodernizer-muted jp-mlemodernizer-batch-step">
                      {liveStep(trans, item.live)}
                    </div>
                  )}
                </td>
                <td data-label={trans.__('Iterations')}>
                  {item.status === 'skipped'
                    ? '–'
                    : count(itemIterations(item))}
                </td>
                <td data-label={trans.__('Errors before → now')}>
                  {item.status === 'skipped' ? '–' : itemErrorCells(item)}
                </td>
                <td data-label={trans.__('Outcome')}>
                  {finished && item.status !== 'cancelled' ? (
                    <OutcomeBadge
                      outcome={row.outcome}
                      nothing={!!row.nothing_to_modernize}
                      trans={trans}
                    />
                  ) : (
                    '–'
                  )}
                  {finished && row.deadline && (
                    <div
                      className="jp-mlemodernizer-muted jp-mlemodernizer-batch-deadline"
                      title={trans.__(
                        'Its deadline ended it: the result is the best state it had reached'
                      )}
                    >
                      {trans.__('deadline reached')}
                    </div>
                  )}
                  {row?.error && item.status !== 'skipped' && (
                    <div className="jp-mlemodernizer-batch-row-error">
                      {row.error}
                    </div>
                  )}
                </td>
                <td
                  data-label={trans.__('Outputs')}
                  className="jp-mlemodernizer-batch-fidelity"
                  title={row?.fidelity_summary ?? undefined}
                >
                  {finished ? formatShare(row.fidelity) : '–'}
                </td>
                <td data-label={trans.__('Time')}>
                  {formatDuration(itemSeconds(item, now))}
                </td>
                {tokens && (
                  <td data-label={trans.__('Tokens')}>
                    {finished ? count(row.tokens) : '–'}
                  </td>
                )}
                <td className="jp-mlemodernizer-batch-open jp-mlemodernizer-batch-links">
                  <button
                    type="button"
                    className="jp-mlemodernizer-link"
                    title={trans.__('Open %1', item.notebook)}
                    onClick={() => actions.openPath(item.notebook)}
                  >
                    {trans.__('original')}
                  </button>
                  {row?.output && (
                    <button
                      type="button"
                      className="jp-mlemodernizer-link"
                      title={trans.__('Open %1', row.output)}
                      onClick={() => actions.openPath(row.output as string)}
                    >
                      {trans.__('modernized')}
                    </button>
                  )}
                  {row?.report && (
                    <button
                      type="button"
                      className="jp-mlemodernizer-link"
                      title={trans.__('The report of %1', item.notebook)}
                      onClick={() => actions.showReport(model, item.notebook)}
                    >
                      {trans.__('report')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The ended batch's report: totals, the outcomes chart, what still fails,
 * and the files the batch wrote.
 */
function BatchReport(props: {
  model: BatchModel;
  actions: IBatchActions;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { model, actions, trans } = props;
  const summary = model.summary;
  const totals = summary.summary;
  const files = reportFiles(summary);
  return (
    <section
      className="jp-mlemodernizer-batch-report"
      aria-label={trans.__('Batch report')}
    >
      <h2>{trans.__('Report')}</h2>
      {totals && (
        <p className="jp-mlemodernizer-batch-totals">
          {trans.__(
            '%1 notebooks; error-free before: %2, now: %3; %4 LLM tokens; $%5; %6 in all.',
            totals.notebooks,
            totals.error_free_baseline,
            totals.error_free_final,
            totals.tokens,
            totals.cost_usd,
            formatDuration(totals.seconds)
          )}
        </p>
      )}
      {totals?.fidelity && totals.fidelity.total > 0 && (
        <p className="jp-mlemodernizer-batch-fidelity-total">
          {trans.__(
            "The author's stored numbers found again: %1 of %2 (%3); in the error-free notebooks %4 (random cells apart).",
            totals.fidelity.found,
            totals.fidelity.total,
            formatShare(totals.fidelity.share),
            formatShare(totals.fidelity.recovered?.share)
          )}
        </p>
      )}
      <OutcomeChart counts={outcomeCounts(summary)} trans={trans} />
      {totals && totals.top_remaining_errors.length > 0 && (
        <>
          <h3>{trans.__('Errors still raised')}</h3>
          <ul className="jp-mlemodernizer-batch-errors">
            {totals.top_remaining_errors.map(([name, n]) => (
              <li key={name}>
                <code>{name}</code>: {n}
              </li>
            ))}
          </ul>
        </>
      )}
      {totals?.needs_packages &&
        Object.keys(totals.needs_packages).length > 0 && (
          <p>
            {trans.__(
              'Packages missing: %1',
              Object.entries(totals.needs_packages)
                .map(([name, n]) => `${name} (${n})`)
                .join(', ')
            )}
          </p>
        )}
      {files && (
        <p className="jp-mlemodernizer-batch-files">
          {trans.__('Written beside the notebooks:')}{' '}
          {[files.html, files.csv, files.json].map(file => (
            <React.Fragment key={file}>
              <button
                type="button"
                className="jp-mlemodernizer-link"
                onClick={() => actions.openPath(file)}
              >
                <PathText path={file} />
              </button>{' '}
            </React.Fragment>
          ))}
        </p>
      )}
    </section>
  );
}

const BAR_HEIGHT = 18;
const BAR_GAP = 6;
const LABEL_WIDTH = 210;
const BAR_WIDTH = 260;

/**
 * A horizontal bar per outcome (colours from the theme).
 */
export function OutcomeChart(props: {
  counts: { outcome: string; count: number }[];
  trans: TranslationBundle;
}): JSX.Element | null {
  const { counts, trans } = props;
  if (counts.length === 0) {
    return null;
  }
  const most = Math.max(...counts.map(c => c.count), 1);
  const height = counts.length * (BAR_HEIGHT + BAR_GAP);
  const width = LABEL_WIDTH + BAR_WIDTH + 40;
  return (
    <svg
      className="jp-mlemodernizer-batch-chart"
      role="img"
      aria-label={trans.__('Outcomes')}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      {counts.map((entry, i) => {
        const y = i * (BAR_HEIGHT + BAR_GAP);
        const w = Math.max(2, Math.round((BAR_WIDTH * entry.count) / most));
        const tone =
          entry.outcome === 'skipped' ? 'neutral' : outcomeTone(entry.outcome);
        const label =
          entry.outcome === 'skipped'
            ? trans.__('Skipped')
            : outcomeLabel(trans, entry.outcome);
        return (
          <g key={entry.outcome} data-outcome={entry.outcome}>
            <text x={0} y={y + BAR_HEIGHT - 5}>
              {label}
            </text>
            <rect
              className={`jp-mlemodernizer-batch-bar jp-mlemodernizer-batch-bar-${tone}`}
              x={LABEL_WIDTH}
              y={y}
              width={w}
              height={BAR_HEIGHT}
              rx={3}
            />
            <text x={LABEL_WIDTH + w + 6} y={y + BAR_HEIGHT - 5}>
              {entry.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export class BatchListWidget extends ReactWidget {
  constructor(
    private _manager: ModernizerManager,
    private _actions: IBatchActions,
    private _trans: TranslationBundle
  ) {
    super();
    this.addClass('jp-mlemodernizer-batch-view');
  }

  /** Ask the server for its batches again. */
  refresh(): void {
    this._error = null;
    this._manager.refreshBatches().catch(error => {
      this._error = error instanceof Error ? error.message : String(error);
      this.update();
    });
  }

  protected override onAfterAttach(): void {
    this.refresh();
  }

  protected render(): JSX.Element {
    return (
      <UseSignal signal={this._manager.changed}>
        {() => (
          <BatchList
            batches={this._manager.batches}
            error={this._error}
            actions={this._actions}
            trans={this._trans}
            onRefresh={() => this.refresh()}
          />
        )}
      </UseSignal>
    );
  }

  private _error: string | null = null;
}

export function BatchList(props: {
  batches: ReadonlyArray<BatchModel>;
  error: string | null;
  actions: IBatchActions;
  trans: TranslationBundle;
  onRefresh: () => void;
}): JSX.Element {
  const { batches, actions, trans } = props;
  return (
    <div className="jp-mlemodernizer-batch jp-mlemodernizer-batch-list">
      <header className="jp-mlemodernizer-batch-header">
        <h1>{trans.__('Modernization batches')}</h1>
        <button
          type="button"
          className="jp-mlemodernizer-button"
          onClick={props.onRefresh}
        >
          {trans.__('Refresh')}
        </button>
      </header>
      {props.error !== null && (
        <p className="jp-mlemodernizer-batch-error" role="alert">
          {trans.__('Cannot list the batches: %1', props.error)}
        </p>
      )}
      {batches.length === 0 ? (
        <p className="jp-mlemodernizer-muted">
          {trans.__(
            'No batch yet. Right-click a folder in the file browser and choose "Modernize notebooks in folder".'
          )}
        </p>
      ) : (
        <table className="jp-mlemodernizer-batch-table">
          <thead>
            <tr>
              <th scope="col">{trans.__('Folder')}</th>
              <th scope="col">{trans.__('Status')}</th>
              <th scope="col">{trans.__('Notebooks')}</th>
              <th scope="col">{trans.__('Started')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {batches.map(batch => {
              const summary = batch.summary;
              const created =
                typeof summary.created === 'number'
                  ? new Date(summary.created * 1000).toLocaleString()
                  : '–';
              const ended = isBatchEnded(summary.status);
              const done = statusCounts(batch.items);
              return (
                <tr key={batch.id} data-batch-id={batch.id}>
                  <th scope="row">
                    <PathText path={folderName(summary.dir)} />
                  </th>
                  <td>{batchStatusWord(trans, summary.status)}</td>
                  <td>
                    {ended
                      ? count(summary.total)
                      : trans.__(
                          '%1 of %2',
                          done.done + done.failed + done.cancelled,
                          count(summary.total)
                        )}
                  </td>
                  <td>{created}</td>
                  <td>
                    <button
                      type="button"
                      className="jp-mlemodernizer-link"
                      onClick={() => actions.openBatch(batch.id)}
                    >
                      {trans.__('Open')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
