/**
 * Cells as people read them. The events carry 0-based indices (`cell_index`,
 * `cells_changed`, `fixed_cells`); everything shown counts as JupyterLab
 * does: from 1, over all cells, markdown too.
 */
/**
 * "3, 5, 6" for the 0-based indices 2, 4, 5.
 */
export function cellNumbers(indices: number[]): string {
  return indices.map(i => String(i + 1)).join(', ');
}
