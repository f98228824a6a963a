"""A reference through a bound package to a submodule the package does not import itself gets
that submodule imported (``mlemodernizer/fixers/rules/submodules.py``)."""

from __future__ import annotations

import pytest

from mlemodernizer.fixers.rules.engine import Policy
from mlemodernizer.fixers.rules.submodules import is_submodule, needs_import
from mlemodernizer.fixers.rules.testing import rewrite


@pytest.mark.parametrize(
    ("module", "needed"),
    [
        ("scipy.stats.sampling", True),  # scipy.stats does not import it
        ("statsmodels.multivariate.pca", True),
        ("numpy.random", False),  # numpy loads it on first use
        ("numpy.lib.stride_tricks", False),  # imported by numpy
        ("numpy.ndarray", False),  # an attribute, not a module
        ("no_such_package_here.sub", False),
    ],
)
def test_a_submodule_is_imported_only_where_its_package_does_not(module: str, needed: bool) -> None:
    assert needs_import(module) is needed


def test_a_top_level_name_is_no_submodule() -> None:
    assert not is_submodule("numpy") and is_submodule("scipy.stats")


def test_a_reference_through_a_bound_package_imports_the_submodule() -> None:
    # SM201: statsmodels.tools.pca.PCA -> statsmodels.multivariate.pca.PCA, written through
    # the notebook's own binding of statsmodels.multivariate
    code = (
        "import statsmodels.multivariate as mv\nimport statsmodels.tools.pca as tp\n"
        "pc = tp.PCA(data, ncomp=2)"
    )
    (new,), _ = rewrite(code, ["SM201"], policy=Policy(safe=True))
    assert "import statsmodels.multivariate.pca\n" in new
    assert new.endswith("pc = mv.pca.PCA(data, ncomp=2)")
