"""What resuming in the live kernel saves: a notebook with a slow first cell (4 s) and five errors
that need five successive fixes, modernized with resume (default) and with --restart-kernel.

    python benchmarks/iteration_cost.py [--prefix-seconds 4]

Prints total execution seconds of each loop, one clean run (the verdict run, final.runtime_s),
and the ratios. Targets (fast-iterations issue): resume total <= 0.45 x the full-rerun loop and
<= 2.5 x one clean run. The fixes come from a scripted OpenAI-compatible server (tests/), one per
iteration, so both loops get exactly the same patches.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import write_notebook  # noqa: E402
from tests.scripted_openai import ScriptedOpenAI  # noqa: E402

ERRORS = 5


def cells(prefix_s: float) -> list[str]:
    src = [f"import time\ntime.sleep({prefix_s})  # loading and feature engineering\ntotal = 0"]
    for i in range(1, ERRORS + 1):
        src.append(f"step_{i} = old_api_{i}({i})")
    src.append(
        "print('result: %d' % sum([" + ", ".join(f"step_{i}" for i in range(1, ERRORS + 1)) + "]))"
    )
    return src


def replies() -> list[str]:
    return [
        # step_i is cell i (0-based index), numbered i + 1 in the model's prompt
        f"Plan: old_api_{i} was renamed.\n```python\n# %% cell {i + 1}\nstep_{i} = int({i})\n```\n"
        for i in range(1, ERRORS + 1)
    ]


def run(nb: Path, resume: bool) -> dict:
    with ScriptedOpenAI(replies()) as srv:
        cmd = [
            sys.executable,
            "-m",
            "mlemodernizer.cli",
            "run",
            str(nb),
            "--json",
            "-q",
            "--base-url",
            srv.base_url,
            "--model",
            "scripted-model",
            "--score-regex",
            r"result: (\d+)",
            "--target-score",
            str(sum(range(1, ERRORS + 1))),
        ]
        if not resume:
            cmd.append("--restart-kernel")
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, check=False)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prefix-seconds", type=float, default=4.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        nb = write_notebook(Path(tmp) / "slow_prefix.ipynb", cells(args.prefix_seconds))
        fast = run(nb, resume=True)
        full = run(nb, resume=False)
    for name, rep in (("resume", fast), ("full rerun", full)):
        its = rep["iterations"]
        print(
            f"{name:10}: outcome {rep['outcome']}, {len(its)} fixes, "
            f"resumed {sum(it['resumed'] for it in its)}/{len(its)}, "
            f"execution seconds total {rep['execution_seconds_total']:.2f}"
        )
        for it in its:
            print(
                f"   iteration {it['index']}: cells {it['cells_run']} {it['runtime_s']:.2f} s"
                f"{' (resumed)' if it['resumed'] else ''}"
            )
    clean = fast["final"]["runtime_s"]
    ratio_full = fast["execution_seconds_total"] / full["execution_seconds_total"]
    ratio_clean = fast["execution_seconds_total"] / clean
    print(f"one clean run (verdict, final.runtime_s): {clean:.2f} s")
    print(
        f"resume / full-rerun loop: {ratio_full:.2f} (target <= 0.45) "
        f"{'OK' if ratio_full <= 0.45 else 'MISSED'}"
    )
    print(
        f"resume / one clean run:   {ratio_clean:.2f} (target <= 2.5) "
        f"{'OK' if ratio_clean <= 2.5 else 'MISSED'}"
    )
    same = fast["final"]["score"] == full["final"]["score"] and fast["outcome"] == full["outcome"]
    print(f"same verdict with and without resume: {same}")
    return 0 if ratio_full <= 0.45 and ratio_clean <= 2.5 and same else 1


if __name__ == "__main__":
    sys.exit(main())
