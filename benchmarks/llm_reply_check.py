"""Real-model check of the LLM fixer (not CI): do a small model's replies parse, validate, fix?

Each eroded snippet runs in a real kernel (LocalExecutor, with the grounding probe), the real
error-repair prompt goes to the model through LLMFixer, every reply is recorded with what the
parser/validator/guard said, and an accepted patch is applied and run again to see if it fixed
the error.

    /work/shared/tools/local-llm start          # Qwen2.5-Coder-1.5B on http://127.0.0.1:8011/v1
    python benchmarks/llm_reply_check.py --base-url http://127.0.0.1:8011/v1 --model 1.5b \
        [--only np_float,df_ix] [--no-facts] [--json out.json]
    /work/shared/tools/local-llm stop
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.notebook import code_cells, ensure_cell_ids
from mlemodernizer.environment.grounding import build_probe
from mlemodernizer.execution.base import ExecutionRequest, ExecutionResult
from mlemodernizer.execution.local import LocalExecutor
from mlemodernizer.fixers.base import Attempt, FixContext, FixType
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.guard import check_patch
from mlemodernizer.fixers.llm.prompts import build_prompt
from mlemodernizer.fixers.llm.reply import parse_reply, validate_reply

SNIPPETS: dict[str, list[str]] = {
    "np_float": [
        "md:# numpy aliases",
        "import numpy as np",
        "x = np.array([1, 2, 3]).astype(np.float)\nprint(x.sum())",
    ],
    "cross_validation": [
        "md:# iris split",
        "from sklearn.cross_validation import train_test_split\n"
        "from sklearn.datasets import load_iris",
        "X, y = load_iris(return_X_y=True)\n"
        "X_tr, X_te, y_tr, y_te = train_test_split(X, y, random_state=0)\nprint(len(X_tr))",
    ],
    "df_ix": [
        "md:# pandas indexing",
        "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]})",
        "print(df.ix[0, 'b'])",
    ],
    "renamed_helper": [
        "md:# helpers",
        "def load_data2():\n    return [1, 2, 3]",
        "data = load_data()\nprint(len(data))",
    ],
    "imputer": [
        "md:# imputing",
        "from sklearn.preprocessing import Imputer\nimport numpy as np",
        "imp = Imputer(strategy='mean')\n"
        "print(imp.fit_transform(np.array([[1.0], [np.nan], [3.0]])))",
    ],
    "normalize_kwarg": [
        "md:# regression",
        "from sklearn.linear_model import LinearRegression\n"
        "from sklearn.datasets import load_diabetes",
        "X, y = load_diabetes(return_X_y=True)\nm = LinearRegression(normalize=True).fit(X, y)\n"
        "print(round(m.score(X, y), 3))",
    ],
}

# Opt-in cases (--only NAME): not among the six of benchmarks/llm_real_model.md, and they need
# files beside the notebook. legacy_helper: issue 16, a helper renamed to nothing spelled alike.
EXTRA: dict[str, list[str]] = {
    "legacy_helper": [
        "md:# legacy helpers",
        "from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)",
        "from legacy_helpers import old_train",
        "model = old_train(X, y)",
        "print('accuracy: %.3f' % model.score(X, y))",
    ],
}
FILES: dict[str, dict[str, str]] = {
    "legacy_helper": {
        "legacy_helpers.py": '''"""Helpers kept next to the notebook."""

import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


def step_load(path):
    """Read a CSV file into a DataFrame."""
    return pd.read_csv(path)


def step_clean(df):
    """Drop the rows that have missing values."""
    return df.dropna()


def step_split(X, y, test_size=0.25):
    """Split features and labels into train and test parts."""
    return train_test_split(X, y, test_size=test_size, random_state=0)


def step_scale(X):
    """Standardise the feature columns."""
    return StandardScaler().fit_transform(X)


def step_report(model, X, y):
    """Print the model's accuracy on X, y."""
    print(f"accuracy: {model.score(X, y):.3f}")


def train_model(X, y):
    """Fit a logistic regression on X, y and return the fitted model."""
    return LogisticRegression(max_iter=1000).fit(X, y)
''',
    },
}


def make_nb(cells: list[str]):
    nb = new_notebook(
        cells=[new_markdown_cell(c[3:]) if c.startswith("md:") else new_code_cell(c) for c in cells]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    ensure_cell_ids(nb)
    return nb


@dataclass
class ReplyRecord:
    seconds: float
    content: str
    parsed_cells: list[int]  # the cells the reply named, as indices (its numbers less one)
    plan: str
    reason: str | None  # validation or guard reason; None = accepted


@dataclass
class CaseResult:
    name: str
    error: str
    facts: bool
    replies: list[ReplyRecord] = field(default_factory=list)
    accepted: bool = False  # some proposal passed validation and the guard
    fixed: bool | None = None  # the notebook ran without errors after the last proposal
    rounds: int = 0  # loop iterations used (one proposal + one re-run each)
    rerun_error: str | None = None
    changes: dict[int, str] = field(default_factory=dict)
    prompt_tokens: int = 0
    completion_tokens: int = 0


def run(executor: LocalExecutor, nb, cwd: Path, name: str = "") -> ExecutionResult:
    for fname, text in FILES.get(name, {}).items():
        (cwd / fname).write_text(text)
    return executor.execute(ExecutionRequest(nb=nb, cwd=cwd, timeout_s=120, probe=build_probe))


def check_case(
    name: str, args: argparse.Namespace, executor: LocalExecutor, versions
) -> CaseResult:
    # one folder per case, like the notebook's own: its helper files stay there for the fixer
    with tempfile.TemporaryDirectory() as tmp:
        return _check_case(name, args, executor, versions, Path(tmp))


def _check_case(
    name: str, args: argparse.Namespace, executor: LocalExecutor, versions, folder: Path
) -> CaseResult:
    original = make_nb({**SNIPPETS, **EXTRA}[name])
    nb = copy.deepcopy(original)
    result = run(executor, nb, folder, name)
    if not result.errors:
        raise SystemExit(f"{name}: the eroded snippet did not fail")
    case = CaseResult(name, result.errors[0].summary()[:120], facts=not args.no_facts)
    fixer = LLMFixer(
        args.base_url,
        args.model,
        max_reasks=args.max_reasks,
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        request_timeout=600,
    )
    complete = fixer.client.complete
    attempts: list[Attempt] = []
    for round_no in range(1, args.rounds + 1):
        case.rounds = round_no
        if args.no_facts:
            result.facts = {}
        ctx = FixContext(
            fix_type=FixType.ERROR_REPAIR,
            notebook=nb,
            original=original,
            result=result,
            timeout_s=600,
            versions=versions,
            attempts=list(attempts),
            stream=(lambda s: print(s, end="", flush=True)) if args.verbose else None,
            folder=folder,
        )
        prompt = build_prompt(ctx)
        sources = [c.source for _, c in code_cells(nb)]

        def recording(messages, nb=nb, prompt=prompt, sources=sources, **how):
            t0 = time.monotonic()
            out = complete(messages, **how)  # on_chunk, cancel, until: as the client takes them
            parsed = parse_reply(out.content)
            v = validate_reply(
                parsed, nb, prompt.allowed_cells, truncated=out.finish_reason == "length"
            )
            reason = v.reason or check_patch(v.changes, sources, versions)
            case.replies.append(
                ReplyRecord(
                    round(time.monotonic() - t0, 1),
                    out.content,
                    list(parsed.cells),
                    parsed.plan,
                    reason,
                )
            )
            return out

        fixer.client.complete = recording  # type: ignore[method-assign]
        seen = len(fixer.replies)
        proposal = fixer.propose(ctx)
        # the fixer's own verdicts: they also judge what only the whole exchange shows (a re-ask's
        # reply joined with the one before, a copied helper)
        asked = fixer.replies[seen:]
        for record, verdict in zip(case.replies[-len(asked) :], asked, strict=False):
            record.reason = verdict["reason"]
        case.prompt_tokens = fixer.usage.prompt_tokens
        case.completion_tokens = fixer.usage.completion_tokens
        if proposal is None:
            break
        case.accepted = True
        nb = copy.deepcopy(nb)
        for ch in proposal.changes:
            nb.cells[ch.cell_index].source = ch.new_source
            case.changes[ch.cell_index] = ch.new_source
        result = run(executor, nb, folder, name)
        case.fixed = not result.errors
        case.rerun_error = result.errors[0].summary()[:120] if result.errors else None
        if case.fixed:
            break
        attempts.append(
            Attempt(
                round_no,
                "error_repair",
                "llm",
                proposal.plan,
                [c.cell_index for c in proposal.changes],
                f"{len(result.errors)} error(s); first: {case.rerun_error}",
            )
        )
    return case


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--base-url", default="http://127.0.0.1:8011/v1")
    p.add_argument("--model", default="1.5b")
    p.add_argument("--only", help="comma-separated snippet names: " + ",".join([*SNIPPETS, *EXTRA]))
    p.add_argument("--no-facts", action="store_true", help="leave the grounding facts out")
    p.add_argument("--max-reasks", type=int, default=2)
    p.add_argument("--rounds", type=int, default=1, help="loop iterations per snippet")
    p.add_argument("--temperature", type=float, default=0.0)
    p.add_argument("--max-tokens", type=int, default=700)
    p.add_argument("--json", help="write the full records here")
    p.add_argument("-v", "--verbose", action="store_true", help="stream the replies")
    args = p.parse_args(argv)
    names = args.only.split(",") if args.only else list(SNIPPETS)
    executor = LocalExecutor()
    versions = executor.installed_versions()
    cases = []
    for name in names:
        t0 = time.monotonic()
        case = check_case(name, args, executor, versions)
        cases.append(case)
        tries = " → ".join("ok" if r.reason is None else "REJECTED" for r in case.replies)
        print(
            f"{name:18} {time.monotonic() - t0:5.1f}s replies: {tries or '-'}; "
            f"fixed: {case.fixed} (rounds: {case.rounds}); {case.rerun_error or ''}",
            flush=True,
        )
        for i, r in enumerate(case.replies, 1):
            print(f"   reply {i} ({r.seconds}s) cell indices {r.parsed_cells} reason: {r.reason}")
    if args.json:
        Path(args.json).write_text(json.dumps([_jsonable(c) for c in cases], indent=1))
    return 0


def _jsonable(case: CaseResult) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(case)


if __name__ == "__main__":
    sys.exit(main())
