"""scikit-learn: the discrete naive Bayes models' removed linear-model attributes."""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import object_no_attribute, qualify
from ...matchers import Attr, Outcome, Site
from ...model import SAFE_IF, Rule
from ._shared import _CASE_SMALL, LIB, NOTES, _notes

# the discrete naive Bayes models whose coef_/intercept_ (0.23) read their log probabilities
DISCRETE_NBS = qualify("sklearn.naive_bayes", ["MultinomialNB", "BernoulliNB", "ComplementNB"])
NB_LINEAR_ATTRS = {"coef_": "feature_log_prob_", "intercept_": "class_log_prior_"}


def _nb_linear_attr(site: Site) -> Outcome | None:
    """``nb.coef_`` was ``feature_log_prob_[1:]`` for two classes, else ``feature_log_prob_``
    (``intercept_``: ``class_log_prior_`` alike): the same conditional, on a plain name."""
    if not site.proven or edits.dotted_name(site.node.value) is None:
        return None  # coef_ is every linear model's: only a proven naive Bayes model
    source = NB_LINEAR_ATTRS[site.node.attr.value]

    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        r = edits.code(node.value)
        return edits.expr(f"({r}.{source}[1:] if len({r}.classes_) == 2 else {r}.{source})")

    return Outcome(fix=fix, outer=True)


RULES = [
    Rule(
        id="SKL087",
        library=LIB,
        changed_in="1.1",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a MultinomialNB, BernoulliNB or ComplementNB",
        message="coef_/intercept_ of MultinomialNB/BernoulliNB/ComplementNB were removed in 1.1; "
        "they were feature_log_prob_/class_log_prior_ (only the second class's row for two "
        "classes)",
        replacement="(nb.feature_log_prob_[1:] if len(nb.classes_) == 2 else nb.feature_log_prob_)",
        why=f"Deprecated in 0.24 ({_notes('0.24')}). Until then BaseDiscreteNB defined coef_ as "
        "feature_log_prob_[1:] when there were two classes and feature_log_prob_ otherwise, "
        "and intercept_ the same way from class_log_prior_: the rewrite writes that out.",
        signatures=(
            object_no_attribute(
                ["coef_", "intercept_"], "(MultinomialNB|BernoulliNB|ComplementNB)"
            ),
        ),
        matchers=(
            Attr(names=tuple(NB_LINEAR_ATTRS), receivers=DISCRETE_NBS, check=_nb_linear_attr),
        ),
        examples=(
            (
                "from sklearn.naive_bayes import MultinomialNB\n"
                "nb = MultinomialNB()\nnb.fit(X, y)\n"
                "top = np.argsort(nb.coef_[0])[-10:]\nb = nb.intercept_",
                "from sklearn.naive_bayes import MultinomialNB\n"
                "nb = MultinomialNB()\nnb.fit(X, y)\n"
                "top = np.argsort((nb.feature_log_prob_[1:] if len(nb.classes_) == 2 else "
                "nb.feature_log_prob_)[0])[-10:]\n"
                "b = (nb.class_log_prior_[1:] if len(nb.classes_) == 2 else nb.class_log_prior_)",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.naive_bayes import MultinomialNB, BernoulliNB\n"
            "nb = MultinomialNB()\nnb.fit(X, y)\nbb = BernoulliNB().fit(X, y3)\n"
            "c2, b2, c4, b4 = nb.coef_, nb.intercept_, bb.coef_, bb.intercept_",
        ),
    ),
]
