import { unifiedMergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';

import { originalLine } from '../views/oldnumbers';

describe('the original line numbers of a unified diff', () => {
  it('numbers kept lines by the original, added and changed lines not', () => {
    const original = 'import a\nx = a.old()\nprint(x)\ny = 1\nprint(y)';
    const proposal = 'import a\nimport b\nx = a.new()\nprint(x)\nprint(y)';
    const state = EditorState.create({
      doc: proposal,
      extensions: [unifiedMergeView({ original, mergeControls: false })]
    });
    const numbers = Array.from({ length: state.doc.lines }, (_, i) =>
      originalLine(state, state.doc.line(i + 1).from)
    );
    // import a | import b (added) | x = a.new() (changed) | print(x) | print(y)
    expect(numbers).toEqual([1, null, null, 3, 5]);
  });
});
