/**
 * Marks, in the open notebook, the cell its modernization job runs now, so a
 * long cell is seen where it lives (the panel says which and for how long).
 */
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';
import { IDisposable } from '@lumino/disposable';

import { JobModel } from './model/job';
import { ModernizerManager } from './model/manager';
import { runningCell } from './model/selectors';

/**
 * The class of a notebook cell the job runs now.
 */
export const RUNNING_CELL_CLASS = 'jp-mlemodernizer-running-in-job';

export class RunningCellMarker implements IDisposable {
  constructor(
    private _manager: ModernizerManager,
    private _tracker: INotebookTracker,
    private _trans: TranslationBundle
  ) {
    _manager.changed.connect(this._follow, this);
    this._follow();
  }

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._manager.changed.disconnect(this._follow, this);
    this._job?.stateChanged.disconnect(this._update, this);
    this._clear();
  }

  /**
   * Follow the job the panel shows (the active notebook's).
   */
  private _follow(): void {
    const job = this._manager.current;
    if (job !== this._job) {
      this._job?.stateChanged.disconnect(this._update, this);
      this._job = job;
      job?.stateChanged.connect(this._update, this);
    }
    this._update();
  }

  private _update(): void {
    const job = this._job;
    const running = job ? runningCell(job.state) : null;
    const panel =
      job && running
        ? (this._tracker.find(
            (widget: NotebookPanel) => widget.context.path === job.state.path
          ) ?? null)
        : null;
    const widget = panel?.content.widgets.find(
      cell => cell.model.id === running?.cell.id
    );
    const node = widget?.node ?? null;
    if (node === this._marked) {
      return;
    }
    this._clear();
    if (node) {
      node.classList.add(RUNNING_CELL_CLASS);
      node.setAttribute(
        'data-mlemodernizer-running',
        this._trans.__('The modernizer runs this cell')
      );
      this._marked = node;
    }
  }

  private _clear(): void {
    if (this._marked) {
      this._marked.classList.remove(RUNNING_CELL_CLASS);
      this._marked.removeAttribute('data-mlemodernizer-running');
      this._marked = null;
    }
  }

  private _job: JobModel | null = null;
  private _marked: HTMLElement | null = null;
  private _isDisposed = false;
}
