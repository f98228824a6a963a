/**
 * The batch views in JupyterLab's main area: one per batch (reopened after a
 * reload by the layout restorer), the list of batches, and the report of one
 * notebook of a batch.
 */
import { JupyterFrontEnd } from '@jupyterlab/application';
import {
  MainAreaWidget,
  Notification,
  WidgetTracker
} from '@jupyterlab/apputils';
import { TranslationBundle } from '@jupyterlab/translation';

import { errorMessage } from './api';
import { modernizeIcon } from './icons';
import { BatchModel } from './model/batch';
import { ModernizerManager } from './model/manager';
import {
  BatchListWidget,
  BatchWidget,
  IBatchActions,
  folderName
} from './views/batch';
import { ReportWidget } from './views/report';
import { basename } from './views/verdict';

export const BATCH_LIST_ID = 'mlemodernizer-batches';

export interface IBatchShellOptions {
  app: JupyterFrontEnd;
  manager: ModernizerManager;
  trans: TranslationBundle;
  /** The batch views, for the layout restorer. */
  tracker: WidgetTracker<MainAreaWidget> | null;
  /** Open a file (relative to the server root) in JupyterLab. */
  openPath(path: string): void;
  /** Open a batch's view (the command, so the restorer knows it). */
  openBatch(id: string): void;
  /** A batch wrote these files (relative to the root) beside its notebooks. */
  filesWritten?(paths: string[]): void;
}

/** The batches whose new files are told (once each, view open or not). */
const telling = new WeakSet<BatchModel>();

/**
 * The id of a batch's main-area widget.
 */
export function batchWidgetId(batchId: string): string {
  return `mlemodernizer-batch-${batchId}`;
}

function findMain(app: JupyterFrontEnd, id: string): boolean {
  for (const widget of app.shell.widgets('main')) {
    if (widget.id === id) {
      app.shell.activateById(id);
      return true;
    }
  }
  return false;
}

function actionsFor(options: IBatchShellOptions): IBatchActions {
  const { app, trans } = options;
  return {
    openPath: path => options.openPath(path),
    openBatch: id => options.openBatch(id),
    cancel: (batch: BatchModel) => {
      batch
        .cancel()
        .catch(error =>
          Notification.error(
            trans.__('Could not cancel the batch: %1', errorMessage(error))
          )
        );
    },
    showReport: (batch: BatchModel, notebook: string) => {
      const id = `mlemodernizer-batch-report-${batch.id}-${notebook}`;
      if (findMain(app, id)) {
        return;
      }
      batch
        .report(notebook)
        .then(report => {
          const content = new ReportWidget(batch.id, notebook, report, trans);
          const widget = new MainAreaWidget({ content });
          widget.id = id;
          widget.title.label = trans.__('Report: %1', basename(notebook));
          widget.title.caption = notebook;
          widget.title.icon = modernizeIcon;
          widget.title.closable = true;
          app.shell.add(widget, 'main');
          app.shell.activateById(id);
        })
        .catch(error =>
          Notification.error(
            trans.__(
              'Could not get the report of %1: %2',
              notebook,
              errorMessage(error)
            )
          )
        );
    }
  };
}

/**
 * Show a batch's view (made once per batch), following the batch.
 */
export function showBatch(
  options: IBatchShellOptions,
  batch: BatchModel
): MainAreaWidget {
  const { app, trans, tracker } = options;
  const id = batchWidgetId(batch.id);
  const known = tracker?.find(widget => widget.id === id);
  if (known) {
    app.shell.activateById(id);
    return known;
  }
  const content = new BatchWidget(batch, actionsFor(options), trans);
  const widget = new MainAreaWidget({ content });
  widget.id = id;
  widget.addClass('jp-mlemodernizer-batch-panel');
  const title = () => {
    widget.title.label = trans.__('Batch: %1', folderName(batch.summary.dir));
    widget.title.caption = trans.__(
      'Modernizing the notebooks of %1',
      folderName(batch.summary.dir)
    );
  };
  title();
  batch.changed.connect(title, widget);
  if (options.filesWritten && !telling.has(batch)) {
    telling.add(batch);
    const told = options.filesWritten;
    batch.wrote.connect((_, paths) => told(paths));
  }
  widget.title.icon = modernizeIcon;
  widget.title.closable = true;
  app.shell.add(widget, 'main');
  void tracker?.add(widget);
  app.shell.activateById(id);
  batch.follow();
  return widget;
}

/**
 * Show the list of the server's batches.
 */
export function showBatchList(options: IBatchShellOptions): void {
  const { app, manager, trans } = options;
  if (findMain(app, BATCH_LIST_ID)) {
    const widget = [...app.shell.widgets('main')].find(
      w => w.id === BATCH_LIST_ID
    ) as MainAreaWidget<BatchListWidget> | undefined;
    widget?.content.refresh();
    return;
  }
  const content = new BatchListWidget(manager, actionsFor(options), trans);
  const widget = new MainAreaWidget({ content });
  widget.id = BATCH_LIST_ID;
  widget.addClass('jp-mlemodernizer-batch-panel');
  widget.title.label = trans.__('Modernization batches');
  widget.title.icon = modernizeIcon;
  widget.title.closable = true;
  app.shell.add(widget, 'main');
  app.shell.activateById(BATCH_LIST_ID);
}
