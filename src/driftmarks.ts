/**
 * The second judge's findings where they live: under each cell of the open
 * notebook whose output drifted from the author's stored one, a line with
 * what moved (old → new), the whole list on hover. They follow the job the
 * panel shows and go when its report does.
 */
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';

import { ICellFidelity } from './events';
import { CurrentJobFollower, cellWidget } from './jobfollower';
import { ModernizerManager } from './model/manager';
import { figuresChanged, movedValue } from './views/drift';

/**
 * The class of the drift line under a cell.
 */
export const DRIFT_NOTE_CLASS = 'jp-mlemodernizer-drift-note';

const SHOWN_VALUES = 3;

/**
 * What moved in a cell, in words: "0.947 → 0.912, 150 → 149".
 */
export function driftLine(
  cell: ICellFidelity,
  trans: TranslationBundle,
  limit = SHOWN_VALUES
): string {
  if (cell.status === 'lost_output') {
    return trans.__("The author's output is gone today");
  }
  const values = cell.drift.map(d => movedValue(d, trans));
  const words = cell.words_lost.map(w => trans.__('"%1" gone', w));
  const figures = figuresChanged(cell, trans);
  const all = [...values, ...words, ...(figures ? [figures] : [])];
  const shown = all.slice(0, limit).join(', ');
  const more =
    all.length > limit ? trans.__(' (and %1 more)', all.length - limit) : '';
  return trans.__("Drifted from the author's output: %1%2", shown, more);
}

export class DriftMarks extends CurrentJobFollower {
  constructor(
    manager: ModernizerManager,
    private _tracker: INotebookTracker,
    private _trans: TranslationBundle
  ) {
    super(manager);
    _tracker.widgetAdded.connect(this._onNotebook, this);
    this.follow();
  }

  protected cleared(): void {
    this._tracker.widgetAdded.disconnect(this._onNotebook, this);
    this._clear();
  }

  private _onNotebook(_: INotebookTracker, panel: NotebookPanel): void {
    // a notebook opened after its job finished: mark it once it is ready
    void panel.context.ready.then(() => {
      this._key = '';
      this.update();
    });
  }

  protected update(): void {
    const job = this.job;
    const fidelity = job?.state.report?.fidelity ?? null;
    const panel = fidelity ? this.openNotebook(this._tracker) : null;
    const drifted = (fidelity?.cells ?? []).filter(
      c => c.status === 'drifted' || c.status === 'lost_output'
    );
    const key =
      panel && job
        ? `${job.jobId}:${panel.id}:${drifted.map(c => c.cell_id).join(',')}`
        : '';
    if (key === this._key && this._notes.every(n => n.isConnected)) {
      return;
    }
    this._clear();
    this._key = key;
    if (!panel) {
      return;
    }
    for (const cell of drifted) {
      const widget = cellWidget(panel, cell.cell_id, cell.cell_index);
      if (!widget) {
        continue;
      }
      const note = document.createElement('div');
      note.className = DRIFT_NOTE_CLASS;
      note.dataset.status = cell.status;
      note.textContent = driftLine(cell, this._trans);
      note.title = driftLine(cell, this._trans, Infinity);
      widget.node.appendChild(note);
      this._notes.push(note);
    }
  }

  private _clear(): void {
    for (const note of this._notes) {
      note.remove();
    }
    this._notes = [];
  }

  private _key = '';
  private _notes: HTMLElement[] = [];
}
