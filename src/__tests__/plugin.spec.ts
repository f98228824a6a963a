import { JupyterFrontEnd } from '@jupyterlab/application';
import { IToolbarWidgetRegistry, Notification } from '@jupyterlab/apputils';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ServerConnection } from '@jupyterlab/services';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { CommandRegistry } from '@lumino/commands';
import { Signal } from '@lumino/signaling';
import { Widget } from '@lumino/widgets';

import plugins, { CommandIDs, PLUGIN_ID, TOOLBAR_ITEM } from '../index';
import { settle } from './fakes';

// the main plugin comes first (then the rule documentation's)
const [plugin] = plugins;

type Fetch = ServerConnection.ISettings['fetch'];

/**
 * Just enough of a JupyterFrontEnd and a notebook tracker for the plugin:
 * real commands, a shell that records what is added, a scripted server.
 */
function fakeApp(fetch: Fetch) {
  const serverSettings = ServerConnection.makeSettings({
    baseUrl: 'http://localhost:8888/',
    wsUrl: 'ws://localhost:8888/',
    fetch
  });
  const added: { widget: Widget; area: string }[] = [];
  const activated: string[] = [];
  const app = {
    commands: new CommandRegistry(),
    shell: {
      add: (widget: Widget, area: string) => added.push({ widget, area }),
      activateById: (id: string) => activated.push(id),
      widgets: () => [][Symbol.iterator]()
    },
    serviceManager: { serverSettings },
    contextMenuHitTest: () => undefined
  } as unknown as JupyterFrontEnd;
  const owner = {};
  const tracker = {
    currentWidget: null,
    currentChanged: new Signal(owner),
    widgetAdded: new Signal(owner),
    find: () => undefined
  } as unknown as INotebookTracker;
  return { app, tracker, added, activated };
}

function health(): Fetch {
  return async input => {
    const url = (input as Request).url;
    if (url.includes('/mlemodernizer/health')) {
      return new Response(JSON.stringify({ status: 'ok', version: '9.9.9' }));
    }
    if (url.includes('/mlemodernizer/jobs')) {
      return new Response(JSON.stringify({ jobs: [] }));
    }
    return new Response('<html>Not Found</html>', { status: 404 });
  };
}

type Activate = (...args: unknown[]) => void;

describe('mlemodernizer:plugin', () => {
  let log: jest.SpyInstance;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('starts by itself under the id its settings schema is named for', () => {
    expect(plugin.id).toBe('mlemodernizer:plugin');
    expect(PLUGIN_ID).toBe(plugin.id);
    expect(plugin.autoStart).toBe(true);
    expect(plugin.requires).toContain(INotebookTracker);
    expect(plugin.optional).toContain(ISettingRegistry);
  });

  it('adds the panel, the commands and the toolbar button', async () => {
    const { app, tracker, added } = fakeApp(health());
    const load = jest.fn(async (id: string) => ({
      composite: {},
      user: {},
      changed: new Signal({})
    }));
    const registry = { load } as unknown as ISettingRegistry;
    const factories: [string, string, (w: Widget) => Widget][] = [];
    const toolbar = {
      addFactory: (
        factory: string,
        name: string,
        create: (w: Widget) => Widget
      ) => factories.push([factory, name, create])
    } as unknown as IToolbarWidgetRegistry;

    (plugin.activate as Activate)(
      app,
      tracker,
      registry,
      null,
      null,
      null,
      null,
      null,
      toolbar,
      null
    );
    await settle();

    expect(log).toHaveBeenCalledWith('mlemodernizer extension activated');
    expect(log).toHaveBeenCalledWith(
      'mlemodernizer server extension ok, version 9.9.9'
    );
    expect(load).toHaveBeenCalledWith('mlemodernizer:plugin');
    expect(warn).not.toHaveBeenCalled();

    expect(added).toHaveLength(1);
    expect(added[0].area).toBe('right');
    expect(added[0].widget.id).toBe('mlemodernizer-panel');
    expect(added[0].widget.title.caption).toBe('Notebook modernizer');

    const commands = app.commands;
    expect(commands.label(CommandIDs.modernize)).toBe('Modernize notebook');
    expect(commands.label(CommandIDs.modernize, { toolbar: true })).toBe(
      'Modernize'
    );
    expect(commands.label(CommandIDs.modernizeFolder)).toBe(
      'Modernize notebooks in folder'
    );
    expect(commands.label(CommandIDs.showBatches)).toBe(
      'Show modernization batches'
    );
    expect(commands.label(CommandIDs.cancel)).toBe('Cancel modernization');
    expect(commands.label(CommandIDs.openPanel)).toBe('Open modernizer panel');
    // no notebook, no job: nothing to modernize or cancel
    expect(commands.isEnabled(CommandIDs.modernize)).toBe(false);
    expect(commands.isEnabled(CommandIDs.cancel)).toBe(false);

    expect(factories.map(([f, n]) => [f, n])).toEqual([
      ['Notebook', TOOLBAR_ITEM]
    ]);
    const button = factories[0][2](new Widget());
    expect(button).toBeInstanceOf(Widget);
    button.dispose();
  });

  it('opens the panel from the palette command', async () => {
    const { app, tracker, activated } = fakeApp(health());
    (plugin.activate as Activate)(app, tracker, null, null);
    await app.commands.execute(CommandIDs.openPanel);
    expect(activated).toEqual(['mlemodernizer-panel']);
  });

  it('says clearly when the server has no batch API', async () => {
    const error = jest
      .spyOn(Notification, 'error')
      .mockImplementation(() => 'id');
    const { app, tracker } = fakeApp(health());
    (plugin.activate as Activate)(app, tracker, null, null);
    await app.commands.execute(CommandIDs.modernizeFolder, {
      path: 'old/notebooks'
    });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toMatch(
      /Batch modernization is not available on this server: it answered 404/
    );
    expect(error.mock.calls[0][0]).toContain(
      'mlemodernizer batch old/notebooks'
    );
  });

  it("starts a batch for the file browser's folder and opens its view", async () => {
    const bodies: unknown[] = [];
    const batch = {
      id: 'abcdef012345',
      dir: 'old/nbs',
      status: 'running',
      total: 1,
      notebooks: ['old/nbs/a.ipynb'],
      running: {},
      rows: []
    };
    const fetch: Fetch = async input => {
      const request = input as Request;
      if (request.url.includes('/mlemodernizer/batches')) {
        if (request.method === 'POST') {
          bodies.push(JSON.parse(await request.text()));
          return new Response(JSON.stringify(batch), { status: 201 });
        }
        return new Response(JSON.stringify(batch));
      }
      return health()(input);
    };
    const { app, tracker, added, activated } = fakeApp(fetch);
    let selected = [{ type: 'directory', path: 'old/nbs' }];
    const fileBrowser = {
      selectedItems: () => selected[Symbol.iterator](),
      model: { path: 'old' }
    };
    (plugin.activate as Activate)(
      app,
      tracker,
      null,
      null,
      null,
      null,
      null,
      fileBrowser
    );
    await app.commands.execute(CommandIDs.modernizeFolder);
    // the selected folder; else the folder the browser shows
    selected = [{ type: 'notebook', path: 'old/x.ipynb' }];
    await app.commands.execute(CommandIDs.modernizeFolder);
    // a script names its folder
    await app.commands.execute(CommandIDs.modernizeFolder, { path: '/y/' });
    expect(bodies.map(b => (b as { dir: string }).dir)).toEqual([
      'old/nbs',
      'old',
      'y'
    ]);
    const views = added.filter(a => a.area === 'main');
    expect(views).toHaveLength(1); // one view per batch, revealed again
    expect(views[0].widget.id).toBe('mlemodernizer-batch-abcdef012345');
    expect(views[0].widget.title.label).toBe('Batch: old/nbs');
    expect(activated).toContain('mlemodernizer-batch-abcdef012345');
    views[0].widget.dispose();
  });

  it('warns, and does not throw, when the server extension is missing', async () => {
    const { app, tracker } = fakeApp(
      async () => new Response('Not Found', { status: 404 })
    );

    (plugin.activate as Activate)(app, tracker, null, null);
    await settle();

    expect(log).toHaveBeenCalledWith('mlemodernizer extension activated');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/server extension did not answer/);
  });
});
