"""imbalanced-learn: the sampler API renames (catalogue §4)."""

from __future__ import annotations

from .. import edits
from ..helpers import kwarg_drop, kwarg_rename, object_no_attribute, qualify, unexpected_kwarg
from ..matchers import Call, Outcome
from ..model import SAFE, Rule
from ._setups import _CASE_DATA

LIB = "imbalanced-learn"

# setups the rules' proofs share

SAMPLERS = (
    *qualify(
        "imblearn.over_sampling",
        [
            "SMOTE",
            "ADASYN",
            "RandomOverSampler",
            "BorderlineSMOTE",
            "SVMSMOTE",
            "KMeansSMOTE",
            "SMOTENC",
            "SMOTEN",
        ],
    ),
    *qualify(
        "imblearn.under_sampling",
        [
            "RandomUnderSampler",
            "NearMiss",
            "TomekLinks",
            "EditedNearestNeighbours",
            "ClusterCentroids",
            "OneSidedSelection",
            "NeighbourhoodCleaningRule",
            "InstanceHardnessThreshold",
            "CondensedNearestNeighbour",
            "AllKNN",
            "RepeatedEditedNearestNeighbours",
        ],
    ),
    *qualify("imblearn.combine", ["SMOTEENN", "SMOTETomek"]),
)
SMOTE_FAMILY = tuple(q for q in SAMPLERS if "SMOTE" in q or q.endswith("ADASYN"))

RULES = [
    Rule(
        id="IMB001",
        library=LIB,
        changed_in="0.6",
        safety=SAFE,
        catalogue="I1",
        message="fit_sample was removed in imbalanced-learn 0.6; use fit_resample",
        replacement="sampler.fit_resample(X, y)",
        signatures=(object_no_attribute(["fit_sample"]),),
        matchers=(
            Call(
                methods=("fit_sample",),
                check=lambda site: Outcome(
                    fix=lambda node, refs: edits.rename_method(node, "fit_resample")
                ),
            ),
        ),
        examples=(
            (
                "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE().fit_sample(X, y)",
                "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE().fit_resample(X, y)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE().fit_sample(X, y)",
        ),
    ),
    Rule(
        id="IMB002",
        library=LIB,
        changed_in="0.6",
        safety=SAFE,
        catalogue="I2",
        message="ratio= was renamed sampling_strategy= in imbalanced-learn 0.4 (removed 0.6)",
        replacement="sampling_strategy=",
        signatures=(unexpected_kwarg(["ratio"]),),
        matchers=(kwarg_rename("ratio", "sampling_strategy", functions=SAMPLERS),),
        examples=(
            (
                "from imblearn.under_sampling import RandomUnderSampler\n"
                "rus = RandomUnderSampler(ratio=0.5, random_state=0)",
                "from imblearn.under_sampling import RandomUnderSampler\n"
                "rus = RandomUnderSampler(sampling_strategy=0.5, random_state=0)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from imblearn.over_sampling import SMOTE\n"
                "Xr, yr = SMOTE(ratio=1.0).fit_resample(X, y)"
            ),
        ),
    ),
    Rule(
        id="IMB003",
        library=LIB,
        changed_in="0.12",
        safety=SAFE,
        catalogue="I3",
        message="SMOTE-family samplers lost n_jobs= (removed in 0.12)",
        replacement="drop n_jobs",
        signatures=(unexpected_kwarg(["n_jobs"]),),
        matchers=(kwarg_drop("n_jobs", functions=SMOTE_FAMILY),),
        examples=(
            (
                "from imblearn.over_sampling import SMOTE\nsm = SMOTE(k_neighbors=3, n_jobs=4)",
                "from imblearn.over_sampling import SMOTE\nsm = SMOTE(k_neighbors=3)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from imblearn.over_sampling import SMOTE\n"
                "Xr, yr = SMOTE(n_jobs=2).fit_resample(X, y)"
            ),
        ),
    ),
]
