"""Regenerate the corpus of eroded notebooks (run once; the outputs are committed).

Each entry of ``CORPUS`` is one notebook written the way it looked in its era (2015-2020): it
fails today because of one or more rows of the API-drift catalogue
(``shared/design/api-drift-catalogue.md``) and prints ``result: <number>``. Next to the old cells
the entry lists its fixes: ``Fix(row, old, new)`` text edits that turn the notebook into its
modern equivalent (same data, same seeds, same semantics, old defaults pinned where a row changed
them). ``Entry.modern_code`` is that equivalent as one script; running it gives the number the
notebook printed in its era, recorded as ``expected`` in the notebook's metadata::

    nb.metadata["mlemodernizer_corpus"] = {
        "expected": 0.9556, "regex": "result: ([-0-9.eE]+)", "catalogue": ["S1"],
        "rules_fixable": true, "note": "..."}

Usage::

    python benchmarks/corpus/make_corpus.py            # write data/, the notebooks, README.md
    python benchmarks/corpus/make_corpus.py --results  # run every modern_code, print JSON

The ``mlemodernizer_corpus`` metadata names the answer (rows, note): a benchmark runner should
strip it before a fixer sees the notebook.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
META_KEY = "mlemodernizer_corpus"
RESULT_REGEX = r"result: ([-0-9.eE]+)"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}

SAFE, SAFE_IF, REVIEW, MANUAL, SILENT = "SAFE", "SAFE*", "REVIEW", "MANUAL", "silent"
FIXABLE = (SAFE, SAFE_IF)


@dataclass(frozen=True)
class Row:
    """A catalogue row as the corpus uses it: its default safety, what it is, and the
    regexes over ``"ename: evalue"`` that identify its error today (none for silent rows)."""

    safety: str
    what: str
    signatures: tuple[str, ...] = ()


# Rows PY1-PY5 are the catalogue's section 12 (standard library, Python 2), which has no ids.
ROWS: dict[str, Row] = {
    "N1": Row(
        SAFE,
        "np.float / np.int / np.object aliases",
        (r"module 'numpy' has no attribute '(float|int|complex|object|str|unicode)'",),
    ),
    "N3": Row(
        SAFE,
        "np.int0 / bool8 / ... aliases",
        (r"module 'numpy' has no attribute '(int0|uint0|bool8|object0|str0|bytes0|void0)'",),
    ),
    "N4": Row(SAFE, "np.asscalar", (r"module 'numpy' has no attribute 'asscalar'",)),
    "N6": Row(
        SAFE,
        "np.NaN / np.NAN",
        (r"`np\.NaN` was removed", r"module 'numpy' has no attribute 'NAN'"),
    ),
    "N7": Row(
        SAFE,
        "np.Inf / PINF / NINF / ...",
        (r"`np\.(Inf|Infinity|infty|PINF|NINF|PZERO|NZERO)` was removed",),
    ),
    "N8": Row(
        SAFE,
        "np.float_ / complex_ / ...",
        (
            r"`np\.(float_|complex_|cfloat|longfloat|singlecomplex|longcomplex|clongfloat)`"
            r" was removed",
        ),
    ),
    "N9": Row(SAFE, "np.string_ / np.unicode_", (r"`np\.(string_|unicode_)` was removed",)),
    "N10": Row(
        SAFE,
        "np.product / cumproduct / sometrue / alltrue / round_",
        (
            r"module 'numpy' has no attribute '(product|cumproduct)'",
            r"`np\.(sometrue|alltrue|round_|product|cumproduct)` was removed",
        ),
    ),
    "N11": Row(SAFE, "np.mat", (r"`np\.mat` was removed",)),
    "N14": Row(SAFE, "np.in1d", (r"module 'numpy' has no attribute 'in1d'",)),
    "N15": Row(SAFE, "np.trapz", (r"module 'numpy' has no attribute 'trapz'",)),
    "N17": Row(
        REVIEW,
        "np.histogram(normed=)",
        (r"histogram\(\) got an unexpected keyword argument 'normed'",),
    ),
    "N18": Row(
        SAFE,
        "np.percentile(interpolation=)",
        (r"(percentile|quantile)\(\) got an unexpected keyword argument 'interpolation'",),
    ),
    "N19": Row(
        SAFE,
        "np.reshape(newshape=)",
        (r"reshape\(\) got an unexpected keyword argument 'newshape'",),
    ),
    "N21": Row(
        SAFE,
        "np.array(x, copy=False)",
        (r"Unable to avoid copy while creating an array as requested",),
    ),
    "P1": Row(REVIEW, "df.ix[...]", (r"object has no attribute 'ix'",)),
    "P2": Row(SAFE, "df.as_matrix()", (r"object has no attribute 'as_matrix'",)),
    "P3": Row(SAFE, "df.get_value / set_value", (r"object has no attribute '(get|set)_value'",)),
    "P4": Row(
        SAFE,
        "df.sort(columns=) / s.order() / sort_index(by=)",
        (
            r"'(DataFrame|Series)' object has no attribute '(sort|order)'",
            r"sort_index\(\) got an unexpected keyword argument 'by'",
        ),
    ),
    "P5": Row(
        SAFE,
        "pd.rolling_mean / pd.ewma",
        (r"module 'pandas' has no attribute '(rolling_\w+|expanding_\w+|ewm\w+)'",),
    ),
    "P8": Row(SAFE, "pd.np / pd.datetime", (r"module 'pandas' has no attribute '(np|datetime)'",)),
    "P10": Row(SAFE_IF, "df.append / s.append", (r"object has no attribute 'append'",)),
    "P11": Row(SAFE, "df.iteritems()", (r"object has no attribute 'iteritems'",)),
    "P12": Row(
        SAFE,
        "read_csv(error_bad_lines=)",
        (r"unexpected keyword argument '(error|warn)_bad_lines'",),
    ),
    "P15": Row(
        SAFE, "read_csv(delim_whitespace=)", (r"unexpected keyword argument 'delim_whitespace'",)
    ),
    "P17": Row(
        SAFE, "fillna(method=)", (r"fillna\(\) got an unexpected keyword argument 'method'",)
    ),
    "P19": Row(SAFE, "df.applymap", (r"object has no attribute 'applymap'",)),
    "P20": Row(SAFE, "pd.value_counts", (r"module 'pandas' has no attribute 'value_counts'",)),
    "P22": Row(SAFE_IF, "df.mad()", (r"object has no attribute 'mad'",)),
    "P23": Row(
        SAFE, "pd.Int64Index", (r"module 'pandas' has no attribute '(Int64|Float64|UInt64)Index'",)
    ),
    "P26": Row(
        SAFE,
        "positional optionals (drop('c', 1), concat([a, b], 1))",
        (
            r"takes from \d+ to \d+ positional arguments but \d+ were given",
            r"takes \d+ positional arguments? but \d+ were given",
        ),
    ),
    "P27": Row(
        SAFE_IF,
        "mixed-dtype reductions need numeric_only=True",
        (
            r"dtype '\w+' does not support operation",
            r"Cannot perform reduction '\w+' with string dtype",
            r"could not convert string to float",
        ),
    ),
    "P29": Row(REVIEW, "value_counts().reset_index()['index']", (r"KeyError: 'index'",)),
    "P36": Row(
        SAFE_IF,
        "offset aliases 'M', 'H', 'A', ...",
        (r"Invalid frequency: (M|H|T|S|L|A|Q|BM|AS|Y)\b",),
    ),
    "S1": Row(
        SAFE,
        "sklearn.cross_validation",
        (
            r"No module named 'sklearn\.cross_validation'",
            r"cannot import name 'cross_validation' from 'sklearn'",
        ),
    ),
    "S2": Row(
        SAFE,
        "sklearn.grid_search / learning_curve",
        (
            r"No module named 'sklearn\.(grid_search|learning_curve)'",
            r"cannot import name '(grid_search|learning_curve)' from 'sklearn'",
        ),
    ),
    "S3": Row(
        SAFE,
        "preprocessing.Imputer",
        (r"cannot import name 'Imputer'", r"has no attribute 'Imputer'"),
    ),
    "S4": Row(
        REVIEW,
        "OneHotEncoder(categorical_features=)",
        (r"unexpected keyword argument '(categorical_features|n_values)'",),
    ),
    "S5": Row(
        SAFE,
        "OneHotEncoder(sparse=)",
        (r"OneHotEncoder\.__init__\(\) got an unexpected keyword argument 'sparse'",),
    ),
    "S6": Row(
        SAFE,
        "linear models normalize=",
        (r"__init__\(\) got an unexpected keyword argument 'normalize'",),
    ),
    "S7": Row(REVIEW + " " + SILENT, "LogisticRegression() default solver liblinear/ovr"),
    "S8": Row(
        SAFE, "LogisticRegression(multi_class=)", (r"unexpected keyword argument 'multi_class'",)
    ),
    "S10": Row(
        SAFE, "penalty='none'", (r"'penalty' parameter of \w+ must be .*Got 'none' instead",)
    ),
    "S11": Row(
        SAFE, "mean_squared_error(squared=False)", (r"unexpected keyword argument 'squared'",)
    ),
    "S12": Row(
        SAFE,
        "plot_confusion_matrix / plot_roc_curve",
        (r"cannot import name 'plot_(confusion_matrix|roc_curve|precision_recall_curve)'",),
    ),
    "S13": Row(
        SAFE,
        "sklearn.externals.joblib / six",
        (r"cannot import name '(joblib|six)' from 'sklearn\.externals'",),
    ),
    "S14": Row(
        MANUAL,
        "load_boston",
        (r"`load_boston` has been removed", r"cannot import name 'load_boston'"),
    ),
    "S15": Row(
        SAFE,
        "max_features='auto'",
        (r"'max_features' parameter of \w+ must be .*Got 'auto' instead",),
    ),
    "S16": Row(
        SAFE,
        "criterion='mse' / 'mae'",
        (r"'criterion' parameter of \w+ must be .*Got '(mse|mae)' instead",),
    ),
    "S17": Row(
        SAFE,
        "GB loss='ls' / 'lad' / 'deviance'",
        (
            r"'loss' parameter of \w+ must be .*Got '(ls|lad|deviance|least_squares|"
            r"least_absolute_deviation|binary_crossentropy|categorical_crossentropy)' instead",
        ),
    ),
    "S18": Row(
        SAFE, "SGDClassifier(loss='log')", (r"'loss' parameter of \w+ must be .*Got 'log' instead",)
    ),
    "S19": Row(
        SAFE,
        "SGD / Perceptron n_iter=",
        (
            r"(SGDClassifier|SGDRegressor|Perceptron|PassiveAggressive\w+)\.__init__\(\) "
            r"got an unexpected keyword argument 'n_iter'",
        ),
    ),
    "S20": Row(SAFE, "base_estimator=", (r"unexpected keyword argument 'base_estimator'",)),
    "S21": Row(
        SAFE,
        "AdaBoostClassifier(algorithm=)",
        (r"AdaBoost\w+\.__init__\(\) got an unexpected keyword argument 'algorithm'",),
    ),
    "S22": Row(
        SAFE, "AgglomerativeClustering(affinity=)", (r"unexpected keyword argument 'affinity'",)
    ),
    "S23": Row(
        SAFE,
        "KMeans(algorithm='full' / 'auto')",
        (r"'algorithm' parameter of KMeans must be .*Got '(full|auto)' instead",),
    ),
    "S24": Row(
        SAFE,
        "KMeans(n_jobs=, precompute_distances=)",
        (
            r"KMeans\.__init__\(\) got an unexpected keyword argument "
            r"'(n_jobs|precompute_distances)'",
        ),
    ),
    "S26": Row(
        SAFE, "TSNE(n_iter=)", (r"TSNE\.__init__\(\) got an unexpected keyword argument 'n_iter'",)
    ),
    "S28": Row(SAFE_IF, ".get_feature_names()", (r"object has no attribute 'get_feature_names'",)),
    "S29": Row(
        SAFE,
        "GridSearchCV(iid=) / .grid_scores_",
        (r"unexpected keyword argument 'iid'", r"object has no attribute 'grid_scores_'"),
    ),
    "S30": Row(SAFE + " " + SILENT, "0.22 defaults: cv 3 -> 5, n_estimators 10 -> 100"),
    "S32": Row(
        SAFE, "cross_val_score(fit_params=)", (r"unexpected keyword argument 'fit_params'",)
    ),
    "S34": Row(
        SAFE,
        "private modules (ensemble.forest, metrics.classification, ...)",
        (
            r"No module named 'sklearn\.(ensemble\.forest|tree\.tree|metrics\.scorer|"
            r"metrics\.classification|preprocessing\.data|utils\.testing)'",
        ),
    ),
    "S36": Row(
        SAFE,
        "mixture.GMM / RandomizedPCA / sklearn.lda",
        (
            r"cannot import name '(GMM|DPGMM|VBGMM|RandomizedPCA)'",
            r"No module named 'sklearn\.(lda|qda)'",
        ),
    ),
    "S37": Row(
        SAFE,
        "jaccard_similarity_score / calinski_harabaz_score",
        (
            r"cannot import name '(jaccard_similarity_score|calinski_harabaz_score|"
            r"fetch_mldata)'",
        ),
    ),
    "S38": Row(
        SAFE,
        "presort= / min_impurity_split= / n_alphas=",
        (r"unexpected keyword argument '(presort|min_impurity_split|n_alphas)'",),
    ),
    "C3": Row(
        SAFE,
        "scipy.misc.comb / logsumexp",
        (r"cannot import name '(comb|factorial|logsumexp)' from 'scipy\.misc'",),
    ),
    "C5": Row(REVIEW, "interp2d", (r"`interp2d` has been removed",)),
    "C6": Row(
        SAFE,
        "integrate.simps / trapz / cumtrapz",
        (
            r"cannot import name '(simps|trapz|cumtrapz)' from 'scipy\.integrate'",
            r"module 'scipy\.integrate' has no attribute '(simps|trapz|cumtrapz)'",
        ),
    ),
    "C7": Row(SAFE, "stats.mode(a)[0][0]", (r"IndexError: invalid index to scalar variable",)),
    "C8": Row(SAFE, "sparse .A / .H", (r"'\w+_(matrix|array)' object has no attribute '(A|H)'",)),
    "C9": Row(
        SAFE, "stats.itemfreq", (r"cannot import name 'itemfreq'", r"has no attribute 'itemfreq'")
    ),
    "M1": Row(
        SAFE, "plt.style.use('seaborn-...')", (r"'seaborn[-\w]*' is not a valid package style",)
    ),
    "M2": Row(
        SAFE,
        "hist(normed=)",
        (
            r"Rectangle\.set\(\) got an unexpected keyword argument 'normed'",
            r"hist\(\) got an unexpected keyword argument 'normed'",
        ),
    ),
    "M3": Row(SAFE, "grid(b=)", (r"keyword grid_b is not recognized",)),
    "M6": Row(SAFE, "cm.get_cmap", (r"module 'matplotlib\.cm' has no attribute 'get_cmap'",)),
    "M10": Row(SAFE, "leg.legendHandles", (r"object has no attribute 'legendHandles'",)),
    "M11": Row(
        SAFE, "boxplot(labels=)", (r"boxplot\(\) got an unexpected keyword argument 'labels'",)
    ),
    "PY1": Row(SAFE, "Python 2 print statement", (r"Missing parentheses in call to 'print'",)),
    "PY2": Row(SAFE, "Python 2 xrange", (r"name 'xrange' is not defined",)),
    "PY3": Row(
        SAFE,
        "Python 2 dict.iteritems() / has_key()",
        (r"'dict' object has no attribute '(iteritems|itervalues|iterkeys|has_key)'",),
    ),
    "PY4": Row(SAFE, "time.clock()", (r"module 'time' has no attribute 'clock'",)),
    "PY5": Row(
        SAFE,
        "collections.Iterable / Mapping",
        (
            r"cannot import name '(Iterable|Mapping|MutableMapping|Sequence|Callable|Hashable)'"
            r" from 'collections'",
        ),
    ),
}


@dataclass(frozen=True)
class Fix:
    """Replace ``old`` by ``new`` in the code cells (every occurrence; ``old`` must occur)."""

    row: str  # "" for a break outside the catalogue (then safety is required)
    old: str
    new: str
    safety: str = ""  # this use of the row, when it differs from the row's default

    @property
    def effective_safety(self) -> str:
        return self.safety or ROWS[self.row].safety


@dataclass
class Entry:
    slug: str
    cells: list[str]  # "md:" prefix makes a markdown cell
    fixes: list[Fix]
    note: str = ""
    outside_catalogue: str = ""  # a break no catalogue row covers (forces rules_fixable False)
    era_stdout: dict[int, str] = field(default_factory=dict)  # code cell -> what it printed then
    name: str = field(default="", init=False)  # NNN_slug, set by position in CORPUS

    @property
    def catalogue(self) -> list[str]:
        return list(dict.fromkeys(f.row for f in self.fixes if f.row))

    @property
    def rules_fixable(self) -> bool:
        return not self.outside_catalogue and all(f.effective_safety in FIXABLE for f in self.fixes)

    @property
    def code_cells(self) -> list[str]:
        return [c for c in self.cells if not c.startswith("md:")]

    def modern_cells(self) -> list[str]:
        """The cells (markdown untouched) with every fix applied."""
        out = list(self.cells)
        for fix in self.fixes:
            hits = 0
            for i, src in enumerate(out):
                if src.startswith("md:"):
                    continue
                hits += src.count(fix.old)
                out[i] = src.replace(fix.old, fix.new)
            if not hits:
                raise ValueError(f"{self.slug}: fix {fix.row} does not occur: {fix.old!r}")
        return out

    def modern_code_cells(self) -> list[str]:
        """The fixed code cells as plain Python (magics and shell lines dropped)."""
        return [
            "\n".join(ln for ln in src.splitlines() if not ln.lstrip().startswith(("%", "!")))
            for src in self.modern_cells()
            if not src.startswith("md:")
        ]

    @property
    def modern_code(self) -> str:
        """The modern equivalent as one plain script."""
        return "\n\n".join(self.modern_code_cells()) + "\n"

    def metadata(self, expected: float) -> dict:
        note = self.note
        if self.outside_catalogue:
            note = f"{note} Outside the catalogue: {self.outside_catalogue}".strip()
        return {
            "expected": expected,
            "regex": RESULT_REGEX,
            "catalogue": self.catalogue,
            "rules_fixable": self.rules_fixable,
            "note": note,
        }


def nb(
    slug: str,
    cells: list[str],
    fixes: list[Fix],
    note: str = "",
    outside: str = "",
    era_stdout: dict[int, str] | None = None,
) -> Entry:
    return Entry(slug, [c.strip("\n") for c in cells], fixes, note, outside, era_stdout or {})


F = Fix

# ---------------------------------------------------------------------------------------------
# The notebooks. Numbered by position. Every randomness is seeded; numbers print with %.4f.
# ---------------------------------------------------------------------------------------------

CORPUS: list[Entry] = [
    # ----- scikit-learn ----------------------------------------------------------------------
    nb(
        "iris_knn_cv_alias",
        [
            "md:# Iris: k-NN baseline\nHold-out accuracy of a 5-NN classifier.",
            """
%matplotlib inline
import numpy as np
import pandas as pd
from sklearn import cross_validation as cv
from sklearn.neighbors import KNeighborsClassifier
""",
            """
!ls data
df = pd.read_csv('data/iris.csv')
df.head()
""",
            """
X = df.drop('species', axis=1).values
y = df['species'].values
X_train, X_test, y_train, y_test = cv.train_test_split(X, y, test_size=0.3, random_state=1)
""",
            """
knn = KNeighborsClassifier(n_neighbors=5)
knn.fit(X_train, y_train)
print('result: %.4f' % knn.score(X_test, y_test))
""",
        ],
        [
            F(
                "S1",
                "from sklearn import cross_validation as cv",
                "from sklearn import model_selection as cv",
            ),
        ],
    ),
    nb(
        "wine_svc_grid_search",
        [
            "md:# Wine cultivars: SVM with a small grid search",
            """
import numpy as np
from sklearn.datasets import load_wine
from sklearn.grid_search import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
""",
            """
X, y = load_wine(return_X_y=True)
pipe = make_pipeline(StandardScaler(), SVC(kernel='rbf', gamma=0.01))
grid = GridSearchCV(pipe, {'svc__C': [0.1, 1, 10, 100]}, cv=3, iid=False)
grid.fit(X, y)
print(grid.best_params_)
""",
            """
print('result: %.4f' % grid.best_score_)
""",
        ],
        [
            F(
                "S2",
                "from sklearn.grid_search import GridSearchCV",
                "from sklearn.model_selection import GridSearchCV",
            ),
            F("S29", ", iid=False", ""),
        ],
        "iid=False is today's behaviour, so dropping it is exact.",
    ),
    nb(
        "breast_cancer_imputer",
        [
            "md:# Breast cancer (Kaggle copy with gaps): impute, then logistic regression",
            """
import numpy as np
import pandas as pd
from sklearn.preprocessing import Imputer
from sklearn.cross_validation import train_test_split
from sklearn.linear_model import LogisticRegression
""",
            """
df = pd.read_csv('../corpus/data/breast_cancer.csv')
print(df.shape)
X = df.drop(['id', 'diagnosis'], axis=1).values
y = (df['diagnosis'] == 'M').values.astype(int)
""",
            """
imp = Imputer(missing_values='NaN', strategy='mean', axis=0)
X = imp.fit_transform(X)
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.25, random_state=0)
clf = LogisticRegression(C=1.0, solver='liblinear')
clf.fit(X_tr, y_tr)
print('result: %.4f' % clf.score(X_te, y_te))
""",
        ],
        [
            F(
                "S3",
                "from sklearn.preprocessing import Imputer",
                "from sklearn.impute import SimpleImputer",
            ),
            F(
                "S3",
                "Imputer(missing_values='NaN', strategy='mean', axis=0)",
                "SimpleImputer(missing_values=np.nan, strategy='mean')",
            ),
            F("S1", "from sklearn.cross_validation import", "from sklearn.model_selection import"),
        ],
        "Kaggle-style relative path ../corpus/data/.",
    ),
    nb(
        "titanic_tree_as_matrix",
        [
            "md:# Titanic: depth-3 decision tree",
            """
import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier
from sklearn.model_selection import cross_val_score
""",
            """
df = pd.read_csv('data/titanic.csv')
df['Age'] = df['Age'].fillna(df['Age'].median())
df['Sex'] = df['Sex'].map({'male': 0, 'female': 1}).astype(np.int)
""",
            """
X = df[['Pclass', 'Sex', 'Age', 'Fare']].as_matrix()
y = df['Survived'].as_matrix()
clf = DecisionTreeClassifier(max_depth=3, random_state=0)
scores = cross_val_score(clf, X, y, cv=5)
print('result: %.4f' % scores.mean())
""",
        ],
        [
            F("N1", ".astype(np.int)", ".astype(int)"),
            F("P2", ".as_matrix()", ".to_numpy()"),
        ],
    ),
    nb(
        "diabetes_ols_normalize_rmse",
        [
            "md:# Diabetes progression: ordinary least squares",
            """
import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import train_test_split
""",
            """
df = pd.read_csv('data/diabetes.csv')
X = df.drop('progression', axis=1)
y = df['progression']
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=1)
""",
            """
lr = LinearRegression(normalize=True)
lr.fit(X_train, y_train)
rmse = mean_squared_error(y_test, lr.predict(X_test), squared=False)
print('result: %.4f' % rmse)
""",
        ],
        [
            F("S6", "LinearRegression(normalize=True)", "LinearRegression()"),
            F(
                "S11",
                "from sklearn.metrics import mean_squared_error",
                "from sklearn.metrics import root_mean_squared_error",
            ),
            F(
                "S11",
                "mean_squared_error(y_test, lr.predict(X_test), squared=False)",
                "root_mean_squared_error(y_test, lr.predict(X_test))",
            ),
        ],
        "normalize= does not change plain OLS predictions, so dropping it is exact.",
    ),
    nb(
        "digits_sgd_log_loss",
        [
            "md:# Digits: logistic regression by SGD, five epochs",
            """
import numpy as np
from sklearn.datasets import load_digits
from sklearn.linear_model import SGDClassifier
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
""",
            """
digits = load_digits()
X = StandardScaler().fit_transform(digits.data)
X_train, X_test, y_train, y_test = train_test_split(
    X, digits.target, test_size=0.25, random_state=0)
""",
            """
sgd = SGDClassifier(loss='log', n_iter=5, random_state=0)
sgd.fit(X_train, y_train)
print('result: %.4f' % sgd.score(X_test, y_test))
""",
        ],
        [
            F("S18", "loss='log'", "loss='log_loss'"),
            F("S19", "n_iter=5", "max_iter=5, tol=None"),
        ],
    ),
    nb(
        "titanic_onehot_dense",
        [
            "md:# Titanic: one-hot port of embarkation",
            """
import numpy as np
import pandas as pd
from sklearn.preprocessing import OneHotEncoder
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
""",
            """
df = pd.read_csv('data/titanic.csv')
df['Embarked'] = df['Embarked'].fillna('S')
df.loc[df['Fare'] == 0, 'Fare'] = np.NaN
df['Fare'] = df['Fare'].fillna(df['Fare'].median())
""",
            """
enc = OneHotEncoder(sparse=False)
ports = enc.fit_transform(df[['Embarked']])
X = np.hstack([ports, df[['Pclass', 'Fare']].values, (df[['Sex']].values == 'female')])
y = df['Survived'].values
""",
            """
clf = LogisticRegression(solver='liblinear', C=1.0)
print('result: %.4f' % cross_val_score(clf, X, y, cv=5).mean())
""",
        ],
        [
            F("N6", "np.NaN", "np.nan"),
            F("S5", "OneHotEncoder(sparse=False)", "OneHotEncoder(sparse_output=False)"),
        ],
    ),
    nb(
        "diabetes_forest_auto_mse",
        [
            "md:# Diabetes: random forest regressor",
            """
import numpy as np
from sklearn.datasets import load_diabetes
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split
""",
            """
X, y = load_diabetes(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=3)
rf = RandomForestRegressor(n_estimators=50, max_features='auto', criterion='mse',
                           random_state=0)
rf.fit(X_train, y_train)
""",
            """
print('result: %.4f' % rf.score(X_test, y_test))
""",
        ],
        [
            F("S15", "max_features='auto'", "max_features=1.0"),
            F("S16", "criterion='mse'", "criterion='squared_error'"),
        ],
        "For regressors max_features='auto' meant all features (1.0).",
    ),
    nb(
        "diabetes_gbm_ls_loss",
        [
            "md:# Diabetes: gradient boosting",
            """
from sklearn.datasets import load_diabetes
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split
""",
            """
X, y = load_diabetes(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=3)
""",
            """
gbr = GradientBoostingRegressor(loss='ls', n_estimators=100, max_depth=2,
                                learning_rate=0.05, random_state=0)
gbr.fit(X_train, y_train)
print('result: %.4f' % r2_score(y_test, gbr.predict(X_test)))
""",
        ],
        [
            F("S17", "loss='ls'", "loss='squared_error'"),
        ],
    ),
    nb(
        "wine_kmeans_calinski",
        [
            "md:# Wine: k-means on standardised features",
            """
import numpy as np
from sklearn.cluster import KMeans
from sklearn.datasets import load_wine
from sklearn.metrics import calinski_harabaz_score
from sklearn.preprocessing import StandardScaler
""",
            """
X = StandardScaler().fit_transform(load_wine().data)
km = KMeans(n_clusters=3, n_init=10, algorithm='full', n_jobs=-1, random_state=0)
labels = km.fit_predict(X)
print(np.bincount(labels))
""",
            """
print('result: %.4f' % calinski_harabaz_score(X, labels))
""",
        ],
        [
            F("S37", "calinski_harabaz_score", "calinski_harabasz_score"),
            F("S23", "algorithm='full'", "algorithm='lloyd'"),
            F("S24", ", n_jobs=-1", ""),
        ],
    ),
    nb(
        "iris_agglomerative_itemfreq",
        [
            "md:# Iris: Ward clustering",
            """
import numpy as np
from scipy import stats
from sklearn.cluster import AgglomerativeClustering
from sklearn.datasets import load_iris
from sklearn.metrics import adjusted_rand_score
""",
            """
iris = load_iris()
agg = AgglomerativeClustering(n_clusters=3, affinity='euclidean', linkage='ward')
labels = agg.fit_predict(iris.data)
""",
            """
print(stats.itemfreq(labels))
print('result: %.4f' % adjusted_rand_score(iris.target, labels))
""",
        ],
        [
            F("S22", "affinity='euclidean'", "metric='euclidean'"),
            F(
                "C9",
                "stats.itemfreq(labels)",
                "np.transpose(np.unique(labels, return_counts=True))",
            ),
        ],
    ),
    nb(
        "reviews_bag_of_words",
        [
            "md:# Movie reviews: bag of words + naive Bayes",
            """
import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB
from sklearn.model_selection import cross_val_score
""",
            """
reviews = pd.read_csv('data/reviews.csv')
vec = CountVectorizer(min_df=2)
counts = vec.fit_transform(reviews['text'])
words = vec.get_feature_names()
dense = counts.A
print(len(words), dense.shape)
""",
            """
top = np.argsort(dense.sum(axis=0))[::-1][:5]
print([words[i] for i in top])
scores = cross_val_score(MultinomialNB(), counts, reviews['label'], cv=5)
print('result: %.4f' % scores.mean())
""",
        ],
        [
            F("S28", "vec.get_feature_names()", "vec.get_feature_names_out()"),
            F("C8", "counts.A", "counts.toarray()"),
        ],
        "words is only indexed, so the ndarray from get_feature_names_out() behaves like the list.",
    ),
    nb(
        "cancer_adaboost_stumps",
        [
            "md:# Breast cancer: AdaBoost and bagging on trees",
            """
from sklearn.datasets import load_breast_cancer
from sklearn.ensemble import AdaBoostClassifier, BaggingClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.model_selection import train_test_split
""",
            """
X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
bag = BaggingClassifier(base_estimator=DecisionTreeClassifier(), n_estimators=20,
                        random_state=0).fit(X_train, y_train)
print('bagging: %.4f' % bag.score(X_test, y_test))
""",
            """
ada = AdaBoostClassifier(base_estimator=DecisionTreeClassifier(max_depth=1),
                         n_estimators=50, algorithm='SAMME', random_state=0)
ada.fit(X_train, y_train)
print('result: %.4f' % ada.score(X_test, y_test))
""",
        ],
        [
            F("S20", "base_estimator=", "estimator="),
            F("S21", ", algorithm='SAMME'", ""),
        ],
        "algorithm='SAMME' is today's only algorithm, so dropping it is exact.",
    ),
    nb(
        "iris_unpenalized_multinomial",
        [
            "md:# Iris, sepal features only: unpenalised multinomial logit",
            """
import numpy as np
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
""",
            """
iris = load_iris()
X = iris.data[:, :2]
y = iris.target
""",
            """
clf = LogisticRegression(penalty='none', multi_class='multinomial', solver='lbfgs',
                         max_iter=5000)
clf.fit(X, y)
print('result: %.4f' % clf.score(X, y))
""",
        ],
        [
            F("S10", "penalty='none'", "penalty=None"),
            F("S8", " multi_class='multinomial',", ""),
        ],
        "multinomial is today's behaviour for lbfgs, so dropping multi_class is exact.",
    ),
    nb(
        "wine_confusion_matrix_plot",
        [
            "md:# Wine: confusion matrix of a scaled k-NN",
            """
%matplotlib inline
import matplotlib.pyplot as plt
from sklearn.datasets import load_wine
from sklearn.metrics import plot_confusion_matrix, accuracy_score
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
""",
            """
X, y = load_wine(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=7)
model = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=7))
model.fit(X_train, y_train)
""",
            """
plot_confusion_matrix(model, X_test, y_test)
plt.title('wine, 7-NN')
print('result: %.4f' % accuracy_score(y_test, model.predict(X_test)))
""",
        ],
        [
            F(
                "S12",
                "from sklearn.metrics import plot_confusion_matrix, accuracy_score",
                "from sklearn.metrics import ConfusionMatrixDisplay, accuracy_score",
            ),
            F(
                "S12",
                "plot_confusion_matrix(model, X_test, y_test)",
                "ConfusionMatrixDisplay.from_estimator(model, X_test, y_test)",
            ),
        ],
    ),
    nb(
        "digits_joblib_roundtrip",
        [
            "md:# Digits: persist a fitted model with joblib",
            """
import io
from sklearn.datasets import load_digits
from sklearn.externals import joblib
from sklearn.svm import SVC
""",
            """
digits = load_digits()
clf = SVC(C=10, gamma=0.001).fit(digits.data[:1000], digits.target[:1000])
buf = io.BytesIO()
joblib.dump(clf, buf)
""",
            """
buf.seek(0)
clf2 = joblib.load(buf)
print('result: %.4f' % clf2.score(digits.data[1000:], digits.target[1000:]))
""",
        ],
        [
            F("S13", "from sklearn.externals import joblib", "import joblib"),
        ],
    ),
    nb(
        "wine_forest_private_modules",
        [
            "md:# Wine: random forest (imports copied from an old blog post)",
            """
from sklearn.datasets import load_wine
from sklearn.ensemble.forest import RandomForestClassifier
from sklearn.metrics.classification import accuracy_score
from sklearn.model_selection import train_test_split
""",
            """
X, y = load_wine(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=11)
rf = RandomForestClassifier(n_estimators=50, max_depth=4, random_state=0)
rf.fit(X_train, y_train)
""",
            """
print('result: %.4f' % accuracy_score(y_test, rf.predict(X_test)))
""",
        ],
        [
            F("S34", "from sklearn.ensemble.forest import", "from sklearn.ensemble import"),
            F("S34", "from sklearn.metrics.classification import", "from sklearn.metrics import"),
        ],
    ),
    nb(
        "wine_lda_qda_modules",
        [
            "md:# Wine: linear vs quadratic discriminant analysis",
            """
import numpy as np
from sklearn.datasets import load_wine
from sklearn.lda import LDA
from sklearn.qda import QDA
from sklearn.model_selection import cross_val_score
""",
            """
X, y = load_wine(return_X_y=True)
qda_scores = cross_val_score(QDA(), X, y, cv=5)
print('qda: %.4f' % qda_scores.mean())
""",
            """
lda_scores = cross_val_score(LDA(), X, y, cv=5)
print('result: %.4f' % lda_scores.mean())
""",
        ],
        [
            F(
                "S36",
                "from sklearn.lda import LDA",
                "from sklearn.discriminant_analysis import LinearDiscriminantAnalysis as LDA",
            ),
            F(
                "S36",
                "from sklearn.qda import QDA",
                "from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis as QDA",
            ),
        ],
    ),
    nb(
        "diabetes_lasso_cv_presort",
        [
            "md:# Diabetes: a tree and a cross-validated lasso",
            """
from sklearn.datasets import load_diabetes
from sklearn.linear_model import LassoCV
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeRegressor
""",
            """
X, y = load_diabetes(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=5)
tree = DecisionTreeRegressor(max_depth=3, presort=True, random_state=0).fit(X_train, y_train)
print('tree: %.4f' % tree.score(X_test, y_test))
""",
            """
lasso = LassoCV(n_alphas=50, cv=5).fit(X_train, y_train)
print('result: %.4f' % lasso.score(X_test, y_test))
""",
        ],
        [
            F("S38", ", presort=True", ""),
            F("S38", "n_alphas=50", "alphas=50"),
        ],
    ),
    nb(
        "iris_weighted_cv_fit_params",
        [
            "md:# Iris: cross-validation with sample weights",
            """
import numpy as np
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score, StratifiedKFold
""",
            """
X, y = load_iris(return_X_y=True)
weights = np.where(y == 2, 3.0, 1.0)
clf = LogisticRegression(C=0.1, max_iter=1000)
""",
            """
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
scores = cross_val_score(clf, X, y, cv=cv, fit_params={'sample_weight': weights})
print('result: %.4f' % scores.mean())
""",
        ],
        [
            F("S32", "fit_params=", "params="),
        ],
    ),
    nb(
        "cancer_tsne_trustworthiness",
        [
            "md:# Breast cancer: t-SNE map, how faithful is it?",
            """
from sklearn.datasets import load_breast_cancer
from sklearn.manifold import TSNE, trustworthiness
from sklearn.preprocessing import StandardScaler
""",
            """
X = StandardScaler().fit_transform(load_breast_cancer().data[:200])
tsne = TSNE(n_components=2, perplexity=30, n_iter=300, init='pca', learning_rate=200.0,
            random_state=0)
emb = tsne.fit_transform(X)
""",
            """
print('result: %.2f' % trustworthiness(X, emb, n_neighbors=5))
""",
        ],
        [
            F("S26", "n_iter=300", "max_iter=300"),
        ],
        "Barnes-Hut t-SNE; printed to 2 decimals because its numerics moved between releases.",
    ),
    # ----- NumPy -----------------------------------------------------------------------------
    nb(
        "numpy_dtype_aliases",
        [
            "md:# Feature summary with explicit dtypes",
            """
import numpy as np
from sklearn.datasets import load_wine
""",
            """
X = load_wine().data
X32 = np.array(X, dtype=np.float_)
counts = np.zeros(X.shape[1], dtype=np.int0)
for j in range(X.shape[1]):
    counts[j] = np.sum(X32[:, j] > X32[:, j].mean())
""",
            """
ratio = counts.astype(np.float) / X.shape[0]
print('result: %.4f' % ratio.mean())
""",
        ],
        [
            F("N8", "np.float_", "np.float64"),
            F("N3", "np.int0", "np.intp"),
            F("N1", "np.float)", "float)"),
        ],
    ),
    nb(
        "numpy_sentinels_nan_inf",
        [
            "md:# Cleaning sentinel values in a sensor table",
            """
import numpy as np
import pandas as pd
""",
            """
df = pd.read_csv('data/diabetes.csv')
vals = df['bmi'].values.copy()
vals[vals > 40] = np.NaN
vals[vals < 19] = -np.Inf
""",
            """
finite = vals[np.isfinite(vals)]
geo = np.product(finite / finite.mean()) ** (1.0 / len(finite))
print('result: %.4f' % (np.nanmean(np.where(np.isinf(vals), np.nan, vals)) * geo))
""",
        ],
        [
            F("N6", "np.NaN", "np.nan"),
            F("N7", "np.Inf", "np.inf"),
            F("N10", "np.product(", "np.prod("),
        ],
    ),
    nb(
        "numpy_normal_equations_mat",
        [
            "md:# Least squares by the normal equations (matrix style)",
            """
import numpy as np
from sklearn.datasets import load_diabetes
""",
            """
X, y = load_diabetes(return_X_y=True)
A = np.mat(np.column_stack([np.ones(len(X)), X]))
b = np.mat(y).T
beta = (A.T * A).I * A.T * b
""",
            """
intercept = np.asscalar(beta[0])
bmi_coef = np.asscalar(beta[3])
print('result: %.4f' % (intercept + bmi_coef / 100))
""",
        ],
        [
            F("N11", "np.mat(", "np.asmatrix("),
            F("N4", "np.asscalar(beta[0])", "beta[0].item()"),
            F("N4", "np.asscalar(beta[3])", "beta[3].item()"),
        ],
    ),
    nb(
        "numpy_manual_auc_in1d_trapz",
        [
            "md:# ROC AUC by hand for two of the iris classes",
            """
import numpy as np
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
""",
            """
iris = load_iris()
keep = np.in1d(iris.target, [1, 2])
X, y = iris.data[keep][:, :2], (iris.target[keep] == 2).astype(int)
p = LogisticRegression(C=1.0, solver='lbfgs').fit(X, y).predict_proba(X)[:, 1]
""",
            """
thr = np.sort(np.unique(p))[::-1]
tpr = np.r_[0, [(p[y == 1] >= t).mean() for t in thr]]
fpr = np.r_[0, [(p[y == 0] >= t).mean() for t in thr]]
print('result: %.4f' % np.trapz(tpr, fpr))
""",
        ],
        [
            F("N14", "np.in1d(", "np.isin("),
            F("N15", "np.trapz(", "np.trapezoid("),
        ],
    ),
    nb(
        "numpy_percentile_reshape_copy",
        [
            "md:# Robust summary of digit images",
            """
import numpy as np
from sklearn.datasets import load_digits
""",
            """
pixels = list(load_digits().data[:200].ravel())
arr = np.array(pixels, copy=False)
imgs = np.reshape(arr, newshape=(200, 8, 8))
""",
            """
centre = imgs[:, 2:6, 2:6].mean(axis=(1, 2))
q = np.percentile(centre, 90, interpolation='lower')
print('result: %.4f' % q)
""",
        ],
        [
            F("N21", "np.array(pixels, copy=False)", "np.asarray(pixels)"),
            F("N19", "newshape=", "shape="),
            F("N18", "interpolation='lower'", "method='lower'"),
        ],
    ),
    # ----- pandas ----------------------------------------------------------------------------
    nb(
        "wine_sort_get_value",
        [
            "md:# Wine: strongest wines",
            """
import pandas as pd
""",
            """
wine = pd.read_csv('data/wine.csv')
top = wine.sort(columns='alcohol', ascending=False).head(10)
top_alcohol = top['alcohol'].order()
""",
            """
first = top.index[0]
print(top.get_value(first, 'cultivar'))
print('result: %.4f' % (top.get_value(first, 'alcohol') - top_alcohol.mean()))
""",
        ],
        [
            F(
                "P4",
                "wine.sort(columns='alcohol', ascending=False)",
                "wine.sort_values(by='alcohol', ascending=False)",
            ),
            F("P4", "top['alcohol'].order()", "top['alcohol'].sort_values()"),
            F("P3", "top.get_value(first, 'cultivar')", "top.at[first, 'cultivar']"),
            F("P3", "top.get_value(first, 'alcohol')", "top.at[first, 'alcohol']"),
        ],
    ),
    nb(
        "sales_rolling_monthly",
        [
            "md:# Store sales: smoothing and monthly totals",
            """
%matplotlib inline
import pandas as pd
import matplotlib.pyplot as plt
""",
            """
sales = pd.read_csv('data/sales.csv', parse_dates=['date'], index_col='date')
s = sales['sales'].interpolate()
weekly = pd.rolling_mean(s, 7)
trend = pd.ewma(s, span=30)
""",
            """
monthly = s.resample('M').sum()
monthly.plot()
print('result: %.4f' % (monthly.max() / monthly.mean() + weekly.iloc[-1] / trend.iloc[-1]))
""",
        ],
        [
            F("P5", "pd.rolling_mean(s, 7)", "s.rolling(7).mean()"),
            F("P5", "pd.ewma(s, span=30)", "s.ewm(span=30).mean()"),
            F("P36", "resample('M')", "resample('ME')"),
        ],
    ),
    nb(
        "sales_ffill_drop_positional",
        [
            "md:# Store sales: fill gaps, promo effect",
            """
import pandas as pd
import numpy as np
""",
            """
sales = pd.read_csv('data/sales.csv').fillna(method='ffill')
sales = sales.drop('store', 1)
""",
            """
by_promo = sales.groupby('promo')['sales'].mean()
print('result: %.4f' % (by_promo[1] / by_promo[0]))
""",
        ],
        [
            F("P17", ".fillna(method='ffill')", ".ffill()"),
            F("P26", "sales.drop('store', 1)", "sales.drop('store', axis=1)"),
        ],
    ),
    nb(
        "messy_files_read_csv",
        [
            "md:# Two messy exports: a CSV with broken lines and a whitespace table",
            """
import pandas as pd
""",
            """
!head -3 data/messy_temps.csv
temps = pd.read_csv('data/messy_temps.csv', error_bad_lines=False)
print(len(temps))
""",
            """
meas = pd.read_csv('data/measurements.txt', delim_whitespace=True)
print('result: %.4f' % (temps['temp'].mean() + meas['z'].mean()))
""",
        ],
        [
            F("P12", "error_bad_lines=False", "on_bad_lines='skip'"),
            F("P15", "delim_whitespace=True", r"sep=r'\s+'"),
        ],
    ),
    nb(
        "titanic_iteritems_append",
        [
            "md:# Titanic: column profile, then add next season's passengers",
            """
import pandas as pd
""",
            """
df = pd.read_csv('data/titanic.csv')
missing = {}
for col, values in df.iteritems():
    missing[col] = values.isnull().sum()
print(missing)
""",
            """
extra = df[df['Pclass'] == 1].head(20)
both = df.append(extra, ignore_index=True)
print('result: %.4f' % both['Fare'].mean())
""",
        ],
        [
            F("P11", "df.iteritems()", "df.items()"),
            F(
                "P10",
                "df.append(extra, ignore_index=True)",
                "pd.concat([df, extra], ignore_index=True)",
            ),
        ],
        "append of a DataFrame: pd.concat is exact.",
    ),
    nb(
        "titanic_applymap_value_counts",
        [
            "md:# Titanic: tidy strings, count ports",
            """
import pandas as pd
""",
            """
df = pd.read_csv('data/titanic.csv')
text = df[['Sex', 'Embarked']].fillna('?').applymap(lambda v: v.strip().lower())
counts = pd.value_counts(text['Embarked'])
print(counts)
""",
            """
fares = pd.np.log1p(df['Fare'])
print('result: %.4f' % (counts['s'] / len(df) + fares.mean()))
""",
        ],
        [
            F("P19", ".applymap(", ".map("),
            F("P20", "pd.value_counts(text['Embarked'])", "text['Embarked'].value_counts()"),
            F("P8", "import pandas as pd", "import numpy as np\nimport pandas as pd"),
            F("P8", "pd.np.log1p", "np.log1p"),
        ],
    ),
    nb(
        "titanic_groupby_mixed_dtypes",
        [
            "md:# Titanic: class averages",
            """
import pandas as pd
""",
            """
df = pd.read_csv('data/titanic.csv')
by_class = df.groupby('Pclass').mean()
by_class
""",
            """
print('result: %.4f' % (by_class.loc[1, 'Survived'] - by_class.loc[3, 'Survived']))
""",
        ],
        [
            F("P27", "groupby('Pclass').mean()", "groupby('Pclass').mean(numeric_only=True)"),
        ],
        "Old pandas dropped the string columns (Name, Sex, Embarked) silently.",
    ),
    nb(
        "hourly_index_mad",
        [
            "md:# Hourly readings: spread per day",
            """
import numpy as np
import pandas as pd
""",
            """
rng = np.random.RandomState(3)
idx = pd.date_range('2017-03-01', periods=24 * 14, freq='H')
load = pd.Series(50 + 10 * np.sin(np.arange(len(idx)) * 2 * np.pi / 24)
                 + rng.normal(0, 2, len(idx)), index=idx)
""",
            """
daily = load.resample('D').mean()
days = pd.Int64Index(np.arange(len(daily)))
print('result: %.4f' % (daily.to_frame('load').mad()['load'] + len(days)))
""",
        ],
        [
            F("P36", "freq='H'", "freq='h'"),
            F(
                "P23",
                "pd.Int64Index(np.arange(len(daily)))",
                "pd.Index(np.arange(len(daily)), dtype='int64')",
            ),
            F(
                "P22",
                "daily.to_frame('load').mad()",
                "(daily.to_frame('load') - daily.to_frame('load').mean()).abs().mean()",
            ),
        ],
        "mad() on a frame without NaN: the expansion is exact.",
    ),
    # ----- Python 2 and the standard library -------------------------------------------------
    nb(
        "py2_iris_class_means",
        [
            "md:# Iris class means (Python 2 notebook)",
            """
import numpy as np
from sklearn.datasets import load_iris
iris = load_iris()
""",
            """
means = {}
for k in xrange(3):
    means[iris.target_names[k]] = iris.data[iris.target == k].mean(axis=0)
for name, m in means.iteritems():
    print name, m.round(2)
""",
            """
spread = max(m[2] for m in means.values()) - min(m[2] for m in means.values())
print "result: %.4f" % spread
""",
        ],
        [
            F("PY2", "xrange(", "range("),
            F("PY3", "means.iteritems()", "means.items()"),
            F("PY1", "print name, m.round(2)", "print(name, m.round(2))"),
            F("PY1", 'print "result: %.4f" % spread', 'print("result: %.4f" % spread)'),
        ],
    ),
    nb(
        "py2_timing_sgd",
        [
            "md:# Timing SGD on digits (Python 2)",
            """
import time
import numpy as np
from sklearn.cross_validation import train_test_split
from sklearn.datasets import load_digits
from sklearn.linear_model import SGDClassifier
""",
            """
X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X / 16.0, y, random_state=2)
t0 = time.clock()
clf = SGDClassifier(loss='hinge', alpha=1e-3, max_iter=20, tol=None, random_state=0)
clf.fit(X_train, y_train)
elapsed = time.clock() - t0
""",
            """
print 'fit took %.1f s' % elapsed
print 'result: %.4f' % clf.score(X_test, y_test)
""",
        ],
        [
            F("S1", "from sklearn.cross_validation import", "from sklearn.model_selection import"),
            F("PY4", "time.clock()", "time.perf_counter()"),
            F("PY1", "print 'fit took %.1f s' % elapsed", "print('fit took %.1f s' % elapsed)"),
            F(
                "PY1",
                "print 'result: %.4f' % clf.score(X_test, y_test)",
                "print('result: %.4f' % clf.score(X_test, y_test))",
            ),
        ],
    ),
    nb(
        "collections_flatten_helper",
        [
            "md:# A flatten helper for nested feature lists",
            """
from collections import Iterable
import numpy as np
""",
            """
def flatten(items):
    for x in items:
        if isinstance(x, Iterable) and not isinstance(x, str):
            yield from flatten(x)
        else:
            yield x
""",
            """
nested = [[1.5, [2.5, 3.0]], (4.0, [5.5]), 6]
flat = np.array(list(flatten(nested)), dtype=np.float)
print('result: %.4f' % flat.std())
""",
        ],
        [
            F("PY5", "from collections import Iterable", "from collections.abc import Iterable"),
            F("N1", "dtype=np.float)", "dtype=float)"),
        ],
    ),
    # ----- SciPy -----------------------------------------------------------------------------
    nb(
        "scipy_misc_integrate_mode",
        [
            "md:# Small numerics: combinations, an integral, the modal class",
            """
import numpy as np
from scipy.misc import comb
from scipy import integrate, stats
from sklearn.datasets import load_wine
""",
            """
pairs = comb(13, 2, exact=True)
x = np.linspace(0, np.pi, 101)
area = integrate.simps(np.sin(x), x)
""",
            """
y = load_wine().target
modal = stats.mode(y)[0][0]
print('result: %.4f' % (pairs + area + modal))
""",
        ],
        [
            F("C3", "from scipy.misc import comb", "from scipy.special import comb"),
            F("C6", "integrate.simps(", "integrate.simpson("),
            F("C7", "stats.mode(y)[0][0]", "stats.mode(y, keepdims=True)[0][0]"),
        ],
    ),
    # ----- Matplotlib ------------------------------------------------------------------------
    nb(
        "matplotlib_style_hist",
        [
            "md:# Distribution of the diabetes target",
            """
%matplotlib inline
import matplotlib.pyplot as plt
import pandas as pd
plt.style.use('seaborn-whitegrid')
""",
            """
df = pd.read_csv('data/diabetes.csv')
n, bins, patches = plt.hist(df['progression'], bins=20, normed=True)
plt.grid(b=True)
""",
            """
print('result: %.6f' % n.max())
""",
        ],
        [
            F("M1", "'seaborn-whitegrid'", "'seaborn-v0_8-whitegrid'"),
            F("M2", "normed=True", "density=True"),
            F("M3", "plt.grid(b=True)", "plt.grid(visible=True)"),
        ],
    ),
    nb(
        "matplotlib_cmap_legend_boxplot",
        [
            "md:# Iris: coloured scatter and per-class box plots",
            """
%matplotlib inline
import numpy as np
import matplotlib.pyplot as plt
from sklearn.datasets import load_iris
from sklearn.metrics import silhouette_score
""",
            """
iris = load_iris()
cmap = plt.cm.get_cmap('viridis', 3)
fig, ax = plt.subplots()
for k in range(3):
    pts = iris.data[iris.target == k]
    ax.scatter(pts[:, 0], pts[:, 1], color=cmap(k), label=iris.target_names[k])
leg = ax.legend()
print(len(leg.legendHandles))
""",
            """
fig2, ax2 = plt.subplots()
ax2.boxplot([iris.data[iris.target == k, 2] for k in range(3)], labels=iris.target_names)
print('result: %.4f' % silhouette_score(iris.data, iris.target))
""",
        ],
        [
            F("M6", "plt.cm.get_cmap('viridis', 3)", "plt.colormaps['viridis'].resampled(3)"),
            F("M10", "leg.legendHandles", "leg.legend_handles"),
            F("M11", "labels=iris.target_names", "tick_labels=iris.target_names"),
        ],
    ),
    # ----- rows that need review, a human or an LLM ------------------------------------------
    nb(
        "sales_ix_positional_on_dates",
        [
            "md:# Store sales: last month vs the first day",
            """
import pandas as pd
""",
            """
sales = pd.read_csv('data/sales.csv', parse_dates=['date'], index_col='date')
sales = sales[['sales', 'promo']].interpolate()
last_month = sales.ix[-30:, 'sales']
""",
            """
print('result: %.4f' % (last_month.mean() - sales.ix[0, 'sales']))
""",
        ],
        [
            F("P1", "sales.ix[-30:, 'sales']", "sales['sales'].iloc[-30:]", REVIEW),
            F("P1", "sales.ix[0, 'sales']", "sales['sales'].iloc[0]", REVIEW),
        ],
        "On a DatetimeIndex .ix took integers as positions: .iloc, not .loc.",
    ),
    nb(
        "titanic_onehot_categorical_features",
        [
            "md:# Titanic: one-hot the class column only",
            """
import numpy as np
import pandas as pd
from sklearn.preprocessing import OneHotEncoder
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
""",
            """
df = pd.read_csv('data/titanic.csv')
y = df['Survived'].values
enc = OneHotEncoder(categorical_features=[0], sparse=False)
X = enc.fit_transform(df[['Pclass', 'SibSp', 'Fare']].values)
print(X.shape)
""",
            """
clf = LogisticRegression(solver='liblinear')
print('result: %.4f' % cross_val_score(clf, X, y, cv=5).mean())
""",
        ],
        [
            F("S5", "sparse=False", "sparse_output=False"),
            F(
                "S4",
                "from sklearn.preprocessing import OneHotEncoder",
                "from sklearn.preprocessing import OneHotEncoder\n"
                "from sklearn.compose import ColumnTransformer",
            ),
            F(
                "S4",
                "OneHotEncoder(categorical_features=[0], sparse_output=False)",
                "ColumnTransformer([('onehot', OneHotEncoder(sparse_output=False), [0])],\n"
                "                        remainder='passthrough')",
            ),
        ],
        "Old output: one-hot columns first, then the others; ColumnTransformer keeps that order.",
    ),
    nb(
        "interp2d_upsample_grid",
        [
            "md:# Upsampling a coarse grid",
            """
import numpy as np
from scipy.interpolate import interp2d
""",
            """
x = np.linspace(0, 4, 5)
y = np.linspace(0, 2, 3)
z = np.sin(x)[None, :] * np.cos(y)[:, None]
f = interp2d(x, y, z, kind='linear')
""",
            """
fine = f(np.linspace(0, 4, 41), np.linspace(0, 2, 21))
print(fine.shape)
print('result: %.4f' % fine.mean())
""",
        ],
        [
            F(
                "C5",
                "from scipy.interpolate import interp2d",
                "from scipy.interpolate import RectBivariateSpline",
            ),
            F(
                "C5",
                "f = interp2d(x, y, z, kind='linear')",
                "spline = RectBivariateSpline(y, x, z, kx=1, ky=1)\n"
                "f = lambda xn, yn: spline(yn, xn)",
            ),
        ],
        "interp2d(x, y, z) with z[y, x]; linear on a regular grid is bilinear, as the spline.",
    ),
    nb(
        "iris_gmm_clusters",
        [
            "md:# Iris: Gaussian mixture clustering",
            """
import numpy as np
from sklearn.datasets import load_iris
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GMM
""",
            """
iris = load_iris()
gmm = GMM(n_components=3, covariance_type='full', random_state=0)
gmm.fit(iris.data)
labels = gmm.predict(iris.data)
""",
            """
print('result: %.4f' % adjusted_rand_score(iris.target, labels))
""",
        ],
        [
            F(
                "S36",
                "from sklearn.mixture import GMM",
                "from sklearn.mixture import GaussianMixture",
                REVIEW,
            ),
            F(
                "S36",
                "GMM(n_components=3, covariance_type='full', random_state=0)",
                "GaussianMixture(n_components=3, covariance_type='full', random_state=0)",
                REVIEW,
            ),
        ],
        "GMM and GaussianMixture differ in init and stopping; on iris both settle on the same "
        "clustering, so the ARI is the old one.",
    ),
    nb(
        "iris_jaccard_similarity",
        [
            "md:# Iris: decision tree, scored with Jaccard similarity",
            """
from sklearn.cross_validation import train_test_split
from sklearn.datasets import load_iris
from sklearn.metrics import jaccard_similarity_score
from sklearn.tree import DecisionTreeClassifier
""",
            """
X, y = load_iris(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X[:, 2:], y, test_size=0.4,
                                                    random_state=4)
tree = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X_train, y_train)
""",
            """
print('result: %.4f' % jaccard_similarity_score(y_test, tree.predict(X_test)))
""",
        ],
        [
            F("S1", "from sklearn.cross_validation import", "from sklearn.model_selection import"),
            F(
                "S37",
                "from sklearn.metrics import jaccard_similarity_score",
                "from sklearn.metrics import accuracy_score",
                REVIEW,
            ),
            F(
                "S37",
                "jaccard_similarity_score(y_test, tree.predict(X_test))",
                "accuracy_score(y_test, tree.predict(X_test))",
                REVIEW,
            ),
        ],
        "On 1-D multiclass labels jaccard_similarity_score was plain accuracy; jaccard_score "
        "(the rename) computes something else.",
    ),
    nb(
        "iris_logreg_old_default_solver",
        [
            "md:# Iris: default logistic regression",
            """
from sklearn.cross_validation import train_test_split
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
""",
            """
X, y = load_iris(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
""",
            """
clf = LogisticRegression()
clf.fit(X_train, y_train)
print('result: %.4f' % clf.score(X_test, y_test))
""",
        ],
        [
            F("S1", "from sklearn.cross_validation import", "from sklearn.model_selection import"),
            F(
                "S7",
                "from sklearn.linear_model import LogisticRegression",
                "from sklearn.linear_model import LogisticRegression\n"
                "from sklearn.multiclass import OneVsRestClassifier",
            ),
            F(
                "S7",
                "clf = LogisticRegression()",
                "clf = OneVsRestClassifier(LogisticRegression(solver='liblinear'))",
            ),
        ],
        "Silent S7: the era's default was liblinear one-vs-rest (0.8889); today's lbfgs "
        "multinomial default scores 0.9778 once S1 is fixed.",
    ),
    nb(
        "wine_knn_grid_scores",
        [
            "md:# Wine: how many neighbours?",
            """
import numpy as np
from sklearn.datasets import load_wine
from sklearn.grid_search import GridSearchCV
from sklearn.neighbors import KNeighborsClassifier
""",
            """
X, y = load_wine(return_X_y=True)
grid = GridSearchCV(KNeighborsClassifier(), {'n_neighbors': [1, 5, 15]})
grid.fit(X, y)
""",
            """
means = [s.mean_validation_score for s in grid.grid_scores_]
print('result: %.4f' % np.mean(means))
""",
        ],
        [
            F(
                "S2",
                "from sklearn.grid_search import GridSearchCV",
                "from sklearn.model_selection import GridSearchCV, StratifiedKFold",
            ),
            F("S30", "{'n_neighbors': [1, 5, 15]})", "{'n_neighbors': [1, 5, 15]}, cv=3)"),
            F(
                "S29",
                "means = [s.mean_validation_score for s in grid.grid_scores_]",
                "sizes = [len(test) for _, test in StratifiedKFold(3).split(X, y)]\n"
                "splits = np.array([grid.cv_results_[f'split{k}_test_score'] for k in range(3)])\n"
                "means = np.average(splits, axis=0, weights=sizes)",
                REVIEW,
            ),
        ],
        "Old defaults: cv=3 and iid=True (fold scores weighted by fold size); grid_scores_ "
        "-> cv_results_ must keep both.",
    ),
    nb(
        "titanic_port_share_value_counts",
        [
            "md:# Titanic: the busiest port",
            """
import pandas as pd
""",
            """
df = pd.read_csv('data/titanic.csv')
counts = df['Embarked'].value_counts().reset_index()
busiest = counts['index'][0]
""",
            """
print(busiest)
print('result: %.4f' % (counts['Embarked'][0] / float(len(df))))
""",
        ],
        [
            F(
                "P29",
                "df['Embarked'].value_counts().reset_index()",
                "df['Embarked'].value_counts().rename_axis('index').reset_index(name='Embarked')",
                REVIEW,
            ),
        ],
        "Old reset_index gave columns ['index', 'Embarked'] with the counts under 'Embarked'; "
        "today counts['Embarked'][0] is the port name.",
    ),
    nb(
        "numpy_histogram_normed",
        [
            "md:# Density of wine alcohol content",
            """
import numpy as np
import pandas as pd
""",
            """
wine = pd.read_csv('data/wine.csv')
dens, edges = np.histogram(wine['alcohol'], bins=15, normed=True)
""",
            """
print('result: %.4f' % (dens.max() * (edges[1] - edges[0])))
""",
        ],
        [
            F("N17", "normed=True", "density=True"),
        ],
        "Equal-width bins, so normed=True and density=True agree here.",
    ),
    nb(
        "diabetes_drop_boston_cell",
        [
            "md:# Regression warm-up: Boston, then diabetes",
            """
import numpy as np
from sklearn.datasets import load_boston, load_diabetes
from sklearn.linear_model import Ridge
from sklearn.model_selection import cross_val_score
""",
            """
boston = load_boston()
print(boston.data.shape)
""",
            """
X, y = load_diabetes(return_X_y=True)
scores = cross_val_score(Ridge(alpha=0.1), X, y, cv=5, scoring='r2')
print('result: %.4f' % scores.mean())
""",
        ],
        [
            F(
                "S14",
                "from sklearn.datasets import load_boston, load_diabetes",
                "from sklearn.datasets import load_diabetes",
            ),
            F(
                "S14",
                "boston = load_boston()\nprint(boston.data.shape)",
                "# Boston housing was removed from scikit-learn (1.2)",
            ),
        ],
        "The Boston cell only prints a shape; the fix drops it (MANUAL).",
        era_stdout={1: "(506, 13)\n"},
    ),
    nb(
        "wine_renamed_helper",
        [
            "md:# Wine: project helper + k-NN",
            """
import numpy as np
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import cross_val_score
""",
            """
weights = np.ones(13, dtype=np.float)
""",
            """
from nbutils import load_wine_frame
df = load_wine_frame('data/wine.csv')
X = df.drop('cultivar', axis=1).values * weights
y = df['cultivar'].values
""",
            """
scores = cross_val_score(KNeighborsClassifier(n_neighbors=1), X, y, cv=5)
print('result: %.4f' % scores.mean())
""",
        ],
        [
            F("N1", "dtype=np.float)", "dtype=float)"),
            F(
                "",
                "from nbutils import load_wine_frame\ndf = load_wine_frame(",
                "from nbutils import read_wine\ndf = read_wine(",
                MANUAL,
            ),
        ],
        "",
        "the project helper nbutils.load_wine_frame is now nbutils.read_wine (an LLM or a "
        "person must read nbutils.py).",
    ),
]

for _i, _entry in enumerate(CORPUS, start=1):
    _entry.name = f"{_i:03d}_{_entry.slug}"


# ---------------------------------------------------------------------------------------------
# Data files (small, deterministic)
# ---------------------------------------------------------------------------------------------


def write_data() -> None:
    import numpy as np
    from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine

    DATA.mkdir(parents=True, exist_ok=True)

    iris = load_iris(as_frame=True)
    df = iris.frame.rename(columns=lambda c: c.replace(" (cm)", "").replace(" ", "_"))
    df["species"] = iris.target_names[df.pop("target")]
    df.to_csv(DATA / "iris.csv", index=False)

    wine = load_wine(as_frame=True).frame
    wine["cultivar"] = wine.pop("target").map(lambda k: f"class_{k}")
    wine.to_csv(DATA / "wine.csv", index=False)

    diab = load_diabetes(as_frame=True, scaled=False).frame.rename(
        columns={"target": "progression"}
    )
    diab.to_csv(DATA / "diabetes.csv", index=False)
    diab[["age", "bmi", "bp"]].head(40).rename(
        columns={"age": "x", "bmi": "y", "bp": "z"}
    ).to_string(DATA / "measurements.txt", index=False)

    cancer = load_breast_cancer(as_frame=True).frame
    cancer.columns = [c.replace(" ", "_") for c in cancer.columns]
    cancer.insert(0, "id", np.arange(842300, 842300 + len(cancer)))
    cancer.insert(1, "diagnosis", np.where(cancer.pop("target") == 0, "M", "B"))
    rng = np.random.RandomState(0)
    for col in ("mean_texture", "worst_area"):
        cancer.loc[rng.choice(len(cancer), 12, replace=False), col] = np.nan
    cancer.to_csv(DATA / "breast_cancer.csv", index=False)

    titanic_like().to_csv(DATA / "titanic.csv", index=False)
    daily_sales().to_csv(DATA / "sales.csv", index=False)
    reviews().to_csv(DATA / "reviews.csv", index=False)

    rng = np.random.RandomState(5)
    lines = ["station,city,temp"]
    for i in range(60):
        city = ["Oslo", "Lyon", "Turin", "Porto"][i % 4]
        line = f"{i},{city},{rng.normal(12, 6):.1f}"
        if i % 13 == 7:  # an exporter bug: a stray field
            line += ",,x"
        lines.append(line)
    (DATA / "messy_temps.csv").write_text("\n".join(lines) + "\n")

    (HERE / "nbutils.py").write_text(
        '"""Project helpers (the 2019 notebooks used load_wine_frame; it is read_wine now)."""\n'
        "\n"
        "import pandas as pd\n"
        "\n"
        "\n"
        "def read_wine(path):\n"
        '    """The wine table with a string cultivar column."""\n'
        "    return pd.read_csv(path)\n"
    )


def titanic_like():
    """A Titanic-shaped table (not the real passengers): mixed dtypes, gaps, a survival signal."""
    import numpy as np
    import pandas as pd

    rng = np.random.RandomState(7)
    n = 400
    pclass = rng.choice([1, 2, 3], n, p=[0.25, 0.2, 0.55])
    sex = rng.choice(["male", "female"], n, p=[0.64, 0.36])
    age = np.clip(rng.normal(30, 14, n), 0.5, 80).round(1)
    age[rng.rand(n) < 0.2] = np.nan
    sibsp = rng.poisson(0.5, n)
    fare = np.round(rng.lognormal(np.select([pclass == 1, pclass == 2], [4.2, 3.0], 2.4), 0.5), 2)
    fare[rng.choice(n, 5, replace=False)] = 0.0
    embarked = rng.choice(["S", "C", "Q"], n, p=[0.72, 0.19, 0.09]).astype(object)
    embarked[[11, 230]] = np.nan
    surnames = ["Smith", "Brown", "Kelly", "Olsen", "Rossi", "Dubois", "Novak", "Walsh"]
    firsts = {"male": ["John", "William", "Karl", "Luigi"], "female": ["Mary", "Anna", "Ellen"]}
    names = [
        f"{rng.choice(surnames)}, {'Mr.' if s == 'male' else 'Mrs.'} {rng.choice(firsts[s])}"
        for s in sex
    ]
    logit = 1.2 - 0.9 * (pclass - 1) + 2.3 * (sex == "female") - 0.02 * np.nan_to_num(age, nan=30)
    survived = (rng.rand(n) < 1 / (1 + np.exp(-logit))).astype(int)
    return pd.DataFrame(
        {
            "PassengerId": np.arange(1, n + 1),
            "Survived": survived,
            "Pclass": pclass,
            "Name": names,
            "Sex": sex,
            "Age": age,
            "SibSp": sibsp,
            "Fare": fare,
            "Embarked": embarked,
        }
    )


def daily_sales():
    """Two years of one store's daily sales with a promo flag and gaps."""
    import numpy as np
    import pandas as pd

    rng = np.random.RandomState(11)
    dates = pd.date_range("2016-01-01", "2017-12-31", freq="D")
    t = np.arange(len(dates))
    promo = (rng.rand(len(dates)) < 0.2).astype(int)
    sales = (
        200
        + 0.05 * t
        + 40 * np.sin(2 * np.pi * t / 365.25)
        + 15 * (dates.day_of_week >= 5)
        + 30 * promo
        + rng.normal(0, 10, len(dates))
    ).round(1)
    sales[rng.rand(len(dates)) < 0.05] = np.nan
    return pd.DataFrame(
        {"date": dates.strftime("%Y-%m-%d"), "store": "A", "sales": sales, "promo": promo}
    )


def reviews():
    """Short made-up movie reviews with a sentiment label."""
    import numpy as np
    import pandas as pd

    rng = np.random.RandomState(2)
    good = ["wonderful", "moving", "brilliant", "funny", "charming", "superb", "gripping"]
    bad = ["boring", "dull", "awful", "clumsy", "tedious", "predictable", "weak"]
    both = ["plot", "acting", "story", "ending", "music", "cast", "script", "film"]
    rows = []
    for i in range(80):
        label = i % 2
        mood = good if label else bad
        other = bad if label else good
        words = list(rng.choice(mood, 3)) + list(rng.choice(both, 3))
        if rng.rand() < 0.5:
            words += list(rng.choice(other, 2))
        rng.shuffle(words)
        rows.append(("the " + " ".join(words), label))
    return pd.DataFrame(rows, columns=["text", "label"])


# ---------------------------------------------------------------------------------------------
# Running the modern equivalents, writing notebooks and the README
# ---------------------------------------------------------------------------------------------


class _Folder:
    """cwd = this folder and this folder importable (nbutils), MPL on Agg, warnings off."""

    def __enter__(self):
        import warnings

        os.environ.setdefault("MPLBACKEND", "Agg")
        self._cwd = os.getcwd()
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        warnings.simplefilter("ignore")
        sys.path.insert(0, str(HERE))
        os.chdir(HERE)

    def __exit__(self, *exc):
        os.chdir(self._cwd)
        sys.path.remove(str(HERE))
        sys.modules.pop("nbutils", None)
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")
        self._warnings.__exit__(*exc)


def run_cells(entry: Entry) -> list[str]:
    """Run the entry's fixed code cells in one namespace; what each printed."""
    namespace = {"__name__": "__main__"}
    printed = []
    with _Folder():
        for i, src in enumerate(entry.modern_code_cells()):
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                exec(compile(src, f"{entry.name}[{i}]", "exec"), namespace)
            printed.append(buf.getvalue())
    return printed


def run_script(entry: Entry) -> str:
    """Run the entry's modern_code as one script; what it printed."""
    buf = io.StringIO()
    with _Folder(), contextlib.redirect_stdout(buf):
        exec(compile(entry.modern_code, entry.name, "exec"), {"__name__": "__main__"})
    return buf.getvalue()


def parse_result(stdout: str) -> float:
    found = re.findall(RESULT_REGEX, stdout)
    if len(found) != 1:
        raise ValueError(f"expected one result line, got {found!r}")
    return float(found[0])


def build_notebook(entry: Entry, printed: list[str], expected: float):
    """The notebook as saved in its era: old code, and under each code cell what it printed
    then (the fixed cell's stdout, or ``era_stdout``), numbered 1, 2, ..."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

    cells = []
    count = 0
    for i, src in enumerate(entry.cells):
        if src.startswith("md:"):
            cell = new_markdown_cell(src[3:].strip())
        else:
            text = entry.era_stdout.get(count, printed[count])
            count += 1
            cell = new_code_cell(src, execution_count=count)
            if text:
                cell.outputs = [new_output("stream", name="stdout", text=text)]
        cell.id = f"cell-{i}"
        cells.append(cell)
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata[META_KEY] = entry.metadata(expected)
    return nb


def check_entry(entry: Entry) -> None:
    unknown = [r for r in entry.catalogue if r not in ROWS]
    if unknown:
        raise ValueError(f"{entry.name}: unknown rows {unknown}")
    code = [c for c in entry.cells if not c.startswith("md:")]
    if not 2 <= len(code) <= 6:
        raise ValueError(f"{entry.name}: {len(code)} code cells")
    entry.modern_cells()  # every fix occurs


def readme(expected: dict[str, float]) -> str:
    fixable = sum(e.rules_fixable for e in CORPUS)
    lines = [
        "# Corpus of eroded notebooks",
        "",
        "Generated by `make_corpus.py`: edit it, then run",
        "`python benchmarks/corpus/make_corpus.py` (data/, nbutils.py, the notebooks, this file).",
        "",
        f"{len(CORPUS)} notebooks, {fixable} of them fixable by SAFE/SAFE\\* catalogue rows alone.",
        "Each is saved as in its era (old code, old outputs), fails today (numpy 2.4, pandas 3.1,",
        "scikit-learn 1.9, scipy 1.17, matplotlib 3.11) for the catalogue rows listed, and prints",
        "`result: <number>` once fixed. Its metadata key `mlemodernizer_corpus` holds `expected`,",
        "the regex, the rows, `rules_fixable` and a note; strip that key before a fixer sees the",
        "notebook, it names the answer.",
        "",
        "`expected` is what the old code computed: the entry's fixes in `make_corpus.py` turn the",
        "notebook into its modern equivalent with the same data and seeds and with old defaults",
        "pinned where a row changed them (S7, S30, the iid weighting of S29); that code is run on",
        "today's libraries. Where a library changed its internals rather than its API (fold",
        "assignment of StratifiedKFold in 0.22, tree tie-breaking, Barnes-Hut t-SNE), the digits",
        "the era really printed may differ slightly.",
        "",
        "Rows PY1-PY5 are the catalogue's section 12 (Python 2 and the standard library), which",
        "has no ids.",
        "",
        "| file | catalogue rows | expected | rules_fixable |",
        "|---|---|---|---|",
    ]
    for e in CORPUS:
        rows = ", ".join(e.catalogue)
        lines.append(
            f"| `{e.name}.ipynb` | {rows} | {expected[e.name]:g} | "
            f"{'yes' if e.rules_fixable else 'no'} |"
        )
    lines += ["", "## Rows used", "", "| row | safety | what |", "|---|---|---|"]
    used = sorted(
        {r for e in CORPUS for r in e.catalogue},
        key=lambda r: (r.rstrip("0123456789"), int(re.sub(r"\D", "", r))),
    )
    for r in used:
        lines.append(f"| {r} | {ROWS[r].safety.replace('*', chr(92) + '*')} | {ROWS[r].what} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--results",
        action="store_true",
        help="run every modern_code and print {name: result} as JSON",
    )
    args = parser.parse_args(argv)

    for entry in CORPUS:
        check_entry(entry)
    if args.results:
        results = {e.name: parse_result(run_script(e)) for e in CORPUS}
        json.dump(results, sys.stdout, indent=1)
        print()
        return 0

    import nbformat

    write_data()
    expected = {}
    for old in HERE.glob("[0-9][0-9][0-9]_*.ipynb"):
        if "." not in old.stem:  # leave the tool's *.modernized.ipynb copies alone
            old.unlink()
    for entry in CORPUS:
        printed = run_cells(entry)
        expected[entry.name] = parse_result("".join(printed))
        nb = build_notebook(entry, printed, expected[entry.name])
        nbformat.write(nb, HERE / f"{entry.name}.ipynb")
    (HERE / "README.md").write_text(readme(expected))
    print(f"wrote {len(CORPUS)} notebooks to {HERE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
