/**
 * The event reducer: a pure function from (state, action) to the next state.
 *
 * Actions are the job's events as the server streams them, plus three things
 * only this page knows: the server's job summary (fetched on connect), a
 * decision this page sent, and a cancel it asked for. Events are idempotent:
 * one whose sequence number was already folded in changes nothing, so a
 * replay that overlaps what a cached state holds is harmless.
 */
import { Decision, IJobSummary } from '../api';
import {
  ICellDecisionEvent,
  ICellExecutedEvent,
  ICellOutputEvent,
  ICellStartedEvent,
  IEventBase,
  IExecutionFinishedEvent,
  IExecutionStartedEvent,
  IFixAppliedEvent,
  IFixProposedEvent,
  IFixRolledBackEvent,
  IIssueDetectedEvent,
  IJobFailedEvent,
  IJobFinishedEvent,
  IJobStartedEvent,
  ILLMStreamEvent,
  ILoopStoppedEvent,
  IReviewRequestedEvent,
  ITokenUsage,
  IVerdictEvent
} from '../events';
import {
  IChangeState,
  IExecution,
  IFixState,
  IIteration,
  IJobState,
  JobStatus,
  emptyUsage
} from './state';

export type Action =
  | { type: 'event'; event: IEventBase }
  | { type: 'summary'; summary: IJobSummary }
  | {
      type: 'decision_sent';
      fixId: string;
      decision: Decision;
      cellId?: string;
    }
  | { type: 'decision_failed'; fixId: string; cellId?: string }
  | { type: 'cancel_requested' };

const TERMINAL: ReadonlyArray<JobStatus> = [
  'finished',
  'failed',
  'cancelled',
  'interrupted'
];

/**
 * Fold one action into the state.
 */
export function reduce(state: IJobState, action: Action): IJobState {
  switch (action.type) {
    case 'event':
      return reduceEvent(state, action.event);
    case 'summary':
      return reduceSummary(state, action.summary);
    case 'decision_sent':
      return markSent(state, action.fixId, action.decision, action.cellId);
    case 'decision_failed':
      return markSent(state, action.fixId, null, action.cellId);
    case 'cancel_requested':
      return { ...state, cancelRequested: true };
  }
}

/**
 * Fold a list of events (a replay) into the state.
 */
export function reduceEvents(
  state: IJobState,
  events: ReadonlyArray<IEventBase>
): IJobState {
  return events.reduce((current, event) => reduceEvent(current, event), state);
}

function reduceEvent(state: IJobState, event: IEventBase): IJobState {
  if (event.seq <= state.lastSeq) {
    return state;
  }
  const next: IJobState = {
    ...state,
    lastSeq: event.seq,
    lastEventAt: event.time || state.lastEventAt
  };
  switch (event.type) {
    case 'job_started':
      return jobStarted(next, event as IJobStartedEvent);
    case 'execution_started':
      return executionStarted(next, event as IExecutionStartedEvent);
    case 'cell_started':
      return cellStarted(next, event as ICellStartedEvent);
    case 'cell_output':
      return cellOutput(next, event as ICellOutputEvent);
    case 'cell_executed':
      return cellExecuted(next, event as ICellExecutedEvent);
    case 'execution_finished':
      return executionFinished(next, event as IExecutionFinishedEvent);
    case 'issue_detected':
      return issueDetected(next, event as IIssueDetectedEvent);
    case 'loop_stopped':
      return loopStopped(next, event as ILoopStoppedEvent);
    case 'llm_stream':
      return llmStream(next, event as ILLMStreamEvent);
    case 'fix_proposed':
      return fixProposed(next, event as IFixProposedEvent);
    case 'review_requested':
      return reviewRequested(next, event as IReviewRequestedEvent);
    case 'cell_decision':
      return cellDecision(next, event as ICellDecisionEvent);
    case 'fix_applied':
      return fixApplied(next, event as IFixAppliedEvent);
    case 'fix_rolled_back':
      return fixRolledBack(next, event as IFixRolledBackEvent);
    case 'verdict':
      return verdict(next, event as IVerdictEvent);
    case 'job_finished':
      return jobFinished(next, event as IJobFinishedEvent);
    case 'job_failed':
      return jobFailed(next, event as IJobFailedEvent);
    default:
      // An event type this version does not know: keep its sequence number.
      return next;
  }
}

// --- events ------------------------------------------------------------------

function jobStarted(state: IJobState, event: IJobStartedEvent): IJobState {
  const options = event.options ?? {};
  const tolerance = options.tolerance;
  return {
    ...state,
    status: isTerminal(state.status) ? state.status : 'running',
    startedAt: event.time,
    options,
    targetScore: event.target_score ?? null,
    scoreSource: event.score_source ?? null,
    tolerance: typeof tolerance === 'number' ? tolerance : state.tolerance
  };
}

function executionStarted(
  state: IJobState,
  event: IExecutionStartedEvent
): IJobState {
  const execution: IExecution = {
    iteration: event.iteration,
    kind: event.kind,
    running: true,
    startedAt: event.time,
    finishedAt: null,
    cellsDone: 0,
    errorCells: 0,
    errorFree: null,
    errors: [],
    runtime: null,
    score: null,
    timedOut: false,
    kernelDied: false,
    cancelled: false,
    startAt: event.start_at ?? 0,
    reason: event.reason ?? '',
    current: null
  };
  // every run but the iteration's own (the baseline, a fix's run) is an extra
  // one beside it: the verdict's fresh run, the t-test's reruns, the runs that
  // tell random cells apart (noise-baseline, second-look, noise-run)
  const rerun = event.kind !== 'baseline' && event.kind !== 'iteration';
  return {
    ...runningStatus(state),
    iterations: updateIteration(state.iterations, event.iteration, it =>
      rerun
        ? { ...it, reruns: [...it.reruns, execution] }
        : { ...it, execution }
    ),
    activity: {
      kind: 'executing',
      iteration: event.iteration,
      run: event.kind,
      cellsDone: 0,
      lastCell: null
    }
  };
}

function cellStarted(state: IJobState, event: ICellStartedEvent): IJobState {
  const iterations = updateIteration(state.iterations, event.iteration, it =>
    updateRunningExecution(
      it,
      execution => ({
        ...execution,
        totalCells: event.cells,
        current: {
          index: event.cell_index,
          id: event.cell_id ?? '',
          startedAt: event.time,
          output: ''
        }
      }),
      event.kind
    )
  );
  return { ...state, iterations };
}

function cellOutput(state: IJobState, event: ICellOutputEvent): IJobState {
  const iterations = updateIteration(state.iterations, event.iteration, it =>
    updateRunningExecution(it, execution =>
      execution.current && execution.current.index === event.cell_index
        ? {
            ...execution,
            current: { ...execution.current, output: event.text ?? '' }
          }
        : execution
    )
  );
  return { ...state, iterations };
}

function cellExecuted(state: IJobState, event: ICellExecutedEvent): IJobState {
  let cellsDone = 0;
  const iterations = updateIteration(state.iterations, event.iteration, it =>
    updateRunningExecution(it, execution => {
      cellsDone = execution.cellsDone + 1;
      return {
        ...execution,
        cellsDone,
        lastCell: event.cell_index,
        errorCells: execution.errorCells + (event.error ? 1 : 0),
        current: null
      };
    })
  );
  const activity =
    state.activity.kind === 'executing'
      ? { ...state.activity, cellsDone, lastCell: event.cell_index }
      : state.activity;
  return { ...state, iterations, activity };
}

function executionFinished(
  state: IJobState,
  event: IExecutionFinishedEvent
): IJobState {
  const iterations = updateIteration(state.iterations, event.iteration, it =>
    updateRunningExecution(
      it,
      execution => ({
        ...execution,
        running: false,
        finishedAt: event.time,
        errorFree: event.error_free,
        errors: event.errors ?? [],
        errorCells: event.error_cells,
        runtime: event.runtime_s,
        score: event.score,
        timedOut: event.timed_out,
        kernelDied: event.kernel_died,
        cancelled: event.cancelled,
        notices: event.notices ?? [],
        failingCells: event.failing_cells,
        fixedCells: event.fixed_cells ?? [],
        resumedFrom: event.resumed_from ?? null,
        current: null
      }),
      event.kind
    )
  );
  const deadline =
    event.deadline_s !== undefined ? { deadline: event.deadline_s } : {};
  return { ...state, ...deadline, iterations, activity: { kind: 'idle' } };
}

function issueDetected(
  state: IJobState,
  event: IIssueDetectedEvent
): IJobState {
  const issue = {
    issue: event.issue,
    firstError: event.first_error ?? null,
    cellIndex: event.cell_index ?? null,
    score: event.score ?? null,
    runtime: event.runtime_s ?? null
  };
  return {
    ...state,
    iterations: updateIteration(state.iterations, event.iteration, it => ({
      ...it,
      issues: [...it.issues, issue]
    })),
    activity: { kind: 'proposing', iteration: event.iteration, fixType: null }
  };
}

function loopStopped(state: IJobState, event: ILoopStoppedEvent): IJobState {
  return {
    ...state,
    iterations: updateIteration(state.iterations, event.iteration, it => ({
      ...it,
      stop: {
        reason: event.reason,
        detail: event.detail ?? '',
        summary: event.summary ?? null
      }
    })),
    activity: { kind: 'idle' }
  };
}

function llmStream(state: IJobState, event: ILLMStreamEvent): IJobState {
  return {
    ...state,
    iterations: updateIteration(state.iterations, event.iteration, it => ({
      ...it,
      stream: it.stream + (event.text ?? ''),
      streamFixType: event.fix_type ?? it.streamFixType
    })),
    activity: {
      kind: 'proposing',
      iteration: event.iteration,
      fixType: event.fix_type ?? null
    }
  };
}

function fixProposed(state: IJobState, event: IFixProposedEvent): IJobState {
  const fix: IFixState = {
    fixId: event.fix_id,
    iteration: event.iteration,
    issue: event.issue,
    fixType: event.fix_type,
    source: event.source,
    plan: event.plan ?? '',
    ruleIds: event.rule_ids ?? [],
    rules: event.rules ?? [],
    model: event.model ?? null,
    tokens: { ...emptyUsage(), ...(event.tokens ?? {}) },
    changes: (event.changes ?? []).map(change => ({
      cell_index: change.cell_index,
      cell_id: change.cell_id,
      old_source: change.old_source,
      new_source: change.new_source,
      ...(change.path ? { path: change.path } : {}),
      outcome: null,
      sent: null
    })),
    reviewRequested: false,
    applied: false,
    awaiting: null
  };
  const known = event.fix_id in state.fixes;
  return {
    ...runningStatus(state),
    fixes: { ...state.fixes, [fix.fixId]: fix },
    fixOrder: known ? state.fixOrder : [...state.fixOrder, fix.fixId],
    iterations: updateIteration(state.iterations, event.iteration, it =>
      it.fixIds.includes(fix.fixId)
        ? it
        : { ...it, fixIds: [...it.fixIds, fix.fixId] }
    ),
    tokens: known ? state.tokens : addUsage(state.tokens, fix.tokens),
    activity: { kind: 'idle' }
  };
}

function reviewRequested(
  state: IJobState,
  event: IReviewRequestedEvent
): IJobState {
  const next = updateFix(state, event.fix_id, fix => ({
    ...fix,
    reviewRequested: true
  }));
  return {
    ...next,
    activity: { kind: 'reviewing', fixId: event.fix_id },
    reviewSince: state.reviewSince ?? event.time
  };
}

function cellDecision(state: IJobState, event: ICellDecisionEvent): IJobState {
  return updateFix(state, event.fix_id, fix => ({
    ...fix,
    changes: fix.changes.map(change =>
      change.cell_id === event.cell_id
        ? { ...change, outcome: event.decision, sent: null }
        : change
    )
  }));
}

function fixApplied(state: IJobState, event: IFixAppliedEvent): IJobState {
  const applied = new Set(event.cells ?? []);
  const next = updateFix(state, event.fix_id, fix => ({
    ...fix,
    applied: true,
    awaiting: [],
    changes: fix.changes.map((change): IChangeState => ({
      ...change,
      outcome:
        change.outcome ??
        (applied.has(change.cell_id) ? 'accepted' : 'rejected'),
      sent: null
    }))
  }));
  return { ...endReviewWait(next, event.time), activity: { kind: 'idle' } };
}

/**
 * The user's review ended at `time`: its wait joins the time not counted.
 */
function endReviewWait(state: IJobState, time: number): IJobState {
  const since = state.reviewSince ?? null;
  if (since === null) {
    return state;
  }
  return {
    ...state,
    reviewWaited: (state.reviewWaited ?? 0) + Math.max(0, time - since),
    reviewSince: null
  };
}

function verdict(state: IJobState, event: IVerdictEvent): IJobState {
  const { type, job, seq, time, ...rest } = event;
  return { ...state, verdict: rest };
}

function fixRolledBack(
  state: IJobState,
  event: IFixRolledBackEvent
): IJobState {
  const fix = state.fixes[event.fix_id];
  if (!fix) {
    return state;
  }
  return {
    ...state,
    fixes: {
      ...state.fixes,
      [event.fix_id]: { ...fix, rolledBack: event.reason }
    }
  };
}

function jobFinished(state: IJobState, event: IJobFinishedEvent): IJobState {
  const report = event.report;
  return {
    ...endReviewWait(state, event.time),
    status: report.stop_reason === 'cancelled' ? 'cancelled' : 'finished',
    endedAt: event.time,
    report,
    // the copy this job wrote: a new name when an earlier result was kept
    // beside it; null when there was nothing to modernize
    output: report.output === undefined ? state.output : report.output,
    tokens: report.llm ? { ...emptyUsage(), ...report.llm } : state.tokens,
    targetScore: report.target_score ?? state.targetScore,
    tolerance: report.tolerance ?? state.tolerance,
    activity: { kind: 'done' }
  };
}

function jobFailed(state: IJobState, event: IJobFailedEvent): IJobState {
  return {
    ...endReviewWait(state, event.time),
    status: event.interrupted ? 'interrupted' : 'failed',
    endedAt: event.time,
    error: event.error ?? 'the job failed',
    activity: { kind: 'done' }
  };
}

// --- local actions -------------------------------------------------------------

function reduceSummary(state: IJobState, summary: IJobSummary): IJobState {
  let status = state.status;
  // The summary may be ahead of the events: trust it for an ended job (the
  // events fill in the rest as they arrive), never to go back to queued.
  if (
    !isTerminal(status) &&
    (isTerminal(summary.status) || status !== 'running')
  ) {
    status = summary.status;
  }
  const fresh = summary.last_seq >= state.lastSeq;
  let fixes = state.fixes;
  for (const fixId of state.fixOrder) {
    const fix = fixes[fixId];
    if (fix.applied || !fix.reviewRequested) {
      continue;
    }
    const waiting = summary.pending_review?.[fixId];
    if (waiting !== undefined) {
      fixes = { ...fixes, [fixId]: { ...fix, awaiting: [...waiting] } };
    } else if (fresh) {
      fixes = { ...fixes, [fixId]: { ...fix, awaiting: [] } };
    }
  }
  return {
    ...state,
    path: summary.path || state.path,
    status,
    createdAt: summary.created ?? state.createdAt,
    options:
      Object.keys(state.options).length > 0 ? state.options : summary.options,
    // once the job finished, its output is what it wrote (null: nothing)
    output: summary.report ? summary.output : (summary.output ?? state.output),
    queueReason: summary.queue_reason ?? null,
    error: state.error ?? summary.error ?? null,
    report: state.report ?? summary.report ?? null,
    fixes
  };
}

function markSent(
  state: IJobState,
  fixId: string,
  decision: Decision | null,
  cellId?: string
): IJobState {
  return updateFix(state, fixId, fix => ({
    ...fix,
    changes: fix.changes.map(change => {
      if (cellId !== undefined && change.cell_id !== cellId) {
        return change;
      }
      if (decision === null) {
        return { ...change, sent: null };
      }
      if (change.outcome !== null) {
        return change;
      }
      if (cellId === undefined) {
        // accept_all / reject_all: the cells nobody decided yet
        const undecided =
          change.sent === null &&
          (fix.awaiting === null || fix.awaiting.includes(change.cell_id));
        if (!undecided) {
          return change;
        }
      }
      const accept = decision === 'accept' || decision === 'accept_all';
      return { ...change, sent: accept ? 'accept' : 'reject' };
    })
  }));
}

// --- helpers -------------------------------------------------------------------

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL.includes(status);
}

function runningStatus(state: IJobState): IJobState {
  return isTerminal(state.status) || state.status === 'running'
    ? state
    : { ...state, status: 'running' };
}

function emptyIteration(index: number): IIteration {
  return {
    index,
    issues: [],
    stop: null,
    stream: '',
    streamFixType: null,
    fixIds: [],
    execution: null,
    reruns: []
  };
}

/**
 * The iterations with `index` replaced by `fn` of it (created when missing),
 * kept in order of their index.
 */
function updateIteration(
  iterations: IIteration[],
  index: number,
  fn: (iteration: IIteration) => IIteration
): IIteration[] {
  const at = iterations.findIndex(it => it.index === index);
  if (at >= 0) {
    const copy = iterations.slice();
    copy[at] = fn(iterations[at]);
    return copy;
  }
  return [...iterations, fn(emptyIteration(index))].sort(
    (a, b) => a.index - b.index
  );
}

/**
 * Update the execution that is running in an iteration: its newest rerun if
 * one runs, else its main execution (also when `kind` names it).
 */
function updateRunningExecution(
  iteration: IIteration,
  fn: (execution: IExecution) => IExecution,
  kind?: string
): IIteration {
  const reruns = iteration.reruns;
  const last = reruns.length - 1;
  const rerunTarget =
    last >= 0 &&
    (kind !== undefined ? reruns[last].kind === kind : reruns[last].running);
  if (rerunTarget) {
    const copy = reruns.slice();
    copy[last] = fn(reruns[last]);
    return { ...iteration, reruns: copy };
  }
  if (iteration.execution) {
    return { ...iteration, execution: fn(iteration.execution) };
  }
  return iteration;
}

function updateFix(
  state: IJobState,
  fixId: string,
  fn: (fix: IFixState) => IFixState
): IJobState {
  const fix = state.fixes[fixId];
  if (!fix) {
    return state;
  }
  return { ...state, fixes: { ...state.fixes, [fixId]: fn(fix) } };
}

function addUsage(a: ITokenUsage, b: ITokenUsage): ITokenUsage {
  return {
    requests: a.requests + (b.requests || 0),
    prompt_tokens: a.prompt_tokens + (b.prompt_tokens || 0),
    completion_tokens: a.completion_tokens + (b.completion_tokens || 0),
    cost_usd: a.cost_usd + (b.cost_usd || 0)
  };
}
