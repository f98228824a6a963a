/**
 * A small SVG chart: the score of each run against the target band (line),
 * and its runtime (bars, red when the run raised errors).
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import {
  IChartPoint,
  IScoreBand,
  formatScore,
  formatSeconds,
  inBand
} from '../model/selectors';

export interface IScoreChartProps {
  points: IChartPoint[];
  band: IScoreBand | null;
  trans: TranslationBundle;
}

const WIDTH = 300;
const HEIGHT = 120;
const PAD = { left: 34, right: 34, top: 8, bottom: 18 };

export function ScoreChart(props: IScoreChartProps): JSX.Element | null {
  const { points, band, trans } = props;
  if (points.length < 2) {
    return null;
  }
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / points.length;
  const x = (i: number) => PAD.left + step * (i + 0.5);

  // score scale: the scores and the band, with some room
  const scores = points
    .map(p => p.score)
    .filter((s): s is number => s !== null);
  const values = [...scores];
  if (band) {
    values.push(band.low, band.high);
  }
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (hi - lo < 1e-9) {
    const pad = Math.abs(hi) * 0.1 || 1;
    lo -= pad;
    hi += pad;
  } else {
    const pad = (hi - lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const y = (score: number) =>
    PAD.top + plotH - ((score - lo) / (hi - lo)) * plotH;

  const runtimes = points.map(p => p.runtime ?? 0);
  const maxRuntime = Math.max(...runtimes, 1e-9);
  const barH = (runtime: number) => (runtime / maxRuntime) * plotH;
  const barW = Math.min(18, step * 0.5);

  const scorePath = points
    .map((p, i) => (p.score === null ? null : `${x(i)},${y(p.score)}`))
    .filter((p): p is string => p !== null);

  // the x axis: B for the baseline, then the iteration numbers
  const label = (p: IChartPoint) =>
    p.iteration === 0 ? trans.__('B') : String(p.iteration);
  const summary = points
    .map(p =>
      trans.__(
        '%1: score %2, runtime %3, %4 error cells',
        p.iteration === 0
          ? trans.__('baseline')
          : trans.__('iteration %1', p.iteration),
        formatScore(p.score),
        formatSeconds(p.runtime),
        p.errorCells ?? '–'
      )
    )
    .join('; ');
  const bandText = band
    ? trans.__(
        'Target %1, band %2 to %3.',
        formatScore(band.target),
        formatScore(band.low),
        formatScore(band.high)
      )
    : trans.__('No target score: runs are judged on errors.');

  return (
    <figure className="jp-mlemodernizer-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${bandText} ${summary}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title>{`${bandText} ${summary}`}</title>
        {band && (
          <g className="jp-mlemodernizer-chart-band">
            <rect
              x={PAD.left}
              width={plotW}
              y={y(band.high)}
              height={Math.max(1, y(band.low) - y(band.high))}
            />
            <line
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(band.target)}
              y2={y(band.target)}
            />
          </g>
        )}
        <g className="jp-mlemodernizer-chart-bars">
          {points.map((p, i) => (
            <rect
              key={p.iteration}
              className={
                p.errorCells ? 'jp-mlemodernizer-chart-bar-error' : undefined
              }
              x={x(i) - barW / 2}
              width={barW}
              y={PAD.top + plotH - barH(p.runtime ?? 0)}
              height={barH(p.runtime ?? 0)}
            />
          ))}
        </g>
        {scorePath.length > 1 && (
          <polyline
            className="jp-mlemodernizer-chart-line"
            points={scorePath.join(' ')}
          />
        )}
        <g className="jp-mlemodernizer-chart-points">
          {points.map((p, i) =>
            p.score === null ? null : (
              <circle
                key={p.iteration}
                className={
                  inBand(p.score, band)
                    ? 'jp-mlemodernizer-chart-point-in'
                    : undefined
                }
                cx={x(i)}
                cy={y(p.score)}
                r={3}
              />
            )
          )}
        </g>
        <g className="jp-mlemodernizer-chart-axis">
          <line
            x1={PAD.left}
            x2={PAD.left + plotW}
            y1={PAD.top + plotH}
            y2={PAD.top + plotH}
          />
          {points.map((p, i) => (
            <text key={p.iteration} x={x(i)} y={HEIGHT - 5} textAnchor="middle">
              {label(p)}
            </text>
          ))}
          {scores.length > 0 && (
            <>
              <text x={PAD.left - 3} y={PAD.top + 8} textAnchor="end">
                {formatScore(hi)}
              </text>
              <text x={PAD.left - 3} y={PAD.top + plotH} textAnchor="end">
                {formatScore(lo)}
              </text>
            </>
          )}
          <text x={PAD.left + plotW + 3} y={PAD.top + 8} textAnchor="start">
            {`${maxRuntime < 10 ? maxRuntime.toFixed(1) : Math.round(maxRuntime)}s`}
          </text>
        </g>
      </svg>
      <figcaption className="jp-mlemodernizer-chart-legend">
        {scores.length > 0 && (
          <span className="jp-mlemodernizer-legend-score">
            {trans.__('score')}
          </span>
        )}
        <span className="jp-mlemodernizer-legend-runtime">
          {trans.__('runtime')}
        </span>
        {band && (
          <span className="jp-mlemodernizer-legend-band">
            {trans.__(
              'target ±%1%',
              Math.round(
                ((band.high - band.target) / (Math.abs(band.target) || 1)) * 100
              )
            )}
          </span>
        )}
        <span className="jp-mlemodernizer-legend-errors">
          {trans.__('run with errors')}
        </span>
      </figcaption>
    </figure>
  );
}
