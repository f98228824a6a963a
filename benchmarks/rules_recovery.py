"""How far the offline rules alone bring the eroded corpus (benchmarks/corpus/).

    python benchmarks/rules_recovery.py [--only 00] [--json out.json]

Per notebook: baseline errors, errors after `run --offline`, the printed number vs the one the old
code computed, the rules applied and the seconds. Then: baseline error-free count, error-free count
after rules, numbers within 10%, and any notebook that runs but prints a different number (a wrong
rewrite). Target (rule-engine issue): >= 90% error-free after rules, no wrong rewrite.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eroded_notebooks import collect, run_one  # noqa: E402

from mlemodernizer.contracts.options import Options  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="substring of notebook names to run")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--json", help="write the per-notebook rows to this file")
    parser.add_argument(
        "--pin-old-defaults", action="store_true", help="let score calibration pin old defaults"
    )
    args = parser.parse_args()
    base = Options(
        offline=True,
        timeout=args.timeout,
        max_iterations=8,
        pin_old_defaults=args.pin_old_defaults,
    )
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        items = [i for i in collect(Path(tmp), args.only) if "/corpus/" in str(i[0])]
        for path, regex, expected in items:
            fixable = nbformat.read(path, as_version=4).metadata["mlemodernizer_corpus"][
                "rules_fixable"
            ]
            report = run_one(path, regex, expected, base)
            report["rules_fixable"] = fixable
            rows.append(report)

    print(
        f"{'notebook':44} {'fixable':>7} {'base':>5} {'after':>5} {'value':>10} {'expected':>10} "
        f"{'match':>5} {'sec':>5}  rules"
    )
    wrong = []
    for r in rows:
        if "error" in r:
            print(f"{r['notebook'][:44]:44} error: {r['error']}")
            continue
        rules = sorted({rid for it in r["iterations"] for rid in it["rule_ids"]})
        value, expected = r["final"]["score"], r["target_score"]
        match = r["reproducible"] and r["error_free"]
        if r["error_free"] and value is not None and not match:
            wrong.append(r["notebook"])
        print(
            f"{r['notebook'][:44]:44} {'yes' if r['rules_fixable'] else 'no':>7} "
            f"{r['baseline']['error_cells']:>5} {r['final']['error_cells']:>5} "
            f"{value if value is not None else '-':>10} {expected:>10} "
            f"{'yes' if match else 'no':>5} "
            f"{r['wall_s']:>5.1f}  {','.join(rules)}"
        )
    ok = [r for r in rows if "error" not in r]
    n = len(rows)
    fixable = [r for r in ok if r["rules_fixable"]]
    base_free = sum(1 for r in ok if r["baseline"]["error_cells"] == 0)
    after_free = sum(1 for r in ok if r["error_free"])
    after_free_fixable = sum(1 for r in fixable if r["error_free"])
    matched = sum(1 for r in ok if r["error_free"] and r["reproducible"])
    applied = sum(len(it["rule_ids"]) for r in ok for it in r["iterations"])
    seconds = sum(r["wall_s"] for r in ok)
    print()
    print(f"notebooks: {n} ({len(fixable)} marked rules-fixable)")
    print(f"error-free at baseline: {base_free}/{n}")
    print(
        f"error-free after rules: {after_free}/{n} ({100 * after_free / max(n, 1):.0f}%); "
        f"rules-fixable ones: {after_free_fixable}/{len(fixable)}"
    )
    print(f"printed number within 10% of the old value: {matched}/{n}")
    print(f"rule applications: {applied}; seconds per notebook: {seconds / max(len(ok), 1):.1f}")
    print(f"runs but prints another number (wrong rewrite?): {len(wrong)} {wrong if wrong else ''}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
