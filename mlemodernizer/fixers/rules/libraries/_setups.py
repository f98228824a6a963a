"""Setups the rule packs' proofs share (``Rule.proofs``): the data and the plotting
backend an old call needs before it can fail the way it fails today. One text each, so two packs
never drift apart on what "the data" is."""

_CASE_SERIES = "import numpy as np\nimport pandas as pd\nrng = np.random.RandomState(0)\n"
_CASE_DATA = _CASE_SERIES + "X = rng.randn(60, 4)\ny = (X[:, 0] + X[:, 1] > 0).astype(int)\n"
_CASE_FRAME = (
    "import io\nimport numpy as np\nimport pandas as pd\n"
    "df = pd.DataFrame({'k': ['x', 'x', 'y'], 'a': [1.0, 5.0, 3.0], 'b': [2, 4, 6],\n"
    "                   't': pd.date_range('2020-01-01', periods=3)})\n"
)
_CASE_MPL = (
    "import matplotlib\nmatplotlib.use('Agg')\n"
    "import matplotlib.pyplot as plt\n"
    "import tempfile, os\nOUT = os.path.join(tempfile.mkdtemp(), 'f.jpg')\n"
)
_CASE_PLT = (
    "import numpy as np\nimport matplotlib\n"
    "matplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "plt.close('all')\nimport tempfile, os\n"
    "OUT = os.path.join(tempfile.mkdtemp(), 'f.png')\n"
)
