import { nullTranslator } from '@jupyterlab/translation';
import * as React from 'react';
import { act } from 'react';
import { Root, createRoot } from 'react-dom/client';

import {
  DEFAULT_SCORE_CHOICE,
  scoreChoiceProblem,
  scoreOptions
} from '../model/score';
import { ScoreAgainstBand, ScoreSourceView } from '../views/score';

(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const trans = nullTranslator.load('mlemodernizer');

describe('the score source of a job', () => {
  it('maps each choice onto job options', () => {
    expect(scoreOptions(DEFAULT_SCORE_CHOICE)).toEqual({ score: 'detect' });
    expect(
      scoreOptions({ mode: 'regex', regex: ' acc: (\\S+) ', target: '0.9' })
    ).toEqual({ score_regex: 'acc: (\\S+)', target_score: 0.9 });
    // no target: the server reads it from the stored outputs
    expect(
      scoreOptions({ mode: 'regex', regex: 'acc: (\\S+)', target: '' })
    ).toEqual({ score_regex: 'acc: (\\S+)' });
    expect(scoreOptions({ mode: 'none', regex: 'x', target: '1' })).toEqual({});
  });

  it('says what keeps a regex choice from starting', () => {
    const regex = (r: string, target = '') =>
      scoreChoiceProblem({ mode: 'regex', regex: r, target });
    expect(regex('')).toBe('regex');
    expect(regex('accuracy: [0-9.]+')).toBe('group');
    expect(regex('accuracy: ([0-9.]+)', 'high')).toBe('target');
    expect(regex('accuracy: ([0-9.]+)', '0.9')).toBeNull();
    expect(scoreChoiceProblem(DEFAULT_SCORE_CHOICE)).toBeNull();
  });
});

describe('score views', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows a score against its target and band', () => {
    const band = { target: 0.94, low: 0.846, high: 1.034 };
    act(() =>
      root.render(
        <>
          <ScoreAgainstBand
            score={0.8}
            band={band}
            tolerance={0.1}
            trans={trans}
          />
          <ScoreAgainstBand
            score={0.956}
            band={band}
            tolerance={0.1}
            trans={trans}
          />
          <ScoreAgainstBand
            score={0.5}
            band={null}
            tolerance={0.1}
            trans={trans}
          />
        </>
      )
    );
    const spans = Array.from(host.querySelectorAll('.jp-mlemodernizer-score'));
    expect(spans.map(s => s.textContent)).toEqual([
      'score 0.8 · target 0.94 ± 10% (0.846–1.034), outside',
      'score 0.956 · target 0.94 ± 10% (0.846–1.034), within',
      'score 0.5'
    ]);
    expect(spans.map(s => s.getAttribute('data-in-band'))).toEqual([
      'false',
      'true',
      null
    ]);
  });

  it('proposes the detected metric and lets the user turn it into a regex', () => {
    const onChange = jest.fn();
    act(() =>
      root.render(
        <ScoreSourceView
          choice={DEFAULT_SCORE_CHOICE}
          detected={{
            found: true,
            metric: 'accuracy',
            value: 0.94,
            regex: '\\baccuracy\\s*:\\s*([0-9.]+)',
            higher_is_better: true,
            cell_index: 2,
            line: 'accuracy: 0.940'
          }}
          tolerance={0.1}
          trans={trans}
          onChange={onChange}
          onRedetect={jest.fn()}
        />
      )
    );
    expect(host.querySelector('summary')?.textContent).toBe(
      'Score: accuracy 0.94 (cell 3), ± 10%'
    );
    const edit = Array.from(host.querySelectorAll('button')).find(
      b => b.textContent === 'Edit as a regex'
    );
    act(() => edit?.click());
    expect(onChange).toHaveBeenCalledWith({
      mode: 'regex',
      regex: '\\baccuracy\\s*:\\s*([0-9.]+)',
      target: '0.94'
    });
  });

  it('says when the notebook printed no metric', () => {
    act(() =>
      root.render(
        <ScoreSourceView
          choice={DEFAULT_SCORE_CHOICE}
          detected={{ found: false }}
          tolerance={0.1}
          trans={trans}
          onChange={jest.fn()}
          onRedetect={jest.fn()}
        />
      )
    );
    expect(host.querySelector('summary')?.textContent).toBe(
      'Score: none printed (judged on errors alone)'
    );
  });
});
