/**
 * One job as the panel sees it: its state (folded by the reducer from the
 * server's events), the live event stream, and the calls that act on it.
 */
import { ServerConnection } from '@jupyterlab/services';
import { IDisposable } from '@lumino/disposable';
import { ISignal, Signal } from '@lumino/signaling';

import {
  Decision,
  IJobSummary,
  cancelJob,
  eventsUrl,
  getJob,
  isStatus,
  sendDecision
} from '../api';
import { IEventBase, TERMINAL_EVENTS } from '../events';
import { IStateCache } from './cache';
import { ICellEdit } from './diff';
import { Action, reduce } from './reducer';
import { IJobState, initialState, isActive } from './state';
import { EventStream, StreamStatus } from './stream';

export interface IJobModelOptions {
  jobId: string;
  path: string;
  serverSettings: ServerConnection.ISettings;
  cache?: IStateCache | null;
  /** What the server said about the job, when known. */
  summary?: IJobSummary;
}

export type ConnectionStatus = StreamStatus | 'idle';

export class JobModel implements IDisposable {
  constructor(options: IJobModelOptions) {
    this.jobId = options.jobId;
    this._serverSettings = options.serverSettings;
    this._cache = options.cache ?? null;
    const cached = this._cache?.load(options.jobId) ?? null;
    this._state = cached ?? initialState(options.jobId, options.path);
    if (options.summary) {
      this._state = reduce(this._state, {
        type: 'summary',
        summary: options.summary
      });
    }
  }

  readonly jobId: string;

  get state(): IJobState {
    return this._state;
  }

  /**
   * Emitted after the state changed (at most once per batch of events).
   */
  get stateChanged(): ISignal<this, IJobState> {
    return this._stateChanged;
  }

  get connection(): ConnectionStatus {
    return this._stream?.status ?? 'idle';
  }

  /**
   * Edits this page applied to the open notebook, newest last (for undo).
   */
  get appliedEdits(): ReadonlyArray<ICellEdit> {
    return this._appliedEdits;
  }

  set appliedEdits(edits: ReadonlyArray<ICellEdit>) {
    this._appliedEdits = edits.slice();
    this._stateChanged.emit(this._state);
  }

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /**
   * The server's clock now, in seconds since the epoch (the browser's clock,
   * never earlier than the newest event).
   */
  serverNow(): number {
    return Math.max(Date.now() / 1000, this._state.lastEventAt ?? 0);
  }

  /**
   * Follow the job's events until it ends (nothing to do for a job whose end
   * is already in the state). Safe to call again.
   */
  connect(): void {
    if (this._isDisposed || this._stream || this._ended()) {
      return;
    }
    const stream = new EventStream({
      url: since => eventsUrl(this.jobId, since, this._serverSettings),
      since: this._state.lastSeq,
      WebSocket: this._serverSettings.WebSocket
    });
    stream.event.connect(this._onEvent, this);
    stream.statusChanged.connect(this._onStreamStatus, this);
    this._stream = stream;
  }

  /**
   * Ask the server for the job's summary and fold it in. A job the server no
   * longer knows becomes `unknown`.
   */
  async refresh(): Promise<void> {
    try {
      const summary = await getJob(this.jobId, this._serverSettings);
      this.dispatch({ type: 'summary', summary });
    } catch (error) {
      if (isStatus(error, 404)) {
        this._stopStream();
        this._state = { ...this._state, status: 'unknown' };
        this._stateChanged.emit(this._state);
        return;
      }
      throw error;
    }
  }

  /**
   * Send a decision on a cell (or on every undecided cell) of a fix.
   */
  async decide(
    fixId: string,
    decision: Decision,
    cellId?: string
  ): Promise<void> {
    this.dispatch({ type: 'decision_sent', fixId, decision, cellId });
    try {
      const summary = await sendDecision(
        this.jobId,
        fixId,
        decision,
        cellId,
        this._serverSettings
      );
      this.dispatch({ type: 'summary', summary });
    } catch (error) {
      this.dispatch({ type: 'decision_failed', fixId, cellId });
      throw error;
    }
  }

  /**
   * Ask the server to stop the job.
   */
  async cancel(): Promise<void> {
    this.dispatch({ type: 'cancel_requested' });
    const summary = await cancelJob(this.jobId, this._serverSettings);
    this.dispatch({ type: 'summary', summary });
  }

  /**
   * Fold an action into the state and tell the views.
   */
  dispatch(action: Action): void {
    if (this._isDisposed) {
      return;
    }
    const next = reduce(this._state, action);
    if (next !== this._state) {
      this._state = next;
      this._save(action.type !== 'event');
      this._stateChanged.emit(next);
    }
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._flushEvents();
    this._save(true);
    this._isDisposed = true;
    this._stopStream();
    if (this._flushTimer !== null) {
      clearTimeout(this._flushTimer);
    }
    if (this._saveTimer !== null) {
      clearTimeout(this._saveTimer);
    }
    Signal.clearData(this);
  }

  private _ended(): boolean {
    return !isActive(this._state) && this._state.endedAt !== null;
  }

  private _onEvent(_: EventStream, event: IEventBase): void {
    // Streams come in bursts (model tokens, replays): fold a burst at once.
    this._queue.push(event);
    if (TERMINAL_EVENTS.includes(event.type)) {
      this._flushEvents();
      return;
    }
    if (this._flushTimer === null) {
      this._flushTimer = setTimeout(() => this._flushEvents(), 30);
    }
  }

  private _flushEvents(): void {
    if (this._flushTimer !== null) {
      clearTimeout(this._flushTimer);
      this._flushTimer = null;
    }
    if (this._queue.length === 0 || this._isDisposed) {
      return;
    }
    const events = this._queue;
    this._queue = [];
    let state = this._state;
    let urgent = false;
    for (const event of events) {
      state = reduce(state, { type: 'event', event });
      urgent ||= event.type !== 'llm_stream' && event.type !== 'cell_executed';
    }
    if (state !== this._state) {
      this._state = state;
      this._save(urgent);
      this._stateChanged.emit(state);
    }
    if (this._ended()) {
      this._stopStream();
    }
  }

  private _onStreamStatus(stream: EventStream, status: StreamStatus): void {
    if (status === 'reconnecting' || status === 'failed') {
      // Does the server still know the job?
      this.refresh().catch(() => undefined);
    }
    this._stateChanged.emit(this._state);
  }

  private _stopStream(): void {
    if (this._stream) {
      const stream = this._stream;
      this._stream = null;
      stream.dispose();
    }
  }

  /**
   * Keep the state for a reload: at once after things that matter, at most
   * every second while tokens stream in.
   */
  private _save(now: boolean): void {
    if (!this._cache) {
      return;
    }
    if (now) {
      if (this._saveTimer !== null) {
        clearTimeout(this._saveTimer);
        this._saveTimer = null;
      }
      this._cache.save(this._state);
      return;
    }
    if (this._saveTimer === null) {
      this._saveTimer = setTimeout(() => {
        this._saveTimer = null;
        this._cache?.save(this._state);
      }, 1000);
    }
  }

  private _serverSettings: ServerConnection.ISettings;
  private _cache: IStateCache | null;
  private _state: IJobState;
  private _stream: EventStream | null = null;
  private _queue: IEventBase[] = [];
  private _flushTimer: ReturnType<typeof setTimeout> | null = null;
  private _saveTimer: ReturnType<typeof setTimeout> | null = null;
  private _appliedEdits: ICellEdit[] = [];
  private _isDisposed = false;
  private _stateChanged = new Signal<this, IJobState>(this);
}
