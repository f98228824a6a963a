"""rcParams whose key is today's and only some old values are gone (MPL376 ``text.hinting``,
MPL377 ``boxplot.whiskers``): a value of today is no finding, in any of the three places a
notebook sets one; an old value is rewritten in each."""

from __future__ import annotations

import pytest

from mlemodernizer.fixers.rules.testing import rewrite

TODAY = [
    ("MPL376", "import matplotlib as mpl\nmpl.rcParams['text.hinting'] = 'auto'"),
    ("MPL376", "import matplotlib.pyplot as plt\nplt.rc('text', hinting='no_hinting')"),
    ("MPL376", "import matplotlib.pyplot as plt\nplt.rcParams.update({'text.hinting': 'none'})"),
    ("MPL376", "import matplotlib as mpl\nmpl.rcParams['text.hinting'] = choice"),
    ("MPL377", "import matplotlib as mpl\nmpl.rcParams['boxplot.whiskers'] = 1.5"),
    ("MPL377", "import matplotlib as mpl\nmpl.rcParams['boxplot.whiskers'] = (5, 95)"),
]


@pytest.mark.parametrize(("rule_id", "code"), TODAY)
def test_a_value_of_today_is_no_finding(rule_id: str, code: str) -> None:
    cells, result = rewrite(code, [rule_id])
    assert [h for _, h in result.hits if h.rule.id == rule_id] == []
    assert cells == [code]


def test_an_old_value_is_rewritten_in_a_dict_too() -> None:
    code = (
        "import matplotlib.pyplot as plt\n"
        "plt.rcParams.update({'boxplot.whiskers': 'range', 'text.hinting': False})"
    )
    cells, _ = rewrite(code, ["MPL376", "MPL377"])
    assert cells == [
        "import matplotlib.pyplot as plt\n"
        "plt.rcParams.update({'boxplot.whiskers': (0, 100), 'text.hinting': 'none'})"
    ]
