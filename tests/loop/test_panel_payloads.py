"""What the loop tells the JupyterLab panel beyond the run itself: each rule of a rules fix in a
sentence, and why a notebook has nothing to modernize."""

from __future__ import annotations

from mlemodernizer.contracts.shapes import IterationRecord
from mlemodernizer.execution.record import output_tail
from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.loop import nothing_to_modernize, rule_notes

from ..conftest import make_notebook


def test_rule_notes_give_each_rule_its_library_and_message() -> None:
    notes = rule_notes(["NPY001", "ZZZ999"])
    rule = get_rule("NPY001")
    assert notes[0] == {"id": "NPY001", "library": rule.library, "message": rule.message}
    assert "np.float" in notes[0]["message"]
    # an id this version's catalogue does not have: the id alone, no crash
    assert notes[1] == {"id": "ZZZ999", "library": "", "message": ""}


def record() -> IterationRecord:
    return IterationRecord(
        index=1,
        issue="error",
        fix_type="error_repair",
        source="rule",
        rule_ids=["NPY001"],
        cells_changed=[1],
        runtime_s=1.0,
        error_cells=0,
        score=None,
        tokens=0,
    )


def test_nothing_to_modernize_only_when_nothing_was_proposed_and_the_run_was_clean() -> None:
    code = make_notebook(["x = 1"])
    assert nothing_to_modernize(code, [], "reproducible", True, None, None) == (
        "it runs without errors today"
    )
    # no code at all (an empty notebook, markdown only, blank cells)
    assert nothing_to_modernize(make_notebook([]), [], "reproducible", True, None, None) == (
        "the notebook has no code to run"
    )
    for cells in (["  \n"], ["md:# Notes"]):
        nb = make_notebook(cells)
        assert nothing_to_modernize(nb, [], "reproducible", True, None, None) == (
            "the notebook has no code to run"
        )
    # a score within the band is part of the answer
    scored = nothing_to_modernize(code, [], "reproducible", True, 0.9412, 0.94)
    assert scored == "it runs without errors today and scores 0.9412 (target 0.94)"
    # something was fixed, or the loop stopped for another reason, or the run was not clean
    assert nothing_to_modernize(code, [record()], "reproducible", True, None, None) is None
    assert nothing_to_modernize(code, [], "cancelled", True, None, None) is None
    assert nothing_to_modernize(code, [], "no_fix", False, 0.8, 0.94) is None
    # clean only once --install-missing installed what it lacked: said so, not "today"
    assert nothing_to_modernize(
        code, [], "reproducible", True, None, None, installed=["imageio"]
    ) == ("it runs without errors now that imageio is installed in the kernel's environment")
    assert nothing_to_modernize(
        code, [], "reproducible", True, 0.95, 0.94, installed=["a-dist", "b-dist"]
    ) == (
        "it runs without errors now that a-dist, b-dist are installed in the kernel's "
        "environment and scores 0.95 (target 0.94)"
    )


def test_the_output_tail_is_what_a_terminal_would_show_last() -> None:
    from nbformat.v4 import new_code_cell, new_output

    cell = new_code_cell("x")
    cell.outputs = [
        new_output("stream", name="stdout", text="a\nb\n"),
        new_output("stream", name="stdout", text="\x1b[32mc\x1b[0m\n10%\r50%\r90%"),
        new_output("execute_result", data={"text/plain": "'done'"}, execution_count=1),
    ]
    assert output_tail(cell) == "a\nb\nc\n90%\n'done'"
    assert output_tail(cell, lines=2) == "90%\n'done'"
    assert output_tail(new_code_cell("y")) == ""
