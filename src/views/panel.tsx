/**
 * The right-side panel: the job of the active notebook, live.
 */
import { Extension } from '@codemirror/state';
import { PathExt } from '@jupyterlab/coreutils';
import { TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget, UseSignal } from '@jupyterlab/ui-components';
import * as React from 'react';

import { Decision } from '../api';
import { netAcceptedChanges, unappliedChanges } from '../model/diff';
import { JobModel } from '../model/job';
import { ModernizerManager } from '../model/manager';
import {
  chartPoints,
  elapsedSeconds,
  formatDuration,
  formatScore,
  reviewSeconds,
  scoreBand
} from '../model/selectors';
import { IJobState, isActive } from '../model/state';
import { scoreChoiceProblem } from '../model/score';
import { ScoreChart } from './chart';
import { HealthView } from './health';
import { jobStatusWord, statusText } from './labels';
import { ChangeNavigator } from './navigator';
import { RunningCellView } from './progress';
import { ScoreSourceView } from './score';
import { Timeline } from './timeline';
import { VerdictView, basename } from './verdict';

/**
 * What the panel asks the application to do.
 */
export interface IPanelActions {
  /** Start a job for the followed notebook. */
  modernize(): void;
  cancel(job: JobModel): void;
  decide(
    job: JobModel,
    fixId: string,
    decision: Decision,
    cellId?: string
  ): void;
  showCell(path: string, cellId: string, cellIndex: number): void;
  /** Scroll the notebook, when it is open, to a cell; the focus stays. */
  followCell(path: string, cellId: string, cellIndex: number): void;
  openOutput(job: JobModel): void;
  openReport(job: JobModel): void;
  /** Ask, then start the job again with --install-missing for these packages. */
  installMissing(job: JobModel, packages: string[]): void;
  applyAccepted(job: JobModel): void;
  undoApply(job: JobModel): void;
  openSettings(): void;
  /** Open a file (relative to the server root) in JupyterLab. */
  openPath(path: string): void;
  /** Open a rule's documentation in the main area. */
  openRuleDoc(id: string): void;
  /** Whether the notebook at `path` is open. */
  isOpen(path: string): boolean;
}

export interface IModernizerPanelOptions {
  manager: ModernizerManager;
  actions: IPanelActions;
  trans: TranslationBundle;
  /** Python highlighting for the diffs, once loaded. */
  language: Promise<Extension | null>;
}

/**
 * The content of the modernizer sidebar (see `sidebar.ts`).
 */
export class ModernizerPanel extends ReactWidget {
  constructor(options: IModernizerPanelOptions) {
    super();
    this._options = options;
    this.addClass('jp-mlemodernizer-content');
  }

  protected render(): JSX.Element {
    const { manager } = this._options;
    return (
      <UseSignal signal={manager.changed}>
        {() => <PanelBody {...this._options} />}
      </UseSignal>
    );
  }

  private _options: IModernizerPanelOptions;
}

function PanelBody(props: IModernizerPanelOptions): JSX.Element {
  const { manager, actions, trans } = props;
  const path = manager.path;
  const job = manager.current;
  const jobs = path ? manager.jobsFor(path) : [];
  const running = job !== null && isActive(job.state);
  // the modernized copy is open: the job shown is the original's, which wrote it
  const original =
    job !== null && path !== null && job.state.path !== path
      ? job.state.path
      : null;
  return (
    <div className="jp-mlemodernizer-body">
      <header className="jp-mlemodernizer-header">
        <h2 className="jp-mlemodernizer-title">
          {trans.__('Notebook modernizer')}
        </h2>
        {path && (
          <div className="jp-mlemodernizer-notebook" title={path}>
            {basename(path)}
          </div>
        )}
        {original !== null && (
          <p className="jp-mlemodernizer-copy-of">
            {trans.__('The modernized copy of')}{' '}
            <button
              type="button"
              className="jp-mlemodernizer-link"
              title={trans.__('Open %1', original)}
              onClick={() => actions.openPath(original)}
            >
              {basename(original)}
            </button>
            {trans.__(
              '. The job below is that notebook’s: it wrote this copy, and applies to that notebook.'
            )}
          </p>
        )}
      </header>
      <HealthView
        health={manager.health}
        error={manager.healthError}
        settings={manager.settings}
        trans={trans}
        onRefresh={() => void manager.refreshHealth()}
        onOpenSettings={() => actions.openSettings()}
        onOffline={offline => void manager.setOffline(offline)}
      />
      {path === null ? (
        <p className="jp-mlemodernizer-muted">
          {trans.__(
            'Open a notebook to modernize it: its job shows here, live.'
          )}
        </p>
      ) : (
        <>
          <div className="jp-mlemodernizer-toolbar">
            <button
              type="button"
              className="jp-mod-styled jp-mod-accept jp-mlemodernizer-button"
              disabled={
                running ||
                scoreChoiceProblem(manager.scoreChoice(path)) !== null
              }
              title={
                running
                  ? trans.__('A job for this notebook is running')
                  : undefined
              }
              onClick={() => actions.modernize()}
            >
              {original !== null
                ? trans.__('Modernize this copy')
                : job === null || running
                  ? trans.__('Modernize')
                  : trans.__('Modernize again')}
            </button>
            {jobs.length > 1 && job && (
              <label className="jp-mlemodernizer-history">
                <span>{trans.__('Job')}</span>
                <select
                  className="jp-mod-styled"
                  value={job.jobId}
                  onChange={event => manager.selectJob(event.target.value)}
                >
                  {jobs.map((summary, i) => (
                    <option key={summary.id} value={summary.id}>
                      {trans.__(
                        '#%1 · %2 · %3',
                        jobs.length - i,
                        new Date(summary.created * 1000).toLocaleTimeString(
                          [],
                          { hour: '2-digit', minute: '2-digit' }
                        ),
                        jobStatusWord(trans, manager.statusOf(summary))
                      )}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {!running && (
            <ScoreSourceView
              choice={manager.scoreChoice(path)}
              detected={manager.detectedScore(path)}
              tolerance={manager.settings.tolerance}
              trans={trans}
              onChange={choice => manager.setScoreChoice(path, choice)}
              onRedetect={() => manager.redetectScore(path)}
            />
          )}
          {job === null ? (
            <p className="jp-mlemodernizer-muted">
              {trans.__(
                'Not modernized yet. Modernize runs the notebook, finds what broke, proposes fixes cell by cell for your review, and writes a modernized copy beside it.'
              )}
            </p>
          ) : (
            <JobView key={job.jobId} job={job} {...props} path={path} />
          )}
        </>
      )}
    </div>
  );
}

interface IJobViewProps extends IModernizerPanelOptions {
  job: JobModel;
  path: string;
}

function JobView(props: IJobViewProps): JSX.Element {
  const { job, actions, trans } = props;
  // Re-render on every change of the job (its state, its connection, the
  // edits applied from it).
  const [, setVersion] = React.useState(0);
  React.useEffect(() => {
    const update = () => setVersion(version => version + 1);
    job.stateChanged.connect(update);
    return () => {
      job.stateChanged.disconnect(update);
    };
  }, [job]);
  const state = job.state;
  const active = isActive(state);
  const section = React.useRef<HTMLElement>(null);
  // one run is nothing to compare: the chart starts with the second
  const points = chartPoints(state);
  const reviewActions = {
    decide: (fixId: string, decision: Decision, cellId?: string) =>
      actions.decide(job, fixId, decision, cellId),
    showCell: (cellId: string, cellIndex: number) =>
      actions.showCell(state.path, cellId, cellIndex),
    openFile: (file: string) =>
      actions.openPath(PathExt.join(PathExt.dirname(state.path), file)),
    openRuleDoc: (id: string) => actions.openRuleDoc(id)
  };
  const changes = state.fixOrder.reduce(
    (n, id) => n + (state.fixes[id]?.changes.length ?? 0),
    0
  );
  const pending = state.fixOrder.reduce(
    (n, id) =>
      n +
      (state.fixes[id]?.changes.filter(
        c =>
          c.outcome === null &&
          c.sent === null &&
          state.fixes[id].reviewRequested &&
          !state.fixes[id].applied
      ).length ?? 0),
    0
  );
  return (
    <section
      ref={section}
      className="jp-mlemodernizer-job"
      data-job-id={state.jobId}
      data-status={state.status}
      aria-label={trans.__('Modernization job')}
    >
      {/* the status, its timer and Previous/Next stay in view while the
          changes below scroll (a Next used to scroll them away) */}
      <div className="jp-mlemodernizer-job-sticky">
        <div className="jp-mlemodernizer-status">
          <span
            className={`jp-mlemodernizer-dot jp-mlemodernizer-dot-${state.status}`}
            aria-hidden
          />
          <span className="jp-mlemodernizer-status-text" role="status">
            {statusText(trans, state, job.connection)}
          </span>
          <Elapsed job={job} state={state} trans={trans} />
        </div>
        <ChangeNavigator
          host={section}
          changes={changes}
          pending={active ? pending : 0}
          followCell={(cellId, cellIndex) =>
            actions.followCell(state.path, cellId, cellIndex)
          }
          trans={trans}
        />
      </div>
      <RunningCellView
        state={state}
        serverNow={() => job.serverNow()}
        trans={trans}
        showCell={reviewActions.showCell}
      />
      <Counters state={state} trans={trans} />
      {state.scoreSource && (
        <div className="jp-mlemodernizer-job-score">
          {state.targetScore !== null
            ? trans.__(
                'Score: %1, target %2 ± %3%',
                state.scoreSource,
                formatScore(state.targetScore),
                Math.round((state.tolerance ?? 0) * 100)
              )
            : trans.__('Score: %1, no target found', state.scoreSource)}
        </div>
      )}
      {active && (
        <button
          type="button"
          className="jp-mod-styled jp-mod-warn jp-mlemodernizer-button jp-mlemodernizer-cancel"
          disabled={state.cancelRequested}
          onClick={() => actions.cancel(job)}
        >
          {trans.__('Cancel')}
        </button>
      )}
      {state.error && (
        <div className="jp-mlemodernizer-error" role="alert">
          {state.error}
        </div>
      )}
      <VerdictView
        state={state}
        trans={trans}
        actions={{
          openOutput: () => actions.openOutput(job),
          openReport: () => actions.openReport(job),
          installMissing: packages => actions.installMissing(job, packages),
          showCell: (cellId, cellIndex) =>
            actions.showCell(state.path, cellId, cellIndex)
        }}
      />
      <ApplyBar {...props} state={state} />
      <ScoreChart points={points} band={scoreBand(state)} trans={trans} />
      <Timeline
        state={state}
        actions={reviewActions}
        trans={trans}
        language={props.language}
      />
    </section>
  );
}

function Elapsed(props: {
  job: JobModel;
  state: IJobState;
  trans: TranslationBundle;
}): JSX.Element {
  const { job, state, trans } = props;
  const active = isActive(state);
  const [, tick] = React.useState(0);
  React.useEffect(() => {
    if (!active) {
      return;
    }
    const timer = setInterval(() => tick(n => n + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
  const now = job.serverNow();
  const seconds = elapsedSeconds(state, now);
  const waited = reviewSeconds(state, now);
  // the job's own time: the time it waited for your review is left out
  const title =
    waited >= 1
      ? trans.__(
          'Working time %1 (not counting %2 waiting for your review)',
          formatDuration(seconds),
          formatDuration(waited)
        )
      : trans.__('Working time %1', formatDuration(seconds));
  // while it waits for you the clock that moves is the wait's, said as such
  const since = active ? (state.reviewSince ?? null) : null;
  const waiting = since === null ? null : Math.max(0, now - since);
  return (
    <span className="jp-mlemodernizer-elapsed" title={title} aria-label={title}>
      {waiting === null
        ? formatDuration(seconds)
        : trans.__(
            'worked %1 · waiting %2',
            formatDuration(seconds),
            formatDuration(waiting)
          )}
    </span>
  );
}

function Counters(props: {
  state: IJobState;
  trans: TranslationBundle;
}): JSX.Element {
  const { state, trans } = props;
  const t = state.tokens;
  return (
    <div
      className="jp-mlemodernizer-counters"
      aria-label={trans.__('LLM usage')}
    >
      <span>{trans._n('%1 request', '%1 requests', t.requests)}</span>
      <span>
        {trans.__(
          '%1 tokens in, %2 out',
          t.prompt_tokens.toLocaleString(),
          t.completion_tokens.toLocaleString()
        )}
      </span>
      <span>${t.cost_usd.toFixed(t.cost_usd < 1 ? 4 : 2)}</span>
    </div>
  );
}

function ApplyBar(
  props: IJobViewProps & { state: IJobState }
): JSX.Element | null {
  const { job, state, actions, trans } = props;
  const changes = netAcceptedChanges(state);
  const applied = job.appliedEdits.length > 0;
  if (changes.length === 0 && !applied) {
    return null;
  }
  const open = actions.isOpen(state.path);
  const name = basename(state.path);
  // once applied, Apply has nothing left to do until another change is accepted
  const left = unappliedChanges(changes, job.appliedEdits);
  return (
    <div className="jp-mlemodernizer-apply">
      {applied && (
        <p className="jp-mlemodernizer-applied" role="status">
          {trans._n(
            'Applied %1 cell change to %2.',
            'Applied %1 cell changes to %2.',
            job.appliedEdits.length,
            name
          )}
        </p>
      )}
      <p>
        {trans._n(
          '%1 accepted cell change is in the modernized copy.',
          '%1 accepted cell changes are in the modernized copy.',
          changes.length
        )}{' '}
        {open
          ? trans._n(
              'You can also apply it to %2, the notebook it was proposed for.',
              'You can also apply them to %2, the notebook they were proposed for.',
              changes.length,
              name
            )
          : trans._n(
              'Open %2 to apply it there.',
              'Open %2 to apply them there.',
              changes.length,
              name
            )}
      </p>
      <div className="jp-mlemodernizer-apply-actions">
        <button
          type="button"
          className="jp-mod-styled jp-mlemodernizer-button"
          disabled={!open || left.length === 0}
          title={
            changes.length > 0 && left.length === 0
              ? trans.__('Every accepted change is in %1', state.path)
              : trans.__('Write the accepted changes into %1', state.path)
          }
          onClick={() => actions.applyAccepted(job)}
        >
          {trans.__('Apply to %1', name)}
        </button>
        {applied && (
          <button
            type="button"
            className="jp-mod-styled jp-mlemodernizer-button"
            disabled={!open}
            onClick={() => actions.undoApply(job)}
          >
            {trans.__('Undo apply')}
          </button>
        )}
      </div>
    </div>
  );
}
