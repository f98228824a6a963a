/**
 * Every changed span of a diff in view without scrolling (issue 40 item 2).
 * Long lines do not wrap by default (wrapping broke names in a narrow panel):
 * once laid out, the editor scrolls sideways so that all the changed spans
 * show together; where they cannot (an added line at the left edge and an
 * edit at the end of a long line), its lines wrap instead.
 */
import { Compartment, Extension } from '@codemirror/state';
import { EditorView, ViewPlugin, ViewUpdate } from '@codemirror/view';

/** A span's horizontal extent, in the page's pixels. */
export interface IExtent {
  left: number;
  right: number;
}

/**
 * What to do with the spans `spans`, in a scroller whose visible code runs
 * from `left` to `right` (the gutters excluded): nothing (all in view), a
 * sideways scroll by `shift` pixels, or wrapping the lines (no scroll shows
 * them all). `margin`: room kept at the right edge.
 */
export function placement(
  spans: ReadonlyArray<IExtent>,
  left: number,
  right: number,
  margin = 24
): { shift: number } | 'wrap' | null {
  if (spans.length === 0) {
    return null;
  }
  const from = Math.min(...spans.map(s => s.left));
  const to = Math.max(...spans.map(s => s.right));
  if (from >= left && to <= right - margin) {
    return null; // already in view
  }
  const room = right - left;
  const width = to - from;
  if (width + margin > room) {
    return 'wrap';
  }
  // the spans with some of the code before them: their start at a third of
  // the width when they fit there, else just enough to show their end
  const before =
    width + 2 * margin <= (room * 2) / 3 ? room / 3 : room - width - margin;
  return { shift: from - left - before };
}

/** The extent of the text inside `element` (a whole added or deleted line). */
function textExtent(element: Element): IExtent | null {
  const range = document.createRange?.();
  if (!range || typeof range.getBoundingClientRect !== 'function') {
    return null;
  }
  range.selectNodeContents(element);
  const box = range.getBoundingClientRect();
  return box.width > 0 ? { left: box.left, right: box.right } : null;
}

/**
 * Whether a changed line with no word marks was inserted whole (its chunk
 * deleted nothing: no deleted lines above it), not a line whose change was a
 * deletion alone (the deleted line above shows that change).
 */
function insertedWhole(line: Element): boolean {
  let before = line.previousElementSibling;
  while (before && before.classList.contains('cm-changedLine')) {
    before = before.previousElementSibling;
  }
  return !(
    before?.classList.contains('cm-deletedChunk') &&
    before.querySelector('.cm-deletedLine')
  );
}

/** Every changed span the editor shows: changed words, whole changed lines. */
function changedExtents(content: HTMLElement): IExtent[] {
  const extents: IExtent[] = [];
  for (const span of Array.from(
    content.querySelectorAll('.cm-changedText, .cm-deletedText')
  )) {
    const box = span.getBoundingClientRect();
    extents.push({ left: box.left, right: box.right });
  }
  // a line added or deleted whole has no word marks: its text is the span
  const unmarked = (line: Element) =>
    !line.querySelector('.cm-changedText, .cm-deletedText');
  const whole = [
    ...Array.from(content.querySelectorAll('.cm-changedLine')).filter(
      line => unmarked(line) && insertedWhole(line)
    ),
    ...Array.from(
      content.querySelectorAll('.cm-deletedChunk .cm-deletedLine')
    ).filter(unmarked)
  ];
  for (const line of whole) {
    const extent = textExtent(line);
    if (extent) {
      extents.push(extent);
    }
  }
  return extents;
}

/**
 * Once the editor is laid out and visible: scroll it sideways so that every
 * changed span shows, or wrap its lines where no scroll can show them all.
 */
export function revealChanges(): Extension {
  const wrapping = new Compartment();
  const plugin = ViewPlugin.fromClass(
    class {
      private done = false;

      constructor(view: EditorView) {
        this.measure(view);
      }

      update(update: ViewUpdate): void {
        if (!this.done && (update.geometryChanged || update.viewportChanged)) {
          this.measure(update.view);
        }
      }

      private measure(view: EditorView): void {
        view.requestMeasure({
          read: v => {
            const box = v.scrollDOM.getBoundingClientRect();
            if (box.width <= 0) {
              return undefined; // hidden (a collapsed card): measured when shown
            }
            const gutters = v.dom.querySelector('.cm-gutters');
            const left =
              box.left + (gutters?.getBoundingClientRect().width ?? 0);
            return placement(changedExtents(v.contentDOM), left, box.right);
          },
          write: (what, v) => {
            if (what === undefined) {
              return;
            }
            this.done = true;
            if (what === 'wrap') {
              // not inside the measure cycle: a transaction starts an update
              setTimeout(() =>
                v.dispatch({
                  effects: wrapping.reconfigure(EditorView.lineWrapping)
                })
              );
            } else if (what !== null) {
              v.scrollDOM.scrollLeft = Math.max(
                0,
                v.scrollDOM.scrollLeft + what.shift
              );
            }
          }
        });
      }
    }
  );
  return [wrapping.of([]), plugin];
}
