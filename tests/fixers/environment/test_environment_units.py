"""The environment family's parts on their own: docstring notes, messages that state a fix,
the edits, the ranking of where a name lives, and the stored-numbers count the judge uses.
The end-to-end runs on real kernels are in test_environment_fixer.py."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.environment.docnotes import (
    admits,
    counting_parameter,
    documented_kinds,
    keyword_for_value,
    parameter_entries,
    removed_without_effect,
    renamed_parameter,
    replacing_member,
    takers_of_value,
)
from mlemodernizer.fixers.environment.drift import understand
from mlemodernizer.fixers.environment.edits import (
    AttributeRewrite,
    DropSetting,
    ImportFromRewrite,
    KeywordAdd,
    KeywordRewrite,
    MethodForKeyword,
    ModuleRebind,
    ParamKeyRewrite,
    PositionalRewrite,
    PrintStatements,
    StringRewrite,
    WholeNumberKeyword,
)
from mlemodernizer.fixers.environment.kinds import candidates, question
from mlemodernizer.fixers.environment.kinds.relocate import _home, _renamed
from mlemodernizer.fixers.environment.messages import choose, stated_fix
from mlemodernizer.fixers.environment.names import took_the_place_of
from mlemodernizer.scoring.stored_numbers import numbers_found, same_number

NUMPYDOC = """A forest.

Parameters
----------
n_estimators : int, default=10
    Number of trees.

    .. versionchanged:: 2.0
        Renamed from ``n_trees``.
depth : int, default=2
    Maximum depth.
verbose : removed in 2.0; it had no effect.

Returns
-------
self
"""


def test_parameter_entries_read_numpydoc() -> None:
    entries = parameter_entries(NUMPYDOC)
    assert set(entries) == {"n_estimators", "depth", "verbose"}
    assert "Renamed from ``n_trees``" in entries["n_estimators"]


def test_a_rename_note_names_the_new_parameter() -> None:
    new, sentence = renamed_parameter(NUMPYDOC, ["n_estimators", "depth"], "n_trees")
    assert new == "n_estimators" and "n_trees" in sentence
    # scikit-learn's own wording, in the docstring's body
    doc = (
        "sparse_output : bool, default=True\n    .. versionadded:: 1.2\n"
        "       `sparse` was renamed to `sparse_output`"
    )
    assert renamed_parameter(doc, ["sparse_output", "dtype"], "sparse")[0] == "sparse_output"
    assert renamed_parameter(NUMPYDOC, ["n_estimators", "depth"], "max_leaf") is None


def test_a_count_renamed_goes_to_the_one_parameter_described_as_counting_the_same() -> None:
    doc = (
        "Parameters\n----------\nn_parts : int, default=5\n    Number of folds. At least 2.\n"
        "max_rounds : int\n    The maximum number of rounds.\n"
        "seed : int\n    Controls the randomness of each fold.\n"
    )
    params = ["n_parts", "max_rounds", "seed"]
    assert counting_parameter(doc, params, "n_folds") == ("n_parts", "Number of folds")
    assert counting_parameter(doc, params, "n_round")[0] == "max_rounds"
    assert counting_parameter(doc, params, "n_trees") is None  # nothing counts trees
    assert counting_parameter(doc, params, "n") is None  # says how many, not of what
    twice = doc + "n_groups : int\n    Number of folds per group.\n"
    assert counting_parameter(twice, [*params, "n_groups"], "n_folds") is None  # not clear


def test_a_removed_keyword_without_effect_is_found_and_a_merely_removed_one_is_not() -> None:
    assert "no effect" in removed_without_effect(NUMPYDOC, "verbose")
    assert removed_without_effect("copy : bool\n    Removed in 2.0.", "copy") is None


def test_a_refused_value_goes_to_the_one_other_keyword_documented_to_take_it() -> None:
    doc = (
        "Plot lines.\n\nParameters\n----------\nx : array\n    The data.\n"
        "**kwargs : properties, optional\n"
        "    Properties:\n    drawstyle or ds: {'default', 'steps', 'steps-pre'}\n"
        "    linestyle or ls: {'-', '--', ':'}\n    snap: bool or None\n"
    )
    forwards = {"kwargs"}
    assert keyword_for_value(doc, "linestyle", "steps", set(), forwards) == "drawstyle"
    assert keyword_for_value(doc, "ls", "steps", set(), forwards) == "drawstyle"  # an alias
    # the call already passes it (in any spelling), or nothing else takes it: no answer
    assert keyword_for_value(doc, "ls", "steps", {"ds"}, forwards) is None
    assert keyword_for_value(doc, "ls", "dotted", set(), forwards) is None
    # **kwargs' own entry quotes everything it forwards: it is never the answer
    assert keyword_for_value(doc, "ls", "steps", set()) is None


def test_the_one_parameter_whose_docstring_names_the_value_passed() -> None:
    doc = (
        "Parameters\n----------\nmetric : str, default='euclidean'\n"
        '    Can be "euclidean", "l1" or "manhattan".\n'
        "linkage : {'ward', 'complete'}, default='ward'\n    Only 'euclidean' with ward.\n"
        "memory : str\n    A path.\n"
    )
    assert takers_of_value(doc, ["metric", "memory"], "manhattan") == ["metric"]
    # named by two unset parameters: no one answer
    assert takers_of_value(doc, ["metric", "linkage"], "euclidean") == ["metric", "linkage"]
    assert takers_of_value(doc, ["memory"], "euclidean") == []
    assert takers_of_value(doc, ["metric"], "l") == []  # a word's letters are no value


def test_the_member_whose_docstring_replaces_the_old_name() -> None:
    members = {
        "predict": {"doc": "The labels.\n\nReplaces ``predict_labels``, removed in 2.0."},
        "score": {"doc": "Accuracy; uses predict_labels internally"},
    }
    assert replacing_member(members, "predict_labels")[0] == "predict"
    members["other"] = {"doc": "Renamed from predict_labels too."}
    assert replacing_member(members, "predict_labels") is None  # two claim it: not clear


def _stmt(code: str):
    import ast

    return ast.parse(code).body[-1]


def test_messages_that_state_their_fix() -> None:
    numpy = (
        "module 'numpy' has no attribute 'float'.\n`np.float` was a deprecated alias for the "
        "builtin `float`. To avoid this error in existing code, use `float` by itself."
    )
    hint = stated_fix("AttributeError", numpy, _stmt("y = np.float(3)"))
    assert hint["how"] == "replace" and hint["new"] == "float" and hint["attr"] == "float"
    infty = "`np.infty` was removed in the NumPy 2.0 release. Use `np.inf` instead."
    assert stated_fix("AttributeError", infty, _stmt("x = np.infty"))["new"] == "np.inf"
    freq = "Invalid frequency: H. Failed to parse ... Did you mean h?"
    hint = stated_fix("ValueError", freq, _stmt("pd.date_range('2020', freq='H')"))
    assert (hint["old"], hint["new"], hint["where"]) == ("H", "h", "string")
    offsets = "'M' is no longer supported for offsets. Please use 'ME' instead."
    assert stated_fix("ValueError", offsets, _stmt("s.resample('M')"))["new"] == "ME"
    print2 = "Missing parentheses in call to 'print'. Did you mean print(...)?"
    assert stated_fix("SyntaxError", print2, None) == {"how": "print_call"}


def test_a_whole_number_written_as_a_float_where_an_int_is_required() -> None:
    msg = (
        "The 'max_depth' parameter of RandomForestClassifier must be an int in the range "
        "[1, inf) or None. Got 5.0 instead."
    )
    stmt = ast.parse("m = RandomForestClassifier(max_features=1.0, max_depth=5.0)").body[0]
    assert stated_fix("InvalidParameterError", msg, stmt) == {
        "how": "whole_number",
        "keyword": "max_depth",
        "value": 5,
    }
    # a value computed elsewhere is not the literal to rewrite
    other = ast.parse("m = RandomForestClassifier(max_depth=depth)").body[0]
    assert stated_fix("InvalidParameterError", msg, other) is None


def test_valid_choices_from_the_message_or_the_list_it_names() -> None:
    sk = (
        "The 'criterion' parameter of DecisionTreeClassifier must be a str among "
        "{'log_loss', 'gini', 'entropy'}. Got 'gini_index' instead."
    )
    hint = stated_fix("InvalidParameterError", sk, None, {"gini_index"})
    assert hint["valid"] == ["log_loss", "gini", "entropy"]
    assert choose("gini_index", hint["valid"]) == ("gini", "contains")
    style = (
        "'seaborn-white' is not a valid package style, path of style file, URL of style file, "
        "or library style name (library styles are listed in `style.available`)"
    )
    hint = stated_fix("OSError", style, _stmt("plt.style.use('seaborn-white')"))
    assert hint["listed"] == "plt.style.available"
    available = ["seaborn-v0_8-white", "seaborn-v0_8-whitegrid", "ggplot", "classic"]
    assert choose("seaborn-white", available)[0] == "seaborn-v0_8-white"
    assert choose("zzz", available) is None
    assert choose("ab", ["abc", "abd"]) is None  # two as close: not clear


def _nb(*sources: str):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    return nb


@pytest.mark.parametrize(
    ("edit", "before", "after"),
    [
        (
            ImportFromRewrite("a.old", (("f", "a.new", "f"), ("G", "a.other", "G2"))),
            "from a.old import f, G as g, h\nf(g)",
            "from a.old import h\nfrom a.new import f\nfrom a.other import G2 as g\nf(g)",
        ),
        (
            ModuleRebind("pkg.gone", "pkg.here"),
            "import pkg.gone as m\nm.x",
            "import pkg.here as m\nm.x",
        ),
        (
            ModuleRebind("sk.cross_validation", "sk.model_selection"),
            "from sk import cross_validation, other",
            "from sk import other\nfrom sk import model_selection as cross_validation",
        ),
        (
            AttributeRewrite("cm", "get_cmap", "matplotlib.pyplot.get_cmap", "matplotlib.pyplot"),
            "c = cm.get_cmap('jet')",
            "import matplotlib.pyplot\nc = matplotlib.pyplot.get_cmap('jet')",
        ),
        (
            AttributeRewrite("np", "float", "float"),
            "x = np.float(2) + np.float_",
            "x = float(2) + np.float_",
        ),
        (AttributeRewrite("*", "old", "{receiver}.new"), "a.b().old(1)", "a.b().new(1)"),
        (
            KeywordRewrite("Model", "n_trees", "n_estimators"),
            "Model(n_trees=3, x=1)",
            "Model(n_estimators=3, x=1)",
        ),
        (KeywordRewrite("m.fit", "verbose", None), "m.fit(X, y, verbose=True)", "m.fit(X, y)"),
        (
            KeywordAdd("pd.read_csv", "encoding", "'latin-1'"),
            "a = pd.read_csv('a.csv', sep=';')\nb = pd.read_csv('b.csv', encoding='utf-16')",
            "a = pd.read_csv('a.csv', sep=';', encoding='latin-1')\n"
            "b = pd.read_csv('b.csv', encoding='utf-16')",
        ),
        (
            WholeNumberKeyword("max_depth", 5),
            "F(max_features=1.0, max_depth=5.0)\nG(max_depth=4.0)",
            "F(max_features=1.0, max_depth=5)\nG(max_depth=4.0)",
        ),
        (
            PositionalRewrite("Scaler", 0, ("with_mean", "with_std")),
            "Scaler(True, False)",
            "Scaler(with_mean=True, with_std=False)",
        ),
        (
            PositionalRewrite("binarize", 1, ("threshold", "copy")),
            "binarize(X, 0.3)",
            "binarize(X, threshold=0.3)",
        ),
        (
            StringRewrite("H", "h"),
            "pd.date_range('2020', freq='H')",
            "pd.date_range('2020', freq='h')",
        ),
        (
            ParamKeyRewrite("n_trees", "n_estimators"),
            "g = {'n_trees': [1], 'clf__n_trees': [2]}\np.set_params(n_trees=3)",
            "g = {'n_estimators': [1], 'clf__n_estimators': [2]}\np.set_params(n_estimators=3)",
        ),
        (
            MethodForKeyword("df.fillna", "method", "ffill"),
            "df.fillna(method='ffill', limit=1)",
            "df.ffill(limit=1)",
        ),
        (
            DropSetting("display.mpl_style"),
            "import pandas as pd\npd.set_option('display.mpl_style', 'default')\n"
            "pd.options.display.mpl_style = 'default'\npd.set_option('display.max_rows', 5)",
            "import pandas as pd\npd.set_option('display.max_rows', 5)",
        ),
        (
            PrintStatements(),
            "print 'a', x\nprint\nprint >>f, y,",
            "print('a', x)\nprint()\nprint(y, file=f, end=' ')",
        ),
    ],
)
def test_each_edit(edit, before: str, after: str) -> None:
    assert edit.apply(_nb(before), 0) == {0: after}


def test_edits_keep_magics_and_leave_unmatched_cells_alone() -> None:
    nb = _nb("%matplotlib inline\nfrom a.old import f", "x = 1", "from a.old import f")
    changed = ImportFromRewrite("a.old", (("f", "a.new", "f"),)).apply(nb, 0)
    assert changed == {0: "%matplotlib inline\nfrom a.new import f", 2: "from a.new import f"}
    # a string is replaced where the value is written, up to the failing cell
    nb = _nb("crit = 'gini_index'", "Model(criterion=crit).fit()")
    assert StringRewrite("gini_index", "gini").apply(nb, 1) == {0: "crit = 'gini'"}


def test_where_a_name_lives_public_face_own_package_and_kind_first() -> None:
    hits = [
        {"module": "lib.search", "kind": "function", "ident": "lib.selection.split", "top": "lib"},
        {
            "module": "lib.selection",
            "kind": "function",
            "ident": "lib.selection.split",
            "top": "lib",
        },
        {"module": "dep.util", "kind": "function", "ident": "dep.util.split", "top": "dep"},
        {"module": "lib.text", "kind": "data", "ident": "lib.text.split", "top": "lib"},
        {"module": "lib.src.ops", "kind": "module", "ident": "lib.src.ops.split", "top": "lib"},
    ]
    homes = _home(hits, "lib.cross_val", {"call": True})
    # lib.search only imports it (one object, one home: where it is defined); a value or a
    # module is no call's target; a dependency's name comes after the package's own
    assert [h["module"] for h in homes] == ["lib.selection", "dep.util"]
    # read, not called: the value is a candidate too (a dependency's still last)
    assert [h["module"] for h in _home(hits, "lib.cross_val", {})][-1] == "dep.util"
    assert "lib.text" in [h["module"] for h in _home(hits, "lib.cross_val", {})]


def test_of_two_names_with_the_old_ones_words_the_one_whose_docstring_replaces_it() -> None:
    def hit(name: str, doc: str) -> dict:
        ident = f"lib.impute.{name}"
        return {"module": "lib.impute", "kind": "class", "ident": ident, "top": "lib",
                "name": name, "params": [], "doc": doc}  # fmt: skip

    close = {
        "SimpleImputer": [
            hit(
                "SimpleImputer",
                "Fill gaps.\n\n`SimpleImputer` replaces the previous "
                "`lib.preprocessing.Imputer` estimator which is now removed.",
            )  # fmt: skip
        ],
        "KNNImputer": [hit("KNNImputer", "Fill gaps from the nearest neighbours.")],
    }
    [(chosen, why)] = _renamed("Imputer", close, "lib.preprocessing", {"call": True})
    assert chosen["name"] == "SimpleImputer" and "docstring" in why
    # without the note the two are as alike as each other: no choice
    close["SimpleImputer"][0]["doc"] = "Fill gaps."
    assert _renamed("Imputer", close, "lib.preprocessing", {"call": True}) == []


def _error(ename: str, evalue: str, line: int = 1, cell: int = 0) -> CellError:
    tb = f"{ename}    Traceback (most recent call last)\nCell In[1], line {line}\n"
    return CellError(cell, f"c{cell}", ename, evalue, tb)


def test_drift_and_candidates_from_a_kernel_answer() -> None:
    nb = _nb("from lib.cross_val import split, kfold\nsplit([1, 2])")
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i}"
    drift = understand(_error("ModuleNotFoundError", "No module named 'lib.cross_val'"), nb)
    assert drift.kind == "relocate" and [n["name"] for n in drift.detail["names"]] == [
        "split",
        "kfold",
    ]
    assert drift.detail["names"][0]["use"] == {"call": True, "args": 1, "keywords": []}
    answer = {
        "names": {
            "split": [
                {
                    "module": "lib.selection",
                    "kind": "function",
                    "ident": "lib.selection.split",
                    "top": "lib",
                    "name": "split",
                }
            ],
            "kfold": [
                {
                    "module": "lib.selection",
                    "kind": "function",
                    "ident": "lib.selection.kfold",
                    "top": "lib",
                    "name": "kfold",
                }
            ],
        }
    }
    [best] = candidates(drift, answer, nb)
    assert best.edit.apply(nb, 0) == {0: "from lib.selection import split, kfold\nsplit([1, 2])"}
    assert "`split` is in `lib.selection`" in best.evidence and best.safety == "safe"
    # nothing known about the environment: no candidate
    assert candidates(drift, {}, nb) == []


def test_stored_numbers_found_again() -> None:
    assert same_number("0.947", "0.9473684") and same_number("0.9473684", "0.947")
    assert not same_number("0.947", "0.951") and not same_number("150", "151")
    assert same_number("1e-05", "1.0000001e-05")
    old, new = _nb("print(1)", "print(2)"), _nb("print(1)", "print(2)")
    old.cells[0].outputs = [nbformat.v4.new_output("stream", text="acc 0.947 n 150\n")]
    old.cells[1].outputs = [nbformat.v4.new_output("stream", text="<object at 0x7f00ab> 3\n")]
    new.cells[0].outputs = [nbformat.v4.new_output("stream", text="acc 0.94736 n 149\n")]
    new.cells[1].outputs = [nbformat.v4.new_output("stream", text="3\n")]
    assert numbers_found(old, new) == (2, 3)  # 149 is not 150; the address is no number
    assert numbers_found(old, new, start=1) == (1, 1)
    # a %timeit line differs on every run: its numbers are no result to find again
    timed = "{} ms ± 3 µs per loop (mean ± std. dev. of 7 runs, 100 loops each)\n"
    old.cells[1].outputs = [nbformat.v4.new_output("stream", text=timed.format("1.2"))]
    new.cells[1].outputs = [nbformat.v4.new_output("stream", text=timed.format("4.5"))]
    assert numbers_found(old, new, start=1) == (0, 0)


def test_a_call_inside_a_function_of_an_earlier_cell_is_repaired_there() -> None:
    nb = _nb(
        "from sklearn.neighbors import KernelDensity\ndef kde(b):\n    return KernelDensity(b)",
        "kde(0.5)",
    )
    nb.cells[0]["execution_count"], nb.cells[1]["execution_count"] = 7, 8
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i}"
    tb = (
        "TypeError    Traceback (most recent call last)\nCell In[8], line 1\n----> 1 kde(0.5)\n"
        "Cell In[7], line 3, in kde(b)\n----> 3     return KernelDensity(b)\n"
    )
    error = CellError(1, "c1", "TypeError", "KernelDensity.__init__() takes 1 positional "
                      "argument but 2 were given", tb)  # fmt: skip
    drift = understand(error, nb)
    assert (drift.kind, drift.cell_index, drift.site) == ("positional", 1, 0)
    assert drift.detail["calls"] == [{"callee": "KernelDensity", "args": 1, "keywords": []}]


def test_a_sentence_is_no_code_and_a_named_attribute_is() -> None:
    who = (
        "`np.who` was removed in the NumPy 2.0 release. Use an IDE variable explorer or "
        "`locals()` instead."
    )
    assert stated_fix("AttributeError", who, _stmt("np.who()")) is None
    binary = "The binary mode of fromstring is removed, use frombuffer instead"
    hint = stated_fix("ValueError", binary, _stmt("x = np.fromstring(b)"))
    assert (hint["attr"], hint["new"], hint["receivers"]) == ("fromstring", "frombuffer", ["np"])


def test_positional_arguments_bind_in_order_unless_the_evidence_says_the_order_changed() -> None:
    """Extra positionals bind to today's keyword-only parameters in order, except where the
    library visibly reordered or dropped parameters when it made them keyword-only: a
    parameter made required (pandas' pivot), a name passed in another parameter's place
    (matplotlib's ColorbarBase), a literal the next parameter's default or docstring refuses
    (fillna's lost ``method``). A columns and index swapped in silence is worse than the
    error."""
    nb = _nb("ax.set_xticklabels(['a', 'b'], {'fontsize': 8})")
    nb.cells[0]["id"] = "c0"
    error = _error(
        "TypeError", "Axes.set_xticklabels() takes 2 positional arguments but 3 were given"
    )
    drift = understand(error, nb)
    assert drift.detail["positional"] == {
        "ax.set_xticklabels": [["list", None, None], ["dict", None, None]]
    }

    def param(name: str, kind: str = "KEYWORD_ONLY", default_type: str | None = None,
              default: bool = True) -> dict:  # fmt: skip
        return {"name": name, "kind": kind, "default": default, "default_type": default_type}

    labels = param("labels", "POSITIONAL_OR_KEYWORD")
    call = {"callee": "ax.set_xticklabels", "args": 2, "keywords": [], "found": True}
    # a dict is no flag: `fontdict`, documented as taking one, wherever it stands
    doc = "Set.\n\nParameters\n----------\nfontdict : dict, optional\n    Font.\n"
    for params in (
        [labels, param("minor", default_type="bool"), param("fontdict")],
        [labels, param("fontdict"), param("minor", default_type="bool")],
    ):
        answer = {"calls": [{**call, "params": params, "doc": doc}]}
        [binding] = candidates(drift, answer, nb)
        assert binding.edit.apply(nb, 0) == {
            0: "ax.set_xticklabels(['a', 'b'], fontdict={'fontsize': 8})"
        }

    def bound(source: str, params: list[dict], doc: str = "") -> list[str]:
        nb = _nb(source)
        nb.cells[0]["id"] = "c0"
        drift = understand(
            _error("TypeError", "f() takes 1 positional argument but 9 were given"), nb
        )
        callee = source.split("=")[-1].strip().split("(")[0]  # the outer call
        given = drift.detail["positional"][callee]
        answer = {"calls": [{"callee": callee, "args": len(given), "keywords": [],
                             "found": True, "params": params, "doc": doc}]}  # fmt: skip
        return [c.edit.apply(nb, 0)[0] for c in candidates(drift, answer, nb)]

    this = param("self", "POSITIONAL_OR_KEYWORD")
    # pandas 2: pivot(*, columns, index=..., values=...), once pivot(index, columns, values)
    pivot = [this, param("columns", default=False), param("index"), param("values")]
    assert bound("t = df.pivot('a', 'b', 'c')", pivot) == []
    # where only required parameters take the positionals, they were required before too:
    # scikit-learn 1.0's fbeta_score(y_true, y_pred, *, beta, labels=None, ...)
    fbeta = [param("y_true", "POSITIONAL_OR_KEYWORD"), param("y_pred", "POSITIONAL_OR_KEYWORD"),
             param("beta", default=False), param("labels"), param("pos_label")]  # fmt: skip
    assert bound("s = fbeta_score(t, p, 0.5)", fbeta) == ["s = fbeta_score(t, p, beta=0.5)"]
    weights = [param("class_weight", "POSITIONAL_OR_KEYWORD"), param("classes", default=False),
               param("y", default=False)]  # fmt: skip
    assert bound("w = compute_class_weight('balanced', np.unique(y), y)", weights) == [
        "w = compute_class_weight('balanced', classes=np.unique(y), y=y)"
    ]
    # fillna lost `method`: its docstring's `axis` takes 0, 'index', 1 or 'columns'
    fillna = [this, param("value", "POSITIONAL_OR_KEYWORD"), param("axis"),
              param("inplace", default_type="bool"), param("limit")]  # fmt: skip
    doc = (
        "Fill NA.\n\nParameters\n----------\nvalue : scalar, dict\n    What to fill.\n"
        "axis : {0 or 'index', 1 or 'columns'}\n    Axis.\ninplace : bool, default False\n"
    )
    assert bound("df.fillna(0, 'ffill')", fillna, doc) == []
    assert bound("df.fillna(0, {'a': 1})", fillna, doc) == []  # nothing documented takes it
    assert bound("df.fillna(0, 'columns')", fillna, doc) == ["df.fillna(0, axis='columns')"]
    # matplotlib 3.x: Colorbar(ax, mappable=None, *, cmap=None, norm=None, alpha=None)
    colorbar = [param("ax", "POSITIONAL_OR_KEYWORD"), param("mappable", "POSITIONAL_OR_KEYWORD"),
                param("cmap"), param("norm"), param("alpha")]  # fmt: skip
    assert bound("cb = ColorbarBase(ax, cmap, norm)", colorbar) == []
    assert bound("cb = ColorbarBase(ax, m, norm)", colorbar) == [
        "cb = ColorbarBase(ax, m, norm=norm)"
    ]
    # what kept its order: values of the kinds the parameters take, names of unknown kind
    svc = [param("C", default_type="float"), param("kernel", default_type="str"),
           param("degree", default_type="int")]  # fmt: skip
    assert bound("m = SVC(10.0, 'linear')", svc) == ["m = SVC(C=10.0, kernel='linear')"]
    assert bound("m = SVC(c)", svc) == ["m = SVC(C=c)"]
    assert bound("m = SVC('linear')", svc) == ["m = SVC(kernel='linear')"]  # no number


def test_did_you_mean_names_the_value_to_replace() -> None:
    hint = stated_fix(
        "ValueError",
        "'Vega10' is not a valid value for cmap. Did you mean: 'tab10'?",
        _stmt("plt.imshow(a, cmap='Vega10')"),
    )
    assert (hint["old"], hint["new"], hint["where"]) == ("Vega10", "tab10", "string")


def test_a_keyword_refused_as_a_dict_and_an_abbreviation_spelled_out() -> None:
    nb = _nb("opt = Adam(lr=0.01, beta_1=0.8)")
    nb.cells[0]["id"] = "c0"
    drift = understand(_error("ValueError", "Argument(s) not recognized: {'lr': 0.01}"), nb)
    assert drift.kind == "kwarg"
    assert (drift.detail["callee"], drift.detail["keyword"]) == ("Adam", "lr")
    assert drift.detail["given"] == ["beta_1"]
    said = "Unrecognized keyword arguments passed to Dense: {'init': 'uniform'}"
    dense = _nb("d = Dense(3, init='uniform')")
    dense.cells[0]["id"] = "c0"
    assert understand(_error("ValueError", said), dense).detail["qualname"] == "Dense"

    def param(name: str) -> dict:
        return {"name": name, "kind": "POSITIONAL_OR_KEYWORD", "default": True}

    answer = {
        "found": True,
        "name": "Adam",
        "params": [param(n) for n in ("learning_rate", "beta_1", "beta_2", "loss_scale")],
        "doc": "Optimizer that implements the Adam algorithm.",
    }
    (cand,) = candidates(drift, answer, nb)
    assert cand.edit == KeywordRewrite("Adam", "lr", "learning_rate") and cand.strict
    assert "the initials of `learning_rate`" in cand.evidence
    # two parameters with those initials: no answer
    answer["params"].append(param("last_round"))
    assert candidates(drift, answer, nb) == []


def test_the_name_index_walk_survives_an_object_whose_attributes_raise(tmp_path) -> None:
    """torch on a CPU build: reading ``__module__`` of ``torch.backends.cuda``'s handle raises
    AssertionError ("Torch not compiled with CUDA enabled"); the walk leaves it out and goes on."""
    import json
    import subprocess
    import sys

    from mlemodernizer.fixers.environment.probe import SKIP, _walker_source

    pkg = tmp_path / "lazylib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "class _Handle:\n    def __getattr__(self, name):\n"
        "        raise AssertionError('not compiled with CUDA enabled')\n"
        "handle = _Handle()\n__all__ = ['handle', 'ready']\ndef ready():\n    return True\n"
    )
    (pkg / "tools.py").write_text("def moved_here():\n    return 1\n")
    code = _walker_source() + f"\n__mlem_walk__('lazylib', 30, {SKIP!r})\n"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    index = json.loads(proc.stdout)
    moved = [["lazylib.tools", "function", "lazylib.tools.moved_here"]]
    assert index["names"]["moved_here"] == moved
    assert "ready" in index["names"] and "handle" not in index["names"]


def test_the_name_index_walk_leaves_out_a_vendored_copy(tmp_path) -> None:
    """scikit-learn keeps a copy of array_api_compat (its ``numpy.load``) under
    ``sklearn.externals``: walked, ``load_lfw_pairs`` "kept the words" of that ``load``. Another
    project's copy holds no name of the library's own, so the walk does not import it."""
    import json
    import subprocess
    import sys

    from mlemodernizer.fixers.environment.probe import SKIP, _walker_source

    pkg = tmp_path / "vendlib"
    (pkg / "externals" / "compat").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "datasets.py").write_text("def fetch_pairs():\n    return 1\n")
    (pkg / "externals" / "__init__.py").write_text("")
    (pkg / "externals" / "compat" / "__init__.py").write_text("def load(f):\n    return f\n")
    code = _walker_source() + f"\n__mlem_walk__('vendlib', 30, {SKIP!r})\n"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    index = json.loads(proc.stdout)
    assert "fetch_pairs" in index["names"] and "load" not in index["names"]
    assert not any("externals" in m for m in index["modules"])


# a made-up library's check, worded as scikit-learn words its own: the forms are read from
# the message's shape, never from its library
_REFUSED = (
    "Expected a table, got a column instead:\ncolumn=[1.5 2.5].\n"
    "Pass it either using column.to_table(axis=1) if it is one variable or "
    "column.to_table(axis=0) if it is one record."
)
_TRACEBACK = (
    "ValueError                                Traceback (most recent call last)\n"
    "Cell In[7], line 2\n      1 x = load()\n----> 2 print(model.score(x, 3))\n\n"
    "File /env/lib/python3.11/site-packages/tablelib/models.py:120, in Model.score(self, X, k)\n"
    "    118 def score(self, X, k):\n--> 120     X = check_table(X)\n\n"
    "File /env/lib/python3.11/site-packages/tablelib/checks.py:40, in check_table(X)\n"
    "---> 40     raise ValueError(msg)\n\nValueError: Expected a table, got a column instead:"
)


def test_the_forms_a_message_states_for_a_refused_argument() -> None:
    from mlemodernizer.fixers.environment.forms import (
        raised_through,
        refused_argument,
        refusing_call,
        stated_forms,
    )

    placeholder, forms = stated_forms(_REFUSED)
    assert placeholder == "column"
    assert [(f.call, f.when) for f in forms] == [
        ("to_table(axis=1)", "if it is one variable"),
        ("to_table(axis=0)", "if it is one record"),
    ]
    # forms on two different placeholders, or none after "using": nothing to pass
    assert stated_forms("Fix it using a.f(1) or b.f(2).") is None
    assert stated_forms("Use `np.inf` instead.") is None
    # the refusing call is the first frame after the notebook's own, not the check inside it
    assert refusing_call(_TRACEBACK) == "Model.score"
    assert raised_through(_TRACEBACK, "Model.score") and not raised_through(_TRACEBACK, "load")
    stmt = ast.parse("print(model.score(x, 3))").body[0]
    assert refused_argument(stmt, "Model.score") == ("score", "x")
    # two calls to the same method with different first arguments: not clear which
    two = ast.parse("print(m.score(a), m.score(b))").body[0]
    assert refused_argument(two, "Model.score") is None


def test_a_refused_argument_gets_each_stated_form_in_the_messages_order() -> None:
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("x = load()\nprint(model.score(x, 3))\nmodel.score(y)"),
        ]
    )
    error = CellError(0, nb.cells[0].get("id", "0"), "ValueError", _REFUSED, _TRACEBACK)
    drift = understand(error, nb)
    assert drift is not None and drift.kind == "argument_form"
    found = candidates(drift, None, nb)
    assert [c.refused_by for c in found] == [("Model.score", "to_table")] * 2
    assert all(c.safety == "review" for c in found)
    assert "the error says to pass `column.to_table(axis=1)` if it is one variable" in (
        found[0].evidence
    )
    # only the refused argument changes: the other call's argument is another value
    assert found[0].edit.apply(nb, 0) == {
        0: "x = load()\nprint(model.score(x.to_table(axis=1), 3))\nmodel.score(y)"
    }
    assert found[1].edit.apply(nb, 0)[0].count("x.to_table(axis=0)") == 1
    # an expression is parenthesized before the form's method is called on it
    from mlemodernizer.fixers.environment.edits import ArgumentForm

    edit = ArgumentForm("score", "a + b", "to_table(axis=1)")
    assert edit.apply_source("model.score(a+b)", first=True) == (
        "model.score((a+b).to_table(axis=1))"
    )


# a made-up library whose parameters became keyword-only: a class, a method, a function
_KEYWORD_ONLY_LIB = """
class Smoother:
    def __init__(self, *, window=3, centered=False):
        self.window, self.centered = window, centered
    def apply(self, data, *, times=1, clip=None):
        return data
def resample(data, *, rate=1, fill=0.0):
    return data
"""


@pytest.mark.parametrize(
    ("line", "callee"),
    [
        ("Smoother(5, centered=True)", "Smoother"),
        ("Smoother(5, True)", "Smoother"),
        ("sm.apply([1], 2, clip=3)", "sm.apply"),
        ("sm.apply(Smoother(window=2), 2)", "sm.apply"),
        ("resample([1], 2, fill=1.0)", "resample"),
    ],
)
def test_positionals_refused_by_keyword_only_parameters_are_read_in_every_wording(
    line: str, callee: str
) -> None:
    """Python words the refusal two ways ("but 3 were given"; with keywords passed too, "but 2
    positional arguments (and 1 keyword-only argument) were given"), and names a method by its
    class: the drift is read from each and points at the call that was refused."""
    scope: dict = {}
    exec(_KEYWORD_ONLY_LIB + "sm = Smoother()\n", scope)
    with pytest.raises(TypeError) as refused:
        eval(line, scope)
    nb = _nb(line)
    nb.cells[0]["id"] = "c0"
    drift = understand(_error("TypeError", str(refused.value)), nb)
    assert drift is not None and drift.kind == "positional", str(refused.value)
    assert [c["callee"] for c in drift.detail["calls"]] == [callee]


@pytest.mark.parametrize(
    ("old", "new", "called", "took"),
    [
        ("Imputer", "SimpleImputer", True, True),
        ("get_feature_names", "get_feature_names_out", True, True),
        ("ordered_merge", "merge_ordered", True, True),  # the same words, reordered
        ("load_data", "load_dataset", True, True),  # starts with the old name
        ("to_list", "tolist", True, True),  # the same words, joined
        ("fit_generator", "fit", True, True),  # a call gone to the general one
        ("jaccard_similarity_score", "jaccard_score", True, True),
        # what the environment run of issue 39 rewrote wrongly
        ("demean", "mean", True, False),  # spelled alike: another function
        ("set_labels", "set_levels", True, False),  # `set_codes` is the one
        ("figurePatch", "figure", False, False),  # an attribute: `patch` is the one
        ("lsim2", "lsim", True, True),  # SciPy 1.13 removed lsim2: use lsim
        ("fit_generator", "fit", False, False),  # read, not called: another thing
    ],
)
def test_a_name_takes_anothers_place_by_its_words_not_its_spelling(
    old: str, new: str, called: bool, took: bool
) -> None:
    assert took_the_place_of(old, new, called=called) is took


def test_a_name_that_keeps_every_word_wins_over_one_that_drops_some() -> None:
    """``pd.ordered_merge`` is ``merge_ordered`` today, not the more general ``merge``."""

    def hit(name: str) -> dict:
        return {"module": "lib", "name": name, "ident": f"lib.core.{name}", "top": "lib",
                "kind": "function", "params": None, "doc": ""}  # fmt: skip

    close = {n: [hit(n)] for n in ("merge", "merge_ordered", "merge_asof")}
    [(chosen, why)] = _renamed("ordered_merge", close, "lib", {"call": True})
    assert (chosen["name"], why) == ("merge_ordered", "keeps words of")
    del close["merge_ordered"]
    [(chosen, _)] = _renamed("ordered_merge", close, "lib", {"call": True})
    assert chosen["name"] == "merge"  # the general call, where nothing keeps every word


@pytest.mark.parametrize(
    "doc",
    [
        "DEPRECATED TF 1.x ONLY. (deprecated)\n\nDeprecated: use run() instead.",
        "Run a function.\n\n.. deprecated:: 2.2\n    Use `run`.",
    ],
)
def test_a_deprecated_name_is_not_where_an_old_one_landed(doc: str) -> None:
    """TensorFlow 2.2 renamed ``experimental_run_v2`` to ``run``; ``experimental_run``, spelled
    closer, is still there but deprecated itself: the rewrite goes to ``run``."""

    def hit(name: str, doc: str) -> dict:
        return {"module": "lib", "name": name, "ident": f"lib.S.{name}", "top": "lib",
                "kind": "function", "params": None, "doc": doc}  # fmt: skip

    close = {"experimental_run": [hit("experimental_run", doc)], "run": [hit("run", "Run.")]}
    [(chosen, _)] = _renamed("experimental_run_v2", close, "lib", {"call": True})
    assert chosen["name"] == "run"
    # a parameter deprecated further down says nothing about the function
    close["experimental_run"] = [hit("experimental_run", "Run.\n\nx : int\n    deprecated.")]
    assert _renamed("experimental_run_v2", close, "lib", {"call": True})[0][0]["name"] == (
        "experimental_run"
    )


def test_a_name_index_walk_cut_short_is_finished_by_the_next_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package too big for one walk's budget on a loaded machine (TensorFlow's never ended
    in 30 s here): the part walked is kept in the cache, and the next question goes on from
    where it stopped instead of walking the same first modules again and never finishing."""
    import json

    from mlemodernizer.fixers.environment.probe import SKIP, _walker_source
    from mlemodernizer.kernel.code import DRIFT_PROBE, probe_namespace

    pkg = tmp_path / "slowlib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a_slow.py").write_text("import time\ntime.sleep(1.5)\ndef early():\n    return 1\n")
    (pkg / "b_later.py").write_text("def moved_here():\n    return 2\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    nb = _nb("from slowlib.old import moved_here\nmoved_here()")
    nb.cells[0]["id"] = "c0"
    drift = understand(_error("ModuleNotFoundError", "No module named 'slowlib.old'"), nb)
    cache = tmp_path / "cache"
    params = {"budget": 60, "walk_budget": 1.0, "skip": SKIP, "cache_dir": str(cache),
              "walker": _walker_source()}  # fmt: skip
    ns = probe_namespace(DRIFT_PROBE)  # the probe's functions, as the kernel defines them

    def ask() -> tuple[dict, dict]:
        facts = ns["__mlem_drift__"]([question(drift, 0)], params, {})
        [stored] = [json.loads(p.read_text()) for p in cache.glob("slowlib-*.json")]
        return facts, stored

    _, first = ask()  # a_slow's import outlasts the budget: b_later is not reached
    assert first["complete"] is False and "slowlib.b_later" not in first["modules"]
    assert "early" in first["names"] and "moved_here" not in first["names"]
    facts, second = ask()
    assert second["complete"] is True
    assert second["modules"].count("slowlib.a_slow") == 1  # not walked again
    assert second["names"]["moved_here"][0][0] == "slowlib.b_later"
    assert second["names"]["early"] == first["names"]["early"]
    [index] = [i for i in facts["indexes"] if i["top"] == "slowlib"]
    assert index["resumed"] == len(first["modules"]) and index["complete"] is True


@pytest.mark.parametrize(
    ("type_line", "kind", "value", "takes"),
    [
        ("list of tuple (int, int) or 'infer'. optional", "str", "infer", True),
        ("list of tuple (int, int) or 'infer'. optional", "str", "auto", False),
        ("{0 or 'index', 1 or 'columns'}", "str", "ffill", False),
        ("{0 or 'index', 1 or 'columns'}", "int", 1, True),
        ("{'equal', 'auto'} or float or None, default: None", "float", 1.5, True),
        ("str, optional", "str", "records", True),
        ("bool, default False", "str", "x", False),
        ("Hashable or a sequence of the previous", "str", "a", True),
        ("int, default 10", "float", 2.5, True),  # numbers stand in for each other
    ],
)
def test_a_docstrings_type_line_says_which_literals_a_parameter_takes(
    type_line: str, kind: str, value: object, takes: bool
) -> None:
    said = documented_kinds(type_line)
    assert said is not None and admits(said, kind, value) is takes


def test_a_type_line_that_names_no_kind_says_nothing() -> None:
    assert documented_kinds("default: :rc:`figure.facecolor`") is None
