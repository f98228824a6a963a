from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.errors import NotebookError
from mlemodernizer.contracts.notebook import (
    cells_as_text,
    default_output_path,
    load_notebook,
    mask_magics,
    parse_error,
    split_cells_text,
    unmask_magics,
    write_notebook_atomic,
)
from mlemodernizer.fixers.rules.testing import rewrite

from ..conftest import make_notebook, write_notebook


def test_load_gives_every_cell_a_unique_id(tmp_path: Path) -> None:
    nb = make_notebook(["a = 1", "b = 2"])
    raw = json.loads(nbformat.writes(nb))
    for cell in raw["cells"]:
        cell["id"] = "same"
    raw["nbformat_minor"] = 5
    p = tmp_path / "dup.ipynb"
    p.write_text(json.dumps(raw))
    ids = [c.id for c in load_notebook(p).nb.cells]
    assert len(set(ids)) == 2 and "same" in ids


def test_v3_notebook_is_upgraded_with_a_notice(tmp_path: Path) -> None:
    v3 = {
        "nbformat": 3,
        "nbformat_minor": 0,
        "metadata": {"name": "old"},
        "worksheets": [
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "input": "x = 1",
                        "language": "python",
                        "outputs": [],
                        "metadata": {},
                    }
                ],
                "metadata": {},
            }
        ],
    }
    p = tmp_path / "old.ipynb"
    p.write_text(json.dumps(v3))
    loaded = load_notebook(p)
    assert loaded.nb.nbformat == 4
    assert loaded.nb.cells[0].source == "x = 1"
    assert any("v3" in n for n in loaded.notices)
    # the upgrade's ids are drawn at random; the ones given here come from the cells, so the
    # same file read twice names its cells the same (one notebook, one result)
    assert [c.id for c in load_notebook(p).nb.cells] == [c.id for c in loaded.nb.cells]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"cells": [', "not valid JSON"),
        ('{"hello": 1}', "not a Jupyter notebook"),
        ('{"cells": [], "nbformat": 2}', "unsupported nbformat"),
        (
            '{"cells": [{"cell_type": "bogus"}], "nbformat": 4, "nbformat_minor": 5, '
            '"metadata": {}}',
            "notebook",
        ),
    ],
)
def test_bad_input_gives_one_clear_error(tmp_path: Path, content: str, message: str) -> None:
    p = tmp_path / "bad.ipynb"
    p.write_text(content)
    with pytest.raises(NotebookError, match=message):
        load_notebook(p)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(NotebookError, match="no such file"):
        load_notebook(tmp_path / "nope.ipynb")
    with pytest.raises(NotebookError, match="directory"):
        load_notebook(tmp_path)


def test_atomic_write_leaves_no_temp_files_and_replaces(tmp_path: Path) -> None:
    target = write_notebook(tmp_path / "nb.ipynb", ["x = 1"])
    nb = load_notebook(target).nb
    nb.cells[0].source = "x = 2"
    write_notebook_atomic(nb, target)
    assert load_notebook(target).nb.cells[0].source == "x = 2"
    assert [p.name for p in tmp_path.iterdir()] == ["nb.ipynb"]


def test_default_output_path() -> None:
    assert default_output_path(Path("a/b/nb.ipynb")) == Path("a/b/nb.modernized.ipynb")


def test_magics_are_masked_for_parsing_and_restored() -> None:
    src = (
        "%matplotlib inline\nimport os\n!pip install foo \\\n  bar\n"
        "for i in range(2):\n    %time f(i)\nobj?"
    )
    assert parse_error(src) is None
    masked, mapping = mask_magics(src)
    assert "%" not in masked and "!" not in masked
    assert masked.count("\n") == src.count("\n")  # line numbers stay the same
    assert unmask_magics(masked, mapping) == src


def test_a_continued_line_starting_with_modulo_is_python_not_a_magic() -> None:
    """Old string formatting often puts `% (args)` on the next line of a call: inside brackets,
    a string or after a backslash it is the modulo operator; the cell still parses and the
    rules still see it (a masked line there made the whole cell unparsable)."""
    src = (
        "from scipy import interp\n"
        "for i in range(2):\n"
        "    plt.plot(fpr, label='fold %d (area = %0.2f)'\n"
        "                       % (i + 1, roc_auc))\n"
        "    s = 'a %d' \\\n        % 3\n"
        'doc = """\n%not a magic\n"""\n'
        "%time x = 1"
    )
    masked, mapping = mask_magics(src)
    assert list(mapping.values()) == ["%time x = 1"]
    assert parse_error(src) is None
    assert unmask_magics(masked, mapping) == src
    (cell,), _ = rewrite(src, ["SCP010"])
    assert cell.startswith("from numpy import interp\n")


def test_parse_error_reports_line() -> None:
    assert parse_error("print 'hello'") is not None
    assert "line 2" in (parse_error("x = 1\ndef (:") or "")


def test_cell_text_numbers_cells_as_jupyterlab_and_parses_back_to_indices() -> None:
    nb = make_notebook(["md:# title", "a = 1", "b = a + 1"])
    text = cells_as_text(nb)
    assert "# %% cell 2\na = 1" in text and "# %% cell 3\nb = a + 1" in text
    assert "cell 1" not in text  # markdown cells are not code
    assert split_cells_text("plan\n# %% [cell 3]\nb = 3\n\n# %% cell 2\na = 0\n") == {
        2: "b = 3",
        1: "a = 0",
    }
