/**
 * Keeps each job's reduced state in the tab's session storage, so that after
 * a page reload the panel shows the timeline at once and the stream resumes
 * after the last sequence number seen instead of replaying everything.
 */
import { IJobState, STATE_VERSION } from './state';

export interface IStateCache {
  load(jobId: string): IJobState | null;
  save(state: IJobState): void;
  remove(jobId: string): void;
}

const PREFIX = 'mlemodernizer:job:';

/**
 * A cache over a Web Storage (the page's `sessionStorage` by default). Full
 * or missing storage only costs a longer replay, never an error.
 */
export class StorageStateCache implements IStateCache {
  constructor(storage?: Storage | null) {
    this._storage = storage === undefined ? defaultStorage() : storage;
  }

  load(jobId: string): IJobState | null {
    if (!this._storage) {
      return null;
    }
    try {
      const raw = this._storage.getItem(PREFIX + jobId);
      if (!raw) {
        return null;
      }
      const state = JSON.parse(raw) as IJobState;
      if (
        state?.version !== STATE_VERSION ||
        state.jobId !== jobId ||
        typeof state.lastSeq !== 'number'
      ) {
        return null;
      }
      return state;
    } catch {
      return null;
    }
  }

  save(state: IJobState): void {
    if (!this._storage) {
      return;
    }
    try {
      this._storage.setItem(PREFIX + state.jobId, JSON.stringify(state));
    } catch {
      // quota exceeded: drop this entry rather than keep a stale one
      this.remove(state.jobId);
    }
  }

  remove(jobId: string): void {
    try {
      this._storage?.removeItem(PREFIX + jobId);
    } catch {
      // nothing to do
    }
  }

  private _storage: Storage | null;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
