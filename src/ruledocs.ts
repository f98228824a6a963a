/**
 * A rule's documentation inside JupyterLab, offline: the server writes it
 * from the rule's own fields (the text `mlemodernizer rules ID` prints),
 * JupyterLab's markdown renderer shows it in the main area. The panel's
 * rule ids run this command.
 */
import {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { MainAreaWidget } from '@jupyterlab/apputils';
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import { ITranslator, nullTranslator } from '@jupyterlab/translation';

import { modernizeIcon } from './icons';

/** The command that opens a rule's documentation: `{ id: 'NPY001' }`. */
export const OPEN_RULE_DOC = 'mlemodernizer:open-rule-doc';

/**
 * The command opening a rule's documentation (one tab per rule, reused).
 */
export const ruleDocsPlugin: JupyterFrontEndPlugin<void> = {
  id: 'mlemodernizer:rule-docs',
  description:
    "Shows a modernizer rule's documentation in the main area, offline.",
  autoStart: true,
  requires: [IRenderMimeRegistry],
  optional: [ITranslator],
  activate: (
    app: JupyterFrontEnd,
    rendermime: IRenderMimeRegistry,
    translator: ITranslator | null
  ): void => {
    const trans = (translator ?? nullTranslator).load('mlemodernizer');
    app.commands.addCommand(OPEN_RULE_DOC, {
      label: args =>
        args.id
          ? trans.__('Documentation of rule %1', String(args.id))
          : trans.__('Rule documentation'),
      describedBy: {
        args: {
          type: 'object',
          properties: {
            id: {
              type: 'string',
              description: trans.__('The rule id, such as NPY001')
            }
          },
          required: ['id']
        }
      },
      execute: async args => {
        const id = String(args.id ?? '').toUpperCase();
        if (!id) {
          return;
        }
        // (before the look-up: a second click while this loads finds the tab)
        const { RuleDocWidget } = await import('./views/ruledoc');
        const widgetId = `mlemodernizer-rule-${id}`;
        for (const widget of app.shell.widgets('main')) {
          if (widget.id === widgetId) {
            app.shell.activateById(widgetId);
            return;
          }
        }
        const content = new RuleDocWidget(id, rendermime, trans);
        const widget = new MainAreaWidget({ content });
        widget.id = widgetId;
        widget.title.label = trans.__('Rule %1', id);
        widget.title.caption = trans.__('Documentation of rule %1', id);
        widget.title.icon = modernizeIcon;
        widget.title.closable = true;
        app.shell.add(widget, 'main');
        app.shell.activateById(widgetId);
        return content.load(app.serviceManager.serverSettings);
      }
    });
  }
};
