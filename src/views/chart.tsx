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
const HEIGHT = 132;
const PAD = { left: 34, right: 34, top: 8, bottom: 30 };

/**
 * `[lo, hi]` widened to multiples of a round step (1, 2 or 5 times a power
 * of ten, about a quarter of the range).
 */
export function niceRange(lo: number, hi: number): [number, number] {
  const span = hi - lo;
  if (!(span > 0) || !Number.isFinite(span)) {
    return [lo, hi];
  }
  const rough = span / 4;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  const step =
    [1, 2, 5, 10].map(m => m * power).find(s => s >= rough) ?? 10 * power;
  // rounded to the step's own digits: no 0.30000000000000004
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  const round = (v: number) => Number(v.toFixed(digits));
  return [
    round(Math.floor(lo / step + 1e-9) * step),
    round(Math.ceil(hi / step - 1e-9) * step)
  ];
}

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
  // bounds a reader can take in (65 to 90, not 69.08 to 87.92)
  [lo, hi] = niceRange(lo, hi);
  const y = (score: number) =>
    PAD.top + plotH - ((score - lo) / (hi - lo)) * plotH;

  const runtimes = points.map(p => p.runtime ?? 0);
  const maxRuntime = Math.max(...runtimes, 1e-9);
  const barH = (runtime: number) => (runtime / maxRuntime) * plotH;
  const barW = Math.min(18, step * 0.5);

  const scorePath = points
    .map((p, i) => (p.score === null ? null : `${x(i)},${y(p.score)}`))
    .filter((p): p is string => p !== null);

  // the x axis: the baseline, then the iteration numbers (titled below)
  const label = (p: IChartPoint) =>
    p.verdict
      ? trans.__('final')
      : p.iteration === 0
        ? trans.__('base')
        : String(p.iteration);
  const name = (p: IChartPoint) =>
    p.verdict
      ? trans.__("the verdict's run of the final notebook")
      : p.iteration === 0
        ? trans.__('baseline')
        : trans.__('iteration %1', p.iteration);
  const describe = (p: IChartPoint) =>
    !p.ran
      ? trans.__('%1: no run (no fix was applied)', name(p))
      : p.resumedFrom !== null
        ? trans.__(
            '%1: score %2, runtime %3 (from cell %4 on, in the kernel kept from the run before), %5 error cells',
            name(p),
            formatScore(p.score),
            formatSeconds(p.runtime),
            p.resumedFrom + 1,
            p.errorCells ?? '–'
          )
        : trans.__(
            '%1: score %2, runtime %3, %4 error cells',
            name(p),
            formatScore(p.score),
            formatSeconds(p.runtime),
            p.errorCells ?? '–'
          );
  const summary = points.map(describe).join('; ');
  const partial = points.some(p => p.resumedFrom !== null);
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
          {points.map((p, i) =>
            p.ran ? (
              <rect
                key={p.verdict ? `verdict-${p.iteration}` : p.iteration}
                className={[
                  p.errorCells ? 'jp-mlemodernizer-chart-bar-error' : '',
                  p.resumedFrom !== null
                    ? 'jp-mlemodernizer-chart-bar-partial'
                    : ''
                ]
                  .filter(Boolean)
                  .join(' ')}
                x={x(i) - barW / 2}
                width={barW}
                y={PAD.top + plotH - barH(p.runtime ?? 0)}
                height={barH(p.runtime ?? 0)}
              >
                <title>{describe(p)}</title>
              </rect>
            ) : (
              // no bar to draw: say so where it would be
              <text
                key={p.verdict ? `verdict-${p.iteration}` : p.iteration}
                className="jp-mlemodernizer-chart-norun"
                x={x(i)}
                y={PAD.top + plotH - 3}
                textAnchor="start"
                transform={`rotate(-90 ${x(i)} ${PAD.top + plotH - 3})`}
              >
                {trans.__('no run')}
                <title>{describe(p)}</title>
              </text>
            )
          )}
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
                key={p.verdict ? `verdict-${p.iteration}` : p.iteration}
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
            <text
              key={p.verdict ? `verdict-${p.iteration}` : p.iteration}
              x={x(i)}
              y={PAD.top + plotH + 11}
              textAnchor="middle"
            >
              {label(p)}
            </text>
          ))}
          <text
            className="jp-mlemodernizer-chart-axis-title"
            x={PAD.left + plotW / 2}
            y={HEIGHT - 3}
            textAnchor="middle"
          >
            {points.some(p => p.verdict)
              ? trans.__("baseline, each iteration, then the verdict's run")
              : trans.__('baseline, then each iteration')}
          </text>
          {scores.length > 0 && (
            <>
              <text x={PAD.left - 3} y={PAD.top + 8} textAnchor="end">
                {formatScore(hi)}
              </text>
              <text x={PAD.left - 3} y={PAD.top + plotH} textAnchor="end">
                {formatScore(lo)}
              </text>
              <text
                className="jp-mlemodernizer-chart-axis-title"
                x={8}
                y={PAD.top + plotH / 2}
                textAnchor="middle"
                transform={`rotate(-90 8 ${PAD.top + plotH / 2})`}
              >
                {trans.__('score')}
              </text>
            </>
          )}
          <text
            className="jp-mlemodernizer-chart-axis-title"
            x={WIDTH - 6}
            y={PAD.top + plotH / 2}
            textAnchor="middle"
            transform={`rotate(90 ${WIDTH - 6} ${PAD.top + plotH / 2})`}
          >
            {trans.__('runtime')}
          </text>
          {/* the runtime scale, on the right: its top and its zero */}
          <text x={PAD.left + plotW + 3} y={PAD.top + 8} textAnchor="start">
            {trans.__(
              '%1 s',
              maxRuntime < 10 ? maxRuntime.toFixed(1) : Math.round(maxRuntime)
            )}
          </text>
          <text x={PAD.left + plotW + 3} y={PAD.top + plotH} textAnchor="start">
            {trans.__('%1 s', 0)}
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
        {partial && (
          <span
            className="jp-mlemodernizer-legend-partial"
            title={trans.__(
              "After a fix the run goes on from the first cell it changed, in the kernel kept from the run before: its time is that part's, not the whole notebook's"
            )}
          >
            {trans.__('run from a cell on (part of the notebook)')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
