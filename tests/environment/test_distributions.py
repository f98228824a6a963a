"""One table says which distribution provides which import: the rules' version gates and the LLM
fixer's package checks both read it."""

from __future__ import annotations

from mlemodernizer.environment.distributions import (
    PROVIDERS,
    builds,
    import_names,
    install_name,
    library_of,
    normalize,
)
from mlemodernizer.fixers.llm.packages import dist_for_module, is_available
from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.versions import gate, normalize_versions


def test_names_in_the_table_are_normalized_and_listed_once() -> None:
    dists = [d for ds in PROVIDERS.values() for d in ds]
    assert all(d == normalize(d) for d in dists)
    builds_ = [d for ds in PROVIDERS.values() for d in ds[1:]]
    assert len(builds_) == len(set(builds_))
    assert not set(builds_) & {ds[0] for ds in PROVIDERS.values()}  # a build is no library


def test_a_build_counts_as_its_library_for_the_rules() -> None:
    assert library_of("XGBoost_CPU") == "xgboost" and library_of("numpy") == "numpy"
    assert "tf-nightly" in builds("tensorflow") and builds("numpy") == ()
    versions = normalize_versions({"xgboost-cpu": "3.2.0", "tensorflow-cpu": "2.16.1"})
    assert versions["xgboost"] == "3.2.0" and versions["tensorflow"] == "2.16.1"
    assert gate(get_rule("TF001"), versions) is True
    # an installed library keeps its own version over a build's
    assert normalize_versions({"torch": "2.5", "torch-cpu": "2.1"})["torch"] == "2.5"


def test_the_llm_fixer_finds_the_distribution_behind_an_import() -> None:
    versions = {"Scikit-Learn": "1.5.2", "xgboost-cpu": "3.2.0", "attrs": "24.2"}
    assert dist_for_module("sklearn.model_selection", versions) == "Scikit-Learn"
    assert dist_for_module("xgboost", versions) == "xgboost-cpu"
    assert dist_for_module("attr", versions) == "attrs"
    assert not is_available("cv2", versions)
    assert is_available("cv2", {"opencv-python-headless": "4.10"})
    assert import_names("attrs") == {"attr", "attrs"}
    assert import_names("beautifulsoup4") == {"beautifulsoup4", "bs4"}


def test_a_missing_module_installs_under_its_library_name() -> None:
    assert install_name("cv2") == "opencv-python" and install_name("sklearn.svm") == "scikit-learn"
    assert install_name("tensorflow") == "tensorflow" and install_name("PIL") == "pillow"
    assert install_name("statsmodels.api") == "statsmodels"
