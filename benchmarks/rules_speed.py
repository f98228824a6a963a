"""How long one rules pass takes over a 200-cell notebook (target: under a second).

    python benchmarks/rules_speed.py [--cells 200]

Prints the time of a cold pass (nothing cached), a warm pass (cells parsed before), the
prepass proposal and lint.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mlemodernizer.fixers.rules import RulesFixer, all_rules, lint  # noqa: E402
from mlemodernizer.fixers.rules.engine import parse_cached  # noqa: E402
from mlemodernizer.fixers.rules.testing import notebook_of  # noqa: E402

HEADER = """%matplotlib inline
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.cross_validation import train_test_split, cross_val_score
from sklearn.preprocessing import Imputer, StandardScaler
from sklearn.ensemble import RandomForestClassifier"""

TEMPLATES = [
    "df{i} = pd.read_csv('part{i}.csv')\ndf{i}.head()",
    "df{i}['x{i}'] = df{i}.a.astype(np.float) * {i}\ndf{i}.ix[0:10, 'a'] = np.NaN",
    "X{i} = df{i}.ix[:, 1:].as_matrix()\ny{i} = df{i}['label'].values\nprint(X{i}.shape)",
    "imp{i} = Imputer(missing_values='NaN', strategy='mean', axis=0)\n"
    "X{i} = imp{i}.fit_transform(X{i})",
    "clf{i} = RandomForestClassifier(n_estimators={i}, max_features='auto')\n"
    "scores = cross_val_score(clf{i}, X{i}, y{i}, cv=5)\nprint(scores.mean())",
    "for k in range({i}):\n    total = sum(v * k for v in range(10))\n"
    "    if total > 100:\n        break\nprint(total)",
    "fig, ax = plt.subplots(figsize=(8, 4))\nax.hist(df{i}.a, bins=30)\n"
    "ax.set_title('cell {i}')\nplt.show()",
    "def feature_{i}(frame):\n    out = frame.copy()\n    out['ratio'] = out.a / (out.b + 1)\n"
    "    return out.dropna()\n\nfeat{i} = feature_{i}(df{i})",
]


def build(cells: int):
    sources = [HEADER]
    for i in range(1, cells):
        sources.append(TEMPLATES[i % len(TEMPLATES)].format(i=i))
    return notebook_of(sources)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cells", type=int, default=200)
    args = parser.parse_args()
    nb = build(args.cells)
    lines = sum(c.source.count("\n") + 1 for c in nb.cells)
    versions = {"numpy": "2.4.6", "pandas": "3.1.1", "scikit-learn": "1.9.1"}
    print(f"{len(all_rules())} rules, {len(nb.cells)} cells, {lines} lines")

    t0 = time.perf_counter()
    RulesFixer(versions).prepass(build(1))  # builds the catalogue and its index once
    print(f"catalogue and index (once per process): {time.perf_counter() - t0:.3f}s")

    fixer = RulesFixer(versions)
    parse_cached.cache_clear()
    t0 = time.perf_counter()
    proposal = fixer.prepass(nb)
    cold = time.perf_counter() - t0
    changed = len(proposal.changes) if proposal else 0
    print(f"prepass (cold): {cold:.3f}s, {changed} cells changed")

    t0 = time.perf_counter()
    RulesFixer(versions).prepass(nb)
    print(f"prepass (warm): {time.perf_counter() - t0:.3f}s")

    parse_cached.cache_clear()
    t0 = time.perf_counter()
    findings = lint(nb, versions=versions)
    print(f"lint (cold): {time.perf_counter() - t0:.3f}s, {len(findings)} findings")
    print("ok" if cold < 1.0 else "SLOW: the cold pass took over a second")


if __name__ == "__main__":
    main()
