"""Which installed distribution provides which import name: one table for the rules' version gates
(``xgboost-cpu`` is xgboost) and the LLM fixer's package checks (``scikit-learn`` provides
``sklearn``).

Only the names that differ, or that several distributions share, are listed: a distribution
otherwise provides the module named like it (``statsmodels``, ``pytorch-lightning`` →
``pytorch_lightning``), and this Python's own metadata answers for what is installed here.
"""

from __future__ import annotations

import re

# import name → the distributions that install it; the first is the library's own name (the one
# rules use), the others are builds of the same library
PROVIDERS: dict[str, tuple[str, ...]] = {
    "sklearn": ("scikit-learn",),
    "skimage": ("scikit-image",),
    "imblearn": ("imbalanced-learn",),
    "tensorflow": (
        "tensorflow",
        "tensorflow-cpu",
        "tensorflow-gpu",
        "tensorflow-macos",
        "tensorflow-intel",
        "tf-nightly",
    ),
    "xgboost": ("xgboost", "xgboost-cpu"),
    "lightgbm": ("lightgbm", "lightgbm-gpu"),
    "torch": ("torch", "torch-cpu"),
    "cv2": ("opencv-python", "opencv-python-headless", "opencv-contrib-python"),
    "PIL": ("pillow",),
    "bs4": ("beautifulsoup4",),
    "yaml": ("pyyaml",),
    "dateutil": ("python-dateutil",),
    "google": ("protobuf",),
    "IPython": ("ipython",),
    "umap": ("umap-learn",),
    "faiss": ("faiss-cpu",),
    "attr": ("attrs",),
    "fitz": ("pymupdf",),
}


def normalize(name: str) -> str:
    """A distribution name as packaging compares them: ``Scikit_Learn`` → ``scikit-learn``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def providers(module: str) -> tuple[str, ...]:
    """The listed distributions that install ``module`` (its top-level name), library first."""
    return PROVIDERS.get(module.split(".")[0], ())


def install_name(module: str) -> str:
    """The distribution to install for a missing module: ``cv2`` → opencv-python, ``sklearn`` →
    scikit-learn, ``tensorflow`` → tensorflow (not one of its builds), else the module's name."""
    return (providers(module) or (normalize(module.split(".")[0]),))[0]


def import_names(dist: str) -> set[str]:
    """The import names ``dist`` provides: its own name as a module, and those listed."""
    d = normalize(dist)
    return {d.replace("-", "_")} | {m for m, dists in PROVIDERS.items() if d in dists}


def builds(library: str) -> tuple[str, ...]:
    """The other distributions that install ``library`` (``tensorflow`` → ``tensorflow-cpu``…)."""
    d = normalize(library)
    for dists in PROVIDERS.values():
        if dists[0] == d:
            return dists[1:]
    return ()


def library_of(dist: str) -> str:
    """The library a build belongs to (``xgboost-cpu`` → ``xgboost``), else ``dist`` itself."""
    d = normalize(dist)
    for dists in PROVIDERS.values():
        if d in dists[1:]:
            return dists[0]
    return d
