/**
 * The frontend's single source of truth: the server's health, the jobs it
 * knows, which notebook the panel follows, and the job shown for it.
 */
import { ServerConnection } from '@jupyterlab/services';
import { IDisposable } from '@lumino/disposable';
import { ISignal, Signal } from '@lumino/signaling';

import {
  IJobOptions,
  IJobSummary,
  createBatch,
  createJob,
  errorMessage,
  listBatches,
  listJobs
} from '../api';
import { BatchModel } from './batch';
import { IHealth, ILLMChoice, getHealth } from '../request';
import { IStateCache } from './cache';
import { JobModel } from './job';
import {
  DEFAULT_SCORE_CHOICE,
  DetectAnswer,
  IScoreChoice,
  detectScore,
  scoreOptions
} from './score';
import { JobStatus } from './state';
import {
  DEFAULT_SETTINGS,
  IModernizerSettings,
  jobOptions,
  migrateSettings,
  SettingsValues
} from './options';

export interface IManagerOptions {
  serverSettings: ServerConnection.ISettings;
  cache?: IStateCache | null;
}

export class ModernizerManager implements IDisposable {
  constructor(options: IManagerOptions) {
    this.serverSettings = options.serverSettings;
    this._cache = options.cache ?? null;
  }

  readonly serverSettings: ServerConnection.ISettings;

  /**
   * Emitted when the health, the job list, the followed notebook or its
   * selected job change (not on every event of a job: see JobModel).
   */
  get changed(): ISignal<this, void> {
    return this._changed;
  }

  get health(): IHealth | null {
    return this._health;
  }

  get healthError(): string | null {
    return this._healthError;
  }

  get settings(): IModernizerSettings {
    return this._settings;
  }

  /**
   * The notebook the panel follows (relative to the server root).
   */
  get path(): string | null {
    return this._path;
  }

  /**
   * The job shown for the followed notebook.
   */
  get current(): JobModel | null {
    return this._path === null
      ? null
      : (this._models.get(this._selected.get(this._path) ?? '') ?? null);
  }

  /**
   * The jobs of a notebook, newest first.
   */
  jobsFor(path: string): IJobSummary[] {
    return this._jobs.filter(job => job.path === path);
  }

  /**
   * A job's status now: its live state's when this page follows it (the
   * listed summary is as old as the list), else the listed one.
   */
  statusOf(summary: IJobSummary): JobStatus {
    return this._models.get(summary.id)?.state.status ?? summary.status;
  }

  /**
   * The batches this page knows: started here, or listed from the server
   * (newest first).
   */
  get batches(): ReadonlyArray<BatchModel> {
    return this._batches;
  }

  /**
   * A batch's model (made once per id), following it while it runs.
   */
  batch(id: string): BatchModel {
    let model = this._batches.find(b => b.id === id);
    if (!model) {
      model = new BatchModel({ id, serverSettings: this.serverSettings });
      this._batches = [...this._batches, model];
      void model.refresh().then(() => model?.follow());
    }
    return model;
  }

  /**
   * Ask the server for every batch it knows (those of earlier servers too).
   */
  async refreshBatches(): Promise<ReadonlyArray<BatchModel>> {
    const listed = await listBatches(this.serverSettings);
    const known = new Map(this._batches.map(b => [b.id, b]));
    const models = listed.map(summary => {
      const model =
        known.get(summary.id) ??
        new BatchModel({
          id: summary.id,
          serverSettings: this.serverSettings,
          summary
        });
      known.delete(summary.id);
      return model;
    });
    // the server's order (newest first); a batch it no longer lists stays last
    this._batches = [...models, ...known.values()];
    this._changed.emit();
    return this._batches;
  }

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /**
   * Use these settings for the next jobs.
   */
  setSettings(composite: SettingsValues, user: SettingsValues = {}): void {
    const before = this._llmChoice();
    const settings = migrateSettings(composite, user);
    this._settings = { ...DEFAULT_SETTINGS, ...settings.composite };
    this._userSettings = settings.user;
    this._changed.emit();
    const after = this._llmChoice();
    if (
      this._healthChecks > 0 &&
      (before?.baseUrl !== after?.baseUrl || before?.model !== after?.model)
    ) {
      // a new endpoint or model in the settings: check that one (this answer
      // wins over a check still running for the old ones)
      void this.refreshHealth();
    }
  }

  /**
   * Where a setting chosen in the panel is saved (the settings registry, once
   * it is loaded); without one the choice holds for this session only.
   */
  set settingWriter(
    writer: ((key: string, value: boolean) => Promise<void>) | null
  ) {
    this._settingWriter = writer;
  }

  /**
   * Rules only, or the LLM as well: the panel's switch. Saved as the
   * `offline` setting, so that a user who wants no model is not warned
   * about one ever again.
   */
  async setOffline(offline: boolean): Promise<void> {
    if (this._settingWriter) {
      await this._settingWriter('offline', offline);
    } else {
      this.setSettings(
        { ...this._settings, offline } as unknown as SettingsValues,
        { ...this._userSettings, offline }
      );
    }
  }

  /**
   * The options a job started now gets from the settings.
   */
  jobOptions(): IJobOptions {
    return jobOptions(this._settings, this._userSettings);
  }

  async refreshHealth(): Promise<void> {
    // only the newest check counts (the settings may change while one runs)
    const check = ++this._healthChecks;
    let health: IHealth | null = null;
    let error: string | null = null;
    try {
      health = await getHealth(
        this.serverSettings,
        this._llmChoice() ?? undefined
      );
    } catch (reason) {
      error = errorMessage(reason);
    }
    if (check !== this._healthChecks || this._isDisposed) {
      return;
    }
    this._health = health;
    this._healthError = error;
    this._changed.emit();
  }

  /**
   * Fetch the server's job list (and show the newest job of the followed
   * notebook when none is shown yet).
   */
  async refreshJobs(): Promise<void> {
    this._jobs = await listJobs(this.serverSettings);
    this._jobsLoaded = true;
    if (this._path !== null) {
      this._selectNewest(this._path);
    }
    this._changed.emit();
  }

  /**
   * Follow a notebook (null: none is active).
   */
  setPath(path: string | null): void {
    if (path === this._path) {
      return;
    }
    this._path = path;
    if (path !== null) {
      this._selectNewest(path);
      if (!this._jobsLoaded) {
        this.refreshJobs().catch(reason =>
          console.warn('mlemodernizer: cannot list jobs', reason)
        );
      }
    }
    this._changed.emit();
  }

  /**
   * Show another job of the followed notebook.
   */
  selectJob(jobId: string): void {
    const summary = this._jobs.find(job => job.id === jobId);
    if (!summary) {
      return;
    }
    this._selected.set(summary.path, jobId);
    this._model(summary).connect();
    this._changed.emit();
  }

  /**
   * The score source chosen for a notebook (detect, unless changed).
   */
  scoreChoice(path: string): IScoreChoice {
    return this._scoreChoices.get(path) ?? DEFAULT_SCORE_CHOICE;
  }

  setScoreChoice(path: string, choice: IScoreChoice): void {
    this._scoreChoices.set(path, { ...choice });
    this._changed.emit();
  }

  /**
   * What the notebook printed that `detect` would use (null: not asked
   * yet, or the server has no such route), asked once per notebook.
   */
  detectedScore(path: string): DetectAnswer | null {
    if (!this._detected.has(path)) {
      void this._detect(path);
    }
    return this._detected.get(path) ?? null;
  }

  /**
   * Ask again what the notebook printed (after it was saved with new outputs).
   */
  redetectScore(path: string): void {
    this._detected.delete(path);
    this._detecting.delete(path);
    void this._detect(path);
    this._changed.emit();
  }

  /**
   * What the notebook printed, asked once (null: the server could not say).
   */
  private _detect(path: string): Promise<DetectAnswer | null> {
    let asked = this._detecting.get(path);
    if (!asked) {
      this._detected.set(path, null);
      asked = detectScore(path, this.serverSettings)
        .then(answer => {
          this._detected.set(path, answer);
          this._changed.emit();
          return answer;
        })
        .catch(reason => {
          console.debug('mlemodernizer: no score detection', reason);
          return null;
        });
      this._detecting.set(path, asked);
    }
    return asked;
  }

  /**
   * Start modernizing a notebook with the settings' options, its score
   * source (plus `extra`), and show the new job.
   */
  async start(path: string, extra: IJobOptions = {}): Promise<JobModel> {
    const summary = await createJob(
      path,
      {
        ...this.jobOptions(),
        ...(await this._scoreOptions(path)),
        ...extra
      },
      this.serverSettings
    );
    this._jobs = [summary, ...this._jobs.filter(job => job.id !== summary.id)];
    const model = this._model(summary);
    this._selected.set(summary.path, summary.id);
    model.connect();
    this._changed.emit();
    return model;
  }

  /**
   * The job shown for a notebook, if any.
   */
  jobForPath(path: string): JobModel | null {
    const id = this._selected.get(path);
    return id ? (this._models.get(id) ?? null) : null;
  }

  /**
   * Start modernizing every notebook of a folder. Rejects like `requestAPI`
   * (a 404 means the server has no batch API).
   */
  async startBatch(dir: string): Promise<BatchModel> {
    const summary = await createBatch(
      dir,
      this.jobOptions(),
      this.serverSettings
    );
    const batch = new BatchModel({
      id: summary.id,
      serverSettings: this.serverSettings,
      summary: { dir, ...summary }
    });
    this._batches = [batch, ...this._batches];
    this._changed.emit();
    batch.follow();
    return batch;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    for (const model of this._models.values()) {
      model.dispose();
    }
    this._models.clear();
    for (const batch of this._batches) {
      batch.dispose();
    }
    Signal.clearData(this);
  }

  /**
   * The score options of a notebook's choice; `detect` is left out when the
   * notebook printed no metric (the job would only say so again; the panel
   * already does).
   */
  private async _scoreOptions(path: string): Promise<IJobOptions> {
    const choice = this.scoreChoice(path);
    if (choice.mode === 'detect') {
      const detected = await this._detect(path);
      if (detected && !detected.found) {
        return {};
      }
    }
    return scoreOptions(choice);
  }

  private _selectNewest(path: string): void {
    const selected = this._selected.get(path);
    if (selected !== undefined) {
      this._models.get(selected)?.connect();
      return;
    }
    // a notebook's own jobs first; else the job that wrote it (its
    // modernized copy shows the job that made it)
    const newest =
      this._jobs.find(job => job.path === path) ??
      this._jobs.find(job => job.output === path);
    if (newest) {
      this._selected.set(path, newest.id);
      this._model(newest).connect();
    }
  }

  private _model(summary: IJobSummary): JobModel {
    const known = this._models.get(summary.id);
    if (known) {
      known.dispatch({ type: 'summary', summary });
      return known;
    }
    const model = new JobModel({
      jobId: summary.id,
      path: summary.path,
      serverSettings: this.serverSettings,
      cache: this._cache,
      summary
    });
    this._models.set(summary.id, model);
    // the commands' enabled state, the Modernize button and the job
    // selector follow the job's status (queued, running, ended)
    let status = model.state.status;
    model.stateChanged.connect(() => {
      if (model.state.status !== status) {
        status = model.state.status;
        this._changed.emit();
      }
    });
    return model;
  }

  private _cache: IStateCache | null;
  private _settings: IModernizerSettings = { ...DEFAULT_SETTINGS };
  private _userSettings: Partial<IModernizerSettings> = {};
  /**
   * The LLM the settings name, if they name one (null: the server's, or
   * rules only).
   */
  private _llmChoice(): ILLMChoice | null {
    const { base_url, model, offline } = this._settings;
    if (offline || (base_url.trim() === '' && model.trim() === '')) {
      return null;
    }
    return { baseUrl: base_url.trim(), model: model.trim() };
  }

  private _health: IHealth | null = null;
  private _healthChecks = 0;
  private _healthError: string | null = null;
  private _jobs: IJobSummary[] = [];
  private _jobsLoaded = false;
  private _path: string | null = null;
  private _selected = new Map<string, string>();
  private _models = new Map<string, JobModel>();
  private _batches: BatchModel[] = [];
  private _scoreChoices = new Map<string, IScoreChoice>();
  private _detected = new Map<string, DetectAnswer | null>();
  private _detecting = new Map<string, Promise<DetectAnswer | null>>();
  private _isDisposed = false;
  private _settingWriter:
    ((key: string, value: boolean) => Promise<void>) | null = null;
  private _changed = new Signal<this, void>(this);
}
