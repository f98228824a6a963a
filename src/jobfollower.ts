/** A cell widget of a notebook. */
export type CellWidget = NotebookPanel['content']['widgets'][number];

/**
 * The cell of an open notebook with this id; else, where no cell has it, the
 * cell at `index` of the job's notebook when its source is one of `sources`
 * (any source when none are given); or null. A notebook older than nbformat
 * 4.5 stores no cell ids: the server and JupyterLab each made up their own,
 * and only the place (and the text there) tells which cell is which.
 */
export function cellWidget(
  panel: NotebookPanel,
  cellId: string | undefined,
  index?: number,
  sources?: ReadonlyArray<string>
): CellWidget | null {
  const widgets = panel.content.widgets;
  const found = widgets.find(w => w.model.id === cellId);
  if (found) {
    return found;
  }
  if (index === undefined || index < 0 || index >= widgets.length) {
    return null;
  }
  const there = widgets[index];
  const source = there.model.sharedModel.getSource();
  return !sources || sources.includes(source) ? there : null;
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
