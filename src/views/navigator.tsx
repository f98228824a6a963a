/**
 * Previous / next change: moves through the proposed cell and file diffs of
 * the job, the ones waiting for a decision first.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

const CELL = '.jp-mlemodernizer-cell';
const PENDING = '.jp-mlemodernizer-cell-pending';
const CURRENT = 'jp-mlemodernizer-cell-current';

/**
 * Scroll the panel so that `target` starts just below the job's sticky head
 * (its status and these buttons), which would otherwise cover it.
 */
function reveal(target: HTMLElement, host: HTMLElement): void {
  const scroller = host.closest<HTMLElement>('.jp-mlemodernizer-panel');
  const sticky = host.querySelector<HTMLElement>(
    '.jp-mlemodernizer-job-sticky'
  );
  if (!scroller || !sticky) {
    target.scrollIntoView?.({ block: 'start' });
    return;
  }
  const below = sticky.getBoundingClientRect().bottom + 4;
  scroller.scrollTop += target.getBoundingClientRect().top - below;
}

export function ChangeNavigator(props: {
  /** The job's section: the diffs are looked up inside it. */
  host: React.RefObject<HTMLElement>;
  /** How many changes the job proposed. */
  changes: number;
  /** How many wait for a decision. */
  pending: number;
  /** Scroll the open notebook to a cell, leaving the focus here. */
  followCell?: (cellId: string, cellIndex: number) => void;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { trans } = props;
  const [at, setAt] = React.useState<[number, number] | null>(null);
  if (props.changes < 2) {
    return null;
  }
  const move = (step: 1 | -1) => {
    const host = props.host.current;
    if (!host) {
      return;
    }
    // while some wait for a decision, move through those; then through all
    const pending = Array.from(host.querySelectorAll<HTMLElement>(PENDING));
    const cells =
      pending.length > 0
        ? pending
        : Array.from(host.querySelectorAll<HTMLElement>(CELL));
    if (cells.length === 0) {
      return;
    }
    const current = host.querySelector<HTMLElement>(`.${CURRENT}`);
    const from = current ? cells.indexOf(current) : -1;
    const next =
      from < 0
        ? step > 0
          ? 0
          : cells.length - 1
        : (from + step + cells.length) % cells.length;
    current?.classList.remove(CURRENT);
    const target = cells[next];
    target.classList.add(CURRENT);
    reveal(target, host);
    target
      .querySelector<HTMLElement>('.jp-mlemodernizer-cell-link')
      ?.focus({ preventScroll: true });
    // the notebook follows, to the cell the change is for (files have none)
    const cellId = target.dataset.cellId;
    const cellIndex = Number(target.dataset.cellIndex ?? -1);
    if (cellId && !cellId.startsWith('file:') && cellIndex >= 0) {
      props.followCell?.(cellId, cellIndex);
    }
    setAt([next, cells.length]);
  };
  const label =
    props.pending > 0
      ? trans._n(
          '%1 change waits for your review',
          '%1 changes wait for your review',
          props.pending
        )
      : trans._n('%1 change', '%1 changes', props.changes);
  return (
    <div
      className="jp-mlemodernizer-navigator"
      role="toolbar"
      aria-label={trans.__('Move through the changes')}
    >
      <span className="jp-mlemodernizer-muted">
        {label}
        {at !== null && ` · ${trans.__('at %1 of %2', at[0] + 1, at[1])}`}
      </span>
      {/* the two buttons stay side by side; the count wraps above them */}
      <span className="jp-mlemodernizer-navigator-buttons">
        <button
          type="button"
          className="jp-mod-styled jp-mlemodernizer-button"
          aria-label={trans.__('Previous change')}
          title={trans.__('Previous change')}
          onClick={() => move(-1)}
        >
          {trans.__('‹ Previous')}
        </button>
        <button
          type="button"
          className="jp-mod-styled jp-mlemodernizer-button"
          aria-label={trans.__('Next change')}
          title={trans.__('Next change')}
          onClick={() => move(1)}
        >
          {trans.__('Next ›')}
        </button>
      </span>
    </div>
  );
}
