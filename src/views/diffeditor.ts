/**
 * A read-only CodeMirror 6 editor showing a cell's proposed source with the
 * old one merged in (`@codemirror/merge`'s unified view: deleted lines above
 * the lines that replace them), in JupyterLab's editor theme and colors.
 */
import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { Compartment, EditorState, Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { jupyterTheme } from '@jupyterlab/codemirror';

import { originalLineNumbers } from './oldnumbers';
import { revealChanges } from './revealchange';

/**
 * Diff colors from the theme's own palette (defined in style/base.css for
 * light and dark themes), so a theme switch restyles open diffs at once.
 */
const diffTheme = EditorView.theme({
  '&': {
    fontSize: 'var(--jp-code-font-size)',
    fontFamily: 'var(--jp-code-font-family)',
    backgroundColor: 'var(--jp-cell-editor-background)'
  },
  '.cm-content': {
    fontFamily: 'var(--jp-code-font-family)',
    padding: '2px 0'
  },
  '.cm-gutters': {
    backgroundColor: 'var(--jp-cell-editor-background)',
    color: 'var(--jp-ui-font-color2)',
    border: 'none'
  },
  '&.cm-merge-b .cm-changedLine, .cm-inlineChangedLine': {
    backgroundColor: 'var(--jp-mlemodernizer-inserted-line)'
  },
  '&.cm-merge-b .cm-changedText': {
    background: 'var(--jp-mlemodernizer-inserted-text)'
  },
  '.cm-deletedChunk': {
    backgroundColor: 'var(--jp-mlemodernizer-deleted-line)'
  },
  '.cm-deletedChunk .cm-deletedText, &.cm-merge-b .cm-deletedText': {
    background: 'var(--jp-mlemodernizer-deleted-text)'
  },
  '.cm-changedLineGutter, &.cm-merge-b .cm-changedLineGutter': {
    background: 'var(--jp-success-color1)'
  },
  '.cm-deletedLineGutter': {
    background: 'var(--jp-error-color1)'
  },
  '.cm-scroller': {
    overflowX: 'auto'
  },
  '.cm-mlemodernizer-original-numbers .cm-gutterElement': {
    padding: '0 3px 0 5px',
    minWidth: '20px',
    textAlign: 'right'
  },
  '.cm-collapsedLines': {
    color: 'var(--jp-ui-font-color2)',
    background: 'var(--jp-layout-color2)',
    // the merge view's own marks (U+299A) are in few fonts: Chromium drew
    // empty boxes; middle dots are in every font
    '&:before': { content: '"···"' },
    '&:after': { content: '"···"' }
  }
});

export interface IDiffEditor {
  /** The editor's root element. */
  readonly dom: HTMLElement;
  /** Highlight the code with this language (e.g. Python, once loaded). */
  setLanguage(language: Extension): void;
  destroy(): void;
}

/**
 * Show `newSource` with `oldSource` merged in, inside `parent`.
 */
export function createDiffEditor(
  parent: HTMLElement,
  oldSource: string,
  newSource: string,
  label: string
): IDiffEditor {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: newSource,
      extensions: [
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        // long lines scroll: wrapping broke identifiers in a narrow panel
        EditorView.contentAttributes.of({ 'aria-label': label }),
        originalLineNumbers(),
        lineNumbers(),
        jupyterTheme,
        diffTheme,
        language.of([]),
        unifiedMergeView({
          original: oldSource,
          mergeControls: false,
          highlightChanges: true,
          gutter: true,
          syntaxHighlightDeletions: true,
          collapseUnchanged: { margin: 2, minSize: 6 }
        }),
        // the deleted lines scroll with the new ones: the same columns show
        revealChanges()
      ]
    })
  });
  return {
    dom: view.dom,
    setLanguage(extension: Extension) {
      view.dispatch({ effects: language.reconfigure(extension) });
    },
    destroy() {
      view.destroy();
    }
  };
}

/**
 * The old and the new source side by side (`@codemirror/merge`'s MergeView),
 * both read-only, each with its own line numbers.
 */
export function createSideBySide(
  parent: HTMLElement,
  oldSource: string,
  newSource: string,
  label: string
): IDiffEditor {
  const language = new Compartment();
  const side = (doc: string, aria: string) => ({
    doc,
    extensions: [
      revealChanges(),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.contentAttributes.of({ 'aria-label': aria }),
      lineNumbers(),
      jupyterTheme,
      diffTheme,
      language.of([])
    ]
  });
  const view = new MergeView({
    a: side(oldSource, `${label}: before`),
    b: side(newSource, `${label}: after`),
    parent,
    highlightChanges: true,
    gutter: true,
    collapseUnchanged: { margin: 2, minSize: 6 }
  });
  return {
    dom: view.dom,
    setLanguage(extension: Extension) {
      for (const editor of [view.a, view.b]) {
        editor.dispatch({ effects: language.reconfigure(extension) });
      }
    },
    destroy() {
      view.destroy();
    }
  };
}
