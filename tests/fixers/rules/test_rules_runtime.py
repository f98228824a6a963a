"""Proof against the installed libraries: the old code raises today, with an error that the rule's
own signature recognizes, and the rewritten code runs (and computes the same where it can)."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite

from ...runtime_cells import old_code_raises, rewritten
from ...runtime_cells import run_cell as _run

DATA = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.randn(60, 4)\ny = (X[:, 0] + X[:, 1] > 0).astype(int)\n"
)

CSV = "import io\nimport pandas as pd\ntext = 'a,b\\n1,2\\n3,4\\n'\n"

MPL = (
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "import tempfile, os\nOUT = os.path.join(tempfile.mkdtemp(), 'f.jpg')\n"
)

# (rule id, old code): each snippet runs on the library versions it was written for
CASES = [
    ("NPY001", "import numpy as np\nv = np.zeros(2, dtype=np.float)\nw = np.int(2.5)"),
    ("NPY003", "import numpy as np\nv = np.zeros(2).astype(np.int0)"),
    ("NPY004", "import numpy as np\nv = np.asscalar(np.array([2.0]))"),
    ("NPY005", "import numpy as np\na = np.zeros(3)\nv = np.alen(a)"),
    ("NPY006", "import numpy as np\nv = np.NaN"),
    ("NPY006", "from numpy import NaN\nv = [NaN]"),
    ("NPY007", "import numpy as np\nv = (np.Inf, np.NINF, np.PZERO, np.infty)"),
    ("NPY008", "import numpy as np\nv = np.zeros(2, dtype=np.float_)"),
    ("NPY009", "import numpy as np\nv = np.array(['a']).astype(np.unicode_)"),
    ("NPY010", "import numpy as np\nv = np.product([1, 2, 3])"),
    ("NPY011", "import numpy as np\nv = np.mat([[1, 2], [3, 4]])"),
    ("NPY012", "import numpy as np\nv = np.find_common_type([np.float32, np.int64], [])"),
    ("NPY013", "import numpy as np\nv = np.asfarray([1, 2])"),
    ("NPY014", "import numpy as np\nv = np.in1d([1, 2, 3], [2])"),
    ("NPY015", "import numpy as np\nv = np.trapz([1.0, 2.0, 3.0])"),
    ("NPY017", "import numpy as np\nh, e = np.histogram([1, 2, 2, 3], bins=3, normed=True)"),
    ("NPY018", "import numpy as np\nv = np.percentile([1, 2, 3], 50, interpolation='lower')"),
    ("NPY019", "import numpy as np\nv = np.reshape(np.arange(6), newshape=(2, 3))"),
    ("NPY020", "import numpy as np\nv = np.array([[1, 2], [1]])"),
    ("NPY021", "import numpy as np\nv = np.array([1, 2], copy=False)"),
    ("NPY022", "import numpy as np\np = np.array([0.5])\nv = float(p)"),
    ("NPY022", "import numpy as np\np = np.array([[0.5]])\nv = 'x = %.3f (%s)' % (p, 'a')"),
    ("NPY023", "import numpy as np\nv = np.sum(x for x in range(4))"),
    ("PD001", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.ix[0:9, 1:3]"),
    ("PD002", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.as_matrix(columns=['a'])"),
    ("PD003", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.get_value(0, 'a')"),
    ("PD003", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\ndf.set_value(0, 'a', 1.0)"),
    ("PD004", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.sort(columns='a')"),
    ("PD005", DATA + "s = pd.Series(X[:, 0])\nv = pd.rolling_mean(s, 3, min_periods=1)"),
    ("PD006", "import pandas as pd\nd = pd.datetools.BDay(2)"),
    ("PD008", "import pandas as pd\nv = pd.np.zeros(3)\nt = pd.datetime(2020, 1, 2)"),
    ("PD009", "import pandas.util.testing as tm"),
    ("PD010", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.append(df)"),
    (
        "PD010",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\n"
        "v = df.append({'a': 1.0}, ignore_index=True)",
    ),
    ("PD011", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = list(df.iteritems())"),
    ("PD012", CSV + "v = pd.read_csv(io.StringIO(text), error_bad_lines=False)"),
    ("PD013", CSV + "v = pd.read_csv(io.StringIO(text), usecols=['a'], squeeze=True)"),
    ("PD014", CSV + "v = pd.read_csv(io.StringIO(text), header=None, prefix='X')"),
    ("PD015", CSV + "v = pd.read_csv(io.StringIO('a b\\n1 2\\n'), delim_whitespace=True)"),
    ("PD016", CSV + "v = pd.read_csv(io.StringIO(text), infer_datetime_format=True)"),
    ("PD018", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.fillna(method='ffill')"),
    ("PD020", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.swapaxes(0, 1)"),
    ("PD021", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.applymap(abs)"),
    ("PD022", "import pandas as pd\nv = pd.value_counts(['a', 'b', 'a'])"),
    (
        "PD023",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.lookup([0, 1], ['a', 'b'])",
    ),
    ("PD024", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.mad()"),
    ("PD025", "import pandas as pd\nv = pd.Int64Index([1, 2])"),
    (
        "PD026",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\n"
        "df.set_axis(list('wxyz'), axis=1, inplace=True)",
    ),
    (
        "PD027",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.to_csv(line_terminator='\\n')",
    ),
    ("PD027", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.a.is_monotonic"),
    ("PD028", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.drop('a', 1)"),
    ("PD028", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = pd.concat([df, df], 1)"),
    (
        "PD029",
        "import pandas as pd\ndf = pd.DataFrame({'s': ['x', 'y'], 'v': [1, 2]})\nm = df.mean()",
    ),
    (
        "PD032",
        "import pandas as pd\ns = pd.Series(['a', 'b', 'a'], name='c')\n"
        "v = s.value_counts().reset_index()['index']",
    ),
    (
        "PD039",
        "import pandas as pd\ns = pd.Series(range(40), index=pd.date_range('2020', periods=40))\n"
        "v = s.resample('M').sum()\nw = pd.date_range('2020', periods=3, freq='H')",
    ),
    ("PD040", "import pandas as pd\ns = pd.Series([1, 2], index=['a', 'b'])\nv = s[0]"),
    (
        "PD041",
        "import pandas as pd\ndf = pd.DataFrame({'v': [1, 2]}, index=['a', 'b'])\n"
        "v = df.loc[['a', 'z']]",
    ),
    (
        "PD043",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\n"
        "v = df.convert_objects(convert_numeric=True)",
    ),
    ("PD044", DATA + "s = pd.Series(X[:, 0])\nv = s.ravel()"),
    (
        "PD045",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.rolling(3, axis=0).mean()",
    ),
    (
        "PD039",
        "import pandas as pd\ns = pd.Series(range(40), index=pd.date_range('2020', periods=40))\n"
        "v = s.to_period('M').to_timestamp(freq='H')\nw = pd.period_range('2015', periods=3, "
        "freq='A')\nx = s.to_period('15T')",
    ),
    (
        "PD049",
        "import pandas as pd\nwith pd.option_context('precision', 2, 'max_rows', 5):\n"
        "    v = repr(pd.Series([1.23456]))\nw = pd.get_option('max_columns')",
    ),
    (
        "PD050",
        DATA + "s = pd.Series(X[:, 0], index=pd.date_range('2020', periods=60))\n"
        "v = s.resample('7D', how='mean')\nw = s.resample('W', how=np.max, closed='left')",
    ),
    ("SCP003", "from scipy.misc import comb, logsumexp\nv = comb(5, 2)"),
    ("SCP003", "import scipy.misc\nv = scipy.misc.factorial(4)"),
    ("SCP006", "from scipy.integrate import simps\nv = simps([1.0, 2.0, 3.0], [0.0, 1.0, 2.0])"),
    ("SCP006", "from scipy import integrate\nv = integrate.cumtrapz([1.0, 2.0, 3.0], initial=0)"),
    ("SCP007", "from scipy import stats\nv = stats.mode([1, 1, 2])[0][0]"),
    ("SCP008", "import scipy.sparse as sp\nm = sp.csr_matrix([[1, 0], [0, 2]])\nv = (m.A, m.H)"),
    ("SCP009", "from scipy.stats import itemfreq\nv = itemfreq([1, 1, 2])"),
    ("MPL001", MPL + "plt.style.use('seaborn-whitegrid')"),
    ("MPL002", MPL + "plt.hist([1, 2, 2], normed=True)"),
    ("MPL003", MPL + "plt.grid(b=True)"),
    ("MPL004", MPL + "fig = plt.figure()\nax = fig.gca(projection='3d')"),
    ("MPL006", MPL + "cmap = plt.cm.get_cmap('viridis', 5)"),
    ("MPL007", MPL + "import matplotlib.cm as cm\nnames = list(cm.cmap_d)"),
    ("MPL008", MPL + "ax = plt.subplot(111, axisbg='w')"),
    ("MPL009", MPL + "plt.plot([1, 2])\nplt.hold(True)"),
    ("MPL010", MPL + "plt.plot([1], label='a')\nleg = plt.legend()\nh = leg.legendHandles"),
    ("MPL011", MPL + "plt.boxplot([[1, 2], [3, 4]], labels=['a', 'b'])"),
    ("MPL012", MPL + "plt.plot([1])\nplt.savefig(OUT, quality=90)"),
    ("MPL013", MPL + "fig = plt.figure()\nfig.canvas.set_window_title('x')"),
    ("MPL015", MPL + "plt.plot([1, 10, 100])\nplt.yscale('log', basey=2)"),
    (
        "MPL015",
        MPL + "fig, ax = plt.subplots()\nax.semilogx([1, 10], [1, 2], basex=2, nonposx='clip')\n"
        "ax.set_yscale('symlog', linthreshy=0.5, linscaley=2)",
    ),
    ("MPL015", MPL + "fig, ax = plt.subplots()\nax.loglog([1, 10], [1, 2], basex=2, basey=2)"),
    ("STD001", "import time\nt = time.clock()"),
    ("STD002", "from collections import Mapping, OrderedDict\nok = isinstance({}, Mapping)"),
    ("PY2001", "x = 3\nprint x, x * 2"),
    ("PY2002", "try:\n    1 / 0\nexcept ZeroDivisionError, e:\n    msg = str(e)"),
    ("PY2004", "total = 0\nfor i in xrange(4):\n    total += i"),
    ("PY2005", "d = {'a': 1}\npairs = list(d.iteritems())\nok = d.has_key('a')"),
    ("PY2006", "first = map(int, ['1', '2'])[0]\nk = {'a': 1}.keys()[0]"),
    ("PY2007", "import cPickle as pickle\nfrom StringIO import StringIO\nb = pickle.dumps(1)"),
    ("PY2008", "import string\nabc = string.letters"),
    ("PY2009", "ys = sorted([3, 1, 2], cmp=lambda a, b: a - b)"),
    # not installed in the project's environment: these run where the libraries are
    (
        "IMB001",
        DATA + "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE().fit_sample(X, y)",
    ),
    (
        "IMB002",
        DATA + "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE(ratio=1.0)"
        ".fit_resample(X, y)",
    ),
    (
        "IMB003",
        DATA + "from imblearn.over_sampling import SMOTE\nXr, yr = SMOTE(n_jobs=2)"
        ".fit_resample(X, y)",
    ),
    (
        "SNS001",
        MPL + "import seaborn as sns\nimport pandas as pd\n"
        "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\nsns.barplot('a', 'b', data=df)",
    ),
    (
        "SNS003",
        MPL + "import seaborn as sns\nimport pandas as pd\n"
        "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\nsns.factorplot(x='a', y='b', data=df)",
    ),
    (
        "SNS005",
        MPL + "import seaborn as sns\nimport pandas as pd\n"
        "df = pd.DataFrame({'a': ['x', 'y'], 'b': [1, 2]})\nsns.lvplot(x='a', y='b', data=df)",
    ),
    (
        "LGB001",
        DATA + "import lightgbm as lgb\nd = lgb.Dataset(X, y)\n"
        "b = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], early_stopping_rounds=2)",
    ),
    (
        "LGB002",
        DATA + "import lightgbm as lgb\nd = lgb.Dataset(X, y)\n"
        "b = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], verbose_eval=1)",
    ),
    (
        "LGB003",
        DATA + "import lightgbm as lgb\nd = lgb.Dataset(X, y)\nlog = {}\n"
        "b = lgb.train({'verbose': -1}, d, 5, valid_sets=[d], evals_result=log)",
    ),
    (
        "LGB001",
        DATA + "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=5, verbose=-1)\n"
        "m.fit(X, y, eval_set=[(X, y)], early_stopping_rounds=2)",
    ),
    (
        "XGB001",
        DATA + "import xgboost as xgb\nm = xgb.XGBClassifier(n_estimators=5)\n"
        "m.fit(X, y, eval_set=[(X, y)], early_stopping_rounds=2, verbose=False)",
    ),
    (
        "XGB002",
        DATA + "import xgboost as xgb\nm = xgb.XGBClassifier(n_estimators=5).fit(X, y)\n"
        "p = m.predict(X, ntree_limit=3)",
    ),
    (
        "XGB003",
        DATA + "import xgboost as xgb\n"
        "m = xgb.XGBClassifier(n_estimators=5, tree_method='gpu_hist', gpu_id=0)\n"
        "p = m.get_xgb_params()['device']\nassert p == 'cuda:0' or p is None\nm.fit(X, y)",
    ),
    (
        "XGB004",
        DATA + "import xgboost as xgb\nd = xgb.DMatrix(X, y)\n"
        "b = xgb.train({}, d, 3, feval=lambda p, d: ('e', 0.0))",
    ),
    (
        "SKL001",
        DATA + "from sklearn.cross_validation import train_test_split\n"
        "a, b, c, d = train_test_split(X, y, random_state=0)",
    ),
    (
        "SKL002",
        DATA + "from sklearn.model_selection import KFold\n"
        "folds = KFold(len(y), n_folds=4)\nv = [len(t) for t, _ in folds]",
    ),
    ("SKL003", "from sklearn.grid_search import GridSearchCV"),
    (
        "SKL007",
        DATA + "from sklearn.preprocessing import OneHotEncoder\n"
        "Z = np.c_[y, X]\nv = OneHotEncoder(categorical_features=[0]).fit_transform(Z)",
    ),
    (
        "SKL008",
        DATA + "from sklearn.preprocessing import OneHotEncoder\nOneHotEncoder(sparse=False)",
    ),
    (
        "SKL009",
        DATA + "from sklearn.linear_model import LinearRegression\n"
        "p = LinearRegression(normalize=True).fit(X, y).predict(X)",
    ),
    ("SKL010", DATA + "from sklearn.linear_model import Ridge\nRidge(normalize=True).fit(X, y)"),
    (
        "SKL012",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression(multi_class='ovr').fit(X, y)",
    ),
    (
        "SKL013",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression(solver='liblinear').fit(X, np.arange(60) % 3)",
    ),
    (
        "SKL014",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression(penalty='none').fit(X, y)",
    ),
    (
        "SKL015",
        DATA + "from sklearn.metrics import mean_squared_error\n"
        "v = mean_squared_error(y, y * 0.5, squared=False)",
    ),
    (
        "SKL016",
        DATA + "import matplotlib\nmatplotlib.use('Agg')\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.metrics import plot_confusion_matrix\n"
        "plot_confusion_matrix(LogisticRegression().fit(X, y), X, y)",
    ),
    (
        "SKL018",
        DATA + "from sklearn.ensemble import RandomForestClassifier\n"
        "from sklearn.model_selection import GridSearchCV\n"
        "rf = RandomForestClassifier(n_estimators=5)\n"
        "gs = GridSearchCV(rf, {'max_features': ['auto']}, cv=2).fit(X, y)",
    ),
    (
        "SKL019",
        DATA + "from sklearn.tree import DecisionTreeRegressor\n"
        "DecisionTreeRegressor(criterion='mse').fit(X, y)",
    ),
    (
        "SKL020",
        DATA + "from sklearn.ensemble import GradientBoostingRegressor\n"
        "GradientBoostingRegressor(loss='ls', n_estimators=5).fit(X, y)",
    ),
    (
        "SKL021",
        DATA
        + "from sklearn.linear_model import SGDClassifier\nSGDClassifier(loss='log').fit(X, y)",
    ),
    (
        "SKL022",
        DATA + "from sklearn.linear_model import Perceptron\nPerceptron(n_iter=5).fit(X, y)",
    ),
    (
        "SKL023",
        DATA + "from sklearn.ensemble import BaggingClassifier\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "BaggingClassifier(base_estimator=DecisionTreeClassifier(), n_estimators=3).fit(X, y)",
    ),
    (
        "SKL024",
        DATA + "from sklearn.ensemble import AdaBoostClassifier\n"
        "AdaBoostClassifier(algorithm='SAMME', n_estimators=5).fit(X, y)",
    ),
    (
        "SKL025",
        DATA + "from sklearn.cluster import AgglomerativeClustering\n"
        "AgglomerativeClustering(2, affinity='manhattan', linkage='average').fit(X)",
    ),
    (
        "SKL026",
        DATA + "from sklearn.cluster import KMeans\nKMeans(2, algorithm='full', n_init=1).fit(X)",
    ),
    ("SKL027", DATA + "from sklearn.cluster import KMeans\nKMeans(2, n_jobs=2, n_init=1).fit(X)"),
    ("SKL029", "from sklearn.manifold import TSNE\nt = TSNE(n_iter=300)"),
    (
        "SKL031",
        "from sklearn.feature_extraction.text import CountVectorizer\n"
        "vec = CountVectorizer()\nvec.fit(['a cat', 'a dog'])\nnames = vec.get_feature_names()",
    ),
    (
        "SKL032",
        "from sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC\n"
        "gs = GridSearchCV(SVC(), {'C': [1]}, iid=False)",
    ),
    (
        "SKL036",
        DATA + "from sklearn.model_selection import cross_val_score\n"
        "from sklearn.svm import SVC\ns = cross_val_score(SVC(), X, y, cv=2, fit_params={})",
    ),
    ("SKL038", "from sklearn.ensemble.forest import RandomForestClassifier"),
    ("SKL038", "from sklearn.metrics.scorer import make_scorer\nimport sklearn.tree.tree as t"),
    ("SKL039", "from sklearn.ensemble.partial_dependence import partial_dependence"),
    ("SKL040", DATA + "from sklearn.decomposition import RandomizedPCA\nRandomizedPCA(2).fit(X)"),
    ("SKL040", DATA + "from sklearn.mixture import GMM\nGMM(2, n_iter=20).fit(X)"),
    ("SKL041", DATA + "from sklearn.lda import LDA\nLDA().fit(X, y)"),
    (
        "SKL042",
        DATA + "from sklearn.metrics import calinski_harabaz_score\n"
        "v = calinski_harabaz_score(X, y)",
    ),
    (
        "SKL043",
        DATA + "from sklearn.metrics import jaccard_similarity_score\n"
        "v = jaccard_similarity_score(y, y)",
    ),
    (
        "SKL045",
        DATA + "from sklearn.tree import DecisionTreeClassifier\n"
        "DecisionTreeClassifier(presort=True).fit(X, y)",
    ),
    (
        "SKL047",
        DATA + "from sklearn.linear_model import LassoCV\nLassoCV(n_alphas=5, cv=2).fit(X, y)",
    ),
    (
        "SKL049",
        DATA + "from sklearn.ensemble import AdaBoostClassifier\n"
        "from sklearn.model_selection import GridSearchCV\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "m = AdaBoostClassifier(DecisionTreeClassifier(), n_estimators=3)\n"
        "gs = GridSearchCV(m, {'base_estimator__max_depth': [1]}, cv=2, error_score='raise')"
        ".fit(X, y)",
    ),
    (
        "SKL004",
        DATA + "from sklearn.preprocessing import Imputer, StandardScaler\n"
        "X[::5, 1] = np.nan\nv = Imputer(missing_values='NaN', strategy='mean', axis=0)"
        ".fit_transform(X)",
    ),
    ("SKL005", "from sklearn.externals import joblib\nv = joblib.hash([1])"),
    (
        "SKL050",
        DATA + "from sklearn.model_selection import cross_val_score, GridSearchCV\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "s = cross_val_score(LogisticRegression(), X, y, cv=3, scoring='log_loss')\n"
        "g = GridSearchCV(LogisticRegression(), {'C': [1.0]}, cv=2, scoring='mean_squared_error')"
        ".fit(X, y)",
    ),
    (
        "SKL051",
        "from sklearn.metrics import SCORERS\nnames = sorted(SCORERS.keys())\n"
        "acc = SCORERS['accuracy']",
    ),
    ("SKL051", "import sklearn.metrics\nn = len(sklearn.metrics.SCORERS.keys())"),
    (
        "PD051",
        "import pandas as pd\n"
        "s = pd.Series(range(6), index=pd.date_range('2020', periods=6, freq='h'))\n"
        "top = s.resample('2h').head(2)",
    ),
    (
        "SKL052",
        DATA + "from sklearn.model_selection import StratifiedKFold, cross_val_score\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "folds = StratifiedKFold(3, True, 0)\n"
        "s = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, None, 'accuracy', "
        "folds)",
    ),
    (
        "SKL052",
        DATA + "from sklearn.model_selection import validation_curve\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "tr, te = validation_curve(DecisionTreeClassifier(), X, y, 'max_depth', [1, 2], cv=3)",
    ),
    (
        "SKL006",
        DATA + "from sklearn.ensemble import RandomForestClassifier\n"
        "m = RandomForestClassifier(n_estimators=5, max_features='auto').fit(X, y)",
    ),
    # pandas 0.x seen in 2015-2019 notebooks
    (
        "PD052",
        "import pandas as pd\ndf = pd.DataFrame({'c': pd.Series(['a', 'b']).astype('category')})\n"
        "df['c'].cat.categories = ['x', 'y']",
    ),
    ("PD053", MPL + "import pandas as pd\npd.set_option('display.mpl_style', 'default')"),
    (
        "PD054",
        "import pandas as pd\ns = pd.TimeSeries([1.0], index=pd.date_range('2020', periods=1))",
    ),
    (
        "PD055",
        "import pandas as pd\n"
        "i = pd.MultiIndex(levels=[['a', 'b'], [1, 2]], labels=[[0, 0, 1, 1], [0, 1, 0, 1]])",
    ),
    ("PD056", DATA + "s = pd.Series(X[:, 0], index=pd.Index(y, name='k'))\nv = s.sum(level='k')"),
    (
        "PD057",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\n"
        "v = pd.concat([df, df[['a']]], join_axes=[df.columns])",
    ),
    (
        "PD058",
        DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = pd.concat([df, df], axis='col')",
    ),
    # scikit-learn 0.x seen in 2015-2019 notebooks
    (
        "SKL053",
        DATA + "from sklearn.linear_model import SGDRegressor\n"
        "m = SGDRegressor(max_iter=5, tol=-np.inf, random_state=0).fit(X, y)",
    ),
    (
        "SKL055",
        DATA + "from sklearn.linear_model import Ridge\n"
        "m = Ridge().fit(X[:, :1], y[:, None])\nt1 = m.coef_[0][0]",
    ),
    (
        "SKL056",
        DATA + "from sklearn.neighbors import KernelDensity\nk = KernelDensity(0.15).fit(X)",
    ),
    (
        "SKL056",
        DATA + "from sklearn.preprocessing import binarize\nb = binarize([X[:, 0]], 0.3)[0]",
    ),
    ("MPL002", MPL + "kw = dict(histtype='step', normed=True, bins=3)\nplt.hist([1, 2, 2], **kw)"),
    ("MPL016", MPL + "plt.plot([1, 2, 3], [1, 4, 9], linestyle='steps')"),
    (
        "PD059",
        "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]}, index=['x', 'y', 'z'])\n"
        "v = df.loc[:2, 'a']",
    ),
    ("PY2006", "import random\nd = {'a': 1, 'b': 2}\nagent = d.keys()\nrandom.shuffle(agent)"),
    (
        "PY2010",
        "import os, tempfile\nimport pandas as pd\np = os.path.join(tempfile.mkdtemp(), 'm.csv')\n"
        "open(p, 'wb').write('id;name\\n1;Café\\n'.encode('latin-1'))\n"
        "text = open(p).read()\ndf = pd.read_csv(p, sep=';')\nassert df['name'][0] == 'Café'",
    ),
    (  # the inline backend closes a cell's figures when it ends
        "MPL049",
        MPL + "fig, ax = plt.subplots(1, 1)\nplt.close(fig)\nax.plot([1, 2])\nfig.show()\n"
        "assert plt.gcf() is fig",
    ),
    (
        "PY2013",
        "import os, pickle, tempfile\np = os.path.join(tempfile.mkdtemp(), 'prices.csv')\n"
        "open(p, 'w').write('10\\n11\\n12\\n')\npickle.dump([1], open(p + '.pkl', 'wb'))\n"
        "f = open(p, 'rb').read()\nrows = f.split('\\n')\nassert rows[1] == '11'\n"
        "kept = pickle.load(open(p + '.pkl', 'rb'))",
    ),
    (
        "SKL057",
        DATA + "from sklearn.svm import SVC\nclf = SVC().fit(X, y)\np = clf.predict(X[-1])",
    ),
    (
        "PD061",
        MPL + "import pandas as pd\ns = pd.Series(['Snow', 'Rain', 'Snow Fog'])\n"
        "is_snowing = s.str.contains('Snow')\nis_snowing.plot()",
    ),
    (
        "SKL002",
        DATA + "from sklearn.model_selection import KFold, StratifiedKFold\n"
        "kf = KFold(n=6, n_folds=3)\nskf = StratifiedKFold(y=y, n_folds=5, random_state=0)\n"
        "v = [len(t) for t, _ in kf] + [len(t) for t, _ in skf]",
    ),
    (
        "PD062",
        "import pandas as pd\ng = pd.DataFrame({'name': ['a', 'a', 'b'], 'month': ['x', 'y', 'x'], "
        "'grade': [1.0, 2.0, 3.0]})\np = pd.pivot_table(g, index='name')",
    ),
    (
        "NPY027",
        "import numpy as np\ns_sorted = np.sort(np.arange(100.0))\nR, alpha = 99, 0.05\n"
        "v = s_sorted[[(R + 1) * alpha / 2, (R + 1) * (1 - alpha / 2)]]\nassert list(v) == [2, 97]",
    ),
    (
        "PY2011",
        "import numpy as np\nimport pandas as pd\n"
        "s = pd.Series(['S', 'C', np.nan, 'Q'], dtype=object)\n"
        "locs = sorted(s.unique())\nassert locs[1:] == ['C', 'Q', 'S']",
    ),
    (
        "PY2012",
        MPL + "ages = [1.0, 30.0, 80.0]\nmax_age, bin_size = max(ages), 10\n"
        "plt.hist(ages, bins=max_age / bin_size)\nfor i in range(len(ages) / 2):\n    pass",
    ),
    (
        "NPY022",
        "import numpy as np\nload = lambda: np.asmatrix([[3.0], [1.0], [2.0]])\np = load()\n"
        "top = float(p[0])\nassert top == 3.0",
    ),
    (
        "SKL083",
        "from sklearn.metrics import f1_score, fbeta_score\n"
        "v = f1_score([0, 1, 2, 2], [0, 2, 1, 2])\n"
        "w = fbeta_score([0, 1, 2, 2], [0, 2, 1, 2], beta=0.5)",
    ),
    (
        "PD094",
        "import pandas as pd\ndef first(s):\n    return s[0]\n"
        "v = first(pd.Series([1, 2], index=['a', 'b']))\nassert v == 1",
    ),
    (
        "MPL050",
        MPL + "plt.bar([0, 1, 2], [3, 1, 2], color='rgb')\n"
        "plt.scatter([1, 2], [1, 2], c='', edgecolor='black', s=100)\nplt.savefig(OUT)",
    ),
    (
        "MPL017",
        MPL
        + "import numpy as np\nX = np.linspace(0, 3, 10).reshape(-1, 1)\nb = X[X[:, 0] > 1][0]\n"
        "plt.arrow(b, 0.08, -0.3, 0, head_width=0.05)\nplt.text(b + 0.02, 0.15, 'x')\n"
        "plt.savefig(OUT)",
    ),
]


@pytest.fixture(autouse=True)
def _pandas_options_restored():
    """Rewrites with every rule add PD060's set_option after `import pandas`; executed here,
    it would change string inference for the rest of the test process."""
    import pandas as pd

    infer = pd.get_option("future.infer_string")
    yield
    pd.set_option("future.infer_string", infer)


@pytest.mark.parametrize(
    ("rule_id", "old"), CASES, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CASES)]
)
def test_old_code_raises_and_rewritten_code_runs(rule_id: str, old: str) -> None:
    old_code_raises(get_rule(rule_id), old)
    _run(rewritten(old, rule_id))


def test_rewritten_imputer_and_ix_compute_what_the_old_code_meant() -> None:
    old = (
        DATA + "from sklearn.preprocessing import Imputer\n"
        "df = pd.DataFrame(X, columns=list('abcd'))\ndf.ix[::4, 'b'] = np.nan\n"
        "part = df.ix[5:20, 1:3].as_matrix()\n"
        "filled = Imputer(missing_values='NaN', strategy='mean', axis=0).fit_transform(df)"
    )
    (new,), _ = rewrite(old)
    ns = _run(new)
    np = ns["np"]
    X = ns["X"].copy()
    X[::4, 1] = np.nan
    # .ix on a RangeIndex: rows by label, end inclusive; integer columns by position
    np.testing.assert_array_equal(ns["part"], X[5:21, 1:3])
    expected = np.where(np.isnan(X), np.nanmean(X, axis=0), X)
    np.testing.assert_allclose(ns["filled"], expected)


def test_max_features_auto_meant_sqrt_for_classifiers() -> None:
    code = (
        DATA + "from sklearn.ensemble import RandomForestClassifier as RF\n"
        "a = RF(n_estimators=8, max_features='auto', random_state=1).fit(X, y)\n"
        "b = RF(n_estimators=8, max_features=2, random_state=1).fit(X, y)\n"
        "same = (a.predict_proba(X) == b.predict_proba(X)).all()"
    )
    (new,), _ = rewrite(code, ["SKL006"])
    assert _run(new)["same"]  # sqrt(4) == 2 features per split


PINS = [
    (
        "SKL011",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression().fit(X, y)",
    ),
    ("SKL028", DATA + "from sklearn.cluster import KMeans\nkm = KMeans(2, random_state=0).fit(X)"),
    (
        "SKL030",
        DATA + "from sklearn.manifold import TSNE\nTSNE(perplexity=5).fit_transform(X[:20])",
    ),
    (
        "SKL034",
        DATA + "from sklearn.model_selection import cross_val_score\n"
        "from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.svm import SVC\n"
        "a = cross_val_score(RandomForestClassifier(random_state=0), X, y)\n"
        "b = SVC().fit(X, y)",
    ),
    (
        "SKL035",
        DATA + "from sklearn.linear_model import SGDClassifier\n"
        "m = SGDClassifier(random_state=0).fit(X, y)",
    ),
    ("SKL048", DATA + "from sklearn.svm import LinearSVC\nm = LinearSVC().fit(X, y)"),
    (
        "PD046",
        "import pandas as pd\ndf = pd.DataFrame({'k': pd.Categorical(['a'], ['a', 'b']), "
        "'v': [1]})\nn = len(df.groupby('k').v.sum())",
    ),
]


@pytest.mark.parametrize(("rule_id", "code"), PINS, ids=[r for r, _ in PINS])
def test_pinned_defaults_run(rule_id: str, code: str) -> None:
    (new,), _ = rewrite(code, [rule_id])
    assert new != code
    _run(new)


def test_observed_false_keeps_empty_categories() -> None:
    code = PINS[-1][1]
    (new,), _ = rewrite(code, ["PD046"])
    assert _run(code)["n"] == 1 and _run(new)["n"] == 2


def test_itemfreq_replacement_matches_its_old_output() -> None:
    (new,), _ = rewrite("from scipy.stats import itemfreq\nv = itemfreq([3, 1, 1, 2])", ["SCP009"])
    assert _run(new)["v"].tolist() == [[1, 2], [2, 1], [3, 1]]


def test_axes3d_rewrite_puts_the_axes_on_the_figure() -> None:
    code = MPL + "from mpl_toolkits.mplot3d import Axes3D\nfig = plt.figure()\nax = Axes3D(fig)"
    assert len(_run(code)["fig"].axes) == 0  # the silent change: a blank figure
    (new,), _ = rewrite(code, ["MPL005"])
    assert len(_run(new)["fig"].axes) == 1


# --- IPython: code that only runs inside a shell ------------------------------------------------

_SHELL = (
    "import sys\n"
    "from traitlets.config import Config\n"
    "from IPython.core.interactiveshell import InteractiveShell\n"
    "config = Config()\nconfig.HistoryManager.enabled = False\n"
    "shell = InteractiveShell.instance(config=config)\n"
    "result = shell.run_cell(sys.stdin.read(), silent=True)\n"
    "error = result.error_before_exec or result.error_in_exec\n"
    "print('RESULT', f'{type(error).__name__}: {error}' if error else 'ok')\n"
)


def _run_in_ipython(code: str, home: Path) -> str:
    """``code`` as one cell of a fresh IPython shell (a subprocess: the shell is a process-wide
    singleton and puts get_ipython in builtins); "ok" or the error it raised."""
    env = {**os.environ, "IPYTHONDIR": str(home), "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-c", _SHELL],
        input=code,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")]
    assert lines, done.stdout + done.stderr
    return lines[-1].removeprefix("RESULT ")


def test_ipython_magic_call_runs_as_run_line_magic(tmp_path: Path) -> None:
    """IPY004 on a notebook: the prepass rewrites the removed shell.magic(), the old cell fails
    in today's IPython with an error the rule recognizes, the new one runs the same magics."""
    from mlemodernizer.fixers.rules import RulesFixer

    from ...conftest import make_notebook

    old = (
        "import os\n"
        "get_ipython().magic('env MLEM_PROBE=on')\n"
        "ip = get_ipython()\n"
        "ip.magic(u'%env MLEM_OTHER=1')\n"
        "assert os.environ['MLEM_PROBE'] == 'on' and os.environ['MLEM_OTHER'] == '1'"
    )
    rule = get_rule("IPY004")
    error = _run_in_ipython(old, tmp_path)
    assert error.startswith("AttributeError") and rule.matches_error(error), error
    proposal = RulesFixer().prepass(make_notebook([old]))
    assert proposal is not None and "IPY004" in proposal.rule_ids
    new = proposal.changes[0].new_source
    assert ".magic(" not in new
    assert _run_in_ipython(new, tmp_path) == "ok"


# --- pandas seen in real notebooks ----------------------------------------------------------------

SERIES = "import numpy as np\nimport pandas as pd\nrng = np.random.RandomState(0)\n"


def test_short_option_names_set_the_display_option_they_meant() -> None:
    """PD049: the rewritten option_context really sets display.precision (the repr rounds)."""
    old = (
        "import pandas as pd\nwith pd.option_context('precision', 2):\n"
        "    inside = repr(pd.Series([1.23456]))\n"
        "    meant = pd.get_option('precision')\n"
        "outside = repr(pd.Series([1.23456]))"
    )
    (new,), _ = rewrite(old, ["PD049"])
    ns = _run(new)
    assert ns["meant"] == 2
    assert "1.23" in ns["inside"] and "1.2346" not in ns["inside"]
    assert "1.23456" in ns["outside"]  # the option was scoped, as before


def test_resample_how_aggregates_as_the_old_keyword_did() -> None:
    """PD050 (with PD039 for the 'M' alias): the same numbers as aggregating each bin by hand."""
    old = (
        SERIES + "s = pd.Series(rng.randn(60), index=pd.date_range('2020-01-01', periods=60))\n"
        "mean7 = s.resample('7D', how='mean')\nmax7 = s.resample('7D', how=np.max)\n"
        "monthly = s.resample('M', how='sum')"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old)
    assert "how=" not in new
    ns = _run(new)
    values = ns["s"].to_numpy()
    bins = [values[i : i + 7] for i in range(0, len(values), 7)]
    np = ns["np"]
    np.testing.assert_allclose(ns["mean7"].to_numpy(), [b.mean() for b in bins])
    np.testing.assert_allclose(ns["max7"].to_numpy(), [b.max() for b in bins])
    months = ns["s"].index.month
    expected = [values[months == m].sum() for m in sorted(set(months))]
    np.testing.assert_allclose(ns["monthly"].to_numpy(), expected)


def test_period_frequencies_keep_period_aliases() -> None:
    """PD039 on period calls: 'M' stays (an offset 'ME' is an error for periods), 'H' → 'h',
    'A' → 'Y'; the rewritten periods are the ones the old aliases named."""
    old = (
        SERIES + "s = pd.Series(range(40), index=pd.date_range('2020-01-01', periods=40))\n"
        "starts = s.to_period('M').to_timestamp(freq='H')\n"
        "years = pd.period_range('2015', periods=3, freq='A')"
    )
    (new,), _ = rewrite(old, ["PD039"])
    assert "to_period('M')" in new
    ns = _run(new)
    pd = ns["pd"]
    assert (ns["starts"].index == ns["s"].index.to_period("M").start_time).all()
    assert list(ns["years"].year) == [2015, 2016, 2017]
    assert ns["years"].freqstr == pd.Period("2015", freq="Y").freqstr


def test_asfreq_on_a_period_index_takes_period_aliases() -> None:
    """PD039: quarters.asfreq('A') on a PeriodIndex (handson-ml's tools_pandas) becomes 'Y',
    the annual periods it meant; on an unknown receiver 'A' stays (it could be timestamps)."""
    old = (
        "import pandas as pd\nquarters = pd.period_range('2016Q1', periods=8, freq='Q')\n"
        "years = quarters.asfreq('A')\nother = frame.asfreq('A')"
    )
    (new,), _ = rewrite(old, ["PD039"])
    assert "quarters.asfreq('Y')" in new and "frame.asfreq('A')" in new
    with pytest.raises(ValueError, match="Invalid frequency: A"):
        _run(old.rsplit("\n", 1)[0])
    ns = _run(new.rsplit("\n", 1)[0])
    assert [str(p) for p in ns["years"]] == ["2016"] * 4 + ["2017"] * 4


# --- scikit-learn seen in real notebooks ------------------------------------------------------


def test_old_loss_scorer_names_give_the_negated_loss() -> None:
    """SKL050: scoring='mean_squared_error' returned -MSE (0.18-0.19); the rewrite computes
    exactly that, fold by fold."""
    old = (
        DATA + "from sklearn.linear_model import LinearRegression\n"
        "from sklearn.model_selection import KFold, cross_val_score\n"
        "target = X @ np.array([1.0, 2.0, 0.0, 0.0]) + rng.randn(60)\n"
        "folds = KFold(3)\n"
        "mse = cross_val_score(LinearRegression(), X, target, cv=folds, "
        "scoring='mean_squared_error')"
    )
    with pytest.raises(ValueError):
        _run(old)
    (new,), _ = rewrite(old, ["SKL050"])
    ns = _run(new)
    from sklearn.linear_model import LinearRegression
    from sklearn.metrics import mean_squared_error

    X, target, np = ns["X"], ns["target"], ns["np"]
    by_hand = [
        -mean_squared_error(target[te], LinearRegression().fit(X[tr], target[tr]).predict(X[te]))
        for tr, te in ns["folds"].split(X)
    ]
    np.testing.assert_allclose(ns["mse"], by_hand)
    assert (ns["mse"] < 0).all()


def test_scorers_dict_rewrite_gives_the_names_and_the_scorers() -> None:
    """SKL051 in a notebook: the import of the removed dict goes, its uses become
    get_scorer_names() / get_scorer(name), and the scorer scores like the metric."""
    from mlemodernizer.fixers.rules import RulesFixer

    from ...conftest import make_notebook

    cells = [
        "from sklearn.metrics import SCORERS, accuracy_score",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "names = sorted(SCORERS.keys())\nscorer = SCORERS['accuracy']\n"
        "m = LogisticRegression().fit(X, y)\n"
        "same = scorer(m, X, y) == accuracy_score(y, m.predict(X))",
    ]
    with pytest.raises(ImportError) as info:
        _run(cells[0])
    assert get_rule("SKL051").matches_error(f"{info.type.__name__}: {info.value}")
    proposal = RulesFixer().prepass(make_notebook(cells))
    assert proposal is not None and "SKL051" in proposal.rule_ids
    new = list(cells)
    for change in proposal.changes:
        new[change.cell_index] = change.new_source
    assert "SCORERS" not in "\n".join(new)
    ns = _run("\n".join(new))
    assert ns["names"] == sorted(ns["names"]) and "accuracy" in ns["names"]
    assert "neg_mean_squared_error" in ns["names"]
    assert ns["same"]


def test_log_scale_keywords_reach_the_axis_they_named() -> None:
    """MPL015: the rewritten keywords configure the same scales the old ones named."""
    code = (
        MPL + "fig, (a, b, c) = plt.subplots(1, 3)\n"
        "a.semilogx([1, 10], [1, 2], basex=2)\n"
        "b.set_yscale('symlog', linthreshy=0.5, subsy=[2, 5])\n"
        "c.loglog([1, 10], [1, 10], basex=3, basey=3)"
    )
    (new,), _ = rewrite(code, ["MPL015"])
    assert "basex" not in new and "basey" not in new
    ns = _run(new)
    a, b, c = ns["a"], ns["b"], ns["c"]
    assert a.get_xscale() == "log" and a.xaxis.get_transform().base == 2
    assert a.get_yscale() == "linear"
    assert b.get_yscale() == "symlog" and b.yaxis.get_transform().linthresh == 0.5
    assert c.xaxis.get_transform().base == 3 and c.yaxis.get_transform().base == 3
    ns["plt"].close("all")


def test_keyword_only_rewrite_keeps_what_each_positional_argument_meant() -> None:
    """SKL052: KFold(5, True, 7) meant shuffle=True, random_state=7 and validation_curve's
    4th and 5th arguments were param_name and param_range: the same folds, the same curve."""
    old = (
        DATA + "from sklearn.model_selection import KFold, validation_curve\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "kf = KFold(4, True, 7)\n"
        "tr, te = validation_curve(DecisionTreeClassifier(random_state=0), X, y, 'max_depth', "
        "[1, 3], cv=kf)"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old, ["SKL052"])
    ns = _run(new)
    from sklearn.model_selection import KFold
    from sklearn.tree import DecisionTreeClassifier

    X, y, np = ns["X"], ns["y"], ns["np"]
    folds = list(KFold(n_splits=4, shuffle=True, random_state=7).split(X))
    got = [te for _, te in ns["kf"].split(X)]
    assert all((a == b).all() for a, (_, b) in zip(got, folds, strict=True))
    assert [list(b) for _, b in folds] != [list(b) for _, b in KFold(4).split(X)]  # shuffled
    by_hand = [
        [
            DecisionTreeClassifier(random_state=0, max_depth=d)
            .fit(X[tr], y[tr])
            .score(X[te], y[te])
            for tr, te in folds
        ]
        for d in (1, 3)
    ]
    np.testing.assert_allclose(ns["te"], by_hand)


def test_keyword_only_leaves_the_old_data_first_splitter_to_skl002() -> None:
    old = "from sklearn.model_selection import StratifiedKFold\nskf = StratifiedKFold(y, 4, True)"
    (new,), _ = rewrite(old, ["SKL052"])
    assert new == old


def test_bare_resample_used_as_a_series_meant_its_mean() -> None:
    """PD051: pandas 0.18-0.25 ran the old default aggregation (mean) when a Series method was
    reached on a bare resampler; the rewrite gives those bin means."""
    old = (
        "import pandas as pd\n"
        "s = pd.Series([1.0, 3.0, 5.0, 7.0, 9.0, 20.0], "
        "index=pd.date_range('2020', periods=6, freq='h'))\n"
        "r = s.resample('2h')\nbins = r.values\nfirst = s.resample('3h').head(1)"
    )
    with pytest.raises(AttributeError):
        _run(old)
    (new,), _ = rewrite(old, ["PD051"])
    ns = _run(new)
    assert list(ns["bins"]) == [2.0, 6.0, 14.5]
    assert list(ns["first"]) == [3.0]


def test_grid_scores_listcomp_and_fields_read_the_same_numbers_from_cv_results() -> None:
    """SKL033: the mean scores and parameters old tutorials pulled out of grid_scores_ come from
    cv_results_, and equal what each candidate scores under the same folds."""
    old = (
        DATA + "from sklearn.model_selection import GridSearchCV, KFold\n"
        "from sklearn.neighbors import KNeighborsClassifier\n"
        "grid = GridSearchCV(KNeighborsClassifier(), {'n_neighbors': [1, 5, 9]}, cv=KFold(3))\n"
        "grid.fit(X, y)\n"
        "means = [result.mean_validation_score for result in grid.grid_scores_]\n"
        "first = grid.grid_scores_[0].parameters"
    )
    with pytest.raises(AttributeError, match="grid_scores_"):
        _run(old)
    (new,), _ = rewrite(old, ["SKL033"])
    assert "grid_scores_" not in new
    ns = _run(new)
    from sklearn.model_selection import KFold, cross_val_score
    from sklearn.neighbors import KNeighborsClassifier

    X, y, np = ns["X"], ns["y"], ns["np"]
    by_hand = [
        cross_val_score(KNeighborsClassifier(n_neighbors=k), X, y, cv=KFold(3)).mean()
        for k in (1, 5, 9)
    ]
    assert isinstance(ns["means"], list)
    np.testing.assert_allclose(ns["means"], by_hand)
    assert ns["first"] == {"n_neighbors": 1}

    # a cell that only showed grid.grid_scores_ shows the same columns of cv_results_
    (shown,), _ = rewrite("grid.grid_scores_", ["SKL033"])
    table = eval(shown.splitlines()[-1], {**ns, "pd": __import__("pandas")})
    assert list(table.columns) == ["params", "mean_test_score", "std_test_score"]
    np.testing.assert_allclose(table["mean_test_score"], by_hand)


# --- pandas 0.x seen in 2015-2019 notebooks ---------------------------------------------------

HEALTH = (
    "import numpy as np\nimport pandas as pd\n"
    "rows = pd.MultiIndex.from_product([[2013, 2014], [1, 2]], names=['year', 'visit'])\n"
    "cols = pd.MultiIndex.from_product([['Bob', 'Sue'], ['HR', 'Temp']], names=['who', 'type'])\n"
    "health = pd.DataFrame(np.arange(16.0).reshape(4, 4), index=rows, columns=cols)\n"
)


def test_level_reductions_group_by_the_level_they_named() -> None:
    """PD056: mean(level=) is groupby(level=).mean(); with axis=1 the columns are grouped."""
    old = (
        HEALTH + "by_year = health.mean(level='year')\nby_type = by_year.mean(axis=1, level='type')"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old, ["PD056"])
    ns = _run(new)
    values = np.arange(16.0).reshape(4, 4)
    year = (values[:2].mean(axis=0), values[2:].mean(axis=0))  # 2013, 2014
    np.testing.assert_allclose(ns["by_year"].to_numpy(), np.vstack(year))
    hr = np.vstack(year)[:, [0, 2]].mean(axis=1)  # Bob/HR and Sue/HR
    np.testing.assert_allclose(ns["by_type"]["HR"].to_numpy(), hr)


def test_join_axes_keeps_the_first_frames_columns() -> None:
    """PD057: concat(join_axes=[a.columns]) kept a's columns (outer-joined rows, NaN filled)."""
    old = (
        "import pandas as pd\na = pd.DataFrame({'A': [1], 'B': [2], 'C': [3]})\n"
        "b = pd.DataFrame({'B': [4], 'C': [5], 'D': [6]})\n"
        "c = pd.concat([a, b], join_axes=[a.columns])"
    )
    (new,), _ = rewrite(old, ["PD057"])
    c = _run(new)["c"]
    assert list(c.columns) == ["A", "B", "C"]
    assert c["B"].tolist() == [2, 4] and c["A"].isna().tolist() == [False, True]


def test_categories_assignment_renames_the_categories() -> None:
    old = (
        "import pandas as pd\n"
        "df = pd.DataFrame({'c': pd.Series(['a', 'b', 'a']).astype('category')})\n"
        "df['c'].cat.categories = ['x', 'y']"
    )
    (new,), _ = rewrite(old, ["PD052"])
    assert _run(new)["df"]["c"].tolist() == ["x", "y", "x"]


# --- scikit-learn 0.x seen in 2015-2019 notebooks ---------------------------------------------


def test_old_gmm_code_computes_per_sample_densities_on_a_column() -> None:
    """SKL040 + SKL054: GMM(2).fit(x) on 1-D x, np.exp(gmm.score(xs)) (per-sample then),
    covars_ and score_samples(x)[0] become a GaussianMixture on a column with today's names."""
    old = (
        "import numpy as np\nfrom sklearn.mixture import GMM\n"
        "rng = np.random.RandomState(0)\nx = np.concatenate([rng.normal(0, 1, 200), "
        "rng.normal(5, 1, 200)])\n"
        "clf = GMM(2, n_iter=100, random_state=0).fit(x)\nxs = np.linspace(-3, 8, 50)\n"
        "density = np.exp(clf.score(xs))\nvar = clf.covars_\nll = clf.score_samples(x)[0]"
    )
    with pytest.raises(ImportError) as info:
        _run(old)
    assert get_rule("SKL054").matches_error(f"ImportError: {info.value}")
    (new,), _ = rewrite(old, ["SKL040", "SKL054"])
    ns = _run(new)
    from sklearn.mixture import GaussianMixture

    ref = GaussianMixture(2, max_iter=100, random_state=0, covariance_type="diag")
    ref.fit(ns["x"][:, None])
    np.testing.assert_allclose(ns["density"], np.exp(ref.score_samples(ns["xs"][:, None])))
    np.testing.assert_allclose(ns["var"], ref.covariances_)
    assert ns["ll"].shape == (400,)


def test_coef_row_zero_is_the_same_element_for_either_shape() -> None:
    """SKL055: coef_.ravel()[j] equals coef_[0][j] on a 2-D coef_ (LogisticRegression) and is
    the coefficient on today's 1-D one (Ridge with a 2-D y)."""
    code = (
        DATA + "from sklearn.linear_model import LogisticRegression, Ridge\n"
        "log = LogisticRegression().fit(X, y)\nridge = Ridge().fit(X[:, :1], y[:, None])\n"
        "a = log.coef_[0][1]\nb = ridge.coef_[0][0]"
    )
    (new,), _ = rewrite(code, ["SKL055"])
    ns = _run(new)
    assert ns["a"] == ns["log"].coef_[0, 1]
    assert ns["b"] == ns["ridge"].coef_[0]


def test_old_learning_curve_positionals_keep_their_meaning() -> None:
    """SKL003 + SKL052: sklearn.learning_curve.learning_curve(m, X, y, sizes, cv) had no groups
    parameter: the sizes stay train_sizes (not groups) in model_selection."""
    old = (
        DATA + "from sklearn.learning_curve import learning_curve\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "sizes = np.linspace(0.2, 1.0, 3)\n"
        "n, tr, te = learning_curve(DecisionTreeClassifier(random_state=0), X, y, sizes, 3)"
    )
    (new,), _ = rewrite(old, ["SKL003", "SKL052"])
    assert "train_sizes=sizes" in new and "groups" not in new
    assert list(_run(new)["n"]) == [8, 24, 40]


def test_integer_row_slice_on_a_label_index_takes_positions() -> None:
    """PD059: what .ix[:2, :'a'] gave on a string index: the first two rows."""
    old = (
        "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]}, "
        "index=['x', 'y', 'z'])\nv = df.loc[:2, :'a']"
    )
    (new,), _ = rewrite(old, ["PD059"])
    v = _run(new)["v"]
    assert list(v.index) == ["x", "y"] and list(v.columns) == ["a"]


def test_object_strings_take_what_the_str_dtype_refuses() -> None:
    """PD060: the str dtype refuses fill_value=0; with future.infer_string off the column is
    object again and the missing row gets 0, as before pandas 3."""
    import pandas as pd

    old = (
        "import pandas as pd\ndf = pd.DataFrame({'state': ['Ohio', 'Nevada'], 'pop': [1.5, 2.4]})\n"
        "v = df.reindex(range(3), fill_value=0)"
    )
    with pytest.raises(TypeError) as info:
        _run(old)
    assert get_rule("PD060").matches_error(f"TypeError: {info.value}")
    (new,), _ = rewrite(old, ["PD060"])
    namespace: dict = {}
    with warnings.catch_warnings(record=True) as caught:  # as the kernel shows them
        warnings.simplefilter("always")
        exec(compile(new, "<cell>", "exec"), namespace)
    v = namespace["v"]
    assert not pd.get_option("future.infer_string")  # restored after the test by the fixture
    assert v["state"].tolist() == ["Ohio", "Nevada", 0]
    # the option's own deprecation (pandas 3.1) is not a warning the author's run showed
    assert not [w for w in caught if "infer_string" in str(w.message)]


def test_old_arma_code_fits_the_model_it_described() -> None:
    """SM001: ARMA(y, order=(2, 2)).fit(trend='nc', disp=-1), removed in statsmodels 0.13,
    becomes an ARIMA of order (2, 0, 2) with no constant; the same model as written by hand."""
    pytest.importorskip("statsmodels")
    old = (
        "import numpy as np\nimport statsmodels.api as sm\n"
        "from statsmodels.tsa.arima_process import arma_generate_sample\n"
        "np.random.seed(12345)\n"
        "y = arma_generate_sample(np.r_[1, -0.75, 0.25], np.r_[1, 0.65, 0.35], 250)\n"
        "arma_mod = sm.tsa.ARMA(y, order=(2, 2))\n"
        "arma_res = arma_mod.fit(trend='nc', disp=-1)\n"
        "params = arma_res.params"
    )
    with pytest.raises(AttributeError) as info:
        _run(old)
    assert get_rule("SM001").matches_error(f"AttributeError: {info.value}")
    (new,), _ = rewrite(old, ["SM001"])
    assert "trend='n'" in new and "disp" not in new
    ns = _run(new)
    from statsmodels.tsa.arima.model import ARIMA

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = ARIMA(ns["y"], order=(2, 0, 2), trend="n").fit()
    # no constant among the estimates: two AR, two MA terms and the innovation variance
    assert list(ns["arma_res"].model.param_names) == ["ar.L1", "ar.L2", "ma.L1", "ma.L2", "sigma2"]
    np.testing.assert_allclose(ns["params"], ref.params)


def test_long_frames_show_the_rows_the_authors_pandas_showed() -> None:
    """PD063 and PD064 change what is shown, never a value: with the stored outputs of a
    pre-1.0 notebook, a 100-row frame shows 60 rows again and `df.index.day` all its days."""
    import pandas as pd

    code = (
        "import pandas as pd\n"
        "df = pd.DataFrame({'a': range(100)}, index=pd.date_range('2012-01-01', periods=100))\n"
        "# %%\n"
        "df.index.day"
    )
    days, _ = rewrite(code, ["PD064"], stored_result=get_rule("PD064").stored_result)
    frame, _ = rewrite(code, ["PD063"], stored_result=get_rule("PD063").stored_result)
    before = pd.get_option("display.min_rows")
    try:
        ns = _run(frame[0])
        shown = repr(ns["df"]).splitlines()
        assert sum(line.startswith("2012-") for line in shown) == 60  # was 10
    finally:
        pd.set_option("display.min_rows", before)
    ns = _run(days[0])
    value = eval(days[1], ns)  # the cell's shown result
    assert repr(value).startswith("array([") and "..." not in repr(value)
    assert list(value) == list(ns["df"].index.day)


def test_estimators_show_every_parameter_as_the_authors_sklearn_did() -> None:
    """SKL058: with a stored full repr, the rewritten notebook shows defaults again."""
    import sklearn

    rule = get_rule("SKL058")
    cells, _ = rewrite(rule.examples[0][0], ["SKL058"], stored_result=rule.stored_result)
    try:
        ns = _run(cells[0])
        shown = repr(eval(cells[1], ns))
    finally:
        sklearn.set_config(print_changed_only=True)
    assert "class_weight=None" in shown and "tol=0.0001" in shown and "solver='liblinear'" in shown
