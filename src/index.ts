import {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ISettingRegistry } from '@jupyterlab/settingregistry';

import { getHealth } from './request';

/**
 * The plugin id; also the key of its settings (schema/plugin.json).
 */
export const PLUGIN_ID = 'mlemodernizer:plugin';

/**
 * The mlemodernizer frontend plugin.
 *
 * For now it only proves the wiring: it activates, loads its settings and
 * checks that the server extension answers. The modernize UI comes later.
 */
const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: 'Modernize old machine-learning notebooks.',
  autoStart: true,
  optional: [ISettingRegistry],
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null
  ): void => {
    console.log('mlemodernizer extension activated');

    if (settingRegistry) {
      settingRegistry
        .load(PLUGIN_ID)
        .then(settings => {
          console.debug('mlemodernizer settings loaded:', settings.composite);
        })
        .catch((reason: unknown) => {
          console.warn('mlemodernizer: could not load settings.', reason);
        });
    }

    getHealth(app.serviceManager.serverSettings)
      .then(health => {
        console.log(
          `mlemodernizer server extension ${health.status}, version ${health.version}`
        );
      })
      .catch((reason: unknown) => {
        console.warn(
          'mlemodernizer server extension did not answer; is the Python package installed and enabled?',
          reason
        );
      });
  }
};

export default plugin;
