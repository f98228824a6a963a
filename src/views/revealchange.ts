/**
 * A diff whose change sits past the panel's edge shows two lines that look
 * the same: bring the first changed span into view by scrolling the editor
 * sideways (long lines keep scrolling rather than wrapping inside names).
 */
import { Extension } from '@codemirror/state';
import { EditorView, ViewPlugin, ViewUpdate } from '@codemirror/view';

/**
 * Where the two sources first differ: the offset of the first changed
 * character in each and the end of the changed span in each (the common
 * suffix left out). Null when they are the same.
 */
export function firstChange(
  oldSource: string,
  newSource: string
): { old: [number, number]; new: [number, number] } | null {
  if (oldSource === newSource) {
    return null;
  }
  let start = 0;
  const shortest = Math.min(oldSource.length, newSource.length);
  while (start < shortest && oldSource[start] === newSource[start]) {
    start++;
  }
  let tail = 0;
  while (
    tail < shortest - start &&
    oldSource[oldSource.length - 1 - tail] ===
      newSource[newSource.length - 1 - tail]
  ) {
    tail++;
  }
  // the span ends on its own line: a change of many lines shows its start
  const lineEnd = (text: string, from: number, to: number) => {
    const nl = text.indexOf('\n', from);
    return nl >= 0 && nl < to ? nl : to;
  };
  const oldEnd = lineEnd(oldSource, start, oldSource.length - tail);
  const newEnd = lineEnd(newSource, start, newSource.length - tail);
  return { old: [start, oldEnd], new: [start, newEnd] };
}

/**
 * Scroll the editor sideways, once it is laid out and visible, so that the
 * span [from, to] shows, with some of the code before it (its start a third
 * of the way in, or at the left edge when the span is wide).
 */
export function revealSpan(from: number, to: number): Extension {
  return ViewPlugin.fromClass(
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
            const size = v.state.doc.length;
            const start = v.coordsAtPos(Math.min(from, size));
            const end = v.coordsAtPos(Math.min(to, size), -1) ?? start;
            const box = v.scrollDOM.getBoundingClientRect();
            const gutters = v.dom.querySelector('.cm-gutters');
            const left =
              box.left + (gutters?.getBoundingClientRect().width ?? 0);
            return start && end && box.width > 0
              ? { start, end, left, right: box.right }
              : null;
          },
          write: (m, v) => {
            if (!m) {
              return; // hidden (a collapsed card): measured when shown
            }
            this.done = true;
            const margin = 24;
            if (m.end.right <= m.right - margin && m.start.left >= m.left) {
              return; // already in view
            }
            const room = m.right - m.left;
            const width = m.end.right - m.start.left;
            // the span with some of the code around it: its start at a third
            // of the width when it fits there, else at the left edge
            const before =
              width + 2 * margin <= (room * 2) / 3 ? room / 3 : margin;
            const shift = m.start.left - m.left - before;
            v.scrollDOM.scrollLeft = Math.max(
              0,
              v.scrollDOM.scrollLeft + shift
            );
          }
        });
      }
    }
  );
}
