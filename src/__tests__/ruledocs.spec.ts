import { JupyterFrontEnd } from '@jupyterlab/application';
import {
  RenderMimeRegistry,
  standardRendererFactories
} from '@jupyterlab/rendermime';
import { ServerConnection } from '@jupyterlab/services';
import { nullTranslator } from '@jupyterlab/translation';
import { CommandRegistry } from '@lumino/commands';
import { Widget } from '@lumino/widgets';

import { OPEN_RULE_DOC, ruleDocsPlugin } from '../ruledocs';
import { RuleDocWidget } from '../views/ruledoc';

type Fetch = ServerConnection.ISettings['fetch'];

const trans = nullTranslator.load('mlemodernizer');

const DOC = [
  '# NPY001: np.float/int/... were removed in 1.24; use builtins',
  '',
  '## What it does',
  '',
  'It finds the old code and rewrites it.',
  '',
  '```python',
  'x = np.float(1)',
  '```',
  ''
].join('\n');

/**
 * JupyterLab's own renderers. (Without the application's markdown parser,
 * an ES module Jest does not load, markdown is shown as its source; the
 * Galata test sees it rendered.)
 */
function rendermime(): RenderMimeRegistry {
  return new RenderMimeRegistry({
    initialFactories: standardRendererFactories
  });
}

/** A server answering each request from `reply`, recording the URLs. */
function server(reply: (url: string) => Response): {
  settings: ServerConnection.ISettings;
  urls: string[];
} {
  const urls: string[] = [];
  const fetch: Fetch = async input => {
    const url = new URL((input as Request).url);
    urls.push(url.pathname);
    return reply(url.pathname);
  };
  const settings = ServerConnection.makeSettings({
    baseUrl: 'http://localhost:8888/lab-root/',
    wsUrl: 'ws://localhost:8888/lab-root/',
    fetch
  });
  return { settings, urls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' }
  });
}

describe('RuleDocWidget', () => {
  it("asks the server for the rule's markdown and renders it", async () => {
    const { settings, urls } = server(() =>
      json({ id: 'NPY001', markdown: DOC })
    );
    const widget = new RuleDocWidget('NPY001', rendermime(), trans);
    await widget.load(settings);
    expect(urls).toEqual(['/lab-root/mlemodernizer/rules/NPY001']);
    const node = widget.node;
    const rendered = node.querySelector('.jp-RenderedMarkdown');
    expect(rendered?.textContent).toContain(
      '# NPY001: np.float/int/... were removed in 1.24; use builtins'
    );
    expect(rendered?.textContent).toContain('x = np.float(1)');
    widget.dispose();
  });

  it('says why when the server has no such rule', async () => {
    const { settings } = server(() =>
      json({ message: 'no rule NPY999 in the installed packs' }, 404)
    );
    const widget = new RuleDocWidget('NPY999', rendermime(), trans);
    await widget.load(settings);
    expect(widget.node.querySelector('.jp-RenderedMarkdown')).toBeNull();
    expect(
      widget.node.querySelector('.jp-mlemodernizer-rule-doc-error')?.textContent
    ).toBe(
      'The documentation of NPY999 could not be read: no rule NPY999 in the installed packs'
    );
    widget.dispose();
  });
});

describe('mlemodernizer:rule-docs', () => {
  it('opens one tab per rule, and shows it again on the next click', async () => {
    const { settings, urls } = server(() =>
      json({ id: 'NPY001', markdown: DOC })
    );
    const main: Widget[] = [];
    const activated: string[] = [];
    const app = {
      commands: new CommandRegistry(),
      shell: {
        add: (widget: Widget) => main.push(widget),
        activateById: (id: string) => activated.push(id),
        widgets: () => main[Symbol.iterator]()
      },
      serviceManager: { serverSettings: settings }
    } as unknown as JupyterFrontEnd;
    expect(ruleDocsPlugin.id).toBe('mlemodernizer:rule-docs');
    void ruleDocsPlugin.activate(app, rendermime(), null);

    await app.commands.execute(OPEN_RULE_DOC, { id: 'npy001' });
    expect(main).toHaveLength(1);
    expect(main[0].id).toBe('mlemodernizer-rule-NPY001');
    expect(main[0].title.label).toBe('Rule NPY001');
    expect(main[0].title.caption).toBe('Documentation of rule NPY001');
    expect(
      main[0].node.querySelector('.jp-RenderedMarkdown')?.textContent
    ).toContain('NPY001: np.float');
    await app.commands.execute(OPEN_RULE_DOC, { id: 'NPY001' });
    expect(main).toHaveLength(1);
    expect(activated).toEqual([
      'mlemodernizer-rule-NPY001',
      'mlemodernizer-rule-NPY001'
    ]);
    expect(urls).toHaveLength(1);
    main[0].dispose();
  });
});
