"""PY2902's search for the copy of an unreachable URL's file (fixers/offline_data.py); the
end-to-end run is in test_blocked_cells.py."""

from __future__ import annotations

from pathlib import Path

import nbformat

from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.offline_data import local_copies, unreachable, use_local_copies

OFFLINE = CellError(0, "", "URLError", "<urlopen error [Errno -2] Name or service not known>", "")


def _copies(folder: Path, source: str, error: CellError = OFFLINE) -> list[str]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    return [c.path for c in local_copies([error], nb, folder)]


def test_the_file_is_found_beside_below_or_saved_with_a_suffix(tmp_path: Path) -> None:
    read = "df = pd.read_csv('https://host.invalid/ml/{name}', header=None)"
    (tmp_path / "wine.data").write_text("1")
    assert _copies(tmp_path, read.format(name="wine.data")) == ["wine.data"]
    (tmp_path / "data" / "uci").mkdir(parents=True)
    (tmp_path / "data" / "uci" / "iris.data").write_text("1")
    assert _copies(tmp_path, read.format(name="iris.data")) == ["data/uci/iris.data"]
    (tmp_path / "housing.data.txt").write_text("1")
    assert _copies(tmp_path, read.format(name="housing.data")) == ["housing.data.txt"]


def test_no_file_several_files_or_another_error_propose_nothing(tmp_path: Path) -> None:
    read = "df = pd.read_csv('https://host.invalid/{name}')"
    assert _copies(tmp_path, read.format(name="absent.csv")) == []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "twice.csv").write_text("1")
    assert _copies(tmp_path, read.format(name="twice.csv")) == []  # which one: a guess
    (tmp_path / "here.csv").write_text("1")
    reached = CellError(0, "", "HTTPError", "HTTP Error 404: Not Found", "")
    assert not unreachable(reached)  # the host answered: not the network's doing
    assert _copies(tmp_path, read.format(name="here.csv"), reached) == []


def test_a_url_split_over_implicitly_joined_strings_is_replaced_whole(tmp_path: Path) -> None:
    (tmp_path / "wdbc.data").write_text("1")
    source = (
        "%matplotlib inline\n"
        "df = pd.read_csv('https://archive.invalid/ml/'\n"
        "                 'breast-cancer-wisconsin/wdbc.data', header=None)"
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    proposal = use_local_copies(nb, local_copies([OFFLINE], nb, tmp_path))
    assert proposal is not None and proposal.rule_ids == ["PY2902"]
    assert proposal.changes[0].new_source == (
        "%matplotlib inline\ndf = pd.read_csv('wdbc.data', header=None)"
    )
    assert "cell 1 reads `wdbc.data`" in proposal.plan and "REVIEW" in proposal.plan


def test_a_data_folder_beside_the_notebooks_folder(tmp_path: Path) -> None:
    # a course repository: notebooks/ and datasets/ side by side
    notebooks = tmp_path / "course" / "notebooks"
    notebooks.mkdir(parents=True)
    (tmp_path / "course" / "datasets").mkdir()
    (tmp_path / "course" / "datasets" / "loansData.csv").write_text("1")
    read = "loans = pd.read_csv('https://spark-public.invalid/dataanalysis/loansData.csv')"
    assert _copies(notebooks, read) == ["../datasets/loansData.csv"]
    # one beside the notebook is the one read
    (notebooks / "loansData.csv").write_text("1")
    assert _copies(notebooks, read) == ["loansData.csv"]
