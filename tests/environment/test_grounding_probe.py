"""The grounding probe's kernel side (kernel/grounding_probe.py) as the kernel defines it: what
build_probe sends, the probe called in this process, and the rules its source keeps so any kernel
can run it. (test_grounding.py runs it in a real kernel.)"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import math

import pytest

from mlemodernizer.environment.grounding import MAX_OFFER, build_probe, error_query
from mlemodernizer.execution.base import CellError
from mlemodernizer.execution.record import FACTS_MARKER, parse_facts
from mlemodernizer.kernel.code import GROUNDING_PROBE, PRELUDE, probe_call, probe_namespace

SOURCE = GROUNDING_PROBE.read_text()
PROBE = probe_namespace(GROUNDING_PROBE)  # defined as the kernel defines it


def error(ename: str, evalue: str, line: str = "") -> CellError:
    tb = f"----> 1 {line}\n{ename}: {evalue}" if line else f"{ename}: {evalue}"
    return CellError(0, "c0", ename, evalue, tb)


def run_sent(code: str, ns: dict) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<probe>", "exec"), ns)
    return out.getvalue()


def test_build_probe_sends_the_module_and_one_call_with_json_parameters() -> None:
    code = build_probe([error("NameError", "name 'dataframe' is not defined")])
    assert code is not None
    tree = ast.parse(code)
    *defs, call = tree.body
    # the prelude's functions, then the probe's; no docstring
    assert [d.name for d in defs] == [
        "__mlem_lookup__",
        "__mlem_main__",
        "__mlem_probe__",
        "__mlem_probe_main__",
    ]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert call.value.func.id == "__mlem_probe_main__"
    [arg] = call.value.args
    params = json.loads(ast.literal_eval(arg))  # data, not code: nothing is spliced into the source
    assert params["marker"] == FACTS_MARKER and params["max_offer"] == MAX_OFFER
    assert [q["kind"] for q in params["queries"]] == ["name"]
    assert "__MLEM_" not in SOURCE  # no placeholders left to fill by text


def test_the_sent_probe_prints_one_facts_line_and_leaves_no_names() -> None:
    code = build_probe([error("NameError", "name 'dataframe' is not defined")])
    assert code is not None
    ns: dict = {"data_frame": 1, "__doc__": "the user's"}
    out = run_sent(code, ns)
    lines = [ln for ln in out.splitlines() if ln.startswith(FACTS_MARKER)]
    assert len(lines) == 1
    [item] = parse_facts(out)["items"]
    assert item["kind"] == "name" and "data_frame" in item["close"]
    assert set(ns) == {"data_frame", "__doc__", "__builtins__"}
    assert ns["__doc__"] == "the user's"


def test_a_probe_that_fails_says_so_and_still_cleans_up() -> None:
    params = {"queries": None, "marker": FACTS_MARKER, "budget": 1.0, "max_offer": 5}
    ns: dict = {}
    out = run_sent(probe_call(GROUNDING_PROBE, "__mlem_probe_main__", params), ns)
    assert parse_facts(out) == {"probe_failed": "TypeError"}
    assert set(ns) == {"__builtins__"}


def test_the_probe_called_here_finds_close_names_and_what_a_module_offers() -> None:
    sqr = error_query(error("AttributeError", "module 'math' has no attribute 'sqr'"))
    gone = error_query(error("AttributeError", "module 'math' has no attribute 'zzzqqq'"))
    facts = PROBE["__mlem_probe__"]([sqr, gone], 2.0, 100, {"math": math})
    close, offer = facts["items"]
    assert close["target"] == "math.sqr" and close["exists"] is False
    assert "sqrt" in close["close"]
    assert offer["target"] == "math.zzzqqq" and not offer["close"]
    names = [entry["name"] for entry in offer["offer"]]
    assert "sqrt" in names and all(hasattr(math, n) for n in names)
    assert len(names) == offer["offer_total"] <= 100
    # over max_offer names and no use to rank them by: none is worth the prompt's space
    [few] = PROBE["__mlem_probe__"]([gone], 2.0, 5, {"math": math})["items"]
    assert few["offer"] == [] and few["offer_total"] == offer["offer_total"]


@pytest.mark.parametrize("path", [GROUNDING_PROBE, PRELUDE])
def test_the_probe_source_keeps_the_kernels_rules(path) -> None:
    source = path.read_text()
    tree = ast.parse(source, feature_version=(3, 8))  # any kernel from Python 3.8 on
    doc, *defs = tree.body
    assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
    # only two functions at the top: no imports or other names land in the user's namespace
    assert [type(d) for d in defs] == [ast.FunctionDef, ast.FunctionDef]
    imports = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert "__future__" not in imports
    assert "mlemodernizer" not in source.split('"""', 2)[2]  # runs where the package is not
