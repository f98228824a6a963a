"""benchmarks/coverage/extract.py: the release-notes extractor, on handwritten sample notes.

The samples under benchmarks/coverage/samples/ are written in the upstream styles (pandas'
"What's new" RST, TensorFlow's RELEASE.md); none of their text is a real release note.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COVERAGE = ROOT / "benchmarks" / "coverage"
SAMPLES = COVERAGE / "samples"


def _load_extractor():
    spec = importlib.util.spec_from_file_location("coverage_extract", COVERAGE / "extract.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


extract = _load_extractor()

PANDAS_TEXT = (SAMPLES / "pandas_style.rst").read_text(encoding="utf-8")
TF_TEXT = (SAMPLES / "tensorflow_style.md").read_text(encoding="utf-8")


def _pandas(text: str = PANDAS_TEXT) -> list[dict]:
    return extract.extract_items("pandas", "9.1.0", text, "rst", file="pandas_style.rst")


def _tf(text: str = TF_TEXT) -> list[dict]:
    return extract.extract_items("tensorflow", None, text, "md", file="tensorflow_style.md")


# the ids of the samples' items, in document order: a change here changes every stored id
PANDAS_IDS = [
    "pandas-9.1.0-4bcd77df",
    "pandas-9.1.0-5c74aecc",
    "pandas-9.1.0-745acc63",
    "pandas-9.1.0-f4e9676e",
    "pandas-9.1.0-12ac361d",
    "pandas-9.1.0-9956f40a",
    "pandas-9.1.0-812e438a",
    "pandas-9.1.0-cada79ed",
    "pandas-9.1.0-f406a497",
    "pandas-9.1.0-13c7316a",
    "pandas-9.1.0-812e438a-2",
]
TF_IDS = [
    "tensorflow-9.2.0-cd690807",
    "tensorflow-9.2.0-f7b2e35b",
    "tensorflow-9.2.0-8c681ce1",
    "tensorflow-9.2.0-ee85aada",
    "tensorflow-9.2.0-c7520210",
    "tensorflow-9.2.0-b0b11187",
    "tensorflow-9.1.0-1a89c3fb",
]


def test_ids_are_stable_across_runs():
    assert [it["id"] for it in _pandas()] == PANDAS_IDS
    assert [it["id"] for it in _pandas()] == PANDAS_IDS
    assert [it["id"] for it in _tf()] == TF_IDS
    assert _tf() == _tf()


def test_id_is_library_version_and_hash_of_the_plain_text():
    for item in _pandas() + _tf():
        base = f"{item['library']}-{item['version']}-"
        assert item["id"].startswith(base)
        digest = hashlib.sha1(item["text"].encode("utf-8")).hexdigest()[:8]
        assert re.fullmatch(re.escape(base + digest) + r"(-\d+)?", item["id"])


def test_a_reflowed_bullet_keeps_its_id():
    before = "- :meth:`DataFrame.jiggle` now raises a ``TypeError`` for non-numeric columns\n"
    assert before in PANDAS_TEXT
    reflowed = PANDAS_TEXT.replace(
        before + "  instead of silently dropping them",
        "- :meth:`DataFrame.jiggle` now raises a\n  ``TypeError`` for   non-numeric\n"
        "  columns instead of silently\n  dropping them",
    )
    assert reflowed != PANDAS_TEXT
    assert [it["id"] for it in _pandas(reflowed)] == PANDAS_IDS
    md_reflowed = TF_TEXT.replace(
        "`tf.keras.layers.Wobble` has been renamed to\n        `tf.keras.layers.Jiggle`.",
        "`tf.keras.layers.Wobble` has been renamed to `tf.keras.layers.Jiggle`.",
    )
    assert md_reflowed != TF_TEXT
    assert [it["id"] for it in _tf(md_reflowed)] == TF_IDS


def test_an_edited_bullet_gets_a_new_id():
    edited = PANDAS_TEXT.replace("changed from ``True`` to\n  ``False``", "changed to ``None``")
    ids = [it["id"] for it in _pandas(edited)]
    assert "pandas-9.1.0-5c74aecc" not in ids
    assert len(ids) == len(PANDAS_IDS)


def test_sections_outside_the_counted_ones_are_left_out():
    texts = " ".join(it["text"] for it in _pandas())
    assert "speed" not in texts  # Enhancements
    assert "needless copy" not in texts  # Enhancements, though it says "Removed"
    assert "widgetlib" not in texts and "minimum" not in texts  # dependency versions
    assert "redundant pass" not in texts  # Performance improvements
    assert "renamed column" not in texts  # Bug fixes
    assert "handwritten sample" not in texts  # the introduction
    sections = {it["section"] for it in _pandas()}
    assert sections == {
        "Backwards incompatible API changes",
        "Other API changes",
        "Other Deprecations",
        "Removal of prior version deprecations/changes",
    }
    tf_texts = " ".join(it["text"] for it in _tf())
    assert "new module for widgets" not in tf_texts  # a feature, no change word
    assert "crash" not in tf_texts  # a bug fix, no change word
    assert "many people" not in tf_texts  # contributors
    assert "ancient" not in tf_texts  # before the version range (0.5.0)


def test_fields_and_kinds():
    by_id = {it["id"]: it for it in _pandas() + _tf()}
    assert set(by_id["pandas-9.1.0-4bcd77df"]) == {
        "id",
        "library",
        "version",
        "file",
        "section",
        "kind",
        "kind_words",
        "deprecation",
        "tags",
        "apis",
        "text",
    }
    kinds = {item_id: item["kind"] for item_id, item in by_id.items()}
    assert kinds == {
        "pandas-9.1.0-4bcd77df": "behaviour_changed",  # a headed subsection: title + paragraph
        "pandas-9.1.0-5c74aecc": "default_changed",
        "pandas-9.1.0-745acc63": "behaviour_changed",
        "pandas-9.1.0-f4e9676e": "behaviour_changed",  # no word: the section decides
        "pandas-9.1.0-12ac361d": "deprecated",
        "pandas-9.1.0-9956f40a": "deprecated",
        "pandas-9.1.0-812e438a": "removed",
        "pandas-9.1.0-cada79ed": "renamed",
        "pandas-9.1.0-f406a497": "removed",
        "pandas-9.1.0-13c7316a": "removed",
        "pandas-9.1.0-812e438a-2": "removed",  # the same text twice in one version
        "tensorflow-9.2.0-cd690807": "removed",
        "tensorflow-9.2.0-f7b2e35b": "behaviour_changed",
        "tensorflow-9.2.0-8c681ce1": "renamed",
        "tensorflow-9.2.0-ee85aada": "default_changed",
        "tensorflow-9.2.0-c7520210": "deprecated",
        "tensorflow-9.2.0-b0b11187": "removed",
        "tensorflow-9.1.0-1a89c3fb": "removed",
    }
    assert by_id["pandas-9.1.0-f4e9676e"]["kind_words"] == "(section: other api changes)"
    assert by_id["pandas-9.1.0-cada79ed"]["kind_words"] == "Renamed"
    # deprecations are kept and flagged; whether their removal landed is for the classifier
    flagged = {item_id for item_id, item in by_id.items() if item["deprecation"]}
    assert flagged == {
        "pandas-9.1.0-12ac361d",
        "pandas-9.1.0-9956f40a",
        "tensorflow-9.2.0-c7520210",
    }
    # markup stripped, issue references gone, API names kept
    removed = by_id["pandas-9.1.0-812e438a"]
    assert removed["text"] == "Removed DataFrame.twirl, use DataFrame.spin instead"
    assert removed["apis"] == ["DataFrame.twirl", "DataFrame.spin"]
    assert removed["section"] == "Removal of prior version deprecations/changes"
    # a headed subsection is one item: its title and first paragraph, code left out
    wobble = by_id["pandas-9.1.0-4bcd77df"]
    assert wobble["text"].startswith("Series.wobble now returns a copy: In previous versions")
    assert "ipython" not in wobble["text"] and "s.wobble()" not in wobble["text"]
    # nested bullets under a label bullet become items of their own, the label kept
    assert by_id["pandas-9.1.0-13c7316a"]["text"] == (
        "Enforced the following deprecations in Widget: positional size is no longer accepted"
    )
    assert by_id["tensorflow-9.2.0-8c681ce1"]["text"] == (
        "tf.keras: tf.keras.layers.Wobble has been renamed to tf.keras.layers.Jiggle."
    )
    assert by_id["tensorflow-9.2.0-8c681ce1"]["apis"] == [
        "tf.keras",
        "tf.keras.layers.Wobble",
        "tf.keras.layers.Jiggle",
    ]
    # versions come from the headings of a multi-version file
    assert {it["version"] for it in _tf()} == {"9.2.0", "9.1.0"}


def test_nested_bullets_are_folded_into_a_parent_that_says_something():
    text = (
        "Removals\n--------\n\n"
        "- The ``spin`` keyword of :func:`twirl` was removed, together with:\n\n"
        "  - its alias ``rotate``\n"
        "  - the ``SPIN_DEFAULT`` constant\n"
    )
    (item,) = extract.extract_items("matplotlib", "9.0.0", text, "rst")
    assert item["text"] == (
        "The spin keyword of twirl was removed, together with: its alias rotate; "
        "the SPIN_DEFAULT constant"
    )
    assert item["kind"] == "removed"


def test_unreleased_version_is_left_out():
    text = PANDAS_TEXT.replace("(May 4, 2031)", "(Month XX, 2031)")
    assert _pandas(text) == []


ITEMS = COVERAGE / "items"


@pytest.mark.skipif(not (ITEMS / "counts.json").exists(), reason="no extracted items")
def test_stored_items_match_their_counts_and_ids():
    counts = json.loads((ITEMS / "counts.json").read_text(encoding="utf-8"))
    total = 0
    for library, summary in counts["libraries"].items():
        lines = (ITEMS / f"{library}.jsonl").read_text(encoding="utf-8").splitlines()
        items = [json.loads(line) for line in lines]
        assert len(items) == summary["items"]
        total += len(items)
        ids = [it["id"] for it in items]
        assert len(set(ids)) == len(ids)
        keys = [(extract.version_key(it["version"]), it["id"]) for it in items]
        assert keys == sorted(keys)
        for it in items:
            assert it["library"] == library
            assert it["kind"] in extract.KINDS
            assert len(it["text"]) <= extract.TEXT_LIMIT
            if not it["text"].endswith("\u2026"):  # whole text: its hash is in the id
                digest = hashlib.sha1(it["text"].encode("utf-8")).hexdigest()[:8]
                assert it["id"].split("-")[2 + it["library"].count("-")] == digest
    assert counts["total"] == total
