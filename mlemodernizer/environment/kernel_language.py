"""Refuse notebooks written for another language before any work starts.

Every run happens in a Python kernel (python3 here, or in the container), so an R or Julia
notebook would only fail cell by cell with NameErrors and end as ``error_non_reproducible``.
The kernelspec *name* alone is not enough to tell: most old Python notebooks name a kernel that
is not installed here ("python2", "conda-env-foo-py") and must still run in python3. So the
declared language decides, and the name is only looked up when no language is declared.
"""

from __future__ import annotations

import os
import re
from typing import Any

from nbformat import NotebookNode

from ..contracts.errors import NotebookError

# kernel names whose language is not Python, for notebooks that do not declare a language
_KERNEL_LANGUAGES = {
    "ir": "R",
    "julia": "Julia",
    "ijavascript": "JavaScript",
    "javascript": "JavaScript",
    "bash": "bash",
    "octave": "Octave",
    "matlab": "MATLAB",
    "scala": "Scala",
    "xcpp": "C++",
    "evcxr": "Rust",
    "gophernotes": "Go",
    "ruby": "Ruby",
    "sas": "SAS",
    "java": "Java",
}
# how a language is written in messages, when the metadata spells it in lower case
_DISPLAY = {
    "r": "R",
    "julia": "Julia",
    "javascript": "JavaScript",
    "scala": "Scala",
    "c++": "C++",
    "rust": "Rust",
    "go": "Go",
    "ruby": "Ruby",
    "matlab": "MATLAB",
    "octave": "Octave",
}


def _text(mapping: Any, key: str) -> str:
    value = mapping.get(key) if isinstance(mapping, dict) else None
    return value.strip() if isinstance(value, str) else ""


def _is_python(language: str) -> bool:
    # python, python2/3, "Python 3", ipython, pyspark, pypy: all run in a python3 kernel
    lowered = language.lower()
    return lowered.startswith("py") or lowered.startswith("ipy")


def notebook_language(nb: NotebookNode) -> tuple[str, str]:
    """(kernel name, language) the notebook asks for; either may be "" when not declared."""
    meta = nb.get("metadata") or {}
    spec = meta.get("kernelspec") or {}
    info = meta.get("language_info") or {}
    kernel = _text(spec, "name")
    language = _text(spec, "language") or _text(info, "name")
    if not language and kernel:
        word = re.match(r"[a-z]*", kernel.lower())
        language = _KERNEL_LANGUAGES.get(word.group(0) if word else "", "")
    return kernel, language


def check_kernel_language(
    nb: NotebookNode, kernel: str | None, name: str | os.PathLike[str]
) -> None:
    """Raise NotebookError when ``nb`` is for a language other than Python and the user did
    not name a kernel (a named kernel is the user's informed choice, so it always wins)."""
    if kernel:
        return
    wanted, language = notebook_language(nb)
    if not language or _is_python(language):
        return
    shown = _DISPLAY.get(language.lower(), language)
    asks = f"kernel {wanted!r}" if wanted else "no kernel name"
    raise NotebookError(
        f"{name}: a notebook for {shown} ({asks}, language {language!r}), not Python; "
        "it would fail in python3: name a kernel (--kernel) to run it anyway"
    )
