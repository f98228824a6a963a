import { IEventBase } from '../events';
import { EventStream, StreamStatus } from '../model/stream';
import { FakeSocket } from './fakes';

function ev(seq: number, type = 'cell_executed'): Record<string, unknown> {
  return { type, job: 'j', seq, time: seq };
}

function stream(since = 0, maxAttempts = 3) {
  const s = new EventStream({
    url: n => `ws://localhost/mlemodernizer/jobs/j/events?since=${n}`,
    since,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    backoff: [10, 20],
    maxAttempts
  });
  const events: IEventBase[] = [];
  const statuses: StreamStatus[] = [];
  s.event.connect((_, e) => events.push(e));
  s.statusChanged.connect((_, status) => statuses.push(status));
  return { s, events, statuses };
}

describe('EventStream', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.reset();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('delivers each event once, in order, and ignores garbage', () => {
    const { s, events } = stream(0);
    const socket = FakeSocket.last;
    expect(socket.since).toBe(0);
    socket.open();
    expect(s.status).toBe('open');
    socket.send(ev(1), ev(2), ev(2), ev(1));
    socket.raw('not json');
    socket.raw(JSON.stringify({ type: 'x' }));
    socket.send(ev(3));
    expect(events.map(e => e.seq)).toEqual([1, 2, 3]);
    expect(s.since).toBe(3);
    s.dispose();
  });

  it('reconnects after a drop, asking to replay after the last event seen', () => {
    const { s, events, statuses } = stream(5);
    const first = FakeSocket.last;
    expect(first.since).toBe(5);
    first.open();
    first.send(ev(6), ev(7));
    first.drop();
    expect(s.status).toBe('reconnecting');
    jest.advanceTimersByTime(10);
    const second = FakeSocket.last;
    expect(second).not.toBe(first);
    expect(second.since).toBe(7);
    second.open();
    // the replay overlaps what was delivered
    second.send(ev(7), ev(8));
    expect(events.map(e => e.seq)).toEqual([6, 7, 8]);
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
    s.dispose();
  });

  it('stops after the terminal event (the server closes then)', () => {
    const { s } = stream(0);
    const socket = FakeSocket.last;
    socket.open();
    socket.send(ev(1), ev(2, 'job_finished'));
    socket.drop();
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.status).toBe('closed');
  });

  it('gives up after repeated failures to connect', () => {
    const { s, statuses } = stream(0, 2);
    FakeSocket.last.drop();
    jest.advanceTimersByTime(50);
    FakeSocket.last.drop();
    jest.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.status).toBe('failed');
    expect(statuses[statuses.length - 1]).toBe('failed');
  });

  it('closes its socket and stops retrying when disposed', () => {
    const { s } = stream(0);
    const socket = FakeSocket.last;
    socket.open();
    s.dispose();
    expect(socket.closed).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.isDisposed).toBe(true);
  });
});
