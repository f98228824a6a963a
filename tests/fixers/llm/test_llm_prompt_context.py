"""A long notebook's prompt stays short (issue 14's real-model runs: a small local model read a
40-cell prompt at about 2 tokens a second): the earlier cells shown are those the failing cell
needs, and library frames in the traceback shrink to the line that called on. The real openai
client against the scripted server.
"""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.execution.base import CellError, ExecutionResult
from mlemodernizer.fixers.base import FixContext
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.prompts import (
    compact_library_frames,
    context_cells,
    later_users,
    own_module_named,
)

from ...fakes import fix_context

pytest_plugins = ["tests.scripted_openai"]

FILLER = "\n".join(f"print('unrelated line {k}')" for k in range(40))  # ~1,100 characters
SOURCES = [
    "import numpy as np\nimport pandas as pd",  # cell 1
    "df = pd.DataFrame({'a': [1, 2], 'b': ['x', 'y']})",  # cell 2
    FILLER,  # 3
    "df['c'] = df['a'] * 2",  # 4: changes df in place
    FILLER,  # 5
    "other = np.arange(3)",  # 6: nothing cell 9 uses
    FILLER,  # 7
    FILLER,  # 8
    "print(df[df > 1])",  # 9: fails
]
LIBRARY_TB = """\
---------------------------------------------------------------------------
TypeError                                 Traceback (most recent call last)
Cell In[9], line 1
----> 1 print(df[df > 1])

File /usr/lib/python3.11/site-packages/pandas/core/ops/common.py:76, in new_method(self, other)
     72             return NotImplemented
     73
     74 other = item_from_zerodim(other)
---> 76 return method(self, other)

File /usr/lib/python3.11/site-packages/pandas/core/array_ops.py:130, in comp_method(op, x, y)
    128     result = libops.vec_compare(x.ravel(), y.ravel(), op)
    129 else:
--> 130     result = libops.scalar_compare(x.ravel(), y, op)
    131 return result.reshape(x.shape)

TypeError: '>' not supported between instances of 'str' and 'int'"""


def make_ctx() -> FixContext:
    nb = new_notebook()
    nb.cells = [new_markdown_cell("# Old")] + [new_code_cell(s) for s in SOURCES]
    ensure_cell_ids(nb)
    err = CellError(
        9,
        nb.cells[9].id,
        "TypeError",
        "'>' not supported between instances of 'str' and 'int'",
        LIBRARY_TB,
    )
    result = ExecutionResult(executed=nb, cells=[], errors=[err], runtime_s=1.0)
    return fix_context(nb, result=result, versions={"pandas": "3.1.1", "numpy": "2.4.6"})


def test_a_long_notebook_shows_only_the_cells_the_failing_one_needs() -> None:
    ctx = make_ctx()
    kept = context_cells(ctx.notebook, list(range(1, 10)), budget=1200)
    # the failing cell, the cells binding or changing what it uses (df, then pd), not the rest
    assert kept == [1, 2, 4, 9]
    # everything when it fits
    assert context_cells(ctx.notebook, list(range(1, 10)), budget=100_000) == list(range(1, 10))


def test_library_frames_keep_only_the_line_that_called_on() -> None:
    text = compact_library_frames(LIBRARY_TB)
    assert "----> 1 print(df[df > 1])" in text  # the cell's frame stays whole
    assert "pandas/core/ops/common.py:76" in text and "---> 76 return method(self, other)" in text
    assert "--> 130     result = libops.scalar_compare" in text
    assert "item_from_zerodim" not in text and "vec_compare" not in text
    assert text.endswith("TypeError: '>' not supported between instances of 'str' and 'int'")


def test_the_prompt_leaves_unneeded_cells_out_and_a_reply_naming_one_is_re_asked(
    scripted_openai, monkeypatch
) -> None:
    monkeypatch.setattr("mlemodernizer.fixers.llm.prompts.MAX_CONTEXT_CHARS", 1200)
    hidden = "Plan.\n```python\n# %% cell 7\nother = np.arange(4)\n```"
    good = "Compare the numbers only.\n```python\n# %% cell 10\nprint(df[df['a'] > 1])\n```"
    srv = scripted_openai([hidden, good])
    fixer = LLMFixer(srv.base_url, "m", api_key="k", backoff_base_s=0.001)
    proposal = fixer.propose(make_ctx())
    prompt = srv.requests[0]["messages"][1]["content"]
    assert "# %% cell 5\ndf['c'] = df['a'] * 2" in prompt
    assert "unrelated line" not in prompt and "other = np.arange(3)" not in prompt
    assert "5 earlier code cells that define nothing cell 10 uses are not shown" in prompt
    assert "vec_compare" not in prompt  # the library frame's listing is gone
    assert "Most fixes change only cell 10" in prompt and "do not copy back a cell" in prompt
    # the failing cell in a block of its own, after the context the model is told not to copy
    context, failing = prompt.split("## Cell 10, the one that fails\n```python\n")
    assert "Do not copy them into your reply" in context and "# %% cell 10" not in context
    assert failing.startswith("# %% cell 10\nprint(df[df > 1])\n```")
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "cell 7 was not shown" in fixer.replies[0]["reason"] and "cell 7 was not shown" in reask
    assert proposal is not None and [c.cell_index for c in proposal.changes] == [9]


def test_later_cells_are_shown_for_a_name_the_failing_line_binds_only() -> None:
    nb = new_notebook()
    nb.cells = [
        new_code_cell('import matplotlib.pyplot as plt\nplt.style.use("tableau10")'),
        new_code_cell("plt.plot([1, 2])\n" + FILLER),
    ]
    ensure_cell_ids(nb)
    uses = '----> 2 plt.style.use("tableau10")'
    err = CellError(0, nb.cells[0].id, "OSError", "'tableau10' is not a valid style", uses)
    # the failing line uses plt but binds nothing: the long cell calling plt is not shown
    assert later_users(nb, err) == []
    nb.cells[0].source = "from matplotlib.pyplot import stylez\nstylez('x')"
    binds = "----> 1 from matplotlib.pyplot import stylez"
    err = CellError(0, nb.cells[0].id, "ImportError", "cannot import name 'stylez'", binds)
    nb.cells[1].source = "stylez('y')"
    assert later_users(nb, err) == [1]


def test_a_multi_line_library_statement_keeps_only_its_marked_line() -> None:
    tb = (
        "File /x/site-packages/matplotlib/style/__init__.py:132, in use(style)\n"
        "--> 132         raise OSError(\n"
        '    133             f"{style!r} is not a valid package style")\n'
        "    134 filtered = {}\n"
        "OSError: 'tableau10' is not a valid package style"
    )
    text = compact_library_frames(tb)
    assert "raise OSError(" in text and "filtered" not in text and "133" not in text


def test_names_the_failing_cell_binds_before_reading_need_no_earlier_cell() -> None:
    nb = new_notebook()
    nb.cells = [
        new_code_cell("X_train = [1, 2]\n" + FILLER),
        new_code_cell("df = {'a': 1}\n" + FILLER),
        new_code_cell(FILLER),
        new_code_cell("X_train, X_test = split(df)\nprint(len(X_train))"),
    ]
    ensure_cell_ids(nb)
    # X_train is bound before it is read: only `df` (and nothing for X_train) is needed
    assert context_cells(nb, [0, 1, 2, 3], budget=2500) == [1, 3]


def test_an_error_naming_the_notebooks_own_module_is_told_as_such(tmp_path) -> None:
    """`cannot import name 'x' from 'helpers'` with helpers.py beside the notebook: the prompt says
    the user's module changed, not a library; a library's error keeps the library framing."""
    (tmp_path / "helpers.py").write_text("def new_name():\n    pass\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")

    def error(ename: str, evalue: str) -> CellError:
        return CellError(1, "c", ename, evalue, "")

    own = error("ImportError", "cannot import name 'old_name' from 'helpers' (/x/helpers.py)")
    assert own_module_named(own, tmp_path) == "helpers"
    attr = error("AttributeError", "module 'pkg' has no attribute 'gone'")
    assert own_module_named(attr, tmp_path) == "pkg"
    library = error("ImportError", "cannot import name 'Imputer' from 'sklearn.preprocessing'")
    assert own_module_named(library, tmp_path) is None
    assert own_module_named(own, None) is None
    assert own_module_named(own, tmp_path / "pkg") is None  # no helpers.py there
