import {
  DEFAULT_SETTINGS,
  jobOptions,
  migrateSettings
} from '../model/options';

describe('jobOptions', () => {
  it('sends nothing for settings left at their defaults', () => {
    expect(jobOptions(DEFAULT_SETTINGS, {})).toEqual({});
  });

  it('sends every setting the user set as the option of the same name', () => {
    const user = {
      base_url: ' http://localhost:11434/v1 ',
      model: 'qwen2.5-coder',
      offline: false,
      executor: 'docker' as const,
      image: 'python:3.11',
      gpus: 'all',
      max_iterations: 4,
      timeout: 120,
      tolerance: 0.05,
      review: 'auto' as const
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
      jobOptions(DEFAULT_SETTINGS, { review: 'manual', max_iterations: 16 })
    ).toEqual({ review: 'manual', max_iterations: 16 });
  });

  it("sends an administrator's override of a default", () => {
    expect(jobOptions({ ...DEFAULT_SETTINGS, offline: true }, {})).toEqual({
      offline: true
    });
  });

  it('never sends empty strings: they mean the server default', () => {
    expect(
      jobOptions(
        { ...DEFAULT_SETTINGS, base_url: '  ', image: '', gpus: '' },
        { base_url: '  ', image: '', gpus: '' }
      )
    ).toEqual({});
  });

  it('rounds the iterations', () => {
    expect(jobOptions({ ...DEFAULT_SETTINGS, max_iterations: 3.6 })).toEqual({
      max_iterations: 4
    });
  });
});

describe('migrateSettings', () => {
  it('reads a value saved under an old name', () => {
    // what the registry gives for a settings file saved before the rename:
    // the user's old keys, and the schema's defaults under the new names
    const user = {
      baseUrl: 'http://localhost:11434/v1',
      rulesOnly: true,
      maxIterations: 5,
      reviewMode: 'auto'
    };
    const { composite, user: migrated } = migrateSettings(
      { ...DEFAULT_SETTINGS, ...user },
      user
    );
    const expected = {
      base_url: 'http://localhost:11434/v1',
      offline: true,
      max_iterations: 5,
      review: 'auto'
    };
    expect(migrated).toEqual(expected);
    expect(composite).toEqual({ ...DEFAULT_SETTINGS, ...expected });
    expect(jobOptions(composite, migrated)).toEqual(expected);
  });

  it('lets the new name win over the old one', () => {
    const user = { rulesOnly: true, offline: false };
    const { composite, user: migrated } = migrateSettings(
      { ...DEFAULT_SETTINGS, ...user },
      user
    );
    expect(migrated).toEqual({ offline: false });
    expect(composite.offline).toBe(false);
  });

  it("reads an administrator's default under an old name", () => {
    const { composite, user } = migrateSettings(
      { ...DEFAULT_SETTINGS, reviewMode: 'auto' },
      {}
    );
    expect(user).toEqual({});
    expect(composite.review).toBe('auto');
    expect(jobOptions(composite, user)).toEqual({ review: 'auto' });
  });

  it('leaves settings under the new names as they are', () => {
    const user = { model: 'm', max_iterations: 3 };
    expect(migrateSettings({ ...DEFAULT_SETTINGS, ...user }, user)).toEqual({
      composite: { ...DEFAULT_SETTINGS, ...user },
      user
    });
  });
});
