/**
 * The report of a finished job, in the main area: outcome, baseline against
 * final, every iteration with its plan, LLM usage; and the JSON to download.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget } from '@jupyterlab/ui-components';
import * as React from 'react';

import { IReport } from '../events';
import { cellNumbers } from '../model/cells';
import { formatScore, formatSeconds } from '../model/selectors';
import { fixTypeLabel, issueLabel, stopReasonLabel } from './labels';
import { NoticeView } from './notice';
import { OutcomeBadge, basename } from './verdict';

export class ReportWidget extends ReactWidget {
  constructor(
    readonly jobId: string,
    private _path: string,
    private _report: IReport,
    private _trans: TranslationBundle
  ) {
    super();
    this.addClass('jp-mlemodernizer-report');
  }

  protected render(): JSX.Element {
    return (
      <ReportView path={this._path} report={this._report} trans={this._trans} />
    );
  }
}

export function ReportView(props: {
  path: string;
  report: IReport;
  trans: TranslationBundle;
}): JSX.Element {
  const { path, report, trans } = props;
  const download = () => {
    const blob = new Blob([JSON.stringify(report, null, 2)], {
      type: 'application/json'
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = basename(path).replace(/\.ipynb$/, '') + '.report.json';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <article className="jp-mlemodernizer-report-body">
      <h1>{trans.__('Modernization report: %1', basename(path))}</h1>
      <p>
        <OutcomeBadge
          outcome={report.outcome}
          trans={trans}
          nothing={!!report.nothing_to_modernize}
          basis={report.reproducibility_basis}
        />{' '}
        <span title={trans.__('stop_reason: %1', report.stop_reason)}>
          {trans.__(
            'stopped: %1',
            stopReasonLabel(
              trans,
              report.stop_reason,
              report.reproducibility_basis
            )
          )}
        </span>
      </p>
      <table className="jp-mlemodernizer-compare">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{trans.__('Baseline')}</th>
            <th scope="col">{trans.__('Final')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{trans.__('Cells with errors')}</th>
            <td>{report.baseline.error_cells}</td>
            <td>{report.final.error_cells}</td>
          </tr>
          <tr>
            <th scope="row">{trans.__('First error')}</th>
            <td>{report.baseline.first_error ?? '–'}</td>
            <td>{report.final.first_error ?? '–'}</td>
          </tr>
          <tr>
            <th scope="row">{trans.__('Runtime')}</th>
            <td>{formatSeconds(report.baseline.runtime_s)}</td>
            <td>{formatSeconds(report.final.runtime_s)}</td>
          </tr>
          <tr>
            <th scope="row">{trans.__('Score')}</th>
            <td>{formatScore(report.baseline.score)}</td>
            <td>{formatScore(report.final.score)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        {report.target_score !== null
          ? trans.__(
              'Target score %1 ± %2% (%3).',
              formatScore(report.target_score),
              Math.round(report.tolerance * 100),
              report.score_source ?? ''
            )
          : trans.__('No score source: judged on errors alone.')}{' '}
        {trans.__(
          'Execution time in total: %1.',
          formatSeconds(report.execution_seconds_total)
        )}
      </p>
      <h2>{trans.__('Iterations')}</h2>
      {report.iterations.length === 0 ? (
        <p>{trans.__('None: no fix was applied.')}</p>
      ) : (
        <table className="jp-mlemodernizer-iterations">
          <thead>
            <tr>
              <th scope="col">{trans.__('Iteration')}</th>
              <th scope="col">{trans.__('Issue')}</th>
              <th scope="col">{trans.__('Fix')}</th>
              <th scope="col">{trans.__('Source')}</th>
              <th scope="col">{trans.__('Cells changed')}</th>
              <th scope="col">{trans.__('Rejected')}</th>
              <th scope="col">{trans.__('Errors')}</th>
              <th scope="col">{trans.__('Runtime')}</th>
              <th scope="col">{trans.__('Score')}</th>
              <th scope="col">{trans.__('Tokens')}</th>
            </tr>
          </thead>
          <tbody>
            {report.iterations.map(it => (
              <tr key={it.index}>
                <td>{it.index}</td>
                <td>{issueLabel(trans, it.issue)}</td>
                <td>{fixTypeLabel(trans, it.fix_type)}</td>
                <td>
                  {it.source === 'rule'
                    ? it.rule_ids.join(', ') || trans.__('rules')
                    : it.source === 'environment'
                      ? trans.__('installed libraries')
                      : (it.model ?? trans.__('LLM'))}
                </td>
                <td>{cellNumbers(it.cells_changed) || '–'}</td>
                <td>{cellNumbers(it.cells_rejected) || '–'}</td>
                <td>{it.error_cells ?? '–'}</td>
                <td>{formatSeconds(it.runtime_s)}</td>
                <td>{formatScore(it.score)}</td>
                <td>{it.tokens}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.iterations.map(it =>
        it.plan ? (
          <section key={it.index}>
            <h3>{trans.__('Plan of iteration %1', it.index)}</h3>
            <pre className="jp-mlemodernizer-plan">{it.plan}</pre>
          </section>
        ) : null
      )}
      <h2>{trans.__('LLM usage')}</h2>
      <p>
        {trans.__(
          '%1 requests, %2 prompt tokens, %3 completion tokens, $%4.',
          report.llm.requests,
          report.llm.prompt_tokens,
          report.llm.completion_tokens,
          report.llm.cost_usd.toFixed(4)
        )}
      </p>
      {report.notices.length > 0 && (
        <>
          <h2>{trans.__('Notices')}</h2>
          {report.notices.map((notice, i) => (
            <NoticeView key={i} notice={notice} trans={trans} />
          ))}
        </>
      )}
      <button
        type="button"
        className="jp-mod-styled jp-mlemodernizer-button"
        onClick={download}
      >
        {trans.__('Download the report (JSON)')}
      </button>
    </article>
  );
}
