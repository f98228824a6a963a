"""Which submodules a reference through a bound package needs imported.

A reference written through a bound package (``stats.sampling.NumericalInverseHermite`` after
``from scipy import stats``) works only if something imported that submodule: a package does
not import all its submodules (``scipy.stats`` does not import ``sampling``). The rewrite then
adds ``import scipy.stats.sampling``. Whether a name is a submodule is read from the package's
files, without importing anything (TensorFlow's import takes seconds); whether the package
imports it itself is asked of a fresh interpreter, once per package and process, and only for
a submodule. This process's installed libraries are read, as the rules' version gates read the
kernel's versions: where the two differ, the worst case is an import that was not needed, or
one missing as before."""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path

_ASK_TIMEOUT_S = 30.0


def needs_import(module: str) -> bool:
    """``module`` is a submodule its package does not make an attribute by itself (neither
    imported by the package nor loaded lazily on first use, as ``numpy.random`` is)."""
    return is_submodule(module) and not reached_from_package(module)


@functools.cache
def is_submodule(module: str) -> bool:
    """``module`` (``scipy.stats.sampling``) is a package or a module file under its top
    package's folders; False for a top-level name, an attribute, or what cannot be told."""
    top, *rest = module.split(".")
    if not rest:
        return False
    try:
        spec = importlib.util.find_spec(top)  # a top-level name: nothing is imported
    except (ImportError, ValueError):
        return False
    if spec is None or not spec.submodule_search_locations:
        return False
    folders = [Path(p) for p in spec.submodule_search_locations]
    for i, part in enumerate(rest):
        packages = [f / part for f in folders if (f / part / "__init__.py").is_file()]
        if i == len(rest) - 1:
            files = (f / f"{part}{suffix}" for f in folders for suffix in _SUFFIXES)
            return bool(packages) or any(p.is_file() for p in files)
        if not packages:
            return False
        folders = packages
    return False


_SUFFIXES = tuple(importlib.machinery.all_suffixes())


@functools.cache
def reached_from_package(module: str) -> bool:
    """Whether ``package.sub`` is there after ``import package`` alone, asked of a fresh
    interpreter; True (nothing to add) where that cannot be told."""
    package, _, sub = module.rpartition(".")
    code = f"import {package}\nprint(hasattr({package}, {sub!r}))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=_ASK_TIMEOUT_S,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return True
    return done.stdout.strip() != "False"
