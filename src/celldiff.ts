/**
 * The proposals on the notebook's own cells: each change waiting for a
 * decision shows as a diff under the cell it changes, with Accept and Reject
 * there too (and a side-by-side view on demand). Both places decide through
 * the same job, so the panel and the cells stay in step: a decision made in
 * one shows in the other as the job reports it.
 */
import { Extension } from '@codemirror/state';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';

import { Decision } from './api';
import { CellWidget, CurrentJobFollower, cellWidget } from './jobfollower';
import { IReviewCell, reviewOf } from './model/diff';
import { JobModel } from './model/job';
import { ModernizerManager } from './model/manager';
import { isActive } from './model/state';
import {
  IDiffEditor,
  createDiffEditor,
  createSideBySide
} from './views/diffeditor';

export interface ICellDiffOptions {
  manager: ModernizerManager;
  tracker: INotebookTracker;
  trans: TranslationBundle;
  /** Python highlighting, once loaded. */
  language: () => Promise<Extension | null>;
  /** Send a decision (the panel's own way, with its error messages). */
  decide(
    job: JobModel,
    fixId: string,
    decision: Decision,
    cellId: string
  ): void;
}

/**
 * The class of the proposal shown under a cell.
 */
export const IN_CELL_CLASS = 'jp-mlemodernizer-incell';

type Cell = CellWidget;

/**
 * The open notebook's cell a proposal changes: by id, else at its place when
 * that cell holds the text the change starts from (or ends with).
 */
function cellOf(panel: NotebookPanel, cell: IReviewCell): Cell | null {
  return cellWidget(panel, cell.cellId, cell.cellIndex, [
    cell.oldSource,
    cell.newSource
  ]);
}

interface IShown {
  key: string;
  cell: Cell;
  host: HTMLElement;
  editor: IDiffEditor;
}

export class CellDiffs extends CurrentJobFollower {
  constructor(private _options: ICellDiffOptions) {
    super(_options.manager);
    _options.tracker.widgetAdded.connect(this._onNotebook, this);
    this.follow();
  }

  protected cleared(): void {
    this._options.tracker.widgetAdded.disconnect(this._onNotebook, this);
    for (const id of [...this._shown.keys()]) {
      this._remove(id);
    }
  }

  private _onNotebook(_: INotebookTracker, panel: NotebookPanel): void {
    // a notebook opened while its job waits: show the proposals once it is ready
    void panel.context.ready.then(() => this.update());
  }

  /**
   * Show the undecided cell changes of the followed job under their cells,
   * and nothing else.
   */
  protected update(): void {
    const job = this.job;
    const wanted = new Map<string, IReviewCell>();
    const panel = this.openNotebook(this._options.tracker);
    if (job && panel) {
      const state = job.state;
      for (const fixId of state.fixOrder) {
        const fix = state.fixes[fixId];
        for (const cell of reviewOf(fix, isActive(state)).cells) {
          if (cell.decidable && cell.path === null) {
            wanted.set(cell.cellId, cell);
          }
        }
      }
    }
    for (const [id, shown] of [...this._shown]) {
      const cell = wanted.get(id);
      const widget = cell && panel ? cellOf(panel, cell) : null;
      if (!cell || shown.key !== keyOf(cell) || shown.cell !== widget) {
        this._remove(id);
      }
    }
    if (!job || !panel) {
      return;
    }
    wanted.forEach((cell, id) => {
      if (!this._shown.has(id)) {
        const widget = cellOf(panel, cell);
        if (widget) {
          this._show(job, widget, cell);
        }
      }
    });
  }

  private _show(job: JobModel, widget: Cell, cell: IReviewCell): void {
    const { trans } = this._options;
    const what = trans.__('cell %1', cell.cellIndex + 1);
    const host = document.createElement('section');
    host.className = IN_CELL_CLASS;
    host.setAttribute('aria-label', trans.__('Proposed change to %1', what));
    host.dataset.cellId = cell.cellId;
    host.dataset.fixId = cell.fixId;
    // the notebook's keyboard shortcuts stay out of the proposal's buttons
    host.dataset.lmSuppressShortcuts = 'true';

    const head = document.createElement('div');
    head.className = 'jp-mlemodernizer-incell-head';
    const title = document.createElement('span');
    title.textContent = trans.__('Proposed by the modernizer');
    head.appendChild(title);
    const button = (
      text: string,
      label: string,
      className: string,
      onClick: () => void
    ) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `jp-mod-styled jp-mlemodernizer-button ${className}`;
      b.textContent = text;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', event => {
        event.stopPropagation();
        onClick();
      });
      head.appendChild(b);
      return b;
    };
    const diff = document.createElement('div');
    diff.className = 'jp-mlemodernizer-diff';
    const label = trans.__('Proposed change to %1', what);
    let sideBySide = false;
    const shown: IShown = {
      key: keyOf(cell),
      cell: widget,
      host,
      editor: createDiffEditor(diff, cell.oldSource, cell.newSource, label)
    };
    const highlight = (editor: IDiffEditor) =>
      this._options
        .language()
        .then(language => language && editor.setLanguage(language))
        .catch(() => undefined);
    void highlight(shown.editor);
    const toggle = button(
      trans.__('Side by side'),
      trans.__('Show the change to %1 side by side', what),
      'jp-mlemodernizer-incell-toggle',
      () => {
        sideBySide = !sideBySide;
        shown.editor.destroy();
        diff.replaceChildren();
        shown.editor = (sideBySide ? createSideBySide : createDiffEditor)(
          diff,
          cell.oldSource,
          cell.newSource,
          label
        );
        void highlight(shown.editor);
        toggle.textContent = sideBySide
          ? trans.__('Unified')
          : trans.__('Side by side');
        toggle.setAttribute('aria-pressed', String(sideBySide));
      }
    );
    toggle.setAttribute('aria-pressed', 'false');
    button(
      trans.__('Accept'),
      trans.__('Accept the proposed change to %1', what),
      'jp-mod-accept',
      () => this._options.decide(job, cell.fixId, 'accept', cell.cellId)
    );
    button(
      trans.__('Reject'),
      trans.__('Reject the proposed change to %1', what),
      'jp-mod-reject',
      () => this._options.decide(job, cell.fixId, 'reject', cell.cellId)
    );
    host.append(head, diff);
    const input = widget.node.querySelector('.jp-Cell-inputWrapper');
    if (input) {
      input.after(host);
    } else {
      widget.node.appendChild(host);
    }
    this._shown.set(cell.cellId, shown);
  }

  private _remove(cellId: string): void {
    const shown = this._shown.get(cellId);
    if (shown) {
      shown.editor.destroy();
      shown.host.remove();
      this._shown.delete(cellId);
    }
  }

  private _shown = new Map<string, IShown>();
}

function keyOf(cell: IReviewCell): string {
  return `${cell.fixId}\u0000${cell.newSource}`;
}
