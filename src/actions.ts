/**
 * What the panel's buttons do in the application: send decisions, open the
 * modernized notebook and the report, apply accepted changes to the open
 * notebook (warning and stopping instead of overwriting the user's edits).
 */
import { JupyterFrontEnd } from '@jupyterlab/application';
import {
  Dialog,
  MainAreaWidget,
  Notification,
  showDialog
} from '@jupyterlab/apputils';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { TranslationBundle } from '@jupyterlab/translation';

import { Decision, errorMessage } from './api';
import { confirmCancel } from './cancel';
import { modernizeIcon } from './icons';
import { ApplyPlan, netAcceptedChanges } from './model/diff';
import { JobModel } from './model/job';
import { applyChanges, revertEdits, scrollToCell } from './notebook';
import { IPanelActions } from './views/panel';
import { OPEN_RULE_DOC } from './ruledocs';
import { ReportWidget } from './views/report';
import { basename } from './views/verdict';

export interface IActionsOptions {
  app: JupyterFrontEnd;
  tracker: INotebookTracker;
  docManager: IDocumentManager | null;
  trans: TranslationBundle;
  /** Start a job for the followed notebook (or `path`), with these options. */
  modernize(args?: { path?: string; install_missing?: boolean }): void;
}

export class PanelActions implements IPanelActions {
  constructor(private _options: IActionsOptions) {}

  modernize(): void {
    this._options.modernize();
  }

  cancel(job: JobModel): void {
    confirmCancel(job, this._trans)
      .then(confirmed => (confirmed ? job.cancel() : undefined))
      .catch(error => {
        Notification.error(
          this._trans.__('Could not cancel the job: %1', errorMessage(error))
        );
      });
  }

  decide(
    job: JobModel,
    fixId: string,
    decision: Decision,
    cellId?: string
  ): void {
    job.decide(fixId, decision, cellId).catch(error => {
      Notification.error(
        this._trans.__('Could not send the decision: %1', errorMessage(error))
      );
    });
  }

  showCell(path: string, cellId: string, cellIndex: number): void {
    this._revealNotebook(path)
      .then(async panel => {
        if (!panel) {
          return;
        }
        this._options.app.shell.activateById(panel.id);
        const found = await scrollToCell(panel, cellId, cellIndex);
        if (!found) {
          Notification.warning(
            this._trans.__(
              'Cell %1 is not in the notebook any more.',
              cellIndex + 1
            )
          );
        }
      })
      .catch(error => console.warn('mlemodernizer: cannot show cell', error));
  }

  followCell(path: string, cellId: string, cellIndex: number): void {
    const panel = this._findNotebook(path);
    if (panel) {
      void scrollToCell(panel, cellId, cellIndex, false);
    }
  }

  openOutput(job: JobModel): void {
    if (job.state.output) {
      this.openPath(job.state.output);
    }
  }

  openPath = (path: string): void => {
    this._options.docManager?.openOrReveal(path);
  };

  openRuleDoc(id: string): void {
    this._options.app.commands
      .execute(OPEN_RULE_DOC, { id })
      .catch(error =>
        Notification.error(
          this._trans.__(
            'Could not open the documentation of %1: %2',
            id,
            errorMessage(error)
          )
        )
      );
  }

  installMissing(job: JobModel, packages: string[]): void {
    void showDialog({
      title: this._trans.__('Install %1?', packages.join(', ')),
      body: this._trans.__(
        "The packages are installed with pip into the kernel's own environment, and %1 is modernized again. Nothing in the notebook is rewritten for them.",
        job.state.path
      ),
      buttons: [
        Dialog.cancelButton(),
        Dialog.okButton({ label: this._trans.__('Install and run again') })
      ]
    }).then(answer => {
      if (answer.button.accept) {
        this._options.modernize({
          path: job.state.path,
          install_missing: true
        });
      }
    });
  }

  openReport(job: JobModel): void {
    const report = job.state.report;
    if (!report) {
      return;
    }
    const id = `mlemodernizer-report-${job.jobId}`;
    const shell = this._options.app.shell;
    for (const widget of shell.widgets('main')) {
      if (widget.id === id) {
        shell.activateById(id);
        return;
      }
    }
    const content = new ReportWidget(
      job.jobId,
      job.state.path,
      report,
      this._trans
    );
    const widget = new MainAreaWidget({ content });
    widget.id = id;
    widget.title.label = this._trans.__('Report: %1', basename(job.state.path));
    widget.title.icon = modernizeIcon;
    widget.title.closable = true;
    shell.add(widget, 'main');
    shell.activateById(id);
  }

  applyAccepted(job: JobModel): void {
    this._applyAccepted(job).catch(error =>
      Notification.error(
        this._trans.__('Could not apply the changes: %1', errorMessage(error))
      )
    );
  }

  private async _applyAccepted(job: JobModel): Promise<void> {
    const panel = this._findNotebook(job.state.path);
    if (!panel) {
      Notification.warning(
        this._trans.__('Open %1 to apply the changes to it.', job.state.path)
      );
      return;
    }
    const plan = await applyChanges(
      panel,
      netAcceptedChanges(job.state),
      this._options.app.serviceManager.contents
    );
    if (!plan.ok) {
      await this._explain(plan, panel);
      return;
    }
    if (plan.edits.length === 0) {
      Notification.info(
        this._trans.__('The notebook already has every accepted change.')
      );
      return;
    }
    // said in the panel, beside its Undo: a toast here covered the timeline
    job.appliedEdits = [...job.appliedEdits, ...plan.edits];
  }

  undoApply(job: JobModel): void {
    const panel = this._findNotebook(job.state.path);
    if (!panel || job.appliedEdits.length === 0) {
      return;
    }
    const plan = revertEdits(panel, job.appliedEdits);
    if (!plan.ok) {
      void showDialog({
        title: this._trans.__('Cannot undo'),
        body: this._trans.__(
          'Cells %1 changed after the changes were applied; undo them by hand.',
          plan.cellIds.join(', ')
        ),
        buttons: [Dialog.okButton({ label: this._trans.__('OK') })]
      });
      return;
    }
    job.appliedEdits = [];
  }

  openSettings(): void {
    void this._options.app.commands.execute('settingeditor:open', {
      query: 'ML Notebook Modernizer'
    });
  }

  isOpen(path: string): boolean {
    return this._findNotebook(path) !== null;
  }

  private get _trans(): TranslationBundle {
    return this._options.trans;
  }

  private _findNotebook(path: string): NotebookPanel | null {
    return (
      this._options.tracker.find(panel => panel.context.path === path) ?? null
    );
  }

  private async _revealNotebook(path: string): Promise<NotebookPanel | null> {
    let panel = this._findNotebook(path);
    if (!panel && this._options.docManager) {
      const widget = this._options.docManager.openOrReveal(path);
      if (widget instanceof NotebookPanel) {
        panel = widget;
      }
    }
    if (panel) {
      await panel.context.ready;
      await panel.revealed;
    }
    return panel;
  }

  private async _explain(
    plan: Extract<ApplyPlan, { ok: false }>,
    panel: NotebookPanel
  ): Promise<void> {
    const trans = this._trans;
    let body: string;
    switch (plan.reason) {
      case 'dirty':
        body = trans.__(
          '%1 has unsaved edits. Save or revert them first: accepted changes are never applied over your own work. Nothing was changed.',
          panel.context.path
        );
        break;
      case 'edited':
        body = trans.__(
          'Cells %1 of the notebook changed since the job read it. Nothing was changed; the accepted changes are in the modernized copy.',
          this._cellNumbers(panel, plan.cellIds)
        );
        break;
      default:
        body = trans.__(
          'Some changed cells are no longer in the notebook. Nothing was changed; the accepted changes are in the modernized copy.'
        );
    }
    await showDialog({
      title: trans.__('Changes not applied'),
      body,
      buttons: [Dialog.okButton({ label: trans.__('OK') })]
    });
  }

  private _cellNumbers(panel: NotebookPanel, ids: string[]): string {
    const cells = panel.content.model?.sharedModel.cells ?? [];
    return ids
      .map(id => {
        const index = cells.findIndex(cell => cell.id === id);
        return index >= 0 ? String(index) : id;
      })
      .join(', ');
  }
}
