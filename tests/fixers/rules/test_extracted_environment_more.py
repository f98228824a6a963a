"""The other half of ``test_extracted_environment.py`` (its docstring says why two files): the
environment items of every library but pandas and scikit-learn, proven the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.fixers.rules import extracted

from .test_extracted_environment import HERE, assert_repaired, batches


@pytest.fixture(scope="module")
def index_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This file's tool cache: each library's name index walked once."""
    return tmp_path_factory.mktemp("cache")


@pytest.mark.kernel
@pytest.mark.parametrize("items", batches(exclude=HERE))
def test_every_environment_item_is_repaired_by_the_environment_family(
    tmp_path: Path, index_cache: Path, items: list[extracted.Answer]
) -> None:
    assert_repaired(tmp_path, index_cache, items)
