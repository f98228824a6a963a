/**
 * The right sidebar's modernizer panel. It is created at start-up (for its
 * icon and the layout restorer) but loads its content, the React views and
 * the CodeMirror diff, only when it is first shown.
 */
import { Extension } from '@codemirror/state';
import { JupyterFrontEnd } from '@jupyterlab/application';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { INotebookTracker } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';
import { Message } from '@lumino/messaging';
import { Panel } from '@lumino/widgets';

import { modernizeIcon } from './icons';
import { ModernizerManager } from './model/manager';

export interface ISidebarOptions {
  app: JupyterFrontEnd;
  manager: ModernizerManager;
  tracker: INotebookTracker;
  docManager: IDocumentManager | null;
  trans: TranslationBundle;
  /** Python highlighting for the diffs, once loaded. */
  language: () => Promise<Extension | null>;
  /** Start a job for the followed notebook (or `path`), with these options. */
  modernize(args?: { path?: string; install_missing?: boolean }): void;
}

/**
 * Wide enough for a line of code beside its line numbers.
 */
const PREFERRED_WIDTH = 480;
const WIDENED_KEY = 'mlemodernizer:panel-widened';

export class ModernizerSidebar extends Panel {
  constructor(options: ISidebarOptions) {
    super();
    this._options = options;
    this.id = 'mlemodernizer-panel';
    this.addClass('jp-mlemodernizer-panel');
    this.title.icon = modernizeIcon;
    this.title.caption = options.trans.__('Notebook modernizer');
    this.node.setAttribute('role', 'region');
    this.node.setAttribute(
      'aria-label',
      options.trans.__('Notebook modernizer')
    );
  }

  /**
   * Resolves once the content is there (loading it if needed).
   */
  load(): Promise<void> {
    if (!this._loading) {
      this._loading = this._load().catch(reason => {
        this._loading = null;
        console.error('mlemodernizer: cannot load the panel', reason);
      });
    }
    return this._loading;
  }

  protected override onAfterShow(msg: Message): void {
    super.onAfterShow(msg);
    void this.load();
    requestAnimationFrame(() => this._widenOnce());
  }

  /**
   * The first time the panel shows, make the right sidebar wide enough for
   * code (JupyterLab's 250 px wraps every diff); from then on the width is
   * the user's, which JupyterLab's layout remembers.
   */
  private _widenOnce(): void {
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      return; // no storage: never fight the user's width
    }
    if (storage.getItem(WIDENED_KEY) !== null || !this.isVisible) {
      return;
    }
    storage.setItem(WIDENED_KEY, '1');
    const width = this.node.getBoundingClientRect().width;
    // (LabShell has no public way to size a sidebar: its split panel is
    // private, so this is checked for and skipped when it is not there)
    const split = (
      this._options.app.shell as unknown as {
        _hsplitPanel?: {
          node: HTMLElement;
          relativeSizes(): number[];
          setRelativeSizes(sizes: number[]): void;
        };
      }
    )._hsplitPanel;
    if (
      width >= PREFERRED_WIDTH ||
      !split ||
      typeof split.relativeSizes !== 'function' ||
      typeof split.setRelativeSizes !== 'function'
    ) {
      return;
    }
    const sizes = split.relativeSizes();
    const total = split.node.getBoundingClientRect().width;
    if (sizes.length < 3 || total <= 0) {
      return;
    }
    const want = Math.min(PREFERRED_WIDTH, total * 0.4);
    const extra = Math.max(0, want - width) / total;
    const main = 1;
    const right = sizes.length - 1;
    if (sizes[main] - extra < 0.35) {
      return; // a small window: the notebook keeps its room
    }
    sizes[main] -= extra;
    sizes[right] += extra;
    split.setRelativeSizes(sizes);
  }

  protected override onAfterAttach(msg: Message): void {
    super.onAfterAttach(msg);
    if (this.isVisible) {
      void this.load();
    }
  }

  private async _load(): Promise<void> {
    const [{ ModernizerPanel }, { PanelActions }] = await Promise.all([
      import('./views/panel'),
      import('./actions')
    ]);
    if (this.isDisposed) {
      return;
    }
    const { app, manager, tracker, docManager, trans } = this._options;
    const actions = new PanelActions({
      app,
      tracker,
      docManager,
      trans,
      modernize: this._options.modernize
    });
    this.addWidget(
      new ModernizerPanel({
        manager,
        actions,
        trans,
        language: this._options.language()
      })
    );
  }

  private _options: ISidebarOptions;
  private _loading: Promise<void> | null = null;
}
