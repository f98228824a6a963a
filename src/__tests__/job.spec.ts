import { IJobSummary, isStatus } from '../api';
import { StorageStateCache } from '../model/cache';
import { JobModel } from '../model/job';
import { ModernizerManager } from '../model/manager';
import { FakeSocket, Route, fakeSettings, settle } from './fakes';

import { ACCEPTED, EVENTS, JOB as ID, REJECTED, SEQ } from './recorded';

function summary(overrides: Partial<IJobSummary> = {}): IJobSummary {
  return {
    id: ID,
    path: 'eroded.ipynb',
    options: {},
    created: 1,
    status: 'running',
    outcome: null,
    error: null,
    output: 'eroded.modernized.ipynb',
    last_seq: 0,
    pending_review: {},
    report: null,
    ...overrides
  };
}

/**
 * A Storage in memory (what sessionStorage offers).
 */
class MemoryStorage implements Storage {
  private _items = new Map<string, string>();
  get length(): number {
    return this._items.size;
  }
  clear(): void {
    this._items.clear();
  }
  getItem(key: string): string | null {
    return this._items.get(key) ?? null;
  }
  key(index: number): string | null {
    return Array.from(this._items.keys())[index] ?? null;
  }
  removeItem(key: string): void {
    this._items.delete(key);
  }
  setItem(key: string, value: string): void {
    this._items.set(key, value);
  }
}

/** Wait past the model's event batching. */
const flush = () => new Promise(resolve => setTimeout(resolve, 60));

const jobRoute: Route = (method, path) => {
  if (method === 'GET' && path.endsWith(`/jobs/${ID}`)) {
    return { body: summary({ last_seq: SEQ.review }) };
  }
  if (method === 'POST' && path.endsWith('/decisions')) {
    return { body: summary({ pending_review: { 'fix-1': [ACCEPTED] } }) };
  }
  if (method === 'DELETE') {
    return { status: 202, body: summary() };
  }
  return undefined;
};

describe('JobModel', () => {
  beforeEach(() => FakeSocket.reset());

  it('follows the events over the socket, with the token', async () => {
    const { settings } = fakeSettings(jobRoute);
    const model = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings,
      summary: summary()
    });
    let changes = 0;
    model.stateChanged.connect(() => changes++);
    model.connect();
    model.connect(); // once is enough
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.last.url).toBe(
      `ws://localhost:8888/mlemodernizer/jobs/${ID}/events?since=0&token=tok`
    );
    FakeSocket.last.open();
    FakeSocket.last.send(...(EVENTS.slice(0, SEQ.review) as never[]));
    await flush();
    expect(model.state.lastSeq).toBe(SEQ.review);
    expect(model.state.activity).toEqual({ kind: 'reviewing', fixId: 'fix-1' });
    // a burst of events is one change for the views
    expect(changes).toBeLessThanOrEqual(3);
    model.dispose();
    expect(FakeSocket.last.closed).toBe(true);
  });

  it('sends decisions and shows them until the server confirms', async () => {
    const { settings, requests, bodies } = fakeSettings(jobRoute);
    const model = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings
    });
    model.connect();
    FakeSocket.last.send(...(EVENTS.slice(0, SEQ.review) as never[]));
    await flush();
    const sending = model.decide('fix-1', 'reject', REJECTED);
    expect(model.state.fixes['fix-1'].changes[0].sent).toBe('reject');
    await sending;
    expect(requests).toContain(`POST /mlemodernizer/jobs/${ID}/decisions`);
    expect(bodies[bodies.length - 1]).toEqual({
      fix_id: 'fix-1',
      decision: 'reject',
      cell_id: REJECTED
    });
    // the answer's summary: only the other cell is still awaited
    expect(model.state.fixes['fix-1'].awaiting).toEqual([ACCEPTED]);
    model.dispose();
  });

  it('takes a refused decision back', async () => {
    const { settings } = fakeSettings((method, path) =>
      path.endsWith('/decisions')
        ? { status: 409, body: { message: 'no pending review' } }
        : undefined
    );
    const model = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings
    });
    model.connect();
    FakeSocket.last.send(...(EVENTS.slice(0, SEQ.review) as never[]));
    await flush();
    await expect(model.decide('fix-1', 'accept_all')).rejects.toThrow(
      'no pending review'
    );
    expect(model.state.fixes['fix-1'].changes.map(c => c.sent)).toEqual([
      null,
      null
    ]);
    model.dispose();
  });

  it('cancels with DELETE and shows it is cancelling', async () => {
    const { settings, requests } = fakeSettings(jobRoute);
    const model = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings,
      summary: summary()
    });
    await model.cancel();
    expect(model.state.cancelRequested).toBe(true);
    expect(requests).toEqual([`DELETE /mlemodernizer/jobs/${ID}`]);
    model.dispose();
  });

  it('after a reload, restores its state and resumes after the last event', async () => {
    const storage = new MemoryStorage();
    const { settings } = fakeSettings(jobRoute);
    const first = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings,
      cache: new StorageStateCache(storage)
    });
    first.connect();
    FakeSocket.last.send(...(EVENTS.slice(0, SEQ.review) as never[]));
    await flush();
    first.dispose(); // the page goes away

    const second = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings,
      cache: new StorageStateCache(storage),
      summary: summary({
        last_seq: SEQ.review,
        pending_review: { 'fix-1': [] }
      })
    });
    // the timeline is there before any event arrives
    expect(second.state.lastSeq).toBe(SEQ.review);
    expect(second.state.iterations.map(it => it.index)).toEqual([0, 1]);
    expect(second.state.fixes['fix-1'].awaiting).toEqual([]);
    second.connect();
    expect(FakeSocket.last.since).toBe(SEQ.review);
    FakeSocket.last.send(...(EVENTS.slice(SEQ.review) as never[]));
    await flush();
    expect(second.state.status).toBe('finished');
    second.dispose();

    // an ended job needs no socket at all
    const third = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings,
      cache: new StorageStateCache(storage)
    });
    const sockets = FakeSocket.all.length;
    third.connect();
    expect(FakeSocket.all).toHaveLength(sockets);
    expect(third.state.report?.outcome).toBe('error_free_reproducible');
    third.dispose();
  });

  it('ignores a cached state of another shape or job', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      `mlemodernizer:job:${ID}`,
      JSON.stringify({ version: 0, jobId: ID, lastSeq: 3 })
    );
    expect(new StorageStateCache(storage).load(ID)).toBeNull();
    storage.setItem(`mlemodernizer:job:${ID}`, '{not json');
    expect(new StorageStateCache(storage).load(ID)).toBeNull();
    expect(new StorageStateCache(null).load(ID)).toBeNull();
  });

  it('becomes unknown when the server forgot the job', async () => {
    const { settings } = fakeSettings(() => ({
      status: 404,
      body: { message: 'no job' }
    }));
    const model = new JobModel({
      jobId: ID,
      path: 'eroded.ipynb',
      serverSettings: settings
    });
    await model.refresh();
    expect(model.state.status).toBe('unknown');
    model.dispose();
  });
});

describe('ModernizerManager', () => {
  beforeEach(() => FakeSocket.reset());

  const older = summary({ id: 'aaaaaaaaaaaa', created: 1, status: 'finished' });
  const newer = summary({ id: 'bbbbbbbbbbbb', created: 2, status: 'running' });
  const other = summary({ id: 'cccccccccccc', path: 'other.ipynb' });

  it('shows the newest job of the active notebook and follows it', async () => {
    const { settings } = fakeSettings((method, path) =>
      path.endsWith('/jobs')
        ? { body: { jobs: [newer, older, other] } }
        : undefined
    );
    const manager = new ModernizerManager({ serverSettings: settings });
    let changed = 0;
    manager.changed.connect(() => changed++);
    manager.setPath('eroded.ipynb');
    expect(manager.current).toBeNull();
    await settle();
    expect(manager.current?.jobId).toBe('bbbbbbbbbbbb');
    expect(manager.jobsFor('eroded.ipynb').map(j => j.id)).toEqual([
      'bbbbbbbbbbbb',
      'aaaaaaaaaaaa'
    ]);
    expect(FakeSocket.last.url).toContain('/jobs/bbbbbbbbbbbb/events');
    expect(changed).toBeGreaterThan(0);

    manager.selectJob('aaaaaaaaaaaa');
    expect(manager.current?.jobId).toBe('aaaaaaaaaaaa');

    manager.setPath(null);
    expect(manager.current).toBeNull();
    manager.dispose();
  });

  it('starts a job with the options the user set', async () => {
    const { settings, bodies, requests } = fakeSettings((method, path) => {
      if (method === 'POST' && path.endsWith('/jobs')) {
        return { status: 201, body: newer };
      }
      if (path.endsWith('/jobs')) {
        return { body: { jobs: [] } };
      }
      return undefined;
    });
    const manager = new ModernizerManager({ serverSettings: settings });
    manager.setSettings(
      { review: 'auto', max_iterations: 16, model: '' },
      { review: 'auto' }
    );
    const model = await manager.start('eroded.ipynb');
    expect(requests).toContain('POST /mlemodernizer/jobs');
    // the score the notebook printed is detected unless the user chose otherwise
    expect(bodies[requests.indexOf('POST /mlemodernizer/jobs')]).toEqual({
      path: 'eroded.ipynb',
      options: { review: 'auto', score: 'detect' }
    });
    expect(model.jobId).toBe('bbbbbbbbbbbb');
    expect(manager.jobForPath('eroded.ipynb')).toBe(model);

    manager.setScoreChoice('eroded.ipynb', {
      mode: 'regex',
      regex: 'auc=([0-9.]+)',
      target: '0.8'
    });
    await manager.start('eroded.ipynb');
    expect(bodies[bodies.length - 1]).toEqual({
      path: 'eroded.ipynb',
      options: {
        review: 'auto',
        score_regex: 'auc=([0-9.]+)',
        target_score: 0.8
      }
    });
    manager.setScoreChoice('eroded.ipynb', {
      mode: 'none',
      regex: '',
      target: ''
    });
    await manager.start('eroded.ipynb');
    expect(bodies[bodies.length - 1]).toEqual({
      path: 'eroded.ipynb',
      options: { review: 'auto' }
    });
    manager.dispose();
  });

  it('rejects a batch with the 404 of a server without the batch API', async () => {
    const { settings } = fakeSettings(() => undefined);
    const manager = new ModernizerManager({ serverSettings: settings });
    const error = await manager.startBatch('old').catch(e => e);
    expect(isStatus(error, 404)).toBe(true);
    expect(manager.batches).toEqual([]);
    manager.dispose();
  });

  it('keeps a started batch and its status', async () => {
    jest.useFakeTimers();
    try {
      const { settings } = fakeSettings(method =>
        method === 'POST'
          ? { status: 201, body: { id: 'b1', status: 'queued' } }
          : { body: { id: 'b1', status: 'finished' } }
      );
      const manager = new ModernizerManager({ serverSettings: settings });
      const batch = await manager.startBatch('old');
      expect(batch).toMatchObject({ id: 'b1', dir: 'old' });
      expect(manager.batches).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1100);
      expect(manager.batches[0].summary.status).toBe('finished');
      manager.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops polling a batch that a server restart interrupted', async () => {
    jest.useFakeTimers();
    try {
      let polls = 0;
      const { settings } = fakeSettings(method => {
        if (method === 'POST') {
          return { status: 201, body: { id: 'b2', status: 'running' } };
        }
        polls += 1;
        return { body: { id: 'b2', status: 'interrupted' } };
      });
      const manager = new ModernizerManager({ serverSettings: settings });
      await manager.startBatch('old');
      await jest.advanceTimersByTimeAsync(10000);
      expect(manager.batches[0].summary.status).toBe('interrupted');
      expect(polls).toBe(1);
      manager.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports the health, or why it could not get it', async () => {
    const { settings } = fakeSettings((method, path) =>
      path.endsWith('/health')
        ? {
            body: {
              status: 'ok',
              version: '1.0',
              llm: { configured: false, reachable: false, hint: 'set it' },
              docker: { available: false }
            }
          }
        : undefined
    );
    const manager = new ModernizerManager({ serverSettings: settings });
    await manager.refreshHealth();
    expect(manager.health?.llm?.hint).toBe('set it');
    expect(manager.healthError).toBeNull();
    manager.dispose();

    const broken = new ModernizerManager({
      serverSettings: fakeSettings(() => undefined).settings
    });
    await broken.refreshHealth();
    expect(broken.health).toBeNull();
    expect(broken.healthError).toMatch(/no route/);
    broken.dispose();
  });

  it('checks the LLM the settings name, and again when they change', async () => {
    const { settings, urls } = fakeSettings((method, path) =>
      path.endsWith('/health')
        ? { body: { status: 'ok', version: '1.0', llm: { configured: true } } }
        : undefined
    );
    const manager = new ModernizerManager({ serverSettings: settings });
    await manager.refreshHealth();
    expect(urls[0].searchParams.has('base_url')).toBe(false);
    manager.setSettings({
      base_url: ' http://localhost:11434/v1 ',
      model: 'qwen2.5-coder:1.5b'
    });
    await settle();
    expect(urls).toHaveLength(2);
    expect(urls[1].searchParams.get('base_url')).toBe(
      'http://localhost:11434/v1'
    );
    expect(urls[1].searchParams.get('model')).toBe('qwen2.5-coder:1.5b');
    // the same LLM again: no new check; rules only: the server's answer
    // the same endpoint under the setting's old name: still the same LLM
    manager.setSettings({
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen2.5-coder:1.5b',
      max_iterations: 3
    });
    await settle();
    expect(urls).toHaveLength(2);
    manager.setSettings({ offline: true, model: 'qwen2.5-coder:1.5b' });
    await settle();
    expect(urls).toHaveLength(3);
    expect(urls[2].searchParams.has('model')).toBe(false);
    manager.dispose();
  });

  it('checks the settings LLM when the settings load during the first check', async () => {
    const { settings, urls } = fakeSettings((method, path) =>
      path.endsWith('/health')
        ? { body: { status: 'ok', version: '1.0', llm: { configured: true } } }
        : undefined
    );
    const manager = new ModernizerManager({ serverSettings: settings });
    const first = manager.refreshHealth(); // at activation, before the settings
    manager.setSettings({ model: 'qwen2.5-coder:1.5b' });
    await first;
    await settle();
    expect(urls.map(u => u.searchParams.get('model'))).toEqual([
      null,
      'qwen2.5-coder:1.5b'
    ]);
    expect(manager.health?.status).toBe('ok');
    manager.dispose();
  });
});
