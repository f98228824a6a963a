import { nullTranslator } from '@jupyterlab/translation';

import { driftLine } from '../driftmarks';
import { ICellFidelity } from '../events';
import { cellFidelity } from './cellfidelity';

const trans = nullTranslator.load('mlemodernizer');

function cell(extra: Partial<ICellFidelity>): ICellFidelity {
  return cellFidelity(6, 'drifted', { numbers_found: 2, ...extra });
}

describe('driftLine', () => {
  it('says what moved, the first few under the cell and all of them on hover', () => {
    const drifted = cell({
      drift: [
        { old: '0.947', new: '0.912' },
        { old: '150', new: '149' },
        { old: '7', new: '' }
      ],
      words_lost: ['setosa'],
      figures_stored: 2,
      figures_same: 1
    });
    expect(driftLine(drifted, trans)).toBe(
      "Drifted from the author's output: 0.947 → 0.912, 150 → 149, 7 gone (and 2 more)"
    );
    expect(driftLine(drifted, trans, Infinity)).toBe(
      "Drifted from the author's output: 0.947 → 0.912, 150 → 149, 7 gone, " +
        '"setosa" gone, 1 of 2 figures changed'
    );
  });

  it("says where a table's value moved", () => {
    const table = cell({
      drift: [{ old: '1.46', new: '5.55', where: 'setosa / petal' }]
    });
    expect(driftLine(table, trans)).toBe(
      "Drifted from the author's output: setosa / petal: 1.46 → 5.55"
    );
  });

  it('says when the output is gone', () => {
    expect(driftLine(cell({ status: 'lost_output' }), trans)).toBe(
      "The author's output is gone today"
    );
  });
});
