/**
 * The diff model: what the review shows for each proposed cell change, which
 * accepted changes add up to for the notebook, and whether they can be
 * applied to the open notebook without overwriting anything of the user's.
 *
 * Pure functions over the reducer's state and plain cell lists; the views and
 * `notebook.ts` do the DOM and notebook-model work.
 */
import { IChangeState, IFixState, IJobState } from './state';

/**
 * Where a cell of a proposed fix stands, as the review shows it.
 *
 * - `pending`: waiting for the user's decision;
 * - `sending-accept` / `sending-reject`: this page sent a decision, the job
 *   has not reported it yet (its `cell_decision` event follows the answer);
 * - `decided`: the server has a decision, which one arrives with the events;
 * - `accepted` / `rejected`: final;
 * - `proposed`: a fix the job has not asked to review (yet), or one it
 *   dropped unreviewed.
 */
export type CellReviewStatus =
  | 'pending'
  | 'sending-accept'
  | 'sending-reject'
  | 'decided'
  | 'accepted'
  | 'rejected'
  | 'proposed';

/**
 * Added and removed lines of a change.
 */
export interface ILineStats {
  added: number;
  removed: number;
}

/**
 * One row of a fix's review.
 */
export interface IReviewCell {
  fixId: string;
  cellId: string;
  cellIndex: number;
  /** A module beside the notebook (relative to its folder); null: a cell. */
  path: string | null;
  oldSource: string;
  newSource: string;
  status: CellReviewStatus;
  /** The user can accept or reject this cell now. */
  decidable: boolean;
  stats: ILineStats;
}

/**
 * A fix's review: its rows and what can still be decided.
 */
export interface IFixReview {
  fixId: string;
  cells: IReviewCell[];
  /** Cells the user can still decide (Accept all / Reject all). */
  undecided: number;
  /** The job is waiting on this fix. */
  open: boolean;
}

/**
 * Where one cell of a fix stands.
 */
export function cellStatus(
  fix: IFixState,
  change: IChangeState,
  jobActive = true
): CellReviewStatus {
  if (change.outcome !== null) {
    return change.outcome;
  }
  if (change.sent === 'accept') {
    return 'sending-accept';
  }
  if (change.sent === 'reject') {
    return 'sending-reject';
  }
  if (!fix.reviewRequested || fix.applied || !jobActive) {
    return 'proposed';
  }
  if (fix.awaiting !== null && !fix.awaiting.includes(change.cell_id)) {
    return 'decided';
  }
  return 'pending';
}

/**
 * The review of one fix.
 */
export function reviewOf(fix: IFixState, jobActive = true): IFixReview {
  const cells = fix.changes.map((change): IReviewCell => {
    const status = cellStatus(fix, change, jobActive);
    return {
      fixId: fix.fixId,
      cellId: change.cell_id,
      cellIndex: change.cell_index,
      path: change.path ?? null,
      oldSource: change.old_source,
      newSource: change.new_source,
      status,
      decidable: status === 'pending',
      stats: lineStats(change.old_source, change.new_source)
    };
  });
  const undecided = cells.filter(cell => cell.decidable).length;
  return {
    fixId: fix.fixId,
    cells,
    undecided,
    open: jobActive && fix.reviewRequested && !fix.applied
  };
}

/**
 * The fixes that wait for the user's decisions, oldest first.
 */
export function openReviews(state: IJobState, jobActive = true): IFixReview[] {
  return state.fixOrder
    .map(id => reviewOf(state.fixes[id], jobActive))
    .filter(review => review.open);
}

/**
 * Count added and removed lines between two sources (a longest common
 * subsequence of lines; very long cells fall back to a cheaper estimate).
 */
export function lineStats(oldSource: string, newSource: string): ILineStats {
  if (oldSource === newSource) {
    return { added: 0, removed: 0 };
  }
  const a = splitLines(oldSource);
  const b = splitLines(newSource);
  // drop the common head and tail first: most edits are local
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    head++;
  }
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const common =
    x.length * y.length > 4_000_000 ? commonCount(x, y) : lcsLength(x, y);
  return { added: y.length - common, removed: x.length - common };
}

function splitLines(source: string): string[] {
  return source.length === 0 ? [] : source.split('\n');
}

function lcsLength(x: string[], y: string[]): number {
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) {
      current[j] =
        x[i - 1] === y[j - 1]
          ? previous[j - 1] + 1
          : Math.max(previous[j], current[j - 1]);
    }
    previous = current;
  }
  return previous[y.length];
}

function commonCount(x: string[], y: string[]): number {
  const counts = new Map<string, number>();
  for (const line of x) {
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  let common = 0;
  for (const line of y) {
    const n = counts.get(line) ?? 0;
    if (n > 0) {
      common++;
      counts.set(line, n - 1);
    }
  }
  return common;
}

// --- applying accepted changes -------------------------------------------------

/**
 * What the accepted changes of a job do to one cell, all fixes together.
 */
export interface INetChange {
  cellId: string;
  /** Its index in the notebook the job started from. */
  cellIndex: number;
  /** The source before the first accepted change. */
  original: string;
  /** The source after the last accepted change. */
  final: string;
  /** The fixes that changed it, in order. */
  fixIds: string[];
}

/**
 * The net effect of every accepted (applied) change of a job on each cell,
 * in cell order. Cells whose changes cancel out are left out, and so are
 * the fixes rolled back.
 */
export function netAcceptedChanges(state: IJobState): INetChange[] {
  const byCell = new Map<string, INetChange>();
  for (const fixId of state.fixOrder) {
    const fix = state.fixes[fixId];
    // a rolled-back fix is undone in the copy: applying it would bring back what it broke
    if (!fix.applied || fix.rolledBack) {
      continue;
    }
    for (const change of fix.changes) {
      // a module's change is written by the server with the result, not into the notebook
      if (change.outcome !== 'accepted' || change.path) {
        continue;
      }
      const net = byCell.get(change.cell_id);
      if (net) {
        net.final = change.new_source;
        net.fixIds.push(fixId);
      } else {
        byCell.set(change.cell_id, {
          cellId: change.cell_id,
          cellIndex: change.cell_index,
          original: change.old_source,
          final: change.new_source,
          fixIds: [fixId]
        });
      }
    }
  }
  return Array.from(byCell.values())
    .filter(net => net.original !== net.final)
    .sort((a, b) => a.cellIndex - b.cellIndex);
}

/**
 * A cell of the open notebook, as the apply check needs it.
 */
export interface INotebookCell {
  id: string;
  source: string;
}

/**
 * One edit to make: set the source of the cell at `index`.
 */
export interface ICellEdit {
  index: number;
  cellId: string;
  /** The source it has now (to undo the edit). */
  from: string;
  to: string;
}

/**
 * The accepted changes Apply has not written into the notebook yet: a cell
 * whose last applied edit already gives its final source is done.
 */
export function unappliedChanges(
  changes: ReadonlyArray<INetChange>,
  applied: ReadonlyArray<ICellEdit>
): INetChange[] {
  const written = new Map<string, string>();
  for (const edit of applied) {
    written.set(edit.cellId, edit.to);
  }
  return changes.filter(change => written.get(change.cellId) !== change.final);
}

/**
 * Why changes cannot be applied, with the cells concerned.
 */
export interface IApplyConflict {
  reason: 'dirty' | 'edited' | 'missing';
  cellIds: string[];
}

export type ApplyPlan =
  | {
      ok: true;
      edits: ICellEdit[];
      /** Cells that already hold the new source. */
      alreadyApplied: string[];
    }
  | ({ ok: false } & IApplyConflict);

/**
 * A cell as saved on disk (nbformat: the source may be a list of lines).
 */
export interface ISavedCell {
  cell_type: string;
  source: string | string[];
}

/**
 * Whether the open notebook's cells differ from the saved ones: the user's
 * unsaved edits. (A notebook can be dirty for metadata alone, e.g. the
 * language info a starting kernel fills in; that is not the user's work.)
 */
export function hasUnsavedEdits(
  saved: ReadonlyArray<ISavedCell>,
  current: ReadonlyArray<{ cell_type: string; source: string }>
): boolean {
  if (saved.length !== current.length) {
    return true;
  }
  return saved.some((cell, i) => {
    const source = Array.isArray(cell.source)
      ? cell.source.join('')
      : cell.source;
    return (
      cell.cell_type !== current[i].cell_type || source !== current[i].source
    );
  });
}

/**
 * Plan applying changes to a notebook without overwriting the user's work:
 * nothing at all happens when the notebook has unsaved changes, or when a
 * cell's source is neither the source the change started from nor its
 * result (the user edited it), or when a cell is gone.
 */
export function planApply(
  cells: ReadonlyArray<INotebookCell>,
  dirty: boolean,
  changes: ReadonlyArray<INetChange>
): ApplyPlan {
  if (dirty) {
    return { ok: false, reason: 'dirty', cellIds: [] };
  }
  const index = new Map<string, number>();
  cells.forEach((cell, i) => index.set(cell.id, i));
  const edits: ICellEdit[] = [];
  const alreadyApplied: string[] = [];
  const edited: string[] = [];
  const missing: string[] = [];
  for (const change of changes) {
    let at = index.get(change.cellId);
    if (at === undefined) {
      // A notebook older than nbformat 4.5 has no stored cell ids, and the
      // server and JupyterLab each made up their own: fall back to the
      // position when the cell there is the one the change is about.
      const there = cells[change.cellIndex];
      if (
        there !== undefined &&
        (there.source === change.original || there.source === change.final)
      ) {
        at = change.cellIndex;
      }
    }
    if (at === undefined) {
      missing.push(change.cellId);
      continue;
    }
    const source = cells[at].source;
    if (source === change.final) {
      alreadyApplied.push(change.cellId);
    } else if (source === change.original) {
      edits.push({
        index: at,
        cellId: change.cellId,
        from: source,
        to: change.final
      });
    } else {
      edited.push(change.cellId);
    }
  }
  if (missing.length > 0) {
    return { ok: false, reason: 'missing', cellIds: missing };
  }
  if (edited.length > 0) {
    return { ok: false, reason: 'edited', cellIds: edited };
  }
  return { ok: true, edits, alreadyApplied };
}

/**
 * Plan undoing earlier edits: only when every edited cell still holds what
 * the edit put there.
 */
export function planRevert(
  cells: ReadonlyArray<INotebookCell>,
  edits: ReadonlyArray<ICellEdit>
): ApplyPlan {
  const reverse = edits.map(edit => ({
    cellId: edit.cellId,
    cellIndex: edit.index,
    original: edit.to,
    final: edit.from,
    fixIds: []
  }));
  return planApply(cells, false, reverse);
}
