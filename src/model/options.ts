/**
 * From the extension's settings (schema/plugin.json) to a job's options.
 */
import { IJobOptions } from '../api';

/**
 * The settings, as schema/plugin.json names them.
 */
export interface IModernizerSettings {
  baseUrl: string;
  model: string;
  rulesOnly: boolean;
  executor: 'local' | 'docker';
  image: string;
  gpus: string;
  maxIterations: number;
  timeout: number;
  tolerance: number;
  reviewMode: 'manual' | 'auto';
}

/**
 * The schema's defaults; a setting left at its default is not sent, so the
 * server's own configuration (`c.MLEModernizer.*`) decides it.
 */
export const DEFAULT_SETTINGS: IModernizerSettings = {
  baseUrl: '',
  model: '',
  rulesOnly: false,
  executor: 'local',
  image: '',
  gpus: '',
  maxIterations: 16,
  timeout: 600,
  tolerance: 0.1,
  reviewMode: 'manual'
};

/**
 * The job options for some settings: every setting the user set (in
 * `user`), or that differs from the schema's default (an administrator's
 * override), mapped onto its option; empty strings mean "the server's
 * default" and are never sent.
 *
 * @param composite The effective settings.
 * @param user The settings the user set explicitly.
 */
export function jobOptions(
  composite: Partial<IModernizerSettings>,
  user: Partial<IModernizerSettings> = {}
): IJobOptions {
  const chosen = <K extends keyof IModernizerSettings>(
    key: K
  ): IModernizerSettings[K] | undefined => {
    const value = composite[key];
    if (value === undefined || value === null) {
      return undefined;
    }
    if (typeof value === 'string' && value.trim() === '') {
      return undefined;
    }
    if (key in user || value !== DEFAULT_SETTINGS[key]) {
      return value as IModernizerSettings[K];
    }
    return undefined;
  };

  const options: IJobOptions = {};
  const baseUrl = chosen('baseUrl');
  if (baseUrl !== undefined) {
    options.base_url = baseUrl.trim();
  }
  const model = chosen('model');
  if (model !== undefined) {
    options.model = model.trim();
  }
  if (chosen('rulesOnly') !== undefined) {
    options.offline = Boolean(composite.rulesOnly);
  }
  const executor = chosen('executor');
  if (executor !== undefined) {
    options.executor = executor;
  }
  const image = chosen('image');
  if (image !== undefined) {
    options.image = image.trim();
  }
  const gpus = chosen('gpus');
  if (gpus !== undefined) {
    options.gpus = gpus.trim();
  }
  const maxIterations = chosen('maxIterations');
  if (maxIterations !== undefined) {
    options.max_iterations = Math.round(maxIterations);
  }
  const timeout = chosen('timeout');
  if (timeout !== undefined) {
    options.timeout = timeout;
  }
  const tolerance = chosen('tolerance');
  if (tolerance !== undefined) {
    options.tolerance = tolerance;
  }
  const review = chosen('reviewMode');
  if (review !== undefined) {
    options.review = review;
  }
  return options;
}
