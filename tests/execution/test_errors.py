"""The one reader of API errors (``mlemodernizer/execution/errors.py``): what each message
Python and the libraries print says is missing, and where."""

from __future__ import annotations

import pytest

from mlemodernizer.execution.errors import Missing, read_missing


@pytest.mark.parametrize(
    ("ename", "evalue", "expected"),
    [
        (
            "ModuleNotFoundError",
            "No module named 'sklearn.cross_validation'",
            Missing("no_module", "sklearn.cross_validation"),
        ),
        (
            "ImportError",
            "cannot import name 'Imputer' from 'sklearn.preprocessing' (/x.py)",
            Missing("import_name", "Imputer", "sklearn.preprocessing"),
        ),
        (
            "AttributeError",
            "module 'numpy' has no attribute 'float'.\n`np.float` was a ...",
            Missing("module_attr", "float", "numpy"),
        ),
        (
            "AttributeError",
            "'DataFrame' object has no attribute 'ix'",
            Missing("object_attr", "ix", "DataFrame"),
        ),
        (
            "AttributeError",
            "type object 'Series' has no attribute 'from_array'",
            Missing("type_attr", "from_array", "Series"),
        ),
        (
            "TypeError",
            "DataFrame.drop_duplicates() got an unexpected keyword argument 'cols'",
            Missing("kwarg", "cols", "DataFrame.drop_duplicates"),
        ),
        (
            "TypeError",
            "DataFrame.any() takes 1 positional argument but 2 were given",
            Missing("positional", "", "DataFrame.any"),
        ),
        (
            "TypeError",
            "X.__init__() takes 1 positional argument but 2 positional arguments "
            "(and 1 keyword-only argument) were given",
            Missing("positional", "", "X.__init__"),
        ),
        ("NameError", "name 'xrange' is not defined", Missing("name", "xrange")),
    ],
)
def test_each_api_error_is_read_once(ename: str, evalue: str, expected: Missing) -> None:
    assert read_missing(ename, evalue) == expected


@pytest.mark.parametrize(
    ("ename", "evalue"),
    [
        ("ValueError", "No module named 'x'"),  # the words, but not the error that says them
        ("TypeError", "unsupported operand type(s) for +: 'int' and 'str'"),
        ("AttributeError", "can't set attribute"),
        ("ImportError", ""),
    ],
)
def test_other_errors_are_not_read_as_missing_names(ename: str, evalue: str) -> None:
    assert read_missing(ename, evalue) is None
