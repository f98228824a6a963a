"""The model counts cells as people do: from 1, over all cells (JupyterLab's status bar, the
report, the CLI). A plan the panel shows that says "cell 4" means JupyterLab's cell 4. The prompt
shows the cell at index i as ``# %% cell i+1``; a reply's ``# %% cell N`` changes index N-1."""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.notebook import (
    cell_index_from_number,
    cells_as_text,
    ensure_cell_ids,
    shown_cell_number,
    split_cells_text,
)
from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.base import FixContext
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.prompts import build_prompt

from ...fakes import fix_context

pytest_plugins = ["tests.scripted_openai"]

FAILING = "x = np.float(1)\nprint(x)"


def ctx() -> FixContext:
    # markdown between the code cells: index and number differ by one, a count over code cells
    # alone by two (the failing cell is index 3, JupyterLab's cell 4, the second code cell)
    nb = new_notebook()
    nb.cells = [
        new_markdown_cell("# Old numpy"),
        new_code_cell("import numpy as np"),
        new_markdown_cell("## Casting"),
        new_code_cell(FAILING),
    ]
    ensure_cell_ids(nb)
    message = "module 'numpy' has no attribute 'float'"
    tb = f"----> 1 x = np.float(1)\nAttributeError: {message}"
    err = CellError(3, nb.cells[3].id, "AttributeError", message, tb)
    return fix_context(nb, errors=[err], versions={"numpy": "2.3.0"})


def test_the_helpers_are_each_others_inverse() -> None:
    assert [shown_cell_number(i) for i in (0, 3)] == [1, 4]
    assert [cell_index_from_number(n) for n in (1, 4, 0)] == [0, 3, -1]


def test_the_text_form_numbers_cells_from_1_and_reads_back_indices() -> None:
    nb = ctx().notebook
    text = cells_as_text(nb)
    assert text == "# %% cell 2\nimport numpy as np\n\n# %% cell 4\n" + FAILING + "\n"
    assert split_cells_text(text) == {1: "import numpy as np", 3: FAILING}


def test_the_prompt_names_the_failing_cell_as_jupyterlab_does() -> None:
    user = build_prompt(ctx()).messages[-1]["content"]
    assert "The notebook fails in cell 4 with `AttributeError" in user
    assert "## Error in cell 4\n" in user
    assert "## Cell 4, the one that fails\n```python\n# %% cell 4\n" + FAILING in user
    assert "# %% cell 2\nimport numpy as np" in user
    assert "from cells 2, 4" in user and "Most fixes change only cell 4" in user
    assert "# %% cell 3" not in user and "cell 3" not in user  # index 3 is never a number


def test_a_reply_naming_that_number_changes_that_cell_and_re_asks_are_1_based(
    scripted_openai,
) -> None:
    # first the markdown cell 3 (a model counting code cells from 1 might), then the fix
    wrong = "Plan: use float.\n```python\n# %% cell 3\nx = float(1)\nprint(x)\n```"
    right = "Plan: use float.\n```python\n# %% cell 4\nx = float(1)\nprint(x)\n```"
    srv = scripted_openai([wrong, right])
    fixer = LLMFixer(srv.base_url, "m", api_key="k", backoff_base_s=0.001)
    proposal = fixer.propose(ctx())
    assert srv.served == 2
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "cell 3 is a markdown cell; change only code cells (2, 4)" in reask
    assert "(from cells 2, 4)" in reask
    assert proposal is not None
    [change] = proposal.changes
    assert (change.cell_index, change.new_source) == (3, "x = float(1)\nprint(x)")
    assert proposal.plan == "use float."
    # the record people read keeps indices, as every report field named for an index does
    assert fixer.replies[1]["cells"] == [3]
