/**
 * A rule's documentation, rendered with JupyterLab's markdown renderer from
 * the text the server writes from the rule's own fields
 * (`GET mlemodernizer/rules/ID`).
 */
import { URLExt } from '@jupyterlab/coreutils';
import { IRenderMimeRegistry, MimeModel } from '@jupyterlab/rendermime';
import { ServerConnection } from '@jupyterlab/services';
import { TranslationBundle } from '@jupyterlab/translation';
import { PanelLayout, Widget } from '@lumino/widgets';

import { errorMessage } from '../api';
import { requestAPI } from '../request';

export interface IRuleDoc {
  id: string;
  /** The rule's documentation, as Markdown. */
  markdown: string;
}

export function fetchRuleDoc(
  id: string,
  serverSettings?: ServerConnection.ISettings
): Promise<IRuleDoc> {
  return requestAPI<IRuleDoc>(
    URLExt.join('rules', encodeURIComponent(id)),
    { method: 'GET' },
    serverSettings
  );
}

/**
 * One rule's documentation, rendered as markdown; or why it could not be
 * read.
 */
export class RuleDocWidget extends Widget {
  constructor(
    readonly ruleId: string,
    private _rendermime: IRenderMimeRegistry,
    private _trans: TranslationBundle
  ) {
    super();
    this.layout = new PanelLayout();
    this.addClass('jp-mlemodernizer-rule-doc');
  }

  /** Ask the server for the documentation and show it. */
  async load(serverSettings?: ServerConnection.ISettings): Promise<void> {
    let doc: IRuleDoc;
    try {
      doc = await fetchRuleDoc(this.ruleId, serverSettings);
    } catch (error) {
      this.showError(errorMessage(error));
      return;
    }
    await this.showMarkdown(doc.markdown);
  }

  /** Render the documentation's markdown, in place of anything shown. */
  async showMarkdown(markdown: string): Promise<void> {
    const renderer = this._rendermime.createRenderer('text/markdown');
    await renderer.renderModel(
      new MimeModel({ data: { 'text/markdown': markdown } })
    );
    this._replace(renderer);
  }

  showError(message: string): void {
    const widget = new Widget();
    widget.addClass('jp-mlemodernizer-rule-doc-error');
    widget.node.textContent = this._trans.__(
      'The documentation of %1 could not be read: %2',
      this.ruleId,
      message
    );
    this._replace(widget);
  }

  private _replace(widget: Widget): void {
    const layout = this.layout as PanelLayout;
    for (const old of [...layout.widgets]) {
      old.dispose();
    }
    layout.addWidget(widget);
  }
}
