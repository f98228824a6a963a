/**
 * Cells as people read them. The events carry 0-based indices (`cell_index`,
 * `cells_changed`, `fixed_cells`); everything shown counts as JupyterLab
 * does: from 1, over all cells, markdown too.
 */
import { IChangeState, IExecution, IFixState, IIteration } from './state';

/**
 * "3, 5, 6" for the 0-based indices 2, 4, 5.
 */
export function cellNumbers(indices: number[]): string {
  return indices.map(i => String(i + 1)).join(', ');
}

/**
 * What an iteration's fix did, for its header: the cells and files it
 * changed (accepted changes only) and the cells that failed in the run
 * before it and pass in its own run.
 */
export interface IIterationCells {
  /** 0-based, in notebook order. */
  changed: number[];
  files: string[];
  /** 0-based; null while its run is not finished, or nothing ran before it. */
  fixed: number[] | null;
  /** The loop undid the fix (its run was worse than the best so far). */
  rolledBack: boolean;
}

/**
 * The cells of `iteration`'s applied fixes, or null while none is applied.
 * `previous` is the run its issue was found in.
 */
export function iterationCells(
  iteration: IIteration,
  fixes: { [fixId: string]: IFixState },
  previous: IExecution | null
): IIterationCells | null {
  const applied = iteration.fixIds
    .map(id => fixes[id])
    .filter((fix): fix is IFixState => fix !== undefined && fix.applied);
  if (applied.length === 0) {
    return null;
  }
  const accepted: IChangeState[] = [];
  for (const fix of applied) {
    accepted.push(...fix.changes.filter(c => c.outcome === 'accepted'));
  }
  const changed = unique(
    accepted.filter(c => !c.path && c.cell_index >= 0).map(c => c.cell_index)
  );
  const files: string[] = [];
  for (const change of accepted) {
    if (change.path && !files.includes(change.path)) {
      files.push(change.path);
    }
  }
  const after = iteration.execution;
  // a run cut short (time limit, dead kernel, cancel) never reached some
  // cells: their passing says nothing
  const complete =
    after && !after.running && !after.timedOut && !after.kernelDied;
  const fixed =
    previous && after && complete && !after.cancelled
      ? failing(previous).filter(i => !failing(after).includes(i))
      : null;
  return {
    changed,
    files,
    fixed,
    rolledBack: applied.some(fix => !!fix.rolledBack)
  };
}

/**
 * The 0-based cells a finished run left failing (older servers: its errors).
 */
function failing(run: IExecution): number[] {
  return unique(
    run.failingCells
      ? run.failingCells.map(cell => cell.cell_index)
      : run.errors.map(error => error.cell_index)
  );
}

function unique(indices: number[]): number[] {
  return [...new Set(indices)].sort((a, b) => a - b);
}
