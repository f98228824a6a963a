/**
 * From the extension's settings (schema/plugin.json) to a job's options.
 *
 * A setting has the name of the option it sets (mlemodernizer/contracts/options.py
 * declares both; tests/contracts/test_options_contract.py fails when they drift).
 */
import { IJobOptions } from '../api';

/**
 * The settings, as schema/plugin.json names them.
 */
export interface IModernizerSettings {
  fixers: string;
  base_url: string;
  model: string;
  offline: boolean;
  executor: 'local' | 'docker';
  image: string;
  gpus: string;
  max_iterations: number;
  timeout: number;
  deadline: number;
  tolerance: number;
  review: 'manual' | 'auto';
}

/**
 * The schema's defaults, which are the server's (`c.MLEModernizer.*`
 * unset); a setting left at its default is not sent, so the server's own
 * configuration decides it.
 */
export const DEFAULT_SETTINGS: IModernizerSettings = {
  fixers: 'rules,environment,llm',
  base_url: '',
  model: '',
  offline: false,
  executor: 'local',
  image: '',
  gpus: 'none',
  max_iterations: 16,
  timeout: 600,
  deadline: 1800,
  tolerance: 0.1,
  review: 'manual'
};

/**
 * The names settings had before they were named after their options; a
 * saved value under an old name counts while the new name is not set.
 */
export const RENAMED_SETTINGS: Readonly<
  Record<string, keyof IModernizerSettings>
> = {
  baseUrl: 'base_url',
  rulesOnly: 'offline',
  maxIterations: 'max_iterations',
  reviewMode: 'review'
};

/**
 * Settings values as the registry gives them (they may hold old names).
 */
export type SettingsValues = { readonly [name: string]: unknown };

/**
 * The settings under their current names: a value saved under an old name
 * (`RENAMED_SETTINGS`) is used when the user has not set the new one.
 *
 * @param composite The effective settings.
 * @param user The settings the user set explicitly.
 */
export function migrateSettings(
  composite: SettingsValues,
  user: SettingsValues = {}
): {
  composite: Partial<IModernizerSettings>;
  user: Partial<IModernizerSettings>;
} {
  const newComposite: Record<string, unknown> = { ...composite };
  const newUser: Record<string, unknown> = { ...user };
  for (const [old, name] of Object.entries(RENAMED_SETTINGS)) {
    if (!(name in user) && composite[old] !== undefined) {
      newComposite[name] = composite[old];
      if (old in user) {
        newUser[name] = user[old];
      }
    }
    delete newComposite[old];
    delete newUser[old];
  }
  // the registry validated them against the schema
  return {
    composite: newComposite as Partial<IModernizerSettings>,
    user: newUser as Partial<IModernizerSettings>
  };
}

/**
 * The job options for some settings: every setting the user set (in
 * `user`), or that differs from the schema's default (an administrator's
 * override); empty strings mean "the server's default" and are never sent.
 *
 * @param composite The effective settings.
 * @param user The settings the user set explicitly.
 */
export function jobOptions(
  composite: Partial<IModernizerSettings>,
  user: Partial<IModernizerSettings> = {}
): IJobOptions {
  const options: Partial<IModernizerSettings> = {};
  const choose = <K extends keyof IModernizerSettings>(key: K): void => {
    const raw = composite[key];
    if (raw === undefined || raw === null) {
      return;
    }
    const value = (
      typeof raw === 'string' ? raw.trim() : raw
    ) as IModernizerSettings[K];
    if (value === '') {
      return;
    }
    if (key in user || value !== DEFAULT_SETTINGS[key]) {
      options[key] =
        key === 'max_iterations'
          ? (Math.round(value as number) as IModernizerSettings[K])
          : value;
    }
  };
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    choose(key as keyof IModernizerSettings);
  }
  // every setting is a job option of the same name and type: this
  // assignment stops compiling when the two drift apart
  return options;
}
