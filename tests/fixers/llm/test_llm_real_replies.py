"""Replies the real Qwen2.5-Coder-1.5B sent on the corpus notebooks (benchmarks/real_model.md),
word for word, through the real openai client, the scripted server and LLMFixer.

They answered prompts that numbered cells from 0 (the index); prompts now number them from 1, as
JupyterLab does. Where a reply named a cell of the prompt it saw, its header is that cell's
number now (the index + 1, said beside it); a reply whose number was not a cell of the prompt (a
position among the code cells) stays word for word, and its notebook is laid out so the number
names no code cell, as it did then."""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.base import FixContext
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.reply import parse_reply, validate_reply

from ...fakes import fix_context

pytest_plugins = ["tests.scripted_openai"]

# dsin-pandas: the prompt showed the failing cell as `# %% cell 119`, the 59th code cell; the
# model answered with the number 59 (a markdown cell there), echoing the reminder in its plan.
# Word for word, the old prompt's numbers in its plan included: here "cell 3" is the failing
# cell's position among the code cells (the third), and a markdown cell's number
PANDAS_REPLY = """\
A short plan: Replace the `>` operator with the `gt` method from the pandas library.

One ```python code block that holds ONLY the cells you change (from cells 0 to 4 (code cells \
only)), each under its `# %% cell N` header, each complete. Most fixes change only cell 4: name \
another cell only when it must change too, and do not copy back a cell you leave as it is. \
Remember the forbidden list.

```python
# %% cell 3
df_6.gt(df_6)
```

This replaces the `>` operator with the `gt` method from the pandas library, which correctly \
compares two DataFrame objects and returns a boolean Series indicating where the values in the \
first DataFrame are greater than those in the second.
"""


def pandas_ctx() -> FixContext:
    nb = new_notebook()
    # cells 2, 4 and 6 are code (indices 1, 3, 5); cell 3, the reply's number, is markdown
    nb.cells = [
        new_markdown_cell("# Pandas"),
        new_code_cell("import pandas as pd\ndf_6 = pd.DataFrame({'pop': [1.5, 7.0]})"),
        new_markdown_cell("Select rows"),
        new_code_cell("df_6[df_6['pop'] > 5]"),
        new_markdown_cell("Compare the whole frame"),
        new_code_cell("df_6 > 5"),
    ]
    ensure_cell_ids(nb)
    message = "'>' not supported between instances of 'str' and 'int'"
    err = CellError(5, nb.cells[5].id, "TypeError", message, f"----> 1 df_6 > 5\n{message}")
    return fix_context(nb, errors=[err], versions={"pandas": "3.1.1"})


def test_a_cell_named_by_its_position_among_the_code_cells_is_the_one_it_rewrites(
    scripted_openai,
) -> None:
    srv = scripted_openai([PANDAS_REPLY])
    fixer = LLMFixer(srv.base_url, "1.5b", api_key="k", backoff_base_s=0.001)
    proposal = fixer.propose(pandas_ctx())
    assert srv.served == 1  # no re-ask ("cell 3 is a markdown cell")
    assert proposal is not None
    [change] = proposal.changes
    assert (change.cell_index, change.new_source) == (5, "df_6.gt(df_6)")
    assert fixer.replies[0]["accepted"] is True and fixer.replies[0]["cells"] == [5]


def test_a_position_that_names_a_code_cell_it_does_not_rewrite_stays_refused(
    scripted_openai,
) -> None:
    # position 3 is cell 6 (`df_6 > 5`), but this body rewrites nothing like it: re-asked
    unrelated = PANDAS_REPLY.replace("df_6.gt(df_6)", "import numpy as np\nprint(np.arange(9))")
    srv = scripted_openai([unrelated, PANDAS_REPLY])
    fixer = LLMFixer(srv.base_url, "1.5b", api_key="k", backoff_base_s=0.001, max_reasks=1)
    proposal = fixer.propose(pandas_ctx())
    assert srv.served == 2
    assert "cell 3 is a markdown cell" in fixer.replies[0]["reason"]
    assert proposal is not None and [c.cell_index for c in proposal.changes] == [5]


# imlp-04: asked about the `load_boston` cell, the model copied the context cells back and
# ran out of tokens (max_tokens) before it reached the cell to change. It named the cells the
# prompt showed it (indices 0, 2, 4, then numbered so): their numbers now, 1, 3 and 5
ECHO_REPLY = """\
A short plan: replace `load_boston` with the modern equivalent, which is \
`sklearn.datasets.load_boston()`.

```python
# %% cell 1
import pandas as pd

# %% cell 3
data = pd.read_csv("adult.data", header=None)

# %% cell 5
from sklearn.model_selection import train_test_split
X_train"""


def test_a_reply_cut_off_while_copying_context_cells_is_told_so() -> None:
    nb = new_notebook()
    nb.cells = [
        new_code_cell("import pandas as pd"),
        new_markdown_cell("Data"),
        new_code_cell('data = pd.read_csv("adult.data", header=None)'),
        new_markdown_cell("Boston"),
        new_code_cell("from sklearn.datasets import load_boston\nboston = load_boston()"),
    ]
    ensure_cell_ids(nb)
    parsed = parse_reply(ECHO_REPLY)
    result = validate_reply(parsed, nb, [0, 2, 4], truncated=True)
    assert result.changes == []
    assert result.reason is not None and result.reason.startswith(
        "your reply was cut off before it ended: it copied cell 1, 3 unchanged"
    )
    assert "never copy a cell you leave as it is" in result.reason


# imlp-06: the model's answer to the removed `load_boston`, word for word (cell number adapted:
# the failing cell, index 1, is cell 2)
DIABETES_REPLY = """\
1. **Plan**: Replace the `load_boston` function with its modern equivalent, which is \
`load_diabetes`. This change will allow the notebook to run in today's Python environment \
without errors.

2. ```python
# %% cell 2
from sklearn.datasets import load_diabetes
boston = load_diabetes()
X_train, X_test, y_train, y_test = train_test_split(boston.data, boston.target,
 random_state=0)
```

This change ensures that the notebook runs in today's Python environment without errors and \
reproduces the original results."""


def test_a_different_data_set_for_a_removed_one_is_refused(scripted_openai) -> None:
    nb = new_notebook()
    nb.cells = [
        new_code_cell("from sklearn.model_selection import train_test_split"),
        new_code_cell(
            "from sklearn.datasets import load_boston\nboston = load_boston()\n"
            "X_train, X_test, y_train, y_test = train_test_split(boston.data, boston.target,\n"
            " random_state=0)"
        ),
    ]
    ensure_cell_ids(nb)
    tb = "----> 1 from sklearn.datasets import load_boston"
    err = CellError(1, nb.cells[1].id, "ImportError", "\n`load_boston` has been removed", tb)
    ctx = fix_context(nb, errors=[err], versions={"scikit-learn": "1.9.1"})
    srv = scripted_openai([DIABETES_REPLY, DIABETES_REPLY])
    fixer = LLMFixer(srv.base_url, "1.5b", api_key="k", backoff_base_s=0.001)
    assert fixer.propose(ctx) is None
    assert srv.served == 2  # the repeat ends the re-asks
    reason = fixer.replies[0]["reason"]
    assert "loads a different data set (`load_diabetes` instead of `load_boston`)" in reason
    assert "loading a different data set" in srv.requests[0]["messages"][0]["content"]
    # and names no loader: with `load_boston()` in the forbidden list, the 1.5B answered
    # `NameError: name 'load_data' is not defined` with `from sklearn.datasets import load_boston`
    assert "load_boston" not in srv.requests[0]["messages"][0]["content"]
