"""Modernize the project's eroded notebooks and print, per notebook: baseline vs final errors,
iterations, execution seconds and LLM tokens, then the totals.

    python benchmarks/eroded_notebooks.py --offline                       # rules only
    python benchmarks/eroded_notebooks.py --base-url URL --model NAME     # rules, then the LLM
    python benchmarks/eroded_notebooks.py --offline --only 00 --json out.json

Notebooks: benchmarks/corpus/*.ipynb (each records its expected printed value in
metadata.mlemodernizer_corpus) and the examples. Everything runs on a copy in a temp folder.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mlemodernizer.contracts.errors import ModernizerError  # noqa: E402
from mlemodernizer.contracts.options import Options  # noqa: E402
from mlemodernizer.jobs import prepare_job  # noqa: E402

EXAMPLES = [
    ("examples/breast-cancer-2017", "notebooks/random_forest.ipynb", r"accuracy: ([0-9.]+)"),
    ("examples/renamed-helper", "iris.ipynb", r"accuracy: ([0-9.]+)"),
    ("examples/wine-knn", "wine.ipynb", r"accuracy: ([0-9.]+)"),
]


def collect(work: Path, only: str | None) -> list[tuple[Path, str | None, float | None]]:
    """(notebook, score regex, expected) for the corpus and the examples, copied under work."""
    items: list[tuple[Path, str | None, float | None]] = []
    corpus = REPO / "benchmarks" / "corpus"
    if corpus.is_dir():
        shutil.copytree(
            corpus, work / "corpus", ignore=shutil.ignore_patterns("*.modernized.ipynb")
        )
        for nb_path in sorted((work / "corpus").glob("*.ipynb")):
            meta = nbformat.read(nb_path, as_version=4).metadata.get("mlemodernizer_corpus", {})
            items.append((nb_path, meta.get("regex"), meta.get("expected")))
    for folder, rel, regex in EXAMPLES:
        dest = work / Path(folder).name
        shutil.copytree(REPO / folder, dest)
        items.append((dest / rel, regex, None))
    if only:
        items = [i for i in items if only in i[0].name]
    return items


def run_one(path: Path, regex: str | None, expected: float | None, base: Options) -> dict:
    opts = Options(**{**base.to_json(), "score_regex": regex, "target_score": expected})
    t0 = time.monotonic()
    try:
        job = prepare_job(path, opts, job_id=path.stem, sinks=[])
        report = job.run().report.to_json()
    except ModernizerError as exc:
        return {"notebook": path.name, "error": str(exc)}
    report["wall_s"] = time.monotonic() - t0
    report["notebook"] = path.name
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--base-url")
    parser.add_argument("--model")
    parser.add_argument("--max-iterations", type=int, default=16)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--only", help="substring of notebook names to run")
    parser.add_argument("--json", help="write all reports to this file")
    args = parser.parse_args()
    base = Options(
        offline=args.offline or not args.model,
        base_url=args.base_url,
        model=args.model,
        max_iterations=args.max_iterations,
        timeout=args.timeout,
    )
    with tempfile.TemporaryDirectory() as tmp:
        items = collect(Path(tmp), args.only)
        reports = [run_one(path, regex, expected, base) for path, regex, expected in items]

    cols = ("base err", "final err", "iters", "exec s", "tokens")
    header = f"{'notebook':42} " + " ".join(f"{c:>9}" for c in cols) + "  outcome"
    print(header)
    print("-" * len(header))
    for r in reports:
        if "error" in r:
            print(f"{r['notebook'][:42]:42} error: {r['error']}")
            continue
        tokens = r["llm"]["prompt_tokens"] + r["llm"]["completion_tokens"]
        values = (
            r["baseline"]["error_cells"],
            r["final"]["error_cells"],
            len(r["iterations"]),
            f"{r['execution_seconds_total']:.1f}",
            tokens,
        )
        row = " ".join(f"{v:>9}" for v in values)
        print(f"{r['notebook'][:42]:42} {row}  {r['outcome']}")
    ok = [r for r in reports if "error" not in r]
    base_free = sum(
        1 for r in ok if r["baseline"]["error_cells"] == 0 and not r["baseline"]["timed_out"]
    )
    final_free = sum(1 for r in ok if r["error_free"])
    scored = [r for r in ok if r["target_score"] is not None]
    in_band = sum(1 for r in scored if r["reproducible"])
    print("-" * len(header))
    print(f"notebooks: {len(reports)}; error-free baseline: {base_free}; final: {final_free}")
    print(f"with a target score: {len(scored)}; reproduced within the band: {in_band}")
    print(
        f"iterations: {sum(len(r['iterations']) for r in ok)}; execution seconds: "
        f"{sum(r['execution_seconds_total'] for r in ok):.1f}; LLM tokens: "
        f"{sum(r['llm']['prompt_tokens'] + r['llm']['completion_tokens'] for r in ok)}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(reports, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
