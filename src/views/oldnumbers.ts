/**
 * The original's line numbers beside the proposal's, in the unified diff: a
 * line kept shows both, a removed line its old number, an added line its new
 * one (as a unified diff reads in a code review).
 */
import { getChunks, getOriginalDoc } from '@codemirror/merge';
import { EditorState, Extension } from '@codemirror/state';
import { BlockInfo, EditorView, GutterMarker, gutter } from '@codemirror/view';

class NumberMarker extends GutterMarker {
  constructor(readonly n: number) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return other instanceof NumberMarker && other.n === this.n;
  }

  override toDOM(): Node {
    return document.createTextNode(String(this.n));
  }
}

/**
 * The numbers of a removed chunk, one per line of its block widget.
 */
class StackMarker extends GutterMarker {
  constructor(
    readonly numbers: number[],
    readonly lineHeight: number
  ) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return (
      other instanceof StackMarker &&
      other.lineHeight === this.lineHeight &&
      other.numbers.join() === this.numbers.join()
    );
  }

  override toDOM(): Node {
    const stack = document.createElement('div');
    for (const n of this.numbers) {
      const line = document.createElement('div');
      line.style.height = `${this.lineHeight}px`;
      line.textContent = String(n);
      stack.appendChild(line);
    }
    return stack;
  }
}

/**
 * The original line of a line of the proposal, or null when the proposal
 * added or changed it.
 */
export function originalLine(state: EditorState, pos: number): number | null {
  const result = getChunks(state);
  if (!result) {
    return null;
  }
  let offset = 0;
  for (const chunk of result.chunks) {
    if (pos >= chunk.fromB && pos < chunk.toB) {
      return null;
    }
    if (chunk.toB <= pos) {
      offset = chunk.toA - chunk.toB;
    } else {
      break;
    }
  }
  const original = getOriginalDoc(state);
  const at = pos + offset;
  return at <= original.length ? original.lineAt(at).number : null;
}

/**
 * A gutter with the original's line numbers (put it before `lineNumbers()`).
 */
export function originalLineNumbers(): Extension {
  return gutter({
    class: 'cm-mlemodernizer-original-numbers',
    lineMarker(view: EditorView, line: BlockInfo) {
      const n = originalLine(view.state, line.from);
      return n === null ? null : new NumberMarker(n);
    },
    widgetMarker(view: EditorView, widget: unknown, block: BlockInfo) {
      const result = getChunks(view.state);
      const chunk = result?.chunks.find(
        c => c.fromB === block.from && c.toA > c.fromA
      );
      if (!chunk) {
        return null;
      }
      const original = getOriginalDoc(view.state);
      const first = original.lineAt(chunk.fromA).number;
      const end = Math.min(chunk.toA, original.length + 1) - 1;
      const last = original.lineAt(Math.max(chunk.fromA, end)).number;
      const numbers: number[] = [];
      for (let n = first; n <= last; n++) {
        numbers.push(n);
      }
      return new StackMarker(numbers, block.height / numbers.length);
    },
    initialSpacer: () => new NumberMarker(99)
  });
}
