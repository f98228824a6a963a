import { ServerConnection } from '@jupyterlab/services';

import { getHealth, requestAPI } from '../request';

type Fetch = ServerConnection.ISettings['fetch'];

/**
 * A fetch stand-in that records every request and answers with `reply`.
 * ServerConnection.makeRequest always hands fetch a ready Request.
 */
function recordingFetch(reply: () => Response | Promise<Response>): {
  fetch: Fetch;
  requests: Request[];
} {
  const requests: Request[] = [];
  const fetch: Fetch = async input => {
    requests.push(input as Request);
    return reply();
  };
  return { fetch, requests };
}

function settingsWith(
  fetch: Fetch,
  baseUrl = 'http://localhost:8888/user/ada/'
): ServerConnection.ISettings {
  return ServerConnection.makeSettings({
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    token: 'secret-token',
    fetch
  });
}

/**
 * The request's URL without the query: the default settings ask for
 * `cache: 'no-store'`, for which makeRequest appends a cache buster.
 */
function target(request: Request): string {
  const url = new URL(request.url);
  return url.origin + url.pathname;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' }
  });
}

describe('requestAPI', () => {
  it('puts the end point below <baseUrl>/mlemodernizer and decodes JSON', async () => {
    const { fetch, requests } = recordingFetch(() =>
      jsonResponse({ status: 'ok', version: '0.1.0' })
    );

    const data = await requestAPI<{ status: string; version: string }>(
      'health',
      {},
      settingsWith(fetch)
    );

    expect(data).toEqual({ status: 'ok', version: '0.1.0' });
    expect(requests).toHaveLength(1);
    expect(target(requests[0])).toBe(
      'http://localhost:8888/user/ada/mlemodernizer/health'
    );
    expect(requests[0].method).toBe('GET');
    // The app's settings carry the authentication.
    expect(requests[0].headers.get('Authorization')).toBe('token secret-token');
  });

  it('joins nested end points and passes the request options through', async () => {
    const { fetch, requests } = recordingFetch(() =>
      jsonResponse({ id: 'j1' })
    );

    const answer = await requestAPI<{ id: string }>(
      'jobs',
      { method: 'POST', body: JSON.stringify({ path: 'a.ipynb' }) },
      settingsWith(fetch, 'http://example.org:9000/')
    );

    expect(answer.id).toBe('j1');
    expect(target(requests[0])).toBe(
      'http://example.org:9000/mlemodernizer/jobs'
    );
    expect(requests[0].method).toBe('POST');
    expect(await requests[0].text()).toBe('{"path":"a.ipynb"}');
  });

  it('returns undefined for an empty successful answer', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 204 }));

    await expect(
      requestAPI('jobs/j1', { method: 'DELETE' }, settingsWith(fetch))
    ).resolves.toBeUndefined();
  });

  it('throws a ResponseError with the server message on a non-OK status', async () => {
    const { fetch } = recordingFetch(() =>
      jsonResponse({ message: 'No such job: j9', reason: null }, 404)
    );

    const failure = requestAPI('jobs/j9', {}, settingsWith(fetch));

    await expect(failure).rejects.toBeInstanceOf(
      ServerConnection.ResponseError
    );
    await expect(failure).rejects.toMatchObject({
      message: 'No such job: j9',
      response: { status: 404 }
    });
  });

  it('names the status and URL when an error answer is not JSON', async () => {
    const { fetch } = recordingFetch(
      () =>
        new Response('<html>Bad Gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway'
        })
    );

    await expect(requestAPI('health', {}, settingsWith(fetch))).rejects.toThrow(
      '502 Bad Gateway from http://localhost:8888/user/ada/mlemodernizer/health'
    );
  });

  it('rejects a successful answer whose body is not JSON', async () => {
    const { fetch } = recordingFetch(
      () => new Response('<html>login page</html>', { status: 200 })
    );

    const failure = requestAPI('health', {}, settingsWith(fetch));

    await expect(failure).rejects.toBeInstanceOf(
      ServerConnection.ResponseError
    );
    await expect(failure).rejects.toThrow(/Invalid JSON/);
  });

  it('turns an unreachable server into a NetworkError', async () => {
    const fetch: Fetch = async () => {
      throw new TypeError('Failed to fetch');
    };

    const failure = requestAPI('health', {}, settingsWith(fetch));

    await expect(failure).rejects.toBeInstanceOf(ServerConnection.NetworkError);
    await expect(failure).rejects.toThrow('Failed to fetch');
  });
});

describe('getHealth', () => {
  it('asks GET mlemodernizer/health', async () => {
    const { fetch, requests } = recordingFetch(() =>
      jsonResponse({ status: 'ok', version: '1.2.3' })
    );

    const health = await getHealth(settingsWith(fetch));

    expect(health.version).toBe('1.2.3');
    expect(requests[0].method).toBe('GET');
    expect(target(requests[0])).toBe(
      'http://localhost:8888/user/ada/mlemodernizer/health'
    );
  });
});
