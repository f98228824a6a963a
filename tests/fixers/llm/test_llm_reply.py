"""Reply parsing (lenient) and validation (strict), on the shapes real models send."""

from __future__ import annotations

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.fixers.llm.reply import header_number, parse_reply, validate_reply


def nb():
    book = new_notebook(
        cells=[
            new_markdown_cell("# Title"),
            new_code_cell("import numpy as np"),
            new_code_cell("x = np.float(1)\nprint(x)"),
            new_code_cell("!ls data\ny = x + 1"),
        ]
    )
    ensure_cell_ids(book)
    return book


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("# %% cell 3", 3),
        ("# %% [cell 3]", 3),
        ("#%% Cell 3", 3),
        ("# %% cell 3: fixed", 3),
        ("# %% cell 3 (changed)", 3),
        ("# %% [3]", 3),
        ("# Cell 3", 3),
        ("### Cell 3:", 3),
        ("# cell 3 - import fix", 3),
        ("# cell 3 loads the data", None),  # a comment, not a header
        ("# %%", None),
        ("x = 2", None),
    ],
)
def test_header_variants(line, number):
    assert header_number(line) == number  # as written: parse_reply makes it an index


def test_requested_format():
    r = parse_reply("Plan: use float.\n\n```python\n# %% cell 3\nx = float(1)\nprint(x)\n```\n")
    assert r.plan == "use float."
    assert r.cells == {2: "x = float(1)\nprint(x)"}


def test_no_fence_no_plan_with_trailing_prose():
    r = parse_reply("# %% cell 3\nx = float(1)\nprint(x)\n\nThis replaces np.float with float.\n")
    assert r.cells == {2: "x = float(1)\nprint(x)"}
    assert r.plan == ""


def test_unfenced_cell_with_leading_prose():
    r = parse_reply("# %% cell 3\nHere is the fixed code:\nx = float(1)\n")
    assert r.cells == {2: "x = float(1)"}


def test_several_fences_and_headers_outside_them():
    text = (
        "Two changes.\n\n### Cell 2:\n```python\nimport numpy as np\nimport math\n```\n"
        "Then:\n\n**Cell 3:**\n```python\nx = float(1)\nprint(x)\n```\nDone."
    )
    r = parse_reply(text)
    assert r.plan == "Two changes."
    assert r.cells == {1: "import numpy as np\nimport math", 2: "x = float(1)\nprint(x)"}


def test_unclosed_fence_before_next_fence():
    r = parse_reply("```python\n# %% cell 2\nimport math\n```python\n# %% cell 3\nx = 1\n```")
    assert r.cells == {1: "import math", 2: "x = 1"}


def test_headerless_fence_after_cells_is_not_attached():
    r = parse_reply("```python\n# %% cell 3\nx = 1\n```\nAlso run:\n```bash\npip install foo\n```")
    assert r.cells == {2: "x = 1"}
    assert r.headerless_code == ["pip install foo"]


def test_plan_after_the_code_when_none_before():
    r = parse_reply("```python\n# %% cell 3\nx = 1\n```\nI replaced np.float by float.")
    assert r.plan == "I replaced np.float by float."


def test_repeated_cell_last_wins():
    r = parse_reply("# %% cell 3\nx = 1\n# %% cell 3\nx = 2\n")
    assert r.cells == {2: "x = 2"}


def test_valid_reply_gives_changes_with_ids_and_old_sources():
    book = nb()
    r = parse_reply(
        "```python\n# %% cell 3\nx = float(1)\nprint(x)\n# %% cell 2\nimport numpy as np\n```"
    )
    v = validate_reply(r, book)
    assert v.reason is None
    assert len(v.changes) == 1  # cell 2 (index 1) is unchanged
    c = v.changes[0]
    assert (c.cell_index, c.cell_id, c.old_source) == (2, book.cells[2].id, book.cells[2].source)
    assert c.new_source == "x = float(1)\nprint(x)"


def test_magics_are_allowed_by_the_parser():
    v = validate_reply(parse_reply("# %% cell 4\n!ls data\ny = x + 2\n"), nb())
    assert v.reason is None and v.changes[0].new_source == "!ls data\ny = x + 2"


@pytest.mark.parametrize(
    ("reply", "allowed", "expected"),
    [
        ("# %% cell 8\nx = 1", None, "cell 8 does not exist (the code cells are 2, 3, 4)"),
        ("# %% cell 1\nx = 1", None, "cell 1 is a markdown cell"),
        ("# %% cell 4\ny = 2", [1, 2], "cell 4 was not shown to you; change only cells 2, 3"),
        ("# %% cell 3\nx = (1,", None, "cell 3 is not valid Python (line 1:"),
        ("# %% cell 3\nx = np.float(1)\nprint(x)", None, "your reply changes nothing: cell 3"),
        ("Use float instead.", None, "your reply contains no code"),
        ("```python\nimport os\nos.system('x')\n```", None, "no `# %% cell N` header line"),
        ("# %% cell 3\nx = float(1)\n# ... rest unchanged", None, "placeholder"),
        ("# %% cell 3\nx = float(1)\n...", None, "placeholder"),
        ("# %% cell 3\nx = float(1)\n# rest of the code stays the same", None, "placeholder"),
    ],
)
def test_validation_reasons(reply, allowed, expected):
    v = validate_reply(parse_reply(reply), nb(), allowed)
    assert v.changes == []
    assert v.reason is not None and expected in v.reason


def test_all_problems_are_named_at_once():
    v = validate_reply(parse_reply("# %% cell 10\nx = 1\n# %% cell 1\ny = 2\n"), nb())
    assert v.reason is not None
    assert "cell 10 does not exist" in v.reason and "cell 1 is a markdown cell" in v.reason


def test_cells_marked_unchanged_are_skipped_not_errors():
    v = validate_reply(parse_reply("# %% cell 2\n# unchanged\n\n# %% cell 3\nx = 2.0\n"), nb())
    assert v.reason is None and [c.cell_index for c in v.changes] == [2]


def test_cut_off_reply():
    r = parse_reply("Plan.\n```python\n# %% cell 3\nx = float(")
    assert r.unterminated_fence
    v = validate_reply(r, nb(), truncated=True)
    assert v.reason is not None and "cut off" in v.reason


def test_headerless_code_that_clearly_rewrites_one_cell_is_attributed():
    r = parse_reply("Fix:\n```python\nx = float(1)\nprint(x)\n```")
    v = validate_reply(r, nb())
    assert v.reason is None and [c.cell_index for c in v.changes] == [2]


# --- shapes seen from Qwen2.5-Coder-1.5B (benchmarks/llm_real_model.md) ---------------------------


def test_numbered_plan_and_fence_after_a_list_marker():
    text = (
        "1. **Plan**: Replace `np.float` with `float` in the code cell.\n"
        "2. ```python\n# %% cell 3\nx = np.array([1, 2, 3]).astype(float)\nprint(x.sum())\n```"
    )
    r = parse_reply(text)
    assert r.plan == "Replace `np.float` with `float` in the code cell."
    assert r.cells == {2: "x = np.array([1, 2, 3]).astype(float)\nprint(x.sum())"}
    assert validate_reply(r, nb()).reason is None


def test_short_plan_label():
    r = parse_reply("1. **Short Plan**: Use SimpleImputer.\n2. ```python\n# %% cell 3\nx = 1\n```")
    assert r.plan == "Use SimpleImputer."


def test_text_then_backticks_inside_a_fence_is_code():
    r = parse_reply("```python\n# %% cell 3\ns = 'a ```python'\n```")
    assert r.cells == {2: "s = 'a ```python'"}


def test_named_cell_without_code_has_its_own_reason():
    v = validate_reply(parse_reply("# %% cell 3\n```python\n```"), nb())
    assert v.reason is not None and "names cell 3 but gives no code" in v.reason


# --- names a patch loses (fixers/llm/consistency.py) ---------------------------------------------


def nb_imports():
    book = new_notebook(
        cells=[
            new_code_cell(
                "from sklearn.cross_validation import train_test_split\n"
                "from sklearn.datasets import load_iris"
            ),
            new_code_cell("X, y = load_iris(return_X_y=True)\na, b = train_test_split(X)"),
        ]
    )
    ensure_cell_ids(book)
    return book


def test_a_dropped_import_still_used_elsewhere_is_reasked():
    reply = "# %% cell 1\nfrom sklearn.model_selection import train_test_split"
    v = validate_reply(parse_reply(reply), nb_imports(), allowed=[0])
    assert v.reason is not None
    assert "cell 1 no longer defines `load_iris`" in v.reason and "cell 2 still uses it" in v.reason


def test_a_renamed_import_is_not_a_lost_name():
    book = nb_imports()
    book.cells[0].source = "from sklearn.preprocessing import Imputer"
    book.cells[1].source = "imp = Imputer()"
    reply = "# %% cell 1\nfrom sklearn.impute import SimpleImputer"
    assert validate_reply(parse_reply(reply), book, allowed=[0]).reason is None
    # also when the model saw the user: the next run shows it, a re-ask would cost as much
    assert validate_reply(parse_reply(reply), book, allowed=[0, 1]).reason is None


def test_complete_rewrites_and_moved_names_pass():
    book = nb_imports()
    both = (
        "# %% cell 1\nfrom sklearn.model_selection import train_test_split\n"
        "from sklearn.datasets import load_iris\n"
    )
    assert validate_reply(parse_reply(both), book).reason is None
    moved = (
        "# %% cell 1\nfrom sklearn.model_selection import train_test_split\n"
        "# %% cell 2\nfrom sklearn.datasets import load_iris\n"
        "X, y = load_iris(return_X_y=True)\na, b = train_test_split(X)"
    )
    assert validate_reply(parse_reply(moved), book).reason is None


def test_fence_nested_in_a_markdown_list_is_dedented():
    text = (
        "1. **Plan**: call the renamed helper.\n\n2. **Changed Cells**:\n   ```python\n"
        "   # %% cell 3\n   def f():\n       return float(1)\n\n   x = f()\n   ```\n"
    )
    r = parse_reply(text)
    assert r.cells == {2: "def f():\n    return float(1)\n\nx = f()"}
    assert r.plan == "call the renamed helper."
    assert validate_reply(r, nb()).reason is None


def test_an_import_replaced_by_another_name_of_its_module_asks_for_its_users():
    """`from legacy_helpers import old_train` → `... import train_model` (not a spelling
    neighbour) while cell 2 still calls `old_train`: not "a line was dropped?" but "change cell 2
    too"."""
    book = new_notebook(
        cells=[
            new_code_cell("from legacy_helpers import old_train"),
            new_code_cell("model = old_train(X, y)"),
        ]
    )
    ensure_cell_ids(book)
    reply = "# %% cell 1\nfrom legacy_helpers import train_model\nmodel = train_model(X, y)"
    v = validate_reply(parse_reply(reply), book, allowed=[0, 1])
    assert v.reason == (
        "cell 1 now imports `train_model` instead of `old_train`, but cell 2 still uses "
        "`old_train`: change cell 2 too, under its own `# %% cell N` header with its complete new "
        "source (in cell 2, `model = old_train(X, y)` becomes `model = train_model(X, y)`)"
    )
    both = reply.replace("\nmodel = train_model(X, y)", "\n# %% cell 2\nmodel = train_model(X, y)")
    assert validate_reply(parse_reply(both), book, allowed=[0, 1]).reason is None


def test_a_name_replaced_by_an_import_of_a_similar_name_is_still_lost():
    """`model = old_train(X, y)` replaced by `from legacy_helpers import train_model` while cell 3
    reads `model`: "model" sits inside "train_model", but an assignment replaced by an import is
    no rename (the 1.5B sent exactly that on a re-ask)."""
    book = new_notebook(
        cells=[
            new_code_cell("from legacy_helpers import train_model"),
            new_code_cell("model = old_train(X, y)"),
            new_code_cell("print(model.score(X, y))"),
        ]
    )
    ensure_cell_ids(book)
    reply = "# %% cell 2\nfrom legacy_helpers import train_model"
    v = validate_reply(parse_reply(reply), book, allowed=[0, 1, 2])
    assert v.reason is not None and "cell 2 no longer defines `model`" in v.reason
    assert v.partial == {}  # a lost name, not users to follow: nothing carried to a re-ask
