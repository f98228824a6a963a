/**
 * Progress on long cells: the cell running now (which, of how many, for how
 * long), the last lines it printed, and where a run starts and why.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { deadlineLeft, formatDuration, runningCell } from '../model/selectors';
import { IExecution, IJobState } from '../model/state';

/**
 * The running cell, its seconds ticking, and its last lines.
 */
export function RunningCellView(props: {
  state: IJobState;
  /** The server's clock now (seconds since the epoch). */
  serverNow: () => number;
  trans: TranslationBundle;
  showCell: (cellId: string, cellIndex: number) => void;
}): JSX.Element | null {
  const { state, trans } = props;
  const running = runningCell(state);
  const live = running !== null;
  const [, tick] = React.useState(0);
  React.useEffect(() => {
    if (!live) {
      return;
    }
    const timer = setInterval(() => tick(n => n + 1), 1000);
    return () => clearInterval(timer);
  }, [live]);
  if (!running) {
    return null;
  }
  const { cell, execution } = running;
  const now = props.serverNow();
  const seconds = Math.max(0, now - cell.startedAt);
  const left = deadlineLeft(state, now);
  return (
    <section
      className="jp-mlemodernizer-running-cell"
      aria-label={trans.__('The cell running now')}
      data-cell-index={cell.index}
    >
      <div className="jp-mlemodernizer-running-cell-head">
        <button
          type="button"
          className="jp-mlemodernizer-cell-link"
          title={trans.__('Show cell %1 in the notebook', cell.index + 1)}
          onClick={() => props.showCell(cell.id, cell.index)}
        >
          {execution.totalCells
            ? trans.__('Cell %1 of %2', cell.index + 1, execution.totalCells)
            : trans.__('Cell %1', cell.index + 1)}
        </button>{' '}
        <span className="jp-mlemodernizer-running-cell-time">
          {trans.__('running for %1', formatDuration(seconds))}
        </span>{' '}
        {left !== null && (
          <span
            className="jp-mlemodernizer-muted jp-mlemodernizer-deadline-left"
            title={trans.__(
              'At the deadline the running cell stops, no new fix starts, and the best state so far is the result'
            )}
          >
            {left > 0
              ? trans.__('· %1 left before the deadline', formatDuration(left))
              : trans.__('· deadline reached')}
          </span>
        )}
      </div>
      {cell.output && (
        <pre
          className="jp-mlemodernizer-running-cell-output"
          aria-label={trans.__('The last lines it printed')}
        >
          {cell.output}
        </pre>
      )}
    </section>
  );
}

/**
 * Where a run of an iteration started, and why: from a cell in the kernel
 * kept from the run before, or from the top in a fresh kernel.
 */
export function StartView(props: {
  execution: IExecution;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { execution, trans } = props;
  if (execution.kind === 'baseline' || execution.startAt === undefined) {
    return null;
  }
  const reason = execution.reason ?? '';
  // once ended, the executor says whether the kept kernel was still there
  const restarted =
    !execution.running &&
    execution.startAt > 0 &&
    execution.resumedFrom === null;
  let text: string;
  let title: string | undefined;
  if (execution.startAt > 0 && !restarted) {
    text = trans.__(
      "Ran from cell %1 on, reusing the previous run's kernel state.",
      execution.startAt + 1
    );
    // the precise term (a resumed run) and the server's reason
    title = trans.__(
      'Resumed: the kernel of the run before was kept, so cells above %1 did not run again%2',
      execution.startAt + 1,
      reason ? ` (${reason})` : ''
    );
  } else if (restarted) {
    text = trans.__(
      'From the top, in a fresh kernel: the kept kernel was gone.'
    );
  } else {
    text = reason
      ? trans.__('From the top, in a fresh kernel: %1.', reason)
      : trans.__('From the top, in a fresh kernel.');
  }
  return (
    <div
      className="jp-mlemodernizer-run-start"
      data-start-at={restarted ? 0 : execution.startAt}
      title={title}
    >
      {text}
    </div>
  );
}
