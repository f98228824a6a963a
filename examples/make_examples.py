"""Regenerate the example notebooks and their data (run once; the outputs are committed).

The notebooks are written the way they looked in 2017-2018, with the outputs they printed then,
so ``mlemodernizer run`` can read the original score from them.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import numpy as np
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from sklearn.datasets import load_breast_cancer

HERE = Path(__file__).parent


def code(source: str, stdout: str | None = None, count: int | None = None) -> nbformat.NotebookNode:
    cell = new_code_cell(source.strip("\n"), execution_count=count)
    if stdout is not None:
        cell.outputs = [new_output("stream", name="stdout", text=stdout)]
    return cell


def write(nb: nbformat.NotebookNode, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, path)


def breast_cancer_data(path: Path) -> None:
    data = load_breast_cancer(as_frame=True)
    df = data.frame.copy()
    df.columns = [c.replace(" ", "_") for c in df.columns]
    df.insert(0, "id", np.arange(842300, 842300 + len(df)))
    df.insert(1, "diagnosis", np.where(df.pop("target") == 0, "M", "B"))
    rng = np.random.RandomState(0)
    for col in ("mean_texture", "worst_area"):  # the Kaggle copy had gaps
        df.loc[rng.choice(len(df), 12, replace=False), col] = np.nan
    path.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(path, index=False)


def breast_cancer_notebook() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("# Breast cancer: random forest baseline (2017)"),
            code(
                """
%matplotlib inline
import numpy as np
import pandas as pd
from sklearn.cross_validation import train_test_split
from sklearn.preprocessing import Imputer
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score
""",
                count=1,
            ),
            code(
                """
df = pd.read_csv('../input/train.csv')
print(df.shape)
""",
                "(569, 32)\n",
                count=2,
            ),
            code(
                """
feature_cols = [c for c in df.columns if c not in ('id', 'diagnosis')]
X = df.ix[:, feature_cols].as_matrix()
y = (df['diagnosis'] == 'M').values.astype(np.int)
""",
                count=3,
            ),
            code(
                """
imputer = Imputer(missing_values='NaN', strategy='mean', axis=0)
X = imputer.fit_transform(X)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
""",
                count=4,
            ),
            code(
                """
clf = RandomForestClassifier(n_estimators=100, max_features='auto', random_state=0)
clf.fit(X_train, y_train)
print('accuracy: %.4f' % accuracy_score(y_test, clf.predict(X_test)))
""",
                "accuracy: {ACCURACY}\n",
                count=5,
            ),
        ]
    )


def modern_breast_cancer_accuracy(csv: Path) -> str:
    """What the 2017 code computed: the same pipeline written with today's names."""
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.impute import SimpleImputer
    from sklearn.metrics import accuracy_score
    from sklearn.model_selection import train_test_split

    df = pd.read_csv(csv)
    cols = [c for c in df.columns if c not in ("id", "diagnosis")]
    X = SimpleImputer(strategy="mean").fit_transform(df.loc[:, cols].to_numpy())
    y = (df["diagnosis"] == "M").values.astype(int)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
    clf = RandomForestClassifier(n_estimators=100, max_features="sqrt", random_state=0)
    clf.fit(X_train, y_train)
    return f"{accuracy_score(y_test, clf.predict(X_test)):.4f}"


def renamed_helper_notebook() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("# Iris with the team's helpers (the helper was renamed since)"),
            code("from helpers import load_data\nimport numpy as np", count=1),
            code("X, y = load_data()\nprint(X.shape)", "(150, 4)\n", count=2),
            code(
                """
from sklearn.linear_model import LogisticRegression
clf = LogisticRegression(max_iter=1000).fit(X, y)
print('accuracy: %.2f' % clf.score(X, y))
""",
                "accuracy: 0.97\n",
                count=3,
            ),
        ]
    )


HELPERS = '''"""The team's data helpers. `load_data` was renamed to `load_dataset` in 2019."""

from sklearn.datasets import load_iris


def load_dataset():
    data = load_iris()
    return data.data, data.target
'''


def wine_notebook() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("# Wine: k-nearest neighbours (scores 0.94 in the write-up)"),
            code(
                """
from sklearn.datasets import load_wine
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.metrics import accuracy_score
X, y = load_wine(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
""",
                count=1,
            ),
            code(
                """
model = KNeighborsClassifier(n_neighbors=15)
model.fit(X_train, y_train)
print('accuracy: %.3f' % accuracy_score(y_test, model.predict(X_test)))
""",
                "accuracy: 0.940\n",
                count=2,
            ),
        ]
    )


def main() -> None:
    csv = HERE / "breast-cancer-2017" / "input" / "train.csv"
    breast_cancer_data(csv)
    nb = breast_cancer_notebook()
    acc = modern_breast_cancer_accuracy(csv)
    nb.cells[-1].outputs[0].text = nb.cells[-1].outputs[0].text.replace("{ACCURACY}", acc)
    write(nb, HERE / "breast-cancer-2017" / "notebooks" / "random_forest.ipynb")
    write(renamed_helper_notebook(), HERE / "renamed-helper" / "iris.ipynb")
    (HERE / "renamed-helper" / "helpers.py").write_text(HELPERS)
    write(wine_notebook(), HERE / "wine-knn" / "wine.ipynb")


if __name__ == "__main__":
    main()
