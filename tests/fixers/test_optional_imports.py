"""PY2901: a failing import at the top of the notebook's own module, of names used only inside
its functions, moves into them; anything the module reads at its top keeps it there."""

from __future__ import annotations

from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.optional_imports import defer_missing_imports

MISSING = [CellError(0, "c", "ModuleNotFoundError", "No module named 'imageio'", "")]


def test_the_import_moves_into_each_function_and_method_that_uses_it() -> None:
    source = (
        "import numpy as np\n"
        "from imageio import imread, imsave as save\n\n\n"
        "def load(path):\n"
        '    """A picture."""\n'
        "    return imread(path)\n\n\n"
        "class Album:\n"
        "    size = 3\n\n"
        "    def store(self, x):\n"
        "        save('a.png', x)\n\n\n"
        "def other():\n"
        "    return np.zeros(2)\n"
    )
    new, rules = defer_missing_imports(source, MISSING)
    assert rules == ["PY2901"]
    assert new == (
        "import numpy as np\n\n\n"
        "def load(path):\n"
        '    """A picture."""\n'
        "    from imageio import imread, imsave as save\n"
        "    return imread(path)\n\n\n"
        "class Album:\n"
        "    size = 3\n\n"
        "    def store(self, x):\n"
        "        from imageio import imread, imsave as save\n"
        "        save('a.png', x)\n\n\n"
        "def other():\n"
        "    return np.zeros(2)\n"
    )


def test_a_name_read_at_the_top_level_keeps_the_import() -> None:
    for top in ("reader = imread\n", "@imread\ndef f():\n    pass\n", "__all__ = ['imread']\n"):
        source = f"from imageio import imread\n{top}\n\ndef g(p):\n    return imread(p)\n"
        assert defer_missing_imports(source, MISSING) is None, top


def test_only_a_missing_package_or_a_line_that_failed_is_moved() -> None:
    source = "from sklearn.datasets import load_boston\n\n\ndef f():\n    return load_boston()\n"
    moved = CellError(0, "c", "ModuleNotFoundError", "No module named 'sklearn.externals'", "")
    # a submodule that moved is drift for the fixers, not a package to do without
    assert defer_missing_imports(source, [moved]) is None
    removed = CellError(0, "c", "ImportError", "`load_boston` has been removed", "")
    new, _ = defer_missing_imports(source, [removed], lines_failed={1})
    assert new == (
        "\n\ndef f():\n    from sklearn.datasets import load_boston\n    return load_boston()\n"
    )
    # a one-line function has nowhere to put it: nothing changes
    one_line = "from imageio import imread\n\ndef f(p): return imread(p)\n"
    assert defer_missing_imports(one_line, MISSING) is None
