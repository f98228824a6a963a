/**
 * What the server can do for a job: is an LLM reachable, is Docker there;
 * and what to do when something is missing.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { IModernizerSettings } from '../model/options';
import { IHealth } from '../request';

export interface IHealthProps {
  health: IHealth | null;
  error: string | null;
  settings: IModernizerSettings;
  trans: TranslationBundle;
  onRefresh(): void;
  onOpenSettings(): void;
  /** Rules only (offline) or the LLM as well: saved as the `offline` setting. */
  onOffline(offline: boolean): void;
}

type Level = 'ok' | 'warn' | 'bad' | 'off';

interface ILine {
  key: string;
  name: string;
  level: Level;
  text: string;
  hint?: string;
}

export function HealthView(props: IHealthProps): JSX.Element {
  const { health, error, settings, trans } = props;
  const lines = healthLines(health, error, settings, trans);
  const worst = lines.some(l => l.level === 'bad')
    ? 'bad'
    : lines.some(l => l.level === 'warn')
      ? 'warn'
      : 'ok';
  return (
    <details
      className={`jp-mlemodernizer-health jp-mlemodernizer-health-${worst}`}
      open={worst !== 'ok'}
    >
      <summary>
        {worst === 'ok'
          ? trans.__('Server: ready')
          : trans.__('Server: needs attention')}
      </summary>
      <ul>
        {lines.map(line => (
          <li key={line.key} data-health={line.key} data-level={line.level}>
            <span
              className={`jp-mlemodernizer-dot jp-mlemodernizer-dot-${line.level}`}
              aria-hidden
            />
            <strong>{line.name}</strong> {line.text}
            {line.hint && (
              <div className="jp-mlemodernizer-hint">{line.hint}</div>
            )}
          </li>
        ))}
      </ul>
      <div className="jp-mlemodernizer-health-actions">
        <label className="jp-mlemodernizer-offline-switch">
          <input
            type="checkbox"
            checked={settings.offline}
            onChange={event => props.onOffline(event.currentTarget.checked)}
          />{' '}
          {trans.__('Rules only (offline)')}
        </label>
        <button
          type="button"
          className="jp-mlemodernizer-link"
          onClick={props.onRefresh}
        >
          {trans.__('Check again')}
        </button>
        <button
          type="button"
          className="jp-mlemodernizer-link"
          onClick={props.onOpenSettings}
        >
          {trans.__('Settings')}
        </button>
      </div>
    </details>
  );
}

function healthLines(
  health: IHealth | null,
  error: string | null,
  settings: IModernizerSettings,
  trans: TranslationBundle
): ILine[] {
  if (!health) {
    return [
      {
        key: 'server',
        name: trans.__('Server extension:'),
        level: error ? 'bad' : 'off',
        text: error
          ? trans.__('did not answer (%1)', error)
          : trans.__('checking…'),
        hint: error
          ? trans.__(
              'Install the mlemodernizer Python package where Jupyter runs and restart the server.'
            )
          : undefined
      }
    ];
  }
  const lines: ILine[] = [];
  const llm = health.llm;
  const llmLine = (level: Level, text: string, hint?: string): void => {
    // the server checked the LLM the settings name, when they name one
    const where =
      llm?.source === 'settings'
        ? trans.__('%1 (from your settings)', text)
        : text;
    lines.push({
      key: 'llm',
      name: trans.__('LLM:'),
      level,
      text: where,
      hint
    });
  };
  if (settings.offline) {
    lines.push({
      key: 'llm',
      name: trans.__('LLM:'),
      level: 'off',
      text: trans.__('off: rules only, no model (your choice)')
    });
  } else if (!llm || !llm.configured) {
    lines.push({
      key: 'llm',
      name: trans.__('LLM:'),
      level: 'warn',
      text: trans.__('not configured: only the built-in rules will fix'),
      hint: trans
        .__(
          '%1 Or tick "Rules only (offline)" below if you want no model.',
          llm?.hint ??
            trans.__(
              'Set c.MLEModernizer.base_url and c.MLEModernizer.model in the server configuration, or an LLM base URL and model in the settings.'
            )
        )
        .trim()
    });
  } else if (llm.reachable && llm.model_served === false) {
    llmLine(
      'bad',
      trans.__(
        '%1 answers, but does not serve the model %2',
        llm.base_url ?? '',
        llm.model ?? ''
      ),
      trans
        .__('Correct the model name in the settings. %1', llm.hint ?? '')
        .trim()
    );
  } else if (llm.reachable) {
    llmLine(
      llm.error ? 'warn' : 'ok',
      trans.__('%1 at %2, reachable', llm.model ?? '', llm.base_url ?? ''),
      llm.error ? llm.hint : undefined
    );
  } else {
    llmLine(
      'bad',
      trans.__(
        '%1 at %2 does not answer (%3)',
        llm.model ?? '',
        llm.base_url ?? '',
        llm.error ?? trans.__('unknown error')
      ),
      llm.hint ??
        trans.__('Start the LLM server, or check the base URL and key.')
    );
  }
  const docker = health.docker;
  const wantsDocker = settings.executor === 'docker';
  if (docker?.available) {
    lines.push({
      key: 'docker',
      name: trans.__('Docker:'),
      level: 'ok',
      text: trans.__('available')
    });
  } else {
    lines.push({
      key: 'docker',
      name: trans.__('Docker:'),
      level: wantsDocker ? 'bad' : 'off',
      text: wantsDocker
        ? trans.__('not available, but the executor setting is docker')
        : trans.__('not available (the local executor is used)'),
      hint: wantsDocker
        ? (docker?.hint ??
          trans.__(
            'Install Docker and start its daemon, or choose the local executor.'
          ))
        : undefined
    });
  }
  return lines;
}
