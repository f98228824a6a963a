/**
 * Test doubles: a scripted WebSocket and server.
 */
import { ServerConnection } from '@jupyterlab/services';

/**
 * A WebSocket the test drives: `open()`, `send(event)`, `close()`. Every
 * instance is kept in `FakeSocket.all`, newest last.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];

  static reset(): void {
    FakeSocket.all = [];
  }

  static get last(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;

  /** The `since` query parameter the client asked for. */
  get since(): number {
    return Number(new URL(this.url).searchParams.get('since'));
  }

  open(): void {
    this.onopen?.({});
  }

  send(...events: Record<string, unknown>[]): void {
    for (const event of events) {
      this.onmessage?.({ data: JSON.stringify(event) });
    }
  }

  raw(data: unknown): void {
    this.onmessage?.({ data });
  }

  /** The server (or the network) closes the socket. */
  drop(): void {
    this.closed = true;
    this.onclose?.({});
  }

  /** The client closes it. */
  close(): void {
    this.closed = true;
  }
}

export type Route = (
  method: string,
  path: string,
  body: unknown
) => { status?: number; body?: unknown } | undefined;

/**
 * Server settings whose fetch answers from `route` and whose WebSocket is
 * `FakeSocket`; requests are recorded as `METHOD path`.
 */
export function fakeSettings(route: Route): {
  settings: ServerConnection.ISettings;
  requests: string[];
  bodies: unknown[];
  /** The full URL of each request, query included. */
  urls: URL[];
} {
  const requests: string[] = [];
  const bodies: unknown[] = [];
  const urls: URL[] = [];
  const fetch: ServerConnection.ISettings['fetch'] = async input => {
    const request = input as Request;
    urls.push(new URL(request.url));
    const path = new URL(request.url).pathname;
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push(`${request.method} ${path}`);
    bodies.push(body);
    const answer = route(request.method, path, body) ?? {
      status: 404,
      body: { message: `no route ${path}` }
    };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' }
    });
  };
  const settings = ServerConnection.makeSettings({
    baseUrl: 'http://localhost:8888/',
    wsUrl: 'ws://localhost:8888/',
    token: 'tok',
    appendToken: true,
    fetch,
    WebSocket: FakeSocket as unknown as typeof WebSocket
  });
  return { settings, requests, bodies, urls };
}

/**
 * Let pending promises and zero-delay timers run.
 */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await new Promise(resolve => setTimeout(resolve, 0));
  }
}
