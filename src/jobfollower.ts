/** A cell widget of a notebook. */
export type CellWidget = NotebookPanel['content']['widgets'][number];

/**
 * The cell of an open notebook with this id, or null.
 */
export function cellWidget(
  panel: NotebookPanel,
  cellId: string | undefined
): CellWidget | null {
  return panel.content.widgets.find(w => w.model.id === cellId) ?? null;
}

/**
 * What the notebook's decorations share (the proposals under the cells, the
 * running cell's mark): they follow the job the panel shows, the manager's
 * current one, and redraw whenever that job or its state changes.
 */
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { IDisposable } from '@lumino/disposable';

import { JobModel } from './model/job';
import { ModernizerManager } from './model/manager';

export abstract class CurrentJobFollower implements IDisposable {
  constructor(protected readonly manager: ModernizerManager) {}

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this.manager.changed.disconnect(this._follow, this);
    this._job?.stateChanged.disconnect(this._redraw, this);
    this.cleared();
  }

  /**
   * The job followed now, if any.
   */
  protected get job(): JobModel | null {
    return this._job;
  }

  /**
   * The followed job's notebook, when it is open.
   */
  protected openNotebook(tracker: INotebookTracker): NotebookPanel | null {
    const job = this._job;
    return job
      ? (tracker.find(widget => widget.context.path === job.state.path) ?? null)
      : null;
  }

  /**
   * Start following: a subclass calls it once its own fields are set.
   */
  protected follow(): void {
    this.manager.changed.connect(this._follow, this);
    this._follow();
  }

  /**
   * Draw what the followed job shows now (and nothing else).
   */
  protected abstract update(): void;

  /**
   * Take away everything drawn, on dispose.
   */
  protected abstract cleared(): void;

  private _follow(): void {
    const job = this.manager.current;
    if (job !== this._job) {
      this._job?.stateChanged.disconnect(this._redraw, this);
      this._job = job;
      job?.stateChanged.connect(this._redraw, this);
    }
    this.update();
  }

  private _redraw(): void {
    this.update();
  }

  private _job: JobModel | null = null;
  private _isDisposed = false;
}
