/**
 * What the modernizer does to an open notebook: scroll to a cell, apply the
 * accepted changes through the notebook model in one step, undo that.
 */
import { NotebookPanel } from '@jupyterlab/notebook';
import { Contents } from '@jupyterlab/services';

import {
  ApplyPlan,
  ICellEdit,
  INetChange,
  INotebookCell,
  ISavedCell,
  hasUnsavedEdits,
  planApply,
  planRevert
} from './model/diff';

/**
 * The id and source of each cell of an open notebook.
 */
export function notebookCells(panel: NotebookPanel): INotebookCell[] {
  const model = panel.content.model;
  if (!model) {
    return [];
  }
  return model.sharedModel.cells.map(cell => ({
    id: cell.id,
    source: cell.getSource()
  }));
}

/**
 * Whether the open notebook holds cell edits that are not saved. Only a
 * dirty notebook is compared with its saved file; when that cannot be read,
 * assume it does.
 */
export async function unsavedEdits(
  panel: NotebookPanel,
  contents: Contents.IManager
): Promise<boolean> {
  if (!panel.context.model.dirty) {
    return false;
  }
  try {
    const saved = await contents.get(panel.context.path, {
      type: 'notebook',
      content: true
    });
    const cells = (saved.content as { cells?: ISavedCell[] })?.cells;
    if (!Array.isArray(cells)) {
      return true;
    }
    const current = (panel.content.model?.sharedModel.cells ?? []).map(
      cell => ({ cell_type: cell.cell_type, source: cell.getSource() })
    );
    return hasUnsavedEdits(cells, current);
  } catch {
    return true;
  }
}

/**
 * Apply the accepted changes to the open notebook, all in one transaction
 * (one step for the notebook's document-wide undo), or nothing at all when
 * that would overwrite the user's work (see `planApply`).
 */
export async function applyChanges(
  panel: NotebookPanel,
  changes: ReadonlyArray<INetChange>,
  contents: Contents.IManager
): Promise<ApplyPlan> {
  const unsaved = await unsavedEdits(panel, contents);
  const plan = planApply(notebookCells(panel), unsaved, changes);
  if (plan.ok) {
    setSources(panel, plan.edits);
  }
  return plan;
}

/**
 * Undo edits made by `applyChanges`, when the cells still hold them.
 */
export function revertEdits(
  panel: NotebookPanel,
  edits: ReadonlyArray<ICellEdit>
): ApplyPlan {
  const plan = planRevert(notebookCells(panel), edits);
  if (plan.ok) {
    setSources(panel, plan.edits);
  }
  return plan;
}

function setSources(panel: NotebookPanel, edits: ReadonlyArray<ICellEdit>) {
  const shared = panel.content.model?.sharedModel;
  if (!shared || edits.length === 0) {
    return;
  }
  shared.transact(() => {
    for (const edit of edits) {
      shared.cells[edit.index].setSource(edit.to);
    }
  });
}

/**
 * Make a cell the active one and scroll it into view: by id, else by its
 * index in the notebook the job started from.
 */
export async function scrollToCell(
  panel: NotebookPanel,
  cellId: string,
  cellIndex: number,
  /** Command mode, as a click on the cell gives; false: the focus stays. */
  command = true
): Promise<boolean> {
  const notebook = panel.content;
  let index = notebook.widgets.findIndex(cell => cell.model.id === cellId);
  if (index < 0 && cellIndex >= 0 && cellIndex < notebook.widgets.length) {
    index = cellIndex;
  }
  if (index < 0) {
    return false;
  }
  notebook.activeCellIndex = index;
  if (command) {
    notebook.mode = 'command';
  }
  await notebook.scrollToItem(index, 'center');
  return true;
}
