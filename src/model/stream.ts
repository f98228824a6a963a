/**
 * A job's event stream over a WebSocket that reconnects by itself, asking
 * the server to replay from the last sequence number it saw.
 */
import { IDisposable } from '@lumino/disposable';
import { ISignal, Signal } from '@lumino/signaling';

import { IEventBase, TERMINAL_EVENTS, parseEvent } from '../events';

export type StreamStatus =
  'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

export interface IEventStreamOptions {
  /** The socket URL replaying the events after `since`. */
  url: (since: number) => string;
  /** The sequence number to start after. */
  since: number;
  /** The WebSocket constructor (the server settings' one). */
  WebSocket?: typeof WebSocket;
  /** Delays between reconnection attempts, in ms; the last one repeats. */
  backoff?: number[];
  /** Give up after this many failed attempts in a row. */
  maxAttempts?: number;
}

/**
 * Streams a job's events, once each, in order. It stops after the job's
 * terminal event (the server closes the socket then), when disposed, or after
 * `maxAttempts` connections in a row that failed before any event.
 */
export class EventStream implements IDisposable {
  constructor(options: IEventStreamOptions) {
    this._url = options.url;
    this._since = options.since;
    this._WebSocket = options.WebSocket ?? WebSocket;
    this._backoff = options.backoff ?? [500, 1000, 2000, 4000, 8000];
    this._maxAttempts = options.maxAttempts ?? 20;
    this._connect();
  }

  /**
   * Each event, after the ones already seen.
   */
  get event(): ISignal<this, IEventBase> {
    return this._event;
  }

  get statusChanged(): ISignal<this, StreamStatus> {
    return this._statusChanged;
  }

  get status(): StreamStatus {
    return this._status;
  }

  /**
   * The newest sequence number delivered.
   */
  get since(): number {
    return this._since;
  }

  get isDisposed(): boolean {
    return this._isDisposed;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._clearTimer();
    this._closeSocket();
    Signal.clearData(this);
  }

  private _connect(): void {
    if (this._isDisposed) {
      return;
    }
    this._setStatus(this._sockets === 0 ? 'connecting' : 'reconnecting');
    this._sockets++;
    let socket: WebSocket;
    try {
      socket = new this._WebSocket(this._url(this._since));
    } catch (error) {
      console.warn('mlemodernizer: cannot open the event stream', error);
      this._retry();
      return;
    }
    this._socket = socket;
    let received = false;
    socket.onopen = () => {
      if (this._socket === socket) {
        this._setStatus('open');
      }
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this._socket !== socket || typeof message.data !== 'string') {
        return;
      }
      const event = parseEvent(message.data);
      if (event === null || event.seq <= this._since) {
        return;
      }
      received = true;
      this._attempts = 0;
      this._since = event.seq;
      if (TERMINAL_EVENTS.includes(event.type)) {
        this._finished = true;
      }
      this._event.emit(event);
    };
    socket.onclose = () => {
      if (this._socket !== socket) {
        return;
      }
      this._socket = null;
      if (this._finished) {
        this._setStatus('closed');
        return;
      }
      if (!received) {
        this._attempts++;
      }
      this._retry();
    };
    socket.onerror = () => {
      // onclose follows and decides
    };
  }

  private _retry(): void {
    if (this._isDisposed) {
      return;
    }
    if (this._attempts >= this._maxAttempts) {
      this._setStatus('failed');
      return;
    }
    this._setStatus('reconnecting');
    const delay =
      this._backoff[Math.min(this._attempts, this._backoff.length - 1)];
    this._clearTimer();
    this._timer = setTimeout(() => {
      this._timer = null;
      this._connect();
    }, delay);
  }

  private _closeSocket(): void {
    const socket = this._socket;
    this._socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.onerror = null;
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
  }

  private _clearTimer(): void {
    if (this._timer !== null) {
      clearTimeout(this._timer);
      this._timer = null;
    }
  }

  private _setStatus(status: StreamStatus): void {
    if (this._status !== status) {
      this._status = status;
      this._statusChanged.emit(status);
    }
  }

  private _url: (since: number) => string;
  private _since: number;
  private _WebSocket: typeof WebSocket;
  private _backoff: number[];
  private _maxAttempts: number;
  private _attempts = 0;
  private _sockets = 0;
  private _finished = false;
  private _socket: WebSocket | null = null;
  private _timer: ReturnType<typeof setTimeout> | null = null;
  private _status: StreamStatus = 'connecting';
  private _isDisposed = false;
  private _event = new Signal<this, IEventBase>(this);
  private _statusChanged = new Signal<this, StreamStatus>(this);
}
