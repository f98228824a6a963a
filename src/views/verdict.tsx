/**
 * The final verdict: the outcome badge, baseline against final, and the way
 * to the modernized notebook and the report.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { ICellFidelity, IFidelity, IReport, IRunSummary } from '../events';
import {
  formatScore,
  formatSeconds,
  formatShare,
  inBand
} from '../model/selectors';
import { IJobState } from '../model/state';
import {
  Basis,
  outcomeLabel,
  outcomeTitle,
  outcomeTone,
  stopReasonLabel
} from './labels';
import { figuresChanged, movedValue } from './drift';
import { NoticeView } from './notice';

export interface IVerdictActions {
  openOutput(): void;
  openReport(): void;
  /** Install the packages the environment lacks (pip, the user's consent) and run again. */
  installMissing?(packages: string[]): void;
  /** Activate and scroll to a cell of the notebook (its id, 0-based index). */
  showCell?(cellId: string, cellIndex: number): void;
}

/** The distributions the final run's blocked cells need, once each. */
export function missingPackages(report: IReport): string[] {
  const names = (report.cells ?? [])
    .filter(cell => cell.kind === 'environment' && cell.package)
    .map(cell => cell.package as string);
  return Array.from(new Set(names));
}

export function OutcomeBadge(props: {
  outcome: string | null | undefined;
  trans: TranslationBundle;
  /** The notebook needed no change: a neutral answer, not a success. */
  nothing?: boolean;
  /** What "reproducible" was judged on (the words depend on it). */
  basis?: Basis;
}): JSX.Element {
  if (props.nothing) {
    return (
      <span
        className="jp-mlemodernizer-badge jp-mlemodernizer-badge-neutral"
        data-outcome="nothing_to_modernize"
      >
        {props.trans.__('Nothing to modernize')}
      </span>
    );
  }
  return (
    <span
      className={`jp-mlemodernizer-badge jp-mlemodernizer-badge-${outcomeTone(
        props.outcome
      )}`}
      data-outcome={props.outcome ?? ''}
      title={outcomeTitle(props.trans, props.outcome, props.basis)}
    >
      {outcomeLabel(props.trans, props.outcome)}
    </span>
  );
}

export function VerdictView(props: {
  state: IJobState;
  actions: IVerdictActions;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { state, actions, trans } = props;
  const report = state.report;
  // when the verdict comes in, show it (the review may have scrolled away)
  const host = React.useRef<HTMLElement>(null);
  const arrived = report !== null;
  const seen = React.useRef(arrived);
  React.useEffect(() => {
    if (arrived && !seen.current) {
      host.current?.scrollIntoView?.({ block: 'nearest' });
    }
    seen.current = arrived;
  }, [arrived]);
  if (!report && !state.verdict) {
    return null;
  }
  const outcome = report?.outcome ?? state.verdict?.outcome;
  const nothing =
    report?.nothing_to_modernize ?? state.verdict?.nothing_to_modernize;
  return (
    <section
      ref={host}
      className="jp-mlemodernizer-verdict"
      aria-label={trans.__('Verdict')}
    >
      <div className="jp-mlemodernizer-verdict-head">
        <OutcomeBadge
          outcome={outcome}
          trans={trans}
          nothing={!!nothing}
          basis={report?.reproducibility_basis ?? state.verdict?.basis}
        />
        {report && !nothing && (
          <span
            className="jp-mlemodernizer-muted jp-mlemodernizer-stop-reason"
            title={trans.__('stop_reason: %1', report.stop_reason)}
          >
            {trans.__(
              'Stopped: %1',
              stopReasonLabel(
                trans,
                report.stop_reason,
                report.reproducibility_basis
              )
            )}
          </span>
        )}
      </div>
      {nothing && (
        <p className="jp-mlemodernizer-nothing">
          {report && !report.output
            ? trans.__(
                '%1. No change was needed, so no modernized copy was written.',
                sentence(nothing)
              )
            : trans.__('%1. No change was needed.', sentence(nothing))}
        </p>
      )}
      {report && !nothing && <Comparison report={report} trans={trans} />}
      {report && !nothing && <Basis report={report} trans={trans} />}
      {report && !nothing && report.fidelity && (
        <FidelityView
          fidelity={report.fidelity}
          trans={trans}
          showCell={actions.showCell}
        />
      )}
      {report && report.error_summary && (
        <div className="jp-mlemodernizer-error-summary">
          <div title={causesTitle(report, trans)}>{report.error_summary}</div>
          <ul aria-label={trans.__('Cells still failing')}>
            {(report.cells ?? [])
              .filter(cell => cell.state !== 'fixable')
              .map(cell => (
                <li key={cell.cell_id || cell.cell_index}>
                  {trans.__('cell %1: %2', cell.cell_index + 1, cell.reason)}
                </li>
              ))}
          </ul>
          {actions.installMissing && missingPackages(report).length > 0 && (
            <button
              type="button"
              className="jp-mod-styled jp-mlemodernizer-button jp-mlemodernizer-install"
              title={trans.__(
                "pip install into the kernel's own environment, then modernize again"
              )}
              onClick={() => actions.installMissing?.(missingPackages(report))}
            >
              {trans.__(
                'Install %1 and run again',
                missingPackages(report).join(', ')
              )}
            </button>
          )}
        </div>
      )}
      {report && (report.modules ?? []).some(m => m.written) && (
        <ul
          className="jp-mlemodernizer-modules"
          aria-label={trans.__('Files changed')}
        >
          {(report.modules ?? [])
            .filter(m => m.written)
            .map(m => (
              <li key={m.path}>
                {trans.__(
                  'Changed %1 (the original is kept as %2)',
                  m.path,
                  m.backup ?? ''
                )}
              </li>
            ))}
        </ul>
      )}
      {report && report.notices.length > 0 && (
        <div className="jp-mlemodernizer-notices">
          {report.notices.map((notice, i) => (
            <NoticeView key={i} notice={notice} trans={trans} />
          ))}
        </div>
      )}
      {report && (
        <div className="jp-mlemodernizer-links">
          {state.output && (
            <button
              type="button"
              className="jp-mlemodernizer-link"
              onClick={() => actions.openOutput()}
            >
              {trans.__('Open %1', basename(state.output))}
            </button>
          )}
          <button
            type="button"
            className="jp-mlemodernizer-link"
            onClick={() => actions.openReport()}
          >
            {trans.__('Open the report')}
          </button>
        </div>
      )}
    </section>
  );
}

function Comparison(props: {
  report: IReport;
  trans: TranslationBundle;
}): JSX.Element {
  const { report, trans } = props;
  const band =
    report.target_score === null
      ? null
      : {
          target: report.target_score,
          low:
            report.target_score -
            report.tolerance * Math.abs(report.target_score),
          high:
            report.target_score +
            report.tolerance * Math.abs(report.target_score)
        };
  const row = (label: string, get: (run: IRunSummary) => string) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{get(report.baseline)}</td>
      <td>{get(report.final)}</td>
    </tr>
  );
  return (
    <table className="jp-mlemodernizer-compare">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{trans.__('Baseline')}</th>
          <th scope="col">{trans.__('Final')}</th>
        </tr>
      </thead>
      <tbody>
        {row(trans.__('Cells with errors'), run =>
          String(run.error_cells ?? '–')
        )}
        {row(trans.__('Runtime'), run => formatSeconds(run.runtime_s))}
        {row(trans.__('Score'), run =>
          band === null || run.score === null
            ? formatScore(run.score)
            : inBand(run.score, band)
              ? trans.__('%1 (within)', formatScore(run.score))
              : trans.__('%1 (outside)', formatScore(run.score))
        )}
        {band !== null && (
          <tr>
            <th scope="row">{trans.__('Target')}</th>
            <td colSpan={2}>
              {trans.__(
                '%1 ± %2% (%3–%4)',
                formatScore(band.target),
                Math.round(report.tolerance * 100),
                formatScore(band.low),
                formatScore(band.high)
              )}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * The second judge: the author's stored outputs against today's, with the
 * cells that drifted (old value -> new) and the random ones counted apart.
 */
export function FidelityView(props: {
  fidelity: IFidelity;
  trans: TranslationBundle;
  showCell?: (cellId: string, cellIndex: number) => void;
}): JSX.Element {
  const { fidelity, trans, showCell } = props;
  const drifted = fidelity.cells.filter(
    c => c.status === 'drifted' || c.status === 'lost_output'
  );
  // within the judge's band, yet not the digits the author printed: said, not judged
  const changed = fidelity.cells.filter(
    c =>
      drifted.includes(c) ||
      (c.status === 'same' && (c.moved_in_print ?? []).length > 0)
  );
  const random = fidelity.cells.filter(c => c.status === 'random');
  const machine = fidelity.cells.filter(c => c.status === 'machine');
  const cellLink = (cell: ICellFidelity) =>
    showCell ? (
      <button
        type="button"
        className="jp-mlemodernizer-link"
        onClick={() => showCell(cell.cell_id, cell.cell_index)}
      >
        {trans.__('cell %1', cell.cell_index + 1)}
      </button>
    ) : (
      trans.__('cell %1', cell.cell_index + 1)
    );
  return (
    <details
      className="jp-mlemodernizer-fidelity"
      open={drifted.length > 0}
      aria-label={trans.__("The author's outputs")}
    >
      <summary>
        <span className="jp-mlemodernizer-fidelity-share">
          {fidelity.total > 0
            ? trans.__(
                "Author's numbers found again: %1",
                formatShare(fidelity.share)
              )
            : trans.__("The author's outputs")}
        </span>{' '}
        <span className="jp-mlemodernizer-muted">{fidelity.summary}</span>
      </summary>
      {changed.length > 0 && (
        <ul aria-label={trans.__('Cells whose output changed')}>
          {changed.map(cell => (
            <li key={cell.cell_id || cell.cell_index} data-status={cell.status}>
              {cellLink(cell)}: {driftWords(cell, trans)}
            </li>
          ))}
        </ul>
      )}
      {random.length > 0 && (
        <p className="jp-mlemodernizer-muted">
          {trans.__(
            'Random, counted apart: %1',
            random
              .map(c =>
                trans.__('cell %1 (%2)', c.cell_index + 1, c.random_why)
              )
              .join('; ')
          )}
        </p>
      )}
      {machine.length > 0 && (
        <p className="jp-mlemodernizer-muted">
          {trans.__(
            "The machine's versions and dates, counted apart: %1",
            machine.map(c => trans.__('cell %1', c.cell_index + 1)).join(', ')
          )}
        </p>
      )}
    </details>
  );
}

function driftWords(cell: ICellFidelity, trans: TranslationBundle): string {
  if (cell.status === 'lost_output') {
    return trans.__('the output the author saw is gone');
  }
  const parts: string[] = [];
  if (cell.numbers_total > 0) {
    parts.push(
      trans.__('%1 of %2 numbers found', cell.numbers_found, cell.numbers_total)
    );
  }
  const values = cell.drift.map(d => movedValue(d, trans)).join(', ');
  if (values) {
    parts.push(values);
  }
  const printed = (cell.moved_in_print ?? [])
    .map(d => `${d.old} → ${d.new}`)
    .join(', ');
  if (printed) {
    parts.push(trans.__('within the band: %1', printed));
  }
  if (cell.words_lost.length > 0) {
    parts.push(trans.__('words gone: %1', cell.words_lost.join(', ')));
  }
  const figures = figuresChanged(cell, trans);
  if (figures) {
    parts.push(figures);
  }
  return parts.join('; ');
}

function Basis(props: {
  report: IReport;
  trans: TranslationBundle;
}): JSX.Element {
  const { report, trans } = props;
  let text: string;
  switch (report.reproducibility_basis) {
    case 't-test':
      text = trans.__(
        'Reproducibility by a t-test of %1 reruns against the target (p = %2).',
        report.rerun_scores.length,
        report.p_value === null ? '–' : report.p_value.toPrecision(3)
      );
      break;
    case 'score':
      text = trans.__(
        'Reproducibility by the final score against the target band (%1).',
        report.score_source ?? ''
      );
      break;
    default:
      // with the author's numbers judged below, the verdict does not rest on errors alone
      text = report.reproduced_words
        ? trans.__('No score source to compare.')
        : trans.__(
            'No score source: reproducibility is judged on errors alone.'
          );
  }
  return (
    <>
      <p className="jp-mlemodernizer-muted">{text}</p>
      {report.reproduced_words && (
        <p
          className="jp-mlemodernizer-reproduced-by"
          data-by={report.reproduced_by ?? ''}
        >
          {sentence(report.reproduced_words)}.
        </p>
      )}
    </>
  );
}

/**
 * Each failing cell's cause in the report's terms (behaviour change, no
 * rule, ...), for the tooltip of the plain summary.
 */
function causesTitle(report: IReport, trans: TranslationBundle): string {
  return (report.cells ?? [])
    .map(cell =>
      trans.__(
        'cell %1: %2',
        cell.cell_index + 1,
        cell.cause || cell.state.replace('_', '-')
      )
    )
    .join('\n');
}

/**
 * The server's reason ("it runs without errors today") as a sentence.
 */
function sentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

export function basename(path: string): string {
  const parts = path.split('/');
  return parts[parts.length - 1];
}
