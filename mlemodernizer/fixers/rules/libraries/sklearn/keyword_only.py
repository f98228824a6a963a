"""scikit-learn: optional arguments of the splitters and model_selection functions that became
keyword-only in 1.0 (SLEP009).
"""

from __future__ import annotations

from ... import edits
from ...helpers import qualify
from ...matchers import Call, Outcome, Site
from ...model import SAFE, Rule
from ._shared import _CASE_DATA, DATA_FIRST, LIB, SOURCE, literal_int

# --- keyword-only arguments (SLEP009, enforced in 1.0) -----------------------------------------

# the old signatures' optional parameters, in order, after the positional ones they kept; the
# order held from 0.18 to 0.23, so old positional calls map onto these names exactly
KEYWORD_ONLY: dict[str, tuple[int, list[str]]] = {
    # name: (how many positional arguments the new signature keeps, the old names after them)
    "KFold": (1, ["shuffle", "random_state"]),
    "StratifiedKFold": (1, ["shuffle", "random_state"]),
    "ShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "StratifiedShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "GroupShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "RepeatedKFold": (0, ["n_splits", "n_repeats", "random_state"]),
    "RepeatedStratifiedKFold": (0, ["n_splits", "n_repeats", "random_state"]),
    "cross_val_score": (3, ["groups", "scoring", "cv", "n_jobs", "verbose"]),
    "cross_validate": (3, ["groups", "scoring", "cv", "n_jobs", "verbose"]),
    "cross_val_predict": (3, ["groups", "cv", "n_jobs", "verbose"]),
    "learning_curve": (3, ["groups", "train_sizes", "cv", "scoring"]),
    "validation_curve": (3, ["param_name", "param_range", "groups", "cv", "scoring"]),
}
# the functions of the modules model_selection replaced had no groups= parameter: a call
# imported from them (and moved by SKL001/SKL003) maps its positionals onto these names
OLD_MODULE_SIGNATURES: dict[str, tuple[int, list[str]]] = {
    "sklearn.learning_curve.learning_curve": (3, ["train_sizes", "cv", "scoring"]),
    "sklearn.learning_curve.validation_curve": (3, ["param_name", "param_range", "cv", "scoring"]),
    "sklearn.cross_validation.cross_val_score": (3, ["scoring", "cv", "n_jobs", "verbose"]),
    "sklearn.cross_validation.cross_val_predict": (3, ["cv", "n_jobs", "verbose"]),
}


def _keyword_only(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    keep, names = KEYWORD_ONLY[name]
    original = site.extra.get("original_qname") or site.qname
    if original in OLD_MODULE_SIGNATURES:
        keep, names = OLD_MODULE_SIGNATURES[original]
    pos = site.positional()
    if len(pos) <= keep or site.has_star():
        return None
    if name in DATA_FIRST and not literal_int(pos[0].value):
        return None  # StratifiedKFold(y, 4) is the old API: SKL002 rewrites it
    if len(pos) - keep > len(names):
        return Outcome(fix=None)  # past the names that kept their place across versions
    return Outcome(fix=lambda node, refs: edits.positional_to_keywords(node, names, start=keep))


RULES = [
    Rule(
        id="SKL052",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="optional arguments of splitters and model_selection functions became "
        "keyword-only in 1.0 (KFold(5, True, 0) raises); name them as the old signature did",
        replacement="KFold(5, shuffle=True, random_state=0)",
        signatures=(
            r"(KFold|ShuffleSplit)\.__init__\(\) takes .*positional arguments? but \d+ "
            r"(were|was) given",
            r"^TypeError: too many positional arguments$",
        ),
        matchers=(
            Call(
                functions=(
                    *qualify("sklearn.model_selection", KEYWORD_ONLY),
                    *OLD_MODULE_SIGNATURES,
                ),
                check=_keyword_only,
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import KFold, validation_curve\n"
                "kf = KFold(5, True, 42)\n"
                "tr, te = validation_curve(m, X, y, 'max_depth', range(1, 8), cv=kf)",
                "from sklearn.model_selection import KFold, validation_curve\n"
                "kf = KFold(5, shuffle=True, random_state=42)\n"
                "tr, te = validation_curve(m, X, y, param_name='max_depth', "
                "param_range=range(1, 8), cv=kf)",
            ),
            (  # sklearn.learning_curve's function had train_sizes fourth (no groups)
                "from sklearn.learning_curve import learning_curve\n"
                "n, tr, te = learning_curve(m, X, y, sizes, 5)",
                "from sklearn.learning_curve import learning_curve\n"
                "n, tr, te = learning_curve(m, X, y, train_sizes=sizes, cv=5)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.model_selection import StratifiedKFold, cross_val_score\n"
                "from sklearn.tree import DecisionTreeClassifier\n"
                "folds = StratifiedKFold(3, True, 0)\n"
                "s = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, None, "
                "'accuracy', folds)"
            ),
            _CASE_DATA
            + (
                "from sklearn.model_selection import validation_curve\n"
                "from sklearn.tree import DecisionTreeClassifier\n"
                "tr, te = validation_curve(DecisionTreeClassifier(), X, y, 'max_depth', "
                "[1, 2], cv=3)"
            ),
        ),
    ),
]
