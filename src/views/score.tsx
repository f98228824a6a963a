/**
 * The score a job reproduces: chosen before it starts (detected from what
 * the notebook printed, a regex and target, or none), then shown against its
 * target and band in the timeline and the verdict.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { DetectAnswer, IScoreChoice, scoreChoiceProblem } from '../model/score';
import { IScoreBand, formatScore, inBand } from '../model/selectors';

export interface IScoreSourceProps {
  choice: IScoreChoice;
  /** What `detect` finds (null: still asking). */
  detected: DetectAnswer | null;
  /** The relative band, from the settings. */
  tolerance: number;
  trans: TranslationBundle;
  onChange(choice: IScoreChoice): void;
  onRedetect(): void;
}

/**
 * The choice of score source before a job starts, folded into one line.
 */
export function ScoreSourceView(props: IScoreSourceProps): JSX.Element {
  const { choice, detected, trans } = props;
  const band = Math.round(props.tolerance * 100);
  const problem = scoreChoiceProblem(choice);
  const set = (change: Partial<IScoreChoice>) =>
    props.onChange({ ...choice, ...change });
  let summary: string;
  if (choice.mode === 'none') {
    summary = trans.__('Score: none (judged on errors alone)');
  } else if (choice.mode === 'regex') {
    summary = choice.target.trim()
      ? trans.__('Score: your regex, target %1 ± %2%', choice.target, band)
      : trans.__('Score: your regex, target from the outputs, ± %1%', band);
  } else if (detected === null) {
    summary = trans.__('Score: looking for a printed metric…');
  } else if (detected.found) {
    summary = trans.__(
      'Score: %1 %2 (cell %3), ± %4%',
      detected.metric,
      formatScore(detected.value),
      detected.cell_index + 1,
      band
    );
  } else {
    summary = trans.__('Score: none printed (judged on errors alone)');
  }
  return (
    <details
      className="jp-mlemodernizer-score-source"
      data-mode={choice.mode}
      open={problem !== null}
    >
      <summary>{summary}</summary>
      <fieldset>
        <legend>{trans.__('Score to reproduce')}</legend>
        <label>
          <input
            type="radio"
            name="jp-mlemodernizer-score-mode"
            checked={choice.mode === 'detect'}
            onChange={() => set({ mode: 'detect' })}
          />
          {trans.__('Detect it from the stored outputs')}
        </label>
        {choice.mode === 'detect' && (
          <div className="jp-mlemodernizer-score-detected">
            {detected === null ? (
              trans.__('Looking…')
            ) : detected.found ? (
              <>
                <div>
                  {trans.__(
                    'Found %1 = %2, printed by cell %3 (%4 is better):',
                    detected.metric,
                    formatScore(detected.value),
                    detected.cell_index + 1,
                    detected.higher_is_better
                      ? trans.__('higher')
                      : trans.__('lower')
                  )}
                </div>
                <code>{detected.line}</code>
                <button
                  type="button"
                  className="jp-mlemodernizer-link"
                  onClick={() =>
                    set({
                      mode: 'regex',
                      regex: detected.regex,
                      target: String(detected.value)
                    })
                  }
                >
                  {trans.__('Edit as a regex')}
                </button>
              </>
            ) : (
              trans.__(
                'The stored outputs print no metric (accuracy, score, auc, rmse, …): the job will judge errors alone.'
              )
            )}{' '}
            <button
              type="button"
              className="jp-mlemodernizer-link"
              onClick={() => props.onRedetect()}
            >
              {trans.__('Look again')}
            </button>
          </div>
        )}
        <label>
          <input
            type="radio"
            name="jp-mlemodernizer-score-mode"
            checked={choice.mode === 'regex'}
            onChange={() => set({ mode: 'regex' })}
          />
          {trans.__('A regex over the outputs, and a target')}
        </label>
        {choice.mode === 'regex' && (
          <div className="jp-mlemodernizer-score-regex">
            <label>
              {trans.__('Regex (one group around the number)')}
              <input
                type="text"
                className="jp-mod-styled"
                spellCheck={false}
                value={choice.regex}
                placeholder={trans.__('accuracy: ([0-9.]+)')}
                onChange={event => set({ regex: event.target.value })}
              />
            </label>
            <label>
              {trans.__('Target (empty: read from the stored outputs)')}
              <input
                type="text"
                inputMode="decimal"
                className="jp-mod-styled"
                value={choice.target}
                onChange={event => set({ target: event.target.value })}
              />
            </label>
            {problem && (
              <div className="jp-mlemodernizer-error" role="alert">
                {problem === 'regex'
                  ? trans.__('Give a regex, or choose another source.')
                  : problem === 'group'
                    ? trans.__(
                        'The regex needs one capture group around the number.'
                      )
                    : trans.__('The target must be a number.')}
              </div>
            )}
          </div>
        )}
        <label>
          <input
            type="radio"
            name="jp-mlemodernizer-score-mode"
            checked={choice.mode === 'none'}
            onChange={() => set({ mode: 'none' })}
          />
          {trans.__('None: judge on errors alone')}
        </label>
        <div className="jp-mlemodernizer-muted">
          {trans.__(
            'A score within ± %1% of the target counts as reproduced (the tolerance is in the settings).',
            band
          )}
        </div>
      </fieldset>
    </details>
  );
}

/**
 * A score against its band: "0.8 · target 0.94 ± 10% (0.846–1.034), outside".
 */
export function ScoreAgainstBand(props: {
  score: number | null;
  band: IScoreBand | null;
  tolerance: number | null;
  trans: TranslationBundle;
}): JSX.Element {
  const { score, band, trans } = props;
  if (band === null) {
    return (
      <span className="jp-mlemodernizer-score">
        {trans.__('score %1', formatScore(score))}
      </span>
    );
  }
  const within = inBand(score, band);
  return (
    <span
      className={`jp-mlemodernizer-score jp-mlemodernizer-score-${
        within ? 'in' : 'out'
      }`}
      data-in-band={within}
    >
      {trans.__(
        'score %1 · target %2 ± %3% (%4–%5), %6',
        formatScore(score),
        formatScore(band.target),
        Math.round((props.tolerance ?? 0) * 100),
        formatScore(band.low),
        formatScore(band.high),
        score === null
          ? trans.__('no score')
          : within
            ? trans.__('within')
            : trans.__('outside')
      )}
    </span>
  );
}
