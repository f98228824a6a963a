/**
 * One code cell's fidelity as the report gives it, for the views' tests.
 */
import { ICellFidelity } from '../events';

export function cellFidelity(
  index: number,
  status: ICellFidelity['status'],
  extra: Partial<ICellFidelity> = {}
): ICellFidelity {
  return {
    cell_index: index,
    cell_id: `c${index}`,
    status,
    numbers_total: 4,
    numbers_found: 4,
    drift: [],
    words_lost: [],
    figures_stored: 0,
    figures_same: 0,
    random_why: '',
    ...extra
  };
}
