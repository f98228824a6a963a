/**
 * The timeline: the baseline, then each iteration with the issue found, the
 * model's reply as it streams in, the fix and its review, and the result of
 * running the notebook again.
 */
import { Extension } from '@codemirror/state';
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { IIterationCells, cellNumbers, iterationCells } from '../model/cells';
import { reviewOf } from '../model/diff';
import {
  IScoreBand,
  formatScore,
  formatSeconds,
  scoreBand
} from '../model/selectors';
import { IFailingCell } from '../events';
import {
  IExecution,
  IFixState,
  IIssue,
  IIteration,
  IJobState,
  IStop,
  isActive
} from '../model/state';
import {
  fixTypeLabel,
  issueLabel,
  runLabel,
  sourceLabel,
  stopLabel
} from './labels';
import { NoticeView } from './notice';
import { StartView } from './progress';
import { FixReview, IReviewActions } from './review';
import { RuleList } from './rules';
import { ScoreAgainstBand } from './score';

export interface ITimelineProps {
  state: IJobState;
  actions: IReviewActions;
  trans: TranslationBundle;
  language: Promise<Extension | null>;
}

export function Timeline(props: ITimelineProps): JSX.Element {
  const { state, trans } = props;
  if (state.iterations.length === 0) {
    return (
      <p className="jp-mlemodernizer-muted">
        {isActive(state)
          ? trans.__('Waiting for the first run…')
          : trans.__('No runs recorded.')}
      </p>
    );
  }
  const last = state.iterations[state.iterations.length - 1].index;
  return (
    <ol className="jp-mlemodernizer-timeline" aria-label={trans.__('Timeline')}>
      {state.iterations.map((iteration, i) => (
        <IterationView
          key={iteration.index}
          {...props}
          iteration={iteration}
          latest={iteration.index === last}
          previous={runBefore(state.iterations, i)}
        />
      ))}
    </ol>
  );
}

/**
 * The run before the iteration at `at`: an iteration's own run (the extra
 * runs beside it, the randomness checks, ran other seeds); an iteration whose
 * changes were all rejected ran nothing: the one before it counts.
 */
function runBefore(iterations: IIteration[], at: number): IExecution | null {
  for (let i = at - 1; i >= 0; i--) {
    const { reruns, execution } = iterations[i];
    const run =
      execution ?? (reruns.length > 0 ? reruns[reruns.length - 1] : null);
    if (run && !run.running) {
      return run;
    }
  }
  return null;
}

interface IIterationProps extends ITimelineProps {
  iteration: IIteration;
  latest: boolean;
  /** The run before this iteration: the one its issue was found in. */
  previous: IExecution | null;
}

function IterationView(props: IIterationProps): JSX.Element {
  const { iteration, state, trans } = props;
  const active = isActive(state);
  const fixes = iteration.fixIds
    .map(id => state.fixes[id])
    .filter((fix): fix is IFixState => fix !== undefined);
  const title =
    iteration.index === 0
      ? trans.__('Baseline')
      : trans.__('Iteration %1', iteration.index);
  const streaming =
    active &&
    state.activity.kind === 'proposing' &&
    state.activity.iteration === iteration.index;
  return (
    <li className="jp-mlemodernizer-iteration" data-iteration={iteration.index}>
      <h3 className="jp-mlemodernizer-iteration-title">
        {title}
        <IterationCellsView
          cells={iterationCells(iteration, state.fixes, props.previous)}
          trans={trans}
        />
      </h3>
      {iteration.issues.map((issue, i) => (
        <IssueView
          key={i}
          issue={issue}
          trans={trans}
          shownAbove={shownAbove(issue, props.previous)}
          band={scoreBand(state)}
          tolerance={state.tolerance}
        />
      ))}
      {iteration.stop && (
        <StopView
          stop={iteration.stop}
          stream={streaming ? '' : iteration.stream}
          trans={trans}
        />
      )}
      {(iteration.stream || streaming) &&
        fixes.length === 0 &&
        (streaming || !iteration.stop?.summary) && (
          <StreamView
            text={iteration.stream}
            fixType={iteration.streamFixType}
            live={streaming}
            trans={trans}
          />
        )}
      {fixes.map(fix => (
        <FixView
          key={fix.fixId}
          fix={fix}
          stream={iteration.stream}
          {...props}
          expanded={props.latest || (active && !fix.applied)}
        />
      ))}
      {iteration.execution && (
        <ExecutionView
          execution={iteration.execution}
          trans={trans}
          showCell={props.actions.showCell}
          band={scoreBand(state)}
          tolerance={state.tolerance}
        />
      )}
      {iteration.reruns.map(run => (
        <ExecutionView
          key={run.kind}
          execution={run}
          trans={trans}
          showCell={props.actions.showCell}
          band={scoreBand(state)}
          tolerance={state.tolerance}
        />
      ))}
    </li>
  );
}

/**
 * The header's account of the fix: the cells it changed and those it fixed,
 * which need not be the cell of the issue below (a rule changes every cell it
 * matches; an earlier cell's error can stay).
 */
function IterationCellsView(props: {
  cells: IIterationCells | null;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { cells, trans } = props;
  if (!cells) {
    return null;
  }
  const changed = [
    cells.changed.length > 0
      ? trans._n(
          'cell %2',
          'cells %2',
          cells.changed.length,
          cellNumbers(cells.changed)
        )
      : '',
    cells.files.join(', ')
  ]
    .filter(Boolean)
    .join(trans.__(' and '));
  const parts = [
    changed ? trans.__('changed %1', changed) : trans.__('no change accepted')
  ];
  if (cells.fixed !== null && changed) {
    parts.push(
      cells.fixed.length > 0
        ? trans._n(
            'fixed cell %2',
            'fixed cells %2',
            cells.fixed.length,
            cellNumbers(cells.fixed)
          )
        : trans.__('fixed none')
    );
  }
  if (cells.rolledBack) {
    parts.push(trans.__('rolled back'));
  }
  return (
    <span className="jp-mlemodernizer-iteration-cells">
      {' · '}
      {parts.join(' · ')}
    </span>
  );
}

/**
 * Whether the run above already shows the issue's error, word for word, on
 * the same cell (then the issue refers to it instead of repeating it).
 */
function shownAbove(issue: IIssue, previous: IExecution | null): boolean {
  if (!previous || issue.firstError === null || issue.cellIndex === null) {
    return false;
  }
  // (a failing cell shows the first line of its error: the issue the whole)
  const first = issue.firstError;
  const same = (error: string | null | undefined) =>
    !!error && (first === error || first.startsWith(`${error}\n`));
  if (previous.failingCells) {
    return previous.failingCells.some(
      cell => cell.cell_index === issue.cellIndex && same(cell.error)
    );
  }
  const error = previous.errors[0];
  return (
    !!error &&
    error.cell_index === issue.cellIndex &&
    same(`${error.ename}: ${error.evalue}`)
  );
}

function IssueView(props: {
  issue: IIssue;
  trans: TranslationBundle;
  /** The run above shows this error already: say so instead of repeating it. */
  shownAbove?: boolean;
  band?: IScoreBand | null;
  tolerance?: number | null;
}): JSX.Element {
  const { issue, trans } = props;
  if (issue.issue === 'score_deviation' && props.band) {
    return (
      <div className="jp-mlemodernizer-issue">
        <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-issue">
          {issueLabel(trans, issue.issue)}
        </span>{' '}
        <ScoreAgainstBand
          score={issue.score}
          band={props.band}
          tolerance={props.tolerance ?? null}
          trans={trans}
        />
      </div>
    );
  }
  if (props.shownAbove && issue.cellIndex !== null) {
    const more = (issue.firstError ?? '').includes('\n');
    return (
      <div className="jp-mlemodernizer-issue">
        <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-issue">
          {issueLabel(trans, issue.issue)}
        </span>{' '}
        <span className="jp-mlemodernizer-issue-detail">
          {trans.__('cell %1, the error above', issue.cellIndex + 1)}
        </span>
        {more && (
          <details className="jp-mlemodernizer-issue-more">
            <summary>{trans.__('Whole message')}</summary>
            <pre className="jp-mlemodernizer-error-line">
              {issue.firstError}
            </pre>
          </details>
        )}
      </div>
    );
  }
  const detail =
    issue.firstError ??
    (issue.score !== null
      ? trans.__('score %1', formatScore(issue.score))
      : issue.runtime !== null
        ? trans.__('runtime %1', formatSeconds(issue.runtime))
        : '');
  return (
    <div className="jp-mlemodernizer-issue">
      <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-issue">
        {issueLabel(trans, issue.issue)}
      </span>{' '}
      {issue.cellIndex !== null && (
        <span className="jp-mlemodernizer-muted">
          {trans.__('cell %1:', issue.cellIndex + 1)}{' '}
        </span>
      )}
      <span className="jp-mlemodernizer-issue-detail">{detail}</span>
    </div>
  );
}

/**
 * Why the loop stopped without a fix. When the server said it plainly (the
 * model's replies were unusable), that sentence; the replies and what the
 * model was told stay behind "Full model reply".
 */
function StopView(props: {
  stop: IStop;
  /** The model's replies as they streamed in ('' while it still writes). */
  stream: string;
  trans: TranslationBundle;
}): JSX.Element {
  const { stop, stream, trans } = props;
  const plain = stop.summary;
  return (
    <div className="jp-mlemodernizer-issue jp-mlemodernizer-stop">
      <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-issue">
        {stopLabel(trans, stop.reason)}
      </span>{' '}
      <span
        className={
          plain
            ? 'jp-mlemodernizer-issue-detail jp-mlemodernizer-stop-words'
            : 'jp-mlemodernizer-issue-detail'
        }
      >
        {plain ? trans.__('%1.', capitalize(plain)) : stop.detail}
      </span>
      {plain && (
        <details className="jp-mlemodernizer-reply">
          <summary>{trans.__('Full model reply')}</summary>
          {stream && <pre className="jp-mlemodernizer-plan">{stream}</pre>}
          {stop.detail && (
            <>
              <div className="jp-mlemodernizer-muted">
                {trans.__('The reason, as written for the model:')}
              </div>
              <pre className="jp-mlemodernizer-plan">{stop.detail}</pre>
            </>
          )}
        </details>
      )}
    </div>
  );
}

function StreamView(props: {
  text: string;
  fixType: string | null;
  live: boolean;
  trans: TranslationBundle;
}): JSX.Element {
  const { text, fixType, live, trans } = props;
  return (
    <div className="jp-mlemodernizer-stream">
      <div className="jp-mlemodernizer-stream-title">
        {!live
          ? trans.__('Model reply')
          : fixType
            ? trans.__(
                'The model is writing (%1)…',
                fixTypeLabel(trans, fixType).toLowerCase()
              )
            : trans.__('The model is writing…')}
      </div>
      <pre
        className="jp-mlemodernizer-plan jp-mlemodernizer-plan-streaming"
        aria-live="polite"
        aria-busy={live}
      >
        {text ||
          (live && (
            <span className="jp-mlemodernizer-muted">
              {trans.__('Waiting for its first words')}
            </span>
          ))}
        {live && <span className="jp-mlemodernizer-cursor" aria-hidden />}
      </pre>
    </div>
  );
}

interface IFixViewProps extends IIterationProps {
  fix: IFixState;
  stream: string;
  expanded: boolean;
}

function FixView(props: IFixViewProps): JSX.Element {
  const { fix, state, trans, actions } = props;
  const review = reviewOf(fix, isActive(state));
  // bring a review the job waits for into view, once
  const host = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (review.open) {
      const first = host.current?.querySelector('.jp-mlemodernizer-cell');
      first?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [review.open]);
  // a rules fix with its rules in sentences (older servers: the plan alone)
  const notes = fix.source === 'rule' ? (fix.rules ?? []) : [];
  const files = fix.changes.filter(change => change.path).length;
  const cells = fix.changes.length - files;
  const counts = [
    cells > 0 ? trans._n('%1 cell', '%1 cells', cells) : '',
    files > 0 ? trans._n('%1 file', '%1 files', files) : ''
  ]
    .filter(Boolean)
    .join(', ');
  const summary = (
    <>
      <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-fix">
        {fixTypeLabel(trans, fix.fixType)}
      </span>{' '}
      <span>
        {notes.length > 0
          ? trans.__('Rules')
          : sourceLabel(trans, fix.source, fix.model, fix.ruleIds)}
      </span>{' '}
      <span className="jp-mlemodernizer-muted">{counts}</span>
      {fix.rolledBack && (
        <>
          {' '}
          <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-rolled-back">
            {trans.__('Rolled back')}
          </span>
        </>
      )}
    </>
  );
  const body = (
    <>
      {fix.rolledBack && (
        <div className="jp-mlemodernizer-rolled-back" role="note">
          {trans.__(
            'Undone: %1. The notebook went back to the best state so far.',
            fix.rolledBack
          )}
        </div>
      )}
      {notes.length > 0 ? (
        <RuleList
          rules={notes}
          static={fix.issue === 'static'}
          trans={trans}
          openRuleDoc={actions.openRuleDoc}
        />
      ) : (
        fix.plan && <pre className="jp-mlemodernizer-plan">{fix.plan}</pre>
      )}
      {props.stream && fix.source === 'llm' && (
        <details className="jp-mlemodernizer-reply">
          <summary>{trans.__('Full model reply')}</summary>
          <pre className="jp-mlemodernizer-plan">{props.stream}</pre>
        </details>
      )}
      <FixReview
        review={review}
        actions={actions}
        trans={trans}
        language={props.language}
      />
    </>
  );
  return (
    <div
      ref={host}
      className="jp-mlemodernizer-fix"
      data-fix-id={fix.fixId}
      data-review-open={review.open}
    >
      {props.expanded || review.open ? (
        <>
          <div className="jp-mlemodernizer-fix-summary">{summary}</div>
          {body}
        </>
      ) : (
        <details>
          <summary className="jp-mlemodernizer-fix-summary">{summary}</summary>
          {body}
        </details>
      )}
    </div>
  );
}

function ExecutionView(props: {
  execution: IExecution;
  trans: TranslationBundle;
  showCell: (cellId: string, cellIndex: number) => void;
  band: IScoreBand | null;
  tolerance: number | null;
}): JSX.Element {
  const { execution, trans } = props;
  const run = runLabel(trans, execution.iteration, execution.kind);
  if (execution.running) {
    return (
      <div className="jp-mlemodernizer-execution jp-mlemodernizer-running">
        <div>
          {/* in the notebook's numbering, as "Cell 27 of 32" beside it: a count of
              code cells run next to it read as a contradiction */}
          {execution.totalCells && (execution.lastCell ?? null) !== null
            ? trans.__(
                'Running %1: up to cell %2 of %3, %4 with errors',
                run,
                (execution.lastCell ?? 0) + 1,
                execution.totalCells,
                execution.errorCells
              )
            : trans._n(
                'Running %2: %1 cell done, %3 with errors',
                'Running %2: %1 cells done, %3 with errors',
                execution.cellsDone,
                run,
                execution.errorCells
              )}
        </div>
        <StartView execution={execution} trans={trans} />
      </div>
    );
  }
  const problems: string[] = [];
  if (execution.timedOut) {
    problems.push(trans.__('timed out'));
  }
  if (execution.kernelDied) {
    problems.push(trans.__('kernel died'));
  }
  if (execution.cancelled) {
    problems.push(trans.__('cancelled'));
  }
  const ok = execution.errorFree && problems.length === 0;
  const first = execution.errors[0];
  return (
    <div
      className={`jp-mlemodernizer-execution ${
        ok ? 'jp-mlemodernizer-ok' : 'jp-mlemodernizer-bad'
      }`}
    >
      <div>
        {execution.kind !== 'baseline' && execution.kind !== 'iteration' && (
          <span className="jp-mlemodernizer-run-kind">
            {trans.__('%1:', capitalize(run))}{' '}
          </span>
        )}
        <span className="jp-mlemodernizer-execution-result">
          {ok
            ? trans.__('Ran without errors')
            : trans._n(
                '%1 cell with errors',
                '%1 cells with errors',
                execution.errorCells
              )}
        </span>
        {problems.length > 0 && ` (${problems.join(', ')})`}
        {' · '}
        {formatSeconds(execution.runtime)}
        {(execution.score !== null || props.band !== null) && (
          <>
            {' · '}
            <ScoreAgainstBand
              score={execution.score}
              band={props.band}
              tolerance={props.tolerance}
              trans={trans}
            />
          </>
        )}
      </div>
      <StartView execution={execution} trans={trans} />
      {execution.failingCells ? (
        <FailingCells
          cells={execution.failingCells}
          fixed={execution.fixedCells ?? []}
          baseline={execution.kind === 'baseline'}
          trans={trans}
          showCell={props.showCell}
        />
      ) : (
        first && (
          <div className="jp-mlemodernizer-error-line">
            {trans.__(
              'cell %1: %2: %3',
              first.cell_index + 1,
              first.ename,
              first.evalue
            )}
          </div>
        )
      )}
      {(execution.notices ?? []).map((notice, i) => (
        <NoticeView key={i} notice={notice} trans={trans} />
      ))}
    </div>
  );
}

/**
 * The failing cells of a run, as JupyterLab numbers them, each a link to the
 * cell, marked new when the baseline ran it clean; then the cells fixed since.
 */
function FailingCells(props: {
  cells: IFailingCell[];
  fixed: number[];
  baseline: boolean;
  trans: TranslationBundle;
  showCell: (cellId: string, cellIndex: number) => void;
}): JSX.Element {
  const { cells, fixed, baseline, trans } = props;
  return (
    <>
      {cells.length > 0 && (
        <ul
          className="jp-mlemodernizer-failing"
          aria-label={trans.__('Failing cells')}
        >
          {cells.map(cell => (
            <li key={cell.cell_id || cell.cell_index}>
              <button
                type="button"
                className="jp-mlemodernizer-cell-link"
                title={trans.__(
                  'Show cell %1 in the notebook',
                  cell.cell_index + 1
                )}
                onClick={() => props.showCell(cell.cell_id, cell.cell_index)}
              >
                {trans.__('cell %1', cell.cell_index + 1)}
              </button>
              {cell.new && !baseline && (
                <span className="jp-mlemodernizer-tag jp-mlemodernizer-tag-new">
                  {trans.__('new')}
                </span>
              )}{' '}
              <span className="jp-mlemodernizer-error-line">{cell.error}</span>
            </li>
          ))}
        </ul>
      )}
      {fixed.length > 0 && (
        <div className="jp-mlemodernizer-fixed">
          {trans._n(
            'Fixed since the baseline: cell %2',
            'Fixed since the baseline: cells %2',
            fixed.length,
            cellNumbers(fixed)
          )}
        </div>
      )}
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
