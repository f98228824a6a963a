import { DEFAULT_SETTINGS, jobOptions } from '../model/options';

describe('jobOptions', () => {
  it('sends nothing for settings left at their defaults', () => {
    expect(jobOptions(DEFAULT_SETTINGS, {})).toEqual({});
  });

  it('maps every setting the user set onto its option', () => {
    const user = {
      baseUrl: ' http://localhost:11434/v1 ',
      model: 'qwen2.5-coder',
      rulesOnly: false,
      executor: 'docker' as const,
      image: 'python:3.11',
      gpus: 'all',
      maxIterations: 4,
      timeout: 120,
      tolerance: 0.05,
      reviewMode: 'auto' as const
    };
    expect(jobOptions({ ...DEFAULT_SETTINGS, ...user }, user)).toEqual({
      base_url: 'http://localhost:11434/v1',
      model: 'qwen2.5-coder',
      offline: false,
      executor: 'docker',
      image: 'python:3.11',
      gpus: 'all',
      max_iterations: 4,
      timeout: 120,
      tolerance: 0.05,
      review: 'auto'
    });
  });

  it('sends a value set to the default on purpose', () => {
    expect(
      jobOptions(DEFAULT_SETTINGS, { reviewMode: 'manual', maxIterations: 16 })
    ).toEqual({ review: 'manual', max_iterations: 16 });
  });

  it("sends an administrator's override of a default", () => {
    expect(jobOptions({ ...DEFAULT_SETTINGS, rulesOnly: true }, {})).toEqual({
      offline: true
    });
  });

  it('never sends empty strings: they mean the server default', () => {
    expect(
      jobOptions(
        { ...DEFAULT_SETTINGS, baseUrl: '  ', image: '' },
        { baseUrl: '  ', image: '' }
      )
    ).toEqual({});
  });
});
