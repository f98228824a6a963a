import {
  ILayoutRestorer,
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import {
  Dialog,
  ICommandPalette,
  IToolbarWidgetRegistry,
  MainAreaWidget,
  Notification,
  WidgetTracker,
  showDialog
} from '@jupyterlab/apputils';
import { Extension } from '@codemirror/state';
import { PathExt } from '@jupyterlab/coreutils';
import { IEditorLanguageRegistry } from '@jupyterlab/codemirror';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import {
  ITranslator,
  TranslationBundle,
  nullTranslator
} from '@jupyterlab/translation';
import { CommandToolbarButton } from '@jupyterlab/ui-components';

// (the manager below loads ./api at activation anyway: a lazy import saves nothing)
// eslint-disable-next-line jupyter/prefer-lazy-imports
import { errorMessage, isStatus } from './api';
import { modernizeIcon } from './icons';
import { StorageStateCache } from './model/cache';
// The model follows the active notebook from the start and tells the
// commands whether its job runs: activation needs it at once.
// eslint-disable-next-line jupyter/prefer-lazy-imports
import { ModernizerManager } from './model/manager';
import { SettingsValues } from './model/options';
import { isActive } from './model/state';
// The sidebar panel must exist at start-up for its icon and the layout
// restorer; it is small and loads its content lazily.
// eslint-disable-next-line jupyter/prefer-lazy-imports
import { ModernizerSidebar } from './sidebar';
import { ruleDocsPlugin } from './ruledocs';

/**
 * The plugin id; also the key of its settings (schema/plugin.json).
 */
export const PLUGIN_ID = 'mlemodernizer:plugin';

/**
 * The commands, for the palette, menus, toolbar and keyboard shortcuts.
 */
export namespace CommandIDs {
  export const modernize = 'mlemodernizer:modernize';
  export const modernizeFolder = 'mlemodernizer:modernize-folder';
  export const cancel = 'mlemodernizer:cancel';
  export const openPanel = 'mlemodernizer:open-panel';
  export const openBatch = 'mlemodernizer:open-batch';
  export const showBatches = 'mlemodernizer:show-batches';
}

/**
 * The name of the notebook toolbar item (schema/plugin.json).
 */
export const TOOLBAR_ITEM = 'modernize';

/**
 * The mlemodernizer frontend plugin: the Modernize button and commands, the
 * side panel following the active notebook's job, and the settings.
 */
const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description:
    'Modernize old machine-learning notebooks: a Modernize button, a live side panel and per-cell review.',
  autoStart: true,
  requires: [INotebookTracker],
  optional: [
    ISettingRegistry,
    ITranslator,
    ICommandPalette,
    ILayoutRestorer,
    IDocumentManager,
    IDefaultFileBrowser,
    IToolbarWidgetRegistry,
    IEditorLanguageRegistry
  ],
  activate: (
    app: JupyterFrontEnd,
    tracker: INotebookTracker,
    settingRegistry: ISettingRegistry | null,
    translator: ITranslator | null,
    palette: ICommandPalette | null,
    restorer: ILayoutRestorer | null,
    docManager: IDocumentManager | null,
    fileBrowser: IDefaultFileBrowser | null,
    toolbarRegistry: IToolbarWidgetRegistry | null,
    languages: IEditorLanguageRegistry | null
  ): void => {
    console.log('mlemodernizer extension activated');
    const trans = (translator ?? nullTranslator).load('mlemodernizer');
    const manager = new ModernizerManager({
      serverSettings: app.serviceManager.serverSettings,
      cache: new StorageStateCache()
    });

    // --- the panel (its content loads when it is first shown) ---------------
    const panel = new ModernizerSidebar({
      app,
      manager,
      tracker,
      docManager,
      trans,
      language: () => pythonLanguage(languages),
      modernize: args => void app.commands.execute(CommandIDs.modernize, args)
    });
    app.shell.add(panel, 'right', { rank: 900 });
    restorer?.add(panel, panel.id);

    const follow = () => {
      manager.setPath(tracker.currentWidget?.context.path ?? null);
      app.commands.notifyCommandChanged();
    };
    tracker.currentChanged.connect(follow);
    tracker.widgetAdded.connect((_, notebook) => {
      notebook.context.pathChanged.connect(follow);
    });
    follow();
    manager.changed.connect(() => app.commands.notifyCommandChanged());
    // the cell a job runs now, marked in its open notebook; the changes
    // waiting for a decision, shown under their cells
    void import('./runningcell').then(
      ({ RunningCellMarker }) => new RunningCellMarker(manager, tracker, trans)
    );
    // the cells whose output drifted from the author's, marked where they are
    void import('./driftmarks').then(
      ({ DriftMarks }) => new DriftMarks(manager, tracker, trans)
    );
    void import('./celldiff').then(
      ({ CellDiffs }) =>
        new CellDiffs({
          manager,
          tracker,
          trans,
          language: () => pythonLanguage(languages),
          decide: (job, fixId, decision, cellId) => {
            job
              .decide(fixId, decision, cellId)
              .catch(error =>
                Notification.error(
                  trans.__(
                    'Could not send the decision: %1',
                    errorMessage(error)
                  )
                )
              );
          }
        })
    );

    // --- settings -------------------------------------------------------------
    if (settingRegistry) {
      settingRegistry
        .load(PLUGIN_ID)
        .then(settings => {
          const update = () =>
            manager.setSettings(
              settings.composite as SettingsValues,
              settings.user as SettingsValues
            );
          update();
          settings.changed.connect(update);
          // the panel's offline switch saves where the settings editor does
          manager.settingWriter = (key, value) => settings.set(key, value);
          console.debug('mlemodernizer settings loaded:', settings.composite);
        })
        .catch((reason: unknown) => {
          console.warn('mlemodernizer: could not load settings.', reason);
        });
    }

    // --- server health --------------------------------------------------------
    manager
      .refreshHealth()
      .then(() => {
        const health = manager.health;
        if (health) {
          console.log(
            `mlemodernizer server extension ${health.status}, version ${health.version}`
          );
        } else {
          console.warn(
            'mlemodernizer server extension did not answer; is the Python package installed and enabled?',
            manager.healthError
          );
        }
      })
      .catch(() => undefined);

    // --- batches: a main-area view each, reopened after a reload ---------------
    const batchTracker = new WidgetTracker<MainAreaWidget>({
      namespace: 'mlemodernizer-batch'
    });
    if (restorer) {
      void restorer.restore(batchTracker, {
        command: CommandIDs.openBatch,
        args: widget => ({
          id: widget.id.replace(/^mlemodernizer-batch-/, '')
        }),
        name: widget => widget.id
      });
    }

    // --- commands -------------------------------------------------------------
    addCommands(app, {
      manager,
      panel,
      tracker,
      fileBrowser,
      trans,
      batchTracker,
      openPath: path => {
        if (docManager) {
          docManager.openOrReveal(path);
        } else {
          void app.commands.execute('docmanager:open', { path });
        }
      }
    });

    if (palette) {
      const category = trans.__('Notebook Modernizer');
      for (const command of [
        CommandIDs.modernize,
        CommandIDs.modernizeFolder,
        CommandIDs.showBatches,
        CommandIDs.cancel,
        CommandIDs.openPanel
      ]) {
        palette.addItem({ command, category });
      }
    }

    toolbarRegistry?.addFactory<NotebookPanel>(
      'Notebook',
      TOOLBAR_ITEM,
      () =>
        new CommandToolbarButton({
          commands: app.commands,
          id: CommandIDs.modernize,
          args: { toolbar: true },
          label: trans.__('Modernize'),
          caption: trans.__('Modernize this notebook')
        })
    );
  }
};

interface ICommandContext {
  manager: ModernizerManager;
  panel: ModernizerSidebar;
  tracker: INotebookTracker;
  fileBrowser: IDefaultFileBrowser | null;
  trans: TranslationBundle;
  batchTracker: WidgetTracker<MainAreaWidget>;
  openPath: (path: string) => void;
}

function addCommands(app: JupyterFrontEnd, context: ICommandContext): void {
  const { manager, panel, tracker, fileBrowser, trans } = context;
  const { commands } = app;

  /** The item the file browser's context menu was opened on, if any. */
  const browserItem = (): { path: string; isDir: boolean } | null => {
    const hit = app.contextMenuHitTest(node =>
      node.classList.contains('jp-DirListing-item')
    );
    if (!hit || !fileBrowser) {
      return null;
    }
    const item = fileBrowser.selectedItems().next();
    if (!item || item.done || !item.value) {
      return null;
    }
    return {
      path: item.value.path,
      isDir: item.value.type === 'directory'
    };
  };

  const notebookTarget = (args: Record<string, unknown>): string | null => {
    if (typeof args.path === 'string' && args.path) {
      return args.path;
    }
    const item = browserItem();
    if (item && !item.isDir && item.path.endsWith('.ipynb')) {
      return item.path;
    }
    return tracker.currentWidget?.context.path ?? null;
  };

  commands.addCommand(CommandIDs.modernize, {
    describedBy: {
      args: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            description: trans.__(
              'The notebook, relative to the server root (default: the current notebook)'
            )
          },
          toolbar: {
            type: 'boolean',
            description: trans.__('Whether the command runs from a toolbar')
          },
          install_missing: {
            type: 'boolean',
            description: trans.__(
              "pip-install the packages the notebook lacks into the kernel's environment"
            )
          }
        }
      }
    },
    label: args =>
      args.toolbar ? trans.__('Modernize') : trans.__('Modernize notebook'),
    caption: trans.__(
      'Run the notebook, fix what broke (rules, then the LLM), review each change, and check the score'
    ),
    icon: modernizeIcon,
    isEnabled: args => {
      const path = notebookTarget(args);
      if (!path) {
        return false;
      }
      const job = manager.jobForPath(path);
      return !job || !isActive(job.state);
    },
    execute: async args => {
      const path = notebookTarget(args);
      if (!path) {
        return;
      }
      const open = tracker.find(widget => widget.context.path === path);
      const { unsavedEdits } = await import('./notebook');
      if (open && (await unsavedEdits(open, app.serviceManager.contents))) {
        const answer = await showDialog({
          title: trans.__('Save the notebook first?'),
          body: trans.__(
            '%1 has unsaved edits. The job runs the notebook as saved on disk.',
            path
          ),
          buttons: [
            Dialog.cancelButton({ label: trans.__('Cancel') }),
            Dialog.okButton({ label: trans.__('Save and modernize') })
          ]
        });
        if (!answer.button.accept) {
          return;
        }
        await open.context.save();
      }
      if (!panel.isVisible) {
        app.shell.activateById(panel.id);
      }
      manager.setPath(path);
      try {
        await manager.start(
          path,
          args.install_missing ? { install_missing: true } : {}
        );
      } catch (error) {
        Notification.error(
          trans.__(
            'Could not start modernizing %1: %2',
            path,
            errorMessage(error)
          )
        );
      }
    }
  });

  /**
   * The folder a batch is for: the `path` argument; else the folder the file
   * browser's context menu was opened on, or the one selected there; else
   * the file browser's current folder ('' is the root).
   */
  const folderTarget = (args: Record<string, unknown>): string => {
    if (typeof args.path === 'string') {
      return args.path.replace(/^\/+|\/+$/g, '');
    }
    const item = browserItem();
    if (item?.isDir) {
      return item.path;
    }
    if (fileBrowser) {
      for (const selected of fileBrowser.selectedItems()) {
        if (selected.type === 'directory') {
          return selected.path;
        }
      }
      return fileBrowser.model.path;
    }
    return '';
  };

  const batchShell = async () => {
    const { showBatch, showBatchList } = await import('./batchwidget');
    const options = {
      app,
      manager,
      trans,
      tracker: context.batchTracker,
      openPath: context.openPath,
      openBatch: (id: string) =>
        void commands.execute(CommandIDs.openBatch, { id }),
      // the server writes them, not the contents API: the file browser
      // would show them at its next poll only (every 10 s, or later)
      filesWritten: (paths: string[]) => {
        const model = fileBrowser?.model;
        if (model && paths.some(path => PathExt.dirname(path) === model.path)) {
          void model.refresh();
        }
      }
    };
    return {
      show: (id: string) => showBatch(options, manager.batch(id)),
      list: () => showBatchList(options)
    };
  };

  commands.addCommand(CommandIDs.modernizeFolder, {
    describedBy: {
      args: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            description: trans.__(
              "The folder, relative to the server root (default: the file browser's selected folder, else its current folder)"
            )
          }
        }
      }
    },
    label: trans.__('Modernize notebooks in folder'),
    caption: trans.__(
      "Modernize every notebook of a folder as one batch: the file browser's selected folder, else its current folder"
    ),
    icon: modernizeIcon,
    execute: async args => {
      const dir = folderTarget(args);
      try {
        const batch = await manager.startBatch(dir);
        await commands.execute(CommandIDs.openBatch, { id: batch.id });
      } catch (error) {
        if (isStatus(error, 404)) {
          Notification.error(
            trans.__(
              'Batch modernization is not available on this server: it answered 404 for mlemodernizer/batches. Update the mlemodernizer package on the server, or run `mlemodernizer batch %1` in a terminal.',
              dir || '.'
            )
          );
        } else {
          Notification.error(
            trans.__(
              'Could not modernize the notebooks in %1: %2',
              dir || '/',
              errorMessage(error)
            )
          );
        }
      }
    }
  });

  commands.addCommand(CommandIDs.openBatch, {
    describedBy: {
      args: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            description: trans.__('The batch id the server gave')
          }
        },
        required: ['id']
      }
    },
    label: trans.__('Open modernization batch'),
    caption: trans.__('Show a batch of notebooks being modernized'),
    icon: modernizeIcon,
    execute: async args => {
      if (typeof args.id !== 'string' || !args.id) {
        return;
      }
      (await batchShell()).show(args.id);
    }
  });

  commands.addCommand(CommandIDs.showBatches, {
    describedBy: { args: { type: 'object', properties: {} } },
    label: trans.__('Show modernization batches'),
    caption: trans.__(
      'List the batches the server knows, running or ended, to open one'
    ),
    icon: modernizeIcon,
    execute: async () => {
      (await batchShell()).list();
    }
  });

  commands.addCommand(CommandIDs.cancel, {
    describedBy: { args: { type: 'object', properties: {} } },
    label: trans.__('Cancel modernization'),
    caption: trans.__('Stop the modernization job of the current notebook'),
    isEnabled: () => {
      const job = manager.current;
      return job !== null && isActive(job.state) && !job.state.cancelRequested;
    },
    execute: async () => {
      const job = manager.current;
      if (!job) {
        return;
      }
      const { confirmCancel } = await import('./cancel');
      if (!(await confirmCancel(job, trans))) {
        return;
      }
      try {
        await job.cancel();
      } catch (error) {
        Notification.error(
          trans.__('Could not cancel the job: %1', errorMessage(error))
        );
      }
    }
  });

  commands.addCommand(CommandIDs.openPanel, {
    describedBy: { args: { type: 'object', properties: {} } },
    label: trans.__('Open modernizer panel'),
    caption: trans.__('Show the modernization job of the current notebook'),
    icon: args => (args.toolbar ? modernizeIcon : undefined),
    execute: () => {
      app.shell.activateById(panel.id);
    }
  });
}

/**
 * Python highlighting for the diffs, from JupyterLab's language registry.
 */
function pythonLanguage(
  languages: IEditorLanguageRegistry | null
): Promise<Extension | null> {
  if (!languages) {
    return Promise.resolve(null);
  }
  return languages
    .getLanguage('python')
    .then(language => language?.support ?? null)
    .catch(() => null);
}

export default [plugin, ruleDocsPlugin];
