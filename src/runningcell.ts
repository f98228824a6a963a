/**
 * Marks, in the open notebook, the cell its modernization job runs now, so a
 * long cell is seen where it lives (the panel says which and for how long).
 */
import { INotebookTracker } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';

import { CurrentJobFollower, cellWidget } from './jobfollower';
import { ModernizerManager } from './model/manager';
import { runningCell } from './model/selectors';

/**
 * The class of a notebook cell the job runs now.
 */
export const RUNNING_CELL_CLASS = 'jp-mlemodernizer-running-in-job';

export class RunningCellMarker extends CurrentJobFollower {
  constructor(
    manager: ModernizerManager,
    private _tracker: INotebookTracker,
    private _trans: TranslationBundle
  ) {
    super(manager);
    this.follow();
  }

  protected cleared(): void {
    this._clear();
  }

  protected update(): void {
    const job = this.job;
    const running = job ? runningCell(job.state) : null;
    const panel = running ? this.openNotebook(this._tracker) : null;
    const widget =
      panel && running
        ? cellWidget(panel, running.cell.id, running.cell.index)
        : null;
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

  private _marked: HTMLElement | null = null;
}
