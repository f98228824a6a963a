"""The hand-made coverage lists beside the extracted ones: a rough join on API names.

Reads ``mlemodernizer/fixers/rules/libraries/*.coverage.toml`` (tomllib; the package is not
imported) and ``benchmarks/coverage/items/<library>.jsonl``, and for each library counts:

- hand items whose API is named by some extracted item of that library (in its ``apis`` or
  its text), and
- extracted items that name some hand-listed API.

The join is rough on purpose (see :func:`keys_of`): ``histogram(normed=)`` matches an item
that names both ``histogram`` and ``normed``, ``DataFrame.sort`` one that names
``DataFrame.sort``. It says how the two lists overlap, not whether an item is covered.

    python benchmarks/coverage/compare.py            # a Markdown table
    python benchmarks/coverage/compare.py --json     # the same, as JSON
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LISTS = ROOT / "mlemodernizer" / "fixers" / "rules" / "libraries"

# hand list file stem -> extracted library name
LIBRARY_OF = {
    "numpy": "numpy",
    "pandas": "pandas",
    "sklearn": "scikit-learn",
    "scipy": "scipy",
    "statsmodels": "statsmodels",
    "matplotlib": "matplotlib",
    "seaborn": "seaborn",
    "tensorflow": "tensorflow",
    "keras": "tensorflow",  # tf.keras changes are in TensorFlow's RELEASE.md
    "xgboost": "xgboost",
}

ROOTS = {
    "np",
    "numpy",
    "pd",
    "pandas",
    "sklearn",
    "scipy",
    "sm",
    "statsmodels",
    "plt",
    "mpl",
    "matplotlib",
    "pyplot",
    "sns",
    "seaborn",
    "tf",
    "tensorflow",
    "keras",
    "xgb",
    "xgboost",
}


def keys_of(api: str) -> tuple[set[str], bool]:
    """What an extracted item must name to match a hand-listed API, and whether text counts.

    ``f(kw=)`` needs both ``f`` and ``kw``; a dotted name its last two parts (``DataFrame.sort``,
    found in the item's names or text); a bare name (``pandas.TimeSeries``) itself, found in
    the item's names only, since a class name alone is in hundreds of texts.
    """
    api = api.strip().lstrip("%").strip("`")
    needed: set[str] = set()
    m = re.match(r"([\w.]+)\(([^)]*)\)", api)
    if m:
        api = m.group(1)
        needed.update(a.strip(" =*") for a in m.group(2).split(",") if len(a.strip(" =*")) > 1)
    parts = [p for p in api.split(".") if p and p not in ROOTS]
    if len(parts) >= 2:
        needed.add(".".join(parts[-2:]))
    elif parts:
        needed.add(parts[0])
    text_ok = len(parts) >= 2 or bool(m)
    return needed, text_ok


def _names(item: dict) -> set[str]:
    names: set[str] = set()
    for api in item.get("apis", []):
        parts = [p for p in api.rstrip("=").split(".") if p and p not in ROOTS]
        for i in range(len(parts)):
            names.add(".".join(parts[i:]))
    return names


def _matches(needed: set[str], text_ok: bool, names: set[str], text: str) -> bool:
    if not needed:
        return False
    for key in needed:
        if key in names:
            continue
        if text_ok and re.search(rf"(?<![\w.]){re.escape(key)}\b", text):
            continue
        return False
    return True


def compare(lists: Path = LISTS, items_dir: Path = HERE / "items") -> list[dict]:
    rows = []
    for path in sorted(lists.glob("*.coverage.toml")):
        stem = path.name.removesuffix(".coverage.toml")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        hand = [it for it in data.get("items", []) if it.get("api")]
        library = LIBRARY_OF.get(stem)
        extracted_path = items_dir / f"{library}.jsonl" if library else None
        if extracted_path is None or not extracted_path.exists():
            rows.append(
                {
                    "list": stem,
                    "library": data.get("library", stem),
                    "hand_items": len(hand),
                    "extracted_library": None,
                }
            )
            continue
        lines = extracted_path.read_text(encoding="utf-8").splitlines()
        extracted = [json.loads(line) for line in lines]
        names = [_names(it) for it in extracted]
        texts = [it["text"] for it in extracted]
        hand_hit = 0
        extracted_hit: set[int] = set()
        for it in hand:
            needed, text_ok = keys_of(it["api"])
            hit = False
            for i, (n, t) in enumerate(zip(names, texts, strict=True)):
                if _matches(needed, text_ok, n, t):
                    hit = True
                    extracted_hit.add(i)
            hand_hit += hit
        rows.append(
            {
                "list": stem,
                "library": data.get("library", stem),
                "hand_items": len(hand),
                "hand_matched": hand_hit,
                "extracted_library": library,
                "extracted_items": len(extracted),
                "extracted_matched": len(extracted_hit),
            }
        )
    return rows


def markdown(rows: list[dict]) -> str:
    out = [
        "| hand list | hand items | named by an extracted item | extracted from | "
        "extracted items | naming a hand-listed API |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r.get("extracted_library") is None:
            out.append(f"| {r['library']} | {r['hand_items']} | | not extracted | | |")
            continue
        out.append(
            f"| {r['library']} | {r['hand_items']} | {r['hand_matched']} | "
            f"{r['extracted_library']} | {r['extracted_items']} | {r['extracted_matched']} |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = compare()
    print(json.dumps(rows, indent=1) if args.json else markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
