"""LLMFixer: prompt → reply → parse → validate → guard → (re-ask) → FixProposal."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from ...contracts.notebook import code_cells, shown_cell_number
from ...environment.local_modules import frame_in_modules
from ..base import CellChange, FixContext, Fixer, FixerNotes, FixProposal, TokenUsage
from ..budget import Budget
from .client import ChatClient, LLMRequestError
from .consistency import redefined_helpers
from .guard import check_patch
from .pricing import DEFAULT_PRICES
from .problems import ReplyProblem, no_fix_summary, plain
from .prompts import build_prompt, reask_message
from .reply import parse_reply, validate_reply

DEFAULT_PLAN = "LLM patch"


class LLMFixer(Fixer):
    """Proposes patches from any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, ...).

    ``prices``: model → (USD per 1M prompt tokens, USD per 1M completion tokens), merged over
    :data:`DEFAULT_PRICES`; a model in neither costs 0 but its tokens are counted.
    ``budget``: the job's :class:`Budget`, charged with every request and checked before each
    one (:class:`BudgetExceeded` before a request that would start over budget); without one,
    ``budget_usd`` / ``budget_tokens`` make this fixer its own.
    ``max_reasks``: how often an unusable reply is sent back with the reason (then ``None``).
    ``max_retries``: retries of one request on 429/5xx/timeouts/connection errors.
    """

    name = "llm"
    reasks = True

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        prices: Mapping[str, Sequence[float]] | None = None,
        budget_usd: float | None = None,
        budget_tokens: int | None = None,
        max_reasks: int = 2,
        max_retries: int = 4,
        request_timeout: float = 120.0,
        stream: bool = True,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
        backoff_base_s: float = 0.5,
        budget: Budget | None = None,
    ) -> None:
        self.model = model
        self.prices: dict[str, Sequence[float]] = {**DEFAULT_PRICES, **(prices or {})}
        self.budget = budget if budget is not None else Budget(budget_usd, budget_tokens)
        self.max_reasks = max(0, max_reasks)
        self.usage = TokenUsage()
        self.last_failure: str | None = None  # why the last propose() returned None
        # the same for people (the reasons above are written to the model): see problems.py
        self.last_summary: str | None = None
        # every reply the model sent, accepted or not and why: the report lists them
        self.replies: list[dict[str, Any]] = []
        # the last propose()'s requests, also when it gave None or raised: the loop counts these
        self.last_usage = TokenUsage()
        self.client = ChatClient(
            base_url,
            model,
            api_key,
            prices=self.prices,
            max_retries=max_retries,
            request_timeout=request_timeout,
            stream=stream,
            temperature=temperature,
            max_tokens=max_tokens,
            backoff_base_s=backoff_base_s,
        )

    def propose(self, ctx: FixContext) -> FixProposal | None:
        self.last_failure = self.last_summary = None
        usage = self.last_usage = TokenUsage()
        prompt = build_prompt(ctx)
        messages = list(prompt.messages)
        sources = [c.source for _, c in code_cells(ctx.notebook)]
        previous: str | None = None
        carried: dict[int, str] = {}  # cells of a reply whose users must follow (see below)
        # such a reply, when nothing better comes: the loop's next run shows the users failing
        # with their own error (`name 'old_train' is not defined`), which the next iteration fixes
        fallback: FixProposal | None = None
        fallback_reply = -1
        problems: list[ReplyProblem] = []  # each rejected reply's, for the summary
        for attempt in range(self.max_reasks + 1):
            if ctx.cancel.is_set():
                self.last_failure = self.last_summary = "cancelled"
                return None
            self.budget.check()
            started = time.monotonic()
            try:
                completion = self.client.complete(
                    messages, on_chunk=ctx.stream, cancel=ctx.cancel, until=ctx.deadline_at
                )
            except LLMRequestError as exc:
                # attempts the server answered before failing may be billed: they count too
                self._spent(usage, exc.usage)
                raise
            # every reply counts, also one the parser or the guard rejects below
            self._spent(usage, completion.usage)
            if completion.cancelled:
                self.last_failure = self.last_summary = "cancelled"
                return None
            parsed = parse_reply(completion.content, known_files=prompt.files)
            if carried:
                # asked to make the users of a replaced import follow, a small model sends just
                # those cells: the earlier reply's cells stand unless this one rewrites them
                parsed.cells = {
                    **{i: src for i, src in carried.items() if i not in parsed.cells},
                    **parsed.cells,
                }
            # a stream that ends with no finish reason inside a code block was cut (a local
            # server interrupts a reply when another request arrives): its last block is partial
            cut = completion.finish_reason is None and parsed.unterminated_fence
            result = validate_reply(
                parsed,
                ctx.notebook,
                prompt.allowed_cells,
                truncated=completion.finish_reason == "length" or cut,
                files=prompt.files,
            )
            reason, problem = result.reason, result.problem
            carried = result.partial
            if reason is None or result.partial:
                guarded = check_patch(
                    result.changes, sources, ctx.versions, _local_names(ctx)
                ) or redefined_helpers(result.changes, sources, _local_module_sources(ctx))
                if reason is None:
                    reason = guarded
                    problem = "refused_by_guard" if guarded else None
                elif guarded is None:
                    fallback = self._proposal(ctx, parsed.plan, result.changes, usage)
                    fallback_reply = len(self.replies)  # the record appended below
            elif problem == "changes_nothing" and ctx.result.first_error:
                # small models resend the code that just failed: say what that code does
                failing = ctx.result.first_error
                n = shown_cell_number(failing.cell_index)
                reason += (
                    f" (that code is what just ran, and cell {n} failed with "
                    f"`{failing.summary()[:160]}`; try a different fix)"
                )
            self.replies.append(
                {
                    # the loop's iteration this reply was for (earlier attempts + 1)
                    "iteration": len(ctx.attempts) + 1,
                    "attempt": attempt + 1,
                    "accepted": reason is None,
                    "reason": reason,
                    "problem": problem,
                    "cells": sorted({c.cell_index for c in result.changes if c.path is None}),
                    "finish_reason": completion.finish_reason,
                    "prompt_tokens": completion.usage.prompt_tokens,
                    "completion_tokens": completion.usage.completion_tokens,
                    "seconds": round(time.monotonic() - started, 1),
                }
            )
            if reason is None:
                return self._proposal(ctx, parsed.plan, result.changes, usage)
            self.last_failure = reason
            problems.append(problem or "unusable")
            self.last_summary = no_fix_summary(problems)
            if previous is not None and completion.content.strip() == previous.strip():
                # a deterministic model (temperature 0) answers a re-ask with the very same
                # reply: asking again only spends tokens
                self.last_failure = f"{reason} (the model repeated its previous reply)"
                self.last_summary = no_fix_summary(problems, repeated=True)
                return self._fall_back(fallback, fallback_reply)
            previous = completion.content
            if attempt < self.max_reasks:
                if ctx.stream is not None:
                    # what the model is told stays in the report (fixers.llm.items) and the stop's
                    # detail: the stream people watch says it plainly
                    ctx.stream(f"\n\n[asking the model again: its reply {plain(problems[-1])}]\n\n")
                messages.append({"role": "assistant", "content": completion.content})
                messages.append(
                    {
                        "role": "user",
                        "content": reask_message(reason, prompt.allowed_cells, prompt.files),
                    }
                )
        return self._fall_back(fallback, fallback_reply)

    def refused_as_repeat(self) -> None:
        if self.replies:
            self.replies[-1].update(
                accepted=False, reason="repeats a refused change", problem="repeats_refused"
            )

    def notes(self) -> FixerNotes:
        usage = TokenUsage()
        usage.add(self.usage)
        return FixerNotes(usage=usage, items=[dict(reply) for reply in self.replies])

    def _fall_back(self, proposal: FixProposal | None, reply: int) -> FixProposal | None:
        """The reply kept for when the re-asks run out, marked taken in the replies' record."""
        if proposal is not None:
            self.last_failure = self.last_summary = None
            record = self.replies[reply]
            record["accepted"] = True
            record["reason"] = f"taken as it was when the re-asks ran out: {record['reason']}"
        return proposal

    def _proposal(
        self, ctx: FixContext, plan: str, changes: list[CellChange], usage: TokenUsage
    ) -> FixProposal:
        return FixProposal(
            fix_type=ctx.fix_type,
            source="llm",
            plan=plan.strip() or DEFAULT_PLAN,
            changes=changes,
            model=self.model,
            usage=usage,
        )

    def _spent(self, this_propose: TokenUsage, request: TokenUsage) -> None:
        this_propose.add(request)
        self.usage.add(request)
        self.budget.charge(request)


def _local_folders(ctx: FixContext) -> list[Path]:
    """The folder the kernel imported the helpers from (the notebook's), else the scratch copy
    the run wrote in (Docker: the traceback's paths are the container's)."""
    folders = [
        Path(frame.root)
        for error in ctx.result.errors
        if (frame := frame_in_modules(error.traceback, ctx.modules)) is not None
    ]
    folders += [f for f in (ctx.result.workdir, ctx.folder) if f is not None]
    return [f for f in folders if f.is_dir()]


def _local_names(ctx: FixContext) -> set[str]:
    """The notebook's own importable modules: a helper importing another one adds no package."""
    names = {PurePosixPath(rel).parts[0].removesuffix(".py") for rel in ctx.modules}
    for folder in _local_folders(ctx):
        for entry in folder.iterdir():
            if entry.suffix == ".py":
                names.add(entry.stem)
            elif (entry / "__init__.py").is_file():
                names.add(entry.name)
    return names


def _local_module_sources(ctx: FixContext) -> dict[str, str]:
    """Top-level module name → source, for the notebook's own .py modules and packages (their
    ``__init__.py``); the first folder wins."""
    out: dict[str, str] = {}
    for folder in _local_folders(ctx):
        for entry in sorted(folder.iterdir()):
            path = entry if entry.suffix == ".py" else entry / "__init__.py"
            name = entry.stem if entry.suffix == ".py" else entry.name
            if name in out or not path.is_file() or path.stat().st_size > 1_000_000:
                continue
            try:
                out[name] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
    return out
