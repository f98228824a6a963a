"""Grounding when no name is close: the probe lists what the module or class does offer, ranked by
fit to the failing use, with the rules catalogue's replacement first (issue 16)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mlemodernizer.environment.grounding import MAX_OFFER, call_use, format_facts
from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.llm.pricing import estimate_tokens
from mlemodernizer.fixers.rules.hints import catalogue_hints

from ..conftest import json_report, run_cli, write_notebook
from ..scripted_openai import ScriptedOpenAI
from .test_grounding import Kernel

# the notebook's own helper module: the function the notebook imports was renamed, and nothing
# in it is a spelling neighbour of the old name
LEGACY_HELPERS = '''"""Helpers kept next to the notebook."""

import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


def step_load(path):
    """Read a CSV file into a DataFrame."""
    return pd.read_csv(path)


def step_clean(df):
    """Drop the rows that have missing values."""
    return df.dropna()


def step_split(X, y, test_size=0.25):
    """Split features and labels into train and test parts."""
    return train_test_split(X, y, test_size=test_size, random_state=0)


def step_scale(X):
    """Standardise the feature columns."""
    return StandardScaler().fit_transform(X)


def step_report(model, X, y):
    """Print the model's accuracy on X, y."""
    print(f"accuracy: {model.score(X, y):.3f}")


def train_model(X, y):
    """Fit a logistic regression on X, y and return the fitted model."""
    return LogisticRegression(max_iter=1000).fit(X, y)
'''

LEGACY_CELLS = [
    "from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)",
    "from legacy_helpers import old_train",
    "model = old_train(X, y)",
    "print('accuracy: %.3f' % model.score(X, y))",
]


def legacy_notebook(folder: Path) -> Path:
    (folder / "legacy_helpers.py").write_text(LEGACY_HELPERS)
    return write_notebook(folder / "legacy.ipynb", LEGACY_CELLS)


def facts_section(prompt: str) -> str:
    m = re.search(
        r"## Facts from the live Python environment[^\n]*\n(.*?)(?:\n\n|\Z)", prompt, re.S
    )
    assert m, prompt
    return m.group(1)


@pytest.mark.kernel
def test_prompt_names_the_renamed_helper_with_its_signature_first(tmp_path: Path) -> None:
    nb = legacy_notebook(tmp_path)
    reply = (
        "The helper is now called train_model.\n\n```python\n# %% cell 2\n"
        "from legacy_helpers import train_model\n\n# %% cell 3\nmodel = train_model(X, y)\n```\n"
    )
    with ScriptedOpenAI([reply]) as srv:
        report = json_report(
            run_cli("run", str(nb), "--base-url", srv.base_url, "--model", "m", "--json")
        )
        prompt = "\n".join(str(m.get("content", "")) for m in srv.requests[0]["messages"])
    facts = facts_section(prompt)
    assert "`old_train` cannot be imported from `legacy_helpers`" in facts
    assert "`train_model(X, y)`: Fit a logistic regression" in facts
    helpers = [facts.index(f"`step_{s}(") for s in ("load", "clean", "split", "scale", "report")]
    assert facts.index("`train_model(X, y)`") < min(helpers)
    assert "best fit to `model = old_train(X, y)`, then `model.score` first" in facts
    assert "the one that fits its use is `train_model(X, y)`" in facts
    # the failing use rewritten with it: the 1.5B model, given the name and docstring alone,
    # inlined the body the docstring describes instead of calling the helper
    assert "(so `model = old_train(X, y)` becomes `model = train_model(X, y)`)" in facts
    assert "import it (`from legacy_helpers import train_model`) and call it" in facts
    # not a library that changed: the user's own module
    assert "`legacy_helpers` is the notebook's own module (`legacy_helpers.py` beside it)" in prompt
    assert "newer library version" not in prompt
    # cell 3 fails only because cell 2 did, but must follow the rename: never "leave it"
    assert "leave it" not in prompt and "Failing cells to leave alone" not in prompt
    # what the helper module imports is not what it offers
    assert "LogisticRegression" not in facts and "train_test_split" not in facts
    assert report["outcome"] == "error_free_reproducible" and report["final"]["error_cells"] == 0
    assert report["llm"]["requests"] == 1


# --- the probe in a live kernel ------------------------------------------------------------------


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    folder = tmp_path_factory.mktemp("offer")
    (folder / "legacy_helpers.py").write_text(LEGACY_HELPERS)
    k = Kernel()
    k.run(f"import os, sys\nos.chdir({str(folder)!r})\nsys.path.insert(0, {str(folder)!r})")
    k.run(LEGACY_CELLS[0] + "\nimport pandas as pd\ndf = pd.DataFrame(X)")
    yield k
    k.close()


def only_item(facts: dict) -> dict:
    """The facts of the first error alone, as the prompt shows them."""
    return {**facts, "items": facts["items"][:1]}


@pytest.mark.kernel
def test_local_module_offer_ranked_by_the_call_and_the_later_use(kernel):
    errors = [kernel.failing(src) for src in LEGACY_CELLS[1:]]
    facts, _ = kernel.probe(errors)
    item = facts["items"][0]
    assert item["local"] is True and item["offer_total"] == 6
    assert item["use"]["args"] == 2 and item["use"]["then"] == ["score"]
    names = [e["name"] for e in item["offer"]]
    assert names[0] == "train_model"
    assert item["offer"][0]["sig"] == "(X, y)" and item["offer"][0]["best"] is True
    assert item["offer"][0]["doc"].startswith("Fit a logistic regression")
    # the two-argument helper fits the call's shape better than the one-argument ones
    assert names.index("step_split") < names.index("step_scale")
    text = format_facts(only_item(facts), include_versions=False)
    bare = "- `old_train` cannot be imported from `legacy_helpers`"
    print(f"offer adds {estimate_tokens(text) - estimate_tokens(bare)} tokens")
    # 162 with the list alone; the best fit's import and rewritten line add ~40, bounded here
    assert estimate_tokens(text) - estimate_tokens(bare) < 230


@pytest.mark.kernel
def test_without_a_call_the_name_alone_ranks(kernel):
    facts, _ = kernel.probe([kernel.failing("from legacy_helpers import old_train")])
    item = facts["items"][0]
    assert "use" not in item and item["offer"][0]["name"] == "train_model"  # shares "train"


@pytest.mark.kernel
def test_instance_offer_ranked_by_keywords_and_catalogue(kernel):
    kernel.run(
        "class Net:\n"
        "    def fit(self, data, epochs=1, steps_per_epoch=None):\n        return self\n"
        "    def evaluate(self, data):\n        return 0.0\n"
        "    def summary(self):\n        pass\n"
        "net = Net()"
    )
    facts, _ = kernel.probe([kernel.failing("net.fit_generator(X, steps_per_epoch=10, epochs=3)")])
    item = facts["items"][0]
    assert item["use"]["keywords"] == ["steps_per_epoch", "epochs"]
    assert [e["name"] for e in item["offer"]][0] == "fit"
    assert item["offer"][0]["sig"] == "(data, epochs=1, steps_per_epoch=None)"  # no self
    assert item["catalogue"][0]["rule"] == "KER002" and item["catalogue"][0]["present"] == ["fit"]
    text = format_facts(facts, include_versions=False)
    assert "  - `fit(data, epochs=1, steps_per_epoch=None)`" in text
    assert "the rules catalogue (KER002) says: fit_generator" in text


@pytest.mark.kernel
def test_instance_attributes_and_the_catalogue_replacement_first(kernel):
    kernel.run(
        "from sklearn.model_selection import GridSearchCV\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "grid = GridSearchCV(LogisticRegression(max_iter=300), {'C': [0.1, 1]}, cv=3).fit(X, y)"
    )
    facts, _ = kernel.probe([kernel.failing("print(grid.grid_scores_)")])
    item = facts["items"][0]
    assert item["offer"][0] == {"name": "cv_results_", "type": "dict", "best": True}
    # a namespace bigger than the bound lists only names with evidence beyond the call's shape
    assert item["offer_total"] > MAX_OFFER and len(item["offer"]) < 5
    assert "has `cv_results_`" in format_facts(facts)


@pytest.mark.kernel
def test_catalogue_replacement_that_the_close_names_miss(kernel):
    facts, _ = kernel.probe([kernel.failing("from sklearn.decomposition import RandomizedPCA")])
    item = facts["items"][0]
    assert "offer" not in item  # a close name exists (randomized_svd)
    assert item["catalogue"][0]["rule"] == "SKL040" and "PCA" in item["catalogue"][0]["present"]
    assert "`sklearn.decomposition` has `PCA`" in format_facts(facts)


@pytest.mark.kernel
def test_big_module_with_nothing_that_fits_lists_nothing(kernel):
    facts, _ = kernel.probe([kernel.failing("s = pd.rolling_mean(df[0], 3)")])
    item = facts["items"][0]
    assert item["offer"] == [] and item["offer_total"] > 100
    text = format_facts(facts, include_versions=False)
    assert "offers" not in text and "(PD005) says: pd.rolling_*" in text
    assert estimate_tokens(text) < 60


@pytest.mark.kernel
def test_close_names_keep_the_old_facts(kernel):
    # the six snippets of benchmarks/llm_real_model.md: nothing is added where a name is close
    for src in ("y = np.float(1)", "df.ix[0, 1]", "from sklearn.preprocessing import Imputer"):
        kernel.run("import numpy as np")
        facts, _ = kernel.probe([kernel.failing(src)])
        item = facts["items"][0]
        assert "offer" not in item and not item.get("catalogue"), src


# --- the engine side ------------------------------------------------------------------------------


def test_call_use_from_tracebacks():
    errors = [
        CellError(
            1,
            "a",
            "ImportError",
            "cannot import name 'old' from 'h'",
            "----> 1 from h import old as o",
        ),
        CellError(
            2, "b", "NameError", "name 'o' is not defined", "----> 1 model, hist = o(X, y, k=3)\n"
        ),
        CellError(3, "c", "NameError", "name 'model' is not defined", "----> 1 model.predict(X)"),
    ]
    use = call_use(errors, "old", "h")
    assert use["args"] == 2 and use["keywords"] == ["k"] and use["result"] == ["model", "hist"]
    assert use["then"] == ["predict"]


def test_catalogue_hints_come_from_the_rules_metadata():
    error = "AttributeError: 'DataFrame' object has no attribute 'as_matrix'"
    hints = catalogue_hints(error, "as_matrix")
    assert hints[0]["rule"] == "PD002" and hints[0]["names"][0] == "to_numpy"
    assert catalogue_hints("AttributeError: 'A' object has no attribute 'zzz_nothing'", "z") == []


@pytest.mark.kernel
def test_a_reply_that_copies_the_helper_instead_of_importing_it_is_re_asked(
    tmp_path: Path,
) -> None:
    """The 1.5B model wrote the helpers the facts list into the cell (and dropped the helper's
    `max_iter=1000`): the reply is re-asked with the import to use; the next reply imports it."""
    nb = legacy_notebook(tmp_path)
    copied = (
        "Define train_model.\n\n```python\n# %% cell 2\nfrom sklearn.linear_model import "
        "LogisticRegression\n\ndef train_model(X, y):\n    return LogisticRegression().fit(X, y)"
        "\n\n# %% cell 3\nmodel = train_model(X, y)\n```\n"
    )
    imported = (
        "Import it.\n\n```python\n# %% cell 2\nfrom legacy_helpers import train_model\n\n"
        "# %% cell 3\nmodel = train_model(X, y)\n```\n"
    )
    with ScriptedOpenAI([copied, imported]) as srv:
        report = json_report(
            run_cli("run", str(nb), "--base-url", srv.base_url, "--model", "m", "--json")
        )
        reask = str(srv.requests[1]["messages"][-1]["content"])
    assert (
        "cell 2 writes `train_model` again, which your own `legacy_helpers.py` defines: import "
        "it from there (`from legacy_helpers import train_model`)" in reask
    )
    assert report["outcome"] == "error_free_reproducible"
    assert [r["accepted"] for r in report["fixers"]["llm"]["items"]] == [False, True]


@pytest.mark.kernel
def test_the_users_of_a_replaced_import_sent_alone_on_a_re_ask_join_the_first_reply(
    tmp_path: Path,
) -> None:
    """The 1.5B model fixed the import, was asked to make cell 3 follow, and sent cell 3 alone:
    the two replies make one patch (it had been taken alone, and cell 2 still failed)."""
    nb = legacy_notebook(tmp_path)
    import_only = (
        "Use the new name.\n\n```python\n# %% cell 2\nfrom legacy_helpers import train_model\n```\n"
    )
    call_only = "Cell 3 too.\n\n```python\n# %% cell 3\nmodel = train_model(X, y)\n```\n"
    with ScriptedOpenAI([import_only, call_only]) as srv:
        report = json_report(
            run_cli("run", str(nb), "--base-url", srv.base_url, "--model", "m", "--json")
        )
        reask = str(srv.requests[1]["messages"][-1]["content"])
    assert "cell 2 now imports `train_model` instead of `old_train`, but cell 3 still uses" in reask
    assert report["outcome"] == "error_free_reproducible"
    assert [r["accepted"] for r in report["fixers"]["llm"]["items"]] == [False, True]
    assert report["fixers"]["llm"]["items"][1]["cells"] == [1, 2]
    assert report["llm"]["requests"] == 2


@pytest.mark.kernel
def test_when_the_re_asks_run_out_a_replaced_import_is_taken_and_its_users_fixed_next(
    tmp_path: Path,
) -> None:
    """The model fixes the import, and answers the re-ask with the same reply: rather than no fix
    at all, that patch is taken; the next run shows cell 3's own error, and the next iteration
    fixes it (one patch per iteration, each a step forward)."""
    nb = legacy_notebook(tmp_path)
    import_only = (
        "Use the new name.\n\n```python\n# %% cell 2\nfrom legacy_helpers import train_model\n```\n"
    )
    call = "Cell 3 now.\n\n```python\n# %% cell 3\nmodel = train_model(X, y)\n```\n"
    with ScriptedOpenAI([import_only, import_only, call]) as srv:
        report = json_report(
            run_cli("run", str(nb), "--base-url", srv.base_url, "--model", "m", "--json")
        )
        second = "\n".join(str(m.get("content", "")) for m in srv.requests[2]["messages"])
    replies = report["fixers"]["llm"]["items"]
    # the repeat (the last such reply) is the one taken
    assert [r["accepted"] for r in replies] == [False, True, True]
    assert replies[1]["reason"].startswith("taken as it was when the re-asks ran out: cell 2 now")
    assert "name 'old_train' is not defined" in second  # the next iteration's own error
    assert report["outcome"] == "error_free_reproducible"
    assert [it["cells_changed"] for it in report["iterations"]] == [[1], [2]]
