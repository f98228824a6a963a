/**
 * The score a job reproduces, chosen before it starts: detected from what
 * the notebook printed (the server's `mlemodernizer/score`), a regex with a
 * target, or none (errors alone).
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import { IJobOptions } from '../api';
import { requestAPI } from '../request';

/**
 * What `GET mlemodernizer/score?path=` answers when the notebook printed a
 * metric.
 */
export interface IDetectedScore {
  found: true;
  /** As printed: "Test accuracy". */
  metric: string;
  value: number;
  regex: string;
  higher_is_better: boolean;
  /** 0-based. */
  cell_index: number;
  /** The printed line. */
  line: string;
}

export type DetectAnswer = IDetectedScore | { found: false };

export function detectScore(
  path: string,
  settings?: ServerConnection.ISettings
): Promise<DetectAnswer> {
  return requestAPI<DetectAnswer>(
    URLExt.join('score') + `?path=${encodeURIComponent(path)}`,
    { method: 'GET' },
    settings
  );
}

/**
 * The user's choice for one notebook. `detect` lets the server find the
 * printed metric when the job starts (the panel shows what it will find).
 */
export interface IScoreChoice {
  mode: 'detect' | 'regex' | 'none';
  /** For `regex`: one capture group around the number. */
  regex: string;
  /** For `regex`: the target as typed; empty reads it from the outputs. */
  target: string;
}

export const DEFAULT_SCORE_CHOICE: IScoreChoice = {
  mode: 'detect',
  regex: '',
  target: ''
};

/**
 * Why a choice cannot start a job (`regex`: none given; `group`: no capture
 * group; `target`: not a number), or null when it can.
 */
export function scoreChoiceProblem(
  choice: IScoreChoice
): 'regex' | 'group' | 'target' | null {
  if (choice.mode !== 'regex') {
    return null;
  }
  if (!choice.regex.trim()) {
    return 'regex';
  }
  if (choice.target.trim() && !Number.isFinite(Number(choice.target))) {
    return 'target';
  }
  let groups: number;
  try {
    // the server compiles it with Python's re; most patterns read the same
    groups = (new RegExp(`${choice.regex}|`).exec('') ?? []).length - 1;
  } catch {
    return null; // a construct JavaScript lacks: the server judges it
  }
  return groups < 1 ? 'group' : null;
}

/**
 * The job options for a choice (none: nothing, the server's default).
 */
export function scoreOptions(choice: IScoreChoice): IJobOptions {
  switch (choice.mode) {
    case 'detect':
      return { score: 'detect' };
    case 'regex': {
      const options: IJobOptions = { score_regex: choice.regex.trim() };
      const target = choice.target.trim();
      if (target && Number.isFinite(Number(target))) {
        options.target_score = Number(target);
      }
      return options;
    }
    default:
      return {};
  }
}
