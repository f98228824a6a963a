import { JupyterFrontEnd } from '@jupyterlab/application';
import { ServerConnection } from '@jupyterlab/services';
import { ISettingRegistry } from '@jupyterlab/settingregistry';

import plugin, { PLUGIN_ID } from '../index';

/**
 * Just enough of a JupyterFrontEnd for the plugin: the service manager's
 * server settings, here backed by a scripted fetch.
 */
function fakeApp(fetch: ServerConnection.ISettings['fetch']): {
  app: JupyterFrontEnd;
  serverSettings: ServerConnection.ISettings;
} {
  const serverSettings = ServerConnection.makeSettings({
    baseUrl: 'http://localhost:8888/',
    wsUrl: 'ws://localhost:8888/',
    fetch
  });
  const app = { serviceManager: { serverSettings } } as JupyterFrontEnd;
  return { app, serverSettings };
}

/**
 * Wait until the plugin's background promises (settings, health) settle.
 */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await new Promise(resolve => setTimeout(resolve, 0));
  }
}

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
    expect(plugin.optional).toContain(ISettingRegistry);
  });

  it('logs its activation and the health of the server extension', async () => {
    const urls: string[] = [];
    const { app } = fakeApp(async input => {
      urls.push((input as Request).url);
      return new Response(JSON.stringify({ status: 'ok', version: '9.9.9' }));
    });
    const load = jest.fn(async (id: string) => ({ composite: {} }));
    const registry = { load } as unknown as ISettingRegistry;

    await plugin.activate(app, registry);
    await settle();

    expect(log).toHaveBeenCalledWith('mlemodernizer extension activated');
    expect(load).toHaveBeenCalledWith('mlemodernizer:plugin');
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/localhost:8888\/mlemodernizer\/health/);
    expect(log).toHaveBeenCalledWith(
      'mlemodernizer server extension ok, version 9.9.9'
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns, and does not throw, when the server extension is missing', async () => {
    const { app } = fakeApp(
      async () => new Response('Not Found', { status: 404 })
    );

    await plugin.activate(app, null);
    await settle();

    expect(log).toHaveBeenCalledWith('mlemodernizer extension activated');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/server extension did not answer/);
    expect(warn.mock.calls[0][1]).toBeInstanceOf(
      ServerConnection.ResponseError
    );
  });
});
