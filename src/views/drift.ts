/**
 * What moved in a cell's output, in words, for the verdict's list and the
 * mark under the notebook's cell alike.
 */
import { TranslationBundle } from '@jupyterlab/translation';

import { ICellFidelity } from '../events';

/**
 * One stored value against today's: "0.947 → 0.912", "setosa / petal: 1.46 →
 * 5.55" (a table's value at its place), "7 gone".
 */
export function movedValue(
  drift: ICellFidelity['drift'][number],
  trans: TranslationBundle
): string {
  const where = drift.where ? `${drift.where}: ` : '';
  return (
    where +
    (drift.new ? `${drift.old} → ${drift.new}` : trans.__('%1 gone', drift.old))
  );
}

/**
 * "1 of 2 figures changed", or null when every stored figure is the same.
 */
export function figuresChanged(
  cell: ICellFidelity,
  trans: TranslationBundle
): string | null {
  return cell.figures_same < cell.figures_stored
    ? trans.__(
        '%1 of %2 figures changed',
        cell.figures_stored - cell.figures_same,
        cell.figures_stored
      )
    : null;
}
