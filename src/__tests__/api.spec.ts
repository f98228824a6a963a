import { ServerConnection } from '@jupyterlab/services';

import {
  IJobSummary,
  cancelJob,
  createBatch,
  createJob,
  errorMessage,
  eventsUrl,
  getBatch,
  getJob,
  isStatus,
  listJobs,
  sendDecision
} from '../api';

type Fetch = ServerConnection.ISettings['fetch'];

interface IRecorded {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

/**
 * A server stand-in: records each request and answers from `reply`.
 */
function fakeServer(
  reply: (request: IRecorded) => { status?: number; body?: unknown }
): { settings: ServerConnection.ISettings; requests: IRecorded[] } {
  const requests: IRecorded[] = [];
  const fetch: Fetch = async input => {
    const request = input as Request;
    const text = await request.text();
    const recorded: IRecorded = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      auth: request.headers.get('Authorization')
    };
    requests.push(recorded);
    const answer = reply(recorded);
    return new Response(
      answer.body === undefined ? null : JSON.stringify(answer.body),
      {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' }
      }
    );
  };
  const settings = ServerConnection.makeSettings({
    baseUrl: 'http://localhost:8888/user/ada/',
    wsUrl: 'ws://localhost:8888/user/ada/',
    token: 'secret',
    fetch
  });
  return { settings, requests };
}

const SUMMARY: IJobSummary = {
  id: '0123456789ab',
  path: 'dir/nb.ipynb',
  options: { review: 'manual' },
  created: 1,
  status: 'queued',
  outcome: null,
  error: null,
  output: 'dir/nb.modernized.ipynb',
  last_seq: 0,
  pending_review: {},
  report: null
};

describe('the jobs API client', () => {
  it('creates a job: POST jobs {path, options}', async () => {
    const { settings, requests } = fakeServer(() => ({
      status: 201,
      body: SUMMARY
    }));
    const job = await createJob(
      'dir/nb.ipynb',
      { review: 'auto', max_iterations: 3 },
      settings
    );
    expect(job.id).toBe('0123456789ab');
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/user/ada/mlemodernizer/jobs',
        body: {
          path: 'dir/nb.ipynb',
          options: { review: 'auto', max_iterations: 3 }
        },
        auth: 'token secret'
      }
    ]);
  });

  it('lists jobs and gets one', async () => {
    const { settings, requests } = fakeServer(request =>
      request.path.endsWith('/jobs')
        ? { body: { jobs: [SUMMARY] } }
        : { body: SUMMARY }
    );
    expect(await listJobs(settings)).toEqual([SUMMARY]);
    expect(await getJob('0123456789ab', settings)).toEqual(SUMMARY);
    expect(requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /user/ada/mlemodernizer/jobs',
      'GET /user/ada/mlemodernizer/jobs/0123456789ab'
    ]);
  });

  it('cancels with DELETE jobs/ID', async () => {
    const { settings, requests } = fakeServer(() => ({
      status: 202,
      body: { ...SUMMARY, status: 'cancelled' }
    }));
    const answer = await cancelJob('0123456789ab', settings);
    expect(answer.status).toBe('cancelled');
    expect(requests[0].method).toBe('DELETE');
    expect(requests[0].path).toBe('/user/ada/mlemodernizer/jobs/0123456789ab');
  });

  it('sends per-cell and whole-fix decisions', async () => {
    const { settings, requests } = fakeServer(() => ({ body: SUMMARY }));
    await sendDecision('0123456789ab', 'fix-1', 'accept', 'c1', settings);
    await sendDecision(
      '0123456789ab',
      'fix-1',
      'reject_all',
      undefined,
      settings
    );
    expect(requests.map(r => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/user/ada/mlemodernizer/jobs/0123456789ab/decisions',
        { fix_id: 'fix-1', decision: 'accept', cell_id: 'c1' }
      ],
      [
        'POST',
        '/user/ada/mlemodernizer/jobs/0123456789ab/decisions',
        { fix_id: 'fix-1', decision: 'reject_all' }
      ]
    ]);
  });

  it("turns the server's 4xx message into the error", async () => {
    const { settings } = fakeServer(() => ({
      status: 409,
      body: { message: "no pending review for fix 'fix-9'", status: 409 }
    }));
    const failure = sendDecision(
      '0123456789ab',
      'fix-9',
      'accept',
      'c',
      settings
    );
    await expect(failure).rejects.toThrow("no pending review for fix 'fix-9'");
    const error = await failure.catch(e => e);
    expect(isStatus(error, 409)).toBe(true);
    expect(isStatus(error, 404)).toBe(false);
    expect(errorMessage(error)).toBe("no pending review for fix 'fix-9'");
  });

  it('starts and polls a batch', async () => {
    const { settings, requests } = fakeServer(request =>
      request.method === 'POST'
        ? { status: 201, body: { id: 'b1' } }
        : { body: { id: 'b1', status: 'running' } }
    );
    expect((await createBatch('old/notebooks', {}, settings)).id).toBe('b1');
    expect((await getBatch('b1', settings)).status).toBe('running');
    expect(requests.map(r => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/user/ada/mlemodernizer/batches',
        { dir: 'old/notebooks', options: {} }
      ],
      ['GET', '/user/ada/mlemodernizer/batches/b1', undefined]
    ]);
  });

  it('says 404 when the server has no batch API', async () => {
    const fetch: Fetch = async () =>
      new Response('<html>404: Not Found</html>', {
        status: 404,
        statusText: 'Not Found'
      });
    const settings = ServerConnection.makeSettings({
      baseUrl: 'http://localhost:8888/',
      fetch
    });
    const error = await createBatch('x', {}, settings).catch(e => e);
    expect(isStatus(error, 404)).toBe(true);
  });

  it('escapes ids in the URL', async () => {
    const { settings, requests } = fakeServer(() => ({ body: SUMMARY }));
    await getJob('a/b', settings);
    expect(requests[0].path).toBe('/user/ada/mlemodernizer/jobs/a%2Fb');
  });
});

describe('eventsUrl', () => {
  it('builds the socket URL below wsUrl with the sequence to replay from', () => {
    const settings = ServerConnection.makeSettings({
      baseUrl: 'http://localhost:8888/user/ada/',
      wsUrl: 'ws://localhost:8888/user/ada/',
      token: '',
      appendToken: false
    });
    expect(eventsUrl('0123456789ab', 42, settings)).toBe(
      'ws://localhost:8888/user/ada/mlemodernizer/jobs/0123456789ab/events?since=42'
    );
    expect(eventsUrl('0123456789ab', -3, settings)).toMatch(/since=0$/);
  });

  it('adds the token like JupyterLab does for kernel sockets', () => {
    const settings = ServerConnection.makeSettings({
      baseUrl: 'https://hub.example.org/user/ada/',
      wsUrl: 'wss://hub.example.org/user/ada/',
      token: 'a b&c',
      appendToken: true
    });
    expect(eventsUrl('0123456789ab', 0, settings)).toBe(
      'wss://hub.example.org/user/ada/mlemodernizer/jobs/0123456789ab/events?since=0&token=a%20b%26c'
    );
  });
});
