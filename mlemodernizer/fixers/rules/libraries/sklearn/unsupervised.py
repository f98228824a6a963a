"""scikit-learn: clustering, decomposition, mixtures, manifolds and covariance estimators."""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    cannot_import,
    invalid_param,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_attribute,
    object_no_attribute,
    pin_default,
    qualify,
    renames,
    unexpected_kwarg,
)
from ...matchers import MISSING, Attr, Call, Outcome, Site, Symbol
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, KMEANS, LIB, NOTES, _notes


def _randomized_pca(site: Site) -> Outcome | None:
    if site.kwarg("svd_solver") is not None:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("svd_solver", edits.string("randomized"))]
        )
    )


def _gmm(site: Site) -> Outcome | None:
    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "n_iter", "max_iter")
        if edits.find_kwarg(node, "covariance_type") is None:
            node = edits.add_args(node, [edits.kwarg("covariance_type", edits.string("diag"))])
        return node

    return Outcome(fix=fix)


GRAPH_LASSO = {
    "GraphLasso": "GraphicalLasso",
    "GraphLassoCV": "GraphicalLassoCV",
    "graph_lasso": "graphical_lasso",
}


KERNEL_PCA = ("sklearn.decomposition.KernelPCA",)
KERNEL_PCA_ATTRS = {"lambdas_": "eigenvalues_", "alphas_": "eigenvectors_"}


def _kernel_pca_attr(site: Site) -> Outcome | None:
    name = site.node.attr.value
    if name == "alphas_" and not site.proven:
        return None  # LassoCV, RidgeCV... have an alphas_ too: only a proven KernelPCA
    return Outcome(
        fix=lambda node, refs: edits.rename_attr(node, KERNEL_PCA_ATTRS[name]), proven=site.proven
    )


def _nmf_alpha(site: Site) -> Outcome | None:
    """``NMF(alpha=a)`` regularized W and H alike (``regularization='both'``): ``alpha_W=a``
    (``alpha_H='same'`` by default), but the new terms are scaled by the data's size."""
    if site.kwarg("alpha") is None and site.kwarg("regularization") is None:
        return None
    if site.kwarg("alpha_W") is not None or site.kwarg("alpha_H") is not None:
        return Outcome(fix=None)
    if site.value("regularization") not in (MISSING, "both"):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "regularization")
        if edits.find_kwarg(node, "alpha") is not None:
            node = edits.rename_kwarg(node, "alpha", "alpha_W")
        return node

    return Outcome(fix=fix)


FAST_ICA = "sklearn.decomposition.FastICA"
FAST_ICA_FUNCTION = "sklearn.decomposition.fastica"


RULES = [
    Rule(
        id="SKL025",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S22",
        message="AgglomerativeClustering(affinity=) was renamed metric= in 1.4",
        replacement="metric=",
        signatures=(unexpected_kwarg(["affinity"]),),
        matchers=(
            kwarg_rename(
                "affinity",
                "metric",
                functions=qualify(
                    "sklearn.cluster", ["AgglomerativeClustering", "FeatureAgglomeration"]
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.cluster import AgglomerativeClustering\n"
                "c = AgglomerativeClustering(3, affinity='manhattan', linkage='average')",
                "from sklearn.cluster import AgglomerativeClustering\n"
                "c = AgglomerativeClustering(3, metric='manhattan', linkage='average')",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.cluster import AgglomerativeClustering\n"
                "AgglomerativeClustering(2, affinity='manhattan', linkage='average').fit(X)"
            ),
        ),
    ),
    Rule(
        id="SKL026",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S23",
        message="KMeans(algorithm='full'/'auto') were removed in 1.4; use 'lloyd'",
        replacement="algorithm='lloyd'",
        signatures=(invalid_param("algorithm", ["full", "auto"]),),
        matchers=(kwarg_value("algorithm", {"full": "lloyd", "auto": "lloyd"}, functions=KMEANS),),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(4, algorithm='full')",
                "from sklearn.cluster import KMeans\nkm = KMeans(4, algorithm='lloyd')",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "from sklearn.cluster import KMeans\nKMeans(2, algorithm='full', n_init=1).fit(X)",
        ),
    ),
    Rule(
        id="SKL027",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="S24",
        message="KMeans(n_jobs=, precompute_distances=) were removed in 1.0",
        replacement="drop them",
        signatures=(unexpected_kwarg(["n_jobs", "precompute_distances"]),),
        matchers=(kwarg_drop("n_jobs", "precompute_distances", functions=KMEANS),),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(8, n_jobs=-1, random_state=0)",
                "from sklearn.cluster import KMeans\nkm = KMeans(8, random_state=0)",
            ),
            (  # precompute_distances (deprecated in 0.23, removed in 1.0)
                "from sklearn.cluster import KMeans\n"
                "km = KMeans(n_clusters=3, precompute_distances=True)",
                "from sklearn.cluster import KMeans\nkm = KMeans(n_clusters=3)",
            ),
        ),
        proofs=(
            _CASE_DATA + "from sklearn.cluster import KMeans\nKMeans(2, n_jobs=2, n_init=1).fit(X)",
        ),
    ),
    Rule(
        id="SKL028",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S25",
        message="KMeans' default n_init changed 10 → 'auto' in 1.4; pin n_init=10 to reproduce",
        replacement="KMeans(n_init=10); MiniBatchKMeans(n_init=3)",
        matchers=(
            pin_default("n_init", 10, functions=("sklearn.cluster.KMeans",)),
            pin_default("n_init", 3, functions=("sklearn.cluster.MiniBatchKMeans",)),
        ),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(5, random_state=0)",
                "from sklearn.cluster import KMeans\nkm = KMeans(5, random_state=0, n_init=10)",
            ),
        ),
    ),
    Rule(
        id="SKL029",
        library=LIB,
        changed_in="1.7",
        safety=SAFE,
        catalogue="S26",
        message="TSNE(n_iter=) was renamed max_iter= (removed in 1.7)",
        replacement="max_iter=",
        signatures=(unexpected_kwarg(["n_iter"]),),
        matchers=(kwarg_rename("n_iter", "max_iter", functions=("sklearn.manifold.TSNE",)),),
        examples=(
            (
                "from sklearn.manifold import TSNE\nemb = TSNE(n_iter=500)",
                "from sklearn.manifold import TSNE\nemb = TSNE(max_iter=500)",
            ),
        ),
        proofs=("from sklearn.manifold import TSNE\nt = TSNE(n_iter=300)",),
    ),
    Rule(
        id="SKL030",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S27",
        message="TSNE's defaults changed in 1.2 (init='pca', learning_rate='auto'); pin the old "
        "ones to reproduce",
        replacement="TSNE(init='random', learning_rate=200.0)",
        matchers=(
            pin_default("init", "random", functions=("sklearn.manifold.TSNE",)),
            pin_default("learning_rate", 200.0, functions=("sklearn.manifold.TSNE",)),
        ),
        examples=(
            (
                "from sklearn.manifold import TSNE\nemb = TSNE(n_components=2)",
                "from sklearn.manifold import TSNE\n"
                "emb = TSNE(n_components=2, init='random', learning_rate=200.0)",
            ),
        ),
    ),
    Rule(
        id="SKL040",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S36",
        message="mixture.GMM/DPGMM and RandomizedPCA were removed; GaussianMixture / "
        "BayesianGaussianMixture / PCA(svd_solver='randomized')",
        replacement="GaussianMixture(covariance_type='diag'); PCA(svd_solver='randomized')",
        signatures=(cannot_import(["GMM", "DPGMM", "RandomizedPCA"]),),
        matchers=(
            Symbol(old="sklearn.mixture.GMM", new="sklearn.mixture.GaussianMixture"),
            Symbol(old="sklearn.mixture.DPGMM", new="sklearn.mixture.BayesianGaussianMixture"),
            Symbol(old="sklearn.decomposition.RandomizedPCA", new="sklearn.decomposition.PCA"),
            Call(functions=("sklearn.decomposition.RandomizedPCA",), check=_randomized_pca),
            Call(functions=("sklearn.mixture.GMM",), check=_gmm),
        ),
        examples=(
            (
                "from sklearn.decomposition import RandomizedPCA\n"
                "p = RandomizedPCA(n_components=5)",
                "from sklearn.decomposition import PCA\n"
                "p = PCA(n_components=5, svd_solver='randomized')",
            ),
            (  # DPGMM (deprecated in 0.18, removed in 0.20)
                "from sklearn.mixture import DPGMM\nm = DPGMM(n_components=3)",
                "from sklearn.mixture import BayesianGaussianMixture\n"
                "m = BayesianGaussianMixture(n_components=3)",
            ),
        ),
        proofs=(
            _CASE_DATA + "from sklearn.decomposition import RandomizedPCA\nRandomizedPCA(2).fit(X)",
            _CASE_DATA + "from sklearn.mixture import GMM\nGMM(2, n_iter=20).fit(X)",
        ),
    ),
    Rule(
        id="SKL059",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        catalogue=NOTES,
        message="covariance.GraphLasso/GraphLassoCV/graph_lasso were renamed GraphicalLasso/"
        "GraphicalLassoCV/graphical_lasso (0.20; old names removed in 0.22)",
        replacement="GraphicalLasso(alpha=...)",
        why=f"A rename announced in the 0.20 release notes ({_notes('0.20')}).",
        signatures=(
            cannot_import(GRAPH_LASSO),
            no_attribute("sklearn.covariance", GRAPH_LASSO),
        ),
        matchers=renames("sklearn.covariance", GRAPH_LASSO),
        examples=(
            (
                "from sklearn.covariance import GraphLasso, GraphLassoCV\n"
                "model = GraphLassoCV(cv=5).fit(X)\nsparse = GraphLasso(alpha=0.1).fit(X)",
                "from sklearn.covariance import GraphicalLasso, GraphicalLassoCV\n"
                "model = GraphicalLassoCV(cv=5).fit(X)\nsparse = GraphicalLasso(alpha=0.1).fit(X)",
            ),
        ),
        proofs=(
            _CASE_SMALL
            + "from sklearn.covariance import GraphLasso\nm = GraphLasso(alpha=0.1).fit(X)",
        ),
    ),
    Rule(
        id="SKL066",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a KernelPCA (alphas_ only then)",
        message="KernelPCA's lambdas_ and alphas_ were renamed eigenvalues_ and eigenvectors_ "
        "(removed in 1.2)",
        replacement="kpca.eigenvalues_, kpca.eigenvectors_",
        why=f"A rename announced in the 1.0 release notes ({_notes('1.0')}).",
        signatures=(object_no_attribute(["lambdas_", "alphas_"], "KernelPCA"),),
        matchers=(
            Attr(names=tuple(KERNEL_PCA_ATTRS), receivers=KERNEL_PCA, check=_kernel_pca_attr),
        ),
        examples=(
            (
                "from sklearn.decomposition import KernelPCA\n"
                "kpca = KernelPCA(n_components=2, kernel='rbf').fit(X)\n"
                "ratio = kpca.lambdas_ / kpca.lambdas_.sum()\nv = kpca.alphas_[:, 0]",
                "from sklearn.decomposition import KernelPCA\n"
                "kpca = KernelPCA(n_components=2, kernel='rbf').fit(X)\n"
                "ratio = kpca.eigenvalues_ / kpca.eigenvalues_.sum()\nv = kpca.eigenvectors_[:, 0]",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.decomposition import KernelPCA\n"
            "kpca = KernelPCA(n_components=2).fit(X)\nv = kpca.lambdas_, kpca.alphas_",
        ),
    ),
    Rule(
        id="SKL071",
        library=LIB,
        changed_in="1.2",
        safety=REVIEW,
        catalogue=NOTES,
        message="NMF(alpha=, regularization=) were removed in 1.2; alpha_W= (alpha_H='same') "
        "regularizes both, scaled by the data's size now",
        replacement="NMF(n_components=k, alpha_W=a)",
        why=f"Deprecated in 1.0 ({_notes('1.0')}): alpha_W and alpha_H replace alpha and "
        "regularization, and the penalty is scaled by n_samples / n_features.",
        signatures=(unexpected_kwarg(["alpha", "regularization"]),),
        matchers=(Call(functions=("sklearn.decomposition.NMF",), check=_nmf_alpha),),
        examples=(
            (
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, alpha=0.1, l1_ratio=0.5, init='nndsvd')",
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, alpha_W=0.1, l1_ratio=0.5, init='nndsvd')",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.decomposition import NMF\n"
            "w = NMF(n_components=2, alpha=0.01, init='nndsvda', max_iter=500).fit_transform(X)",
        ),
    ),
    Rule(
        id="SKL076",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="LatentDirichletAllocation's default learning_method changed 'online' → 'batch' "
        "in 0.20; pin learning_method='online' to reproduce",
        replacement="LatentDirichletAllocation(learning_method='online')",
        why=f"Announced in 0.18 and made in 0.20 ({_notes('0.20')}).",
        matchers=(
            pin_default(
                "learning_method",
                "online",
                functions=("sklearn.decomposition.LatentDirichletAllocation",),
            ),
        ),
        examples=(
            (
                "from sklearn.decomposition import LatentDirichletAllocation\n"
                "lda = LatentDirichletAllocation(n_components=10, random_state=0)",
                "from sklearn.decomposition import LatentDirichletAllocation\n"
                "lda = LatentDirichletAllocation(n_components=10, random_state=0, "
                "learning_method='online')",
            ),
        ),
    ),
    Rule(
        id="SKL078",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="MiniBatchKMeans' default batch_size changed 100 → 1024 in 1.0; pin "
        "batch_size=100 to reproduce",
        replacement="MiniBatchKMeans(batch_size=100)",
        why=f"Changed in 1.0 ({_notes('1.0')}).",
        matchers=(pin_default("batch_size", 100, functions=("sklearn.cluster.MiniBatchKMeans",)),),
        examples=(
            (
                "from sklearn.cluster import MiniBatchKMeans\n"
                "mbk = MiniBatchKMeans(n_clusters=8, random_state=0)",
                "from sklearn.cluster import MiniBatchKMeans\n"
                "mbk = MiniBatchKMeans(n_clusters=8, random_state=0, batch_size=100)",
            ),
        ),
    ),
    Rule(
        id="SKL089",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue=NOTES,
        message="FastICA/fastica(whiten=True) is refused since 1.3; whiten='arbitrary-variance' "
        "is what True did",
        replacement="FastICA(whiten='arbitrary-variance')",
        why=f"1.1 added unit-variance whitening and named the old behaviour ({_notes('1.1')}: "
        "\"True (which behaves like 'arbitrary-variance')\"); True was deprecated then and "
        "raises from 1.3.",
        signatures=(r"The 'whiten' parameter of (FastICA|fastica) must be .* Got True instead",),
        matchers=(
            kwarg_value(
                "whiten", {True: "arbitrary-variance"}, functions=(FAST_ICA, FAST_ICA_FUNCTION)
            ),
        ),
        examples=(
            (
                "from sklearn.decomposition import FastICA, fastica\n"
                "ica = FastICA(n_components=3, whiten=True, random_state=0)\n"
                "K, W, S = fastica(X, n_components=2, whiten=True)",
                "from sklearn.decomposition import FastICA, fastica\n"
                "ica = FastICA(n_components=3, whiten='arbitrary-variance', random_state=0)\n"
                "K, W, S = fastica(X, n_components=2, whiten='arbitrary-variance')",
            ),
        ),
        proofs=(
            _CASE_SMALL + "from sklearn.decomposition import FastICA\n"
            "S = FastICA(n_components=2, whiten=True, random_state=0).fit_transform(X)",
        ),
    ),
    Rule(
        id="SKL090",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="FastICA's default whiten changed True → 'unit-variance' in 1.3 (sources scaled "
        "to unit variance); pin whiten='arbitrary-variance' to reproduce",
        replacement="FastICA(n_components=3, whiten='arbitrary-variance')",
        why=f'Announced in 1.1 ({_notes("1.1")}: "The default value of its whiten argument will '
        "change from True (which behaves like 'arbitrary-variance') to 'unit-variance' "
        'in version 1.3").',
        matchers=(
            pin_default("whiten", "arbitrary-variance", functions=(FAST_ICA,), position=2),
            pin_default("whiten", "arbitrary-variance", functions=(FAST_ICA_FUNCTION,), position=3),
        ),
        examples=(
            (
                "from sklearn.decomposition import FastICA\n"
                "S = FastICA(n_components=3, random_state=0).fit_transform(X)\n"
                "raw = FastICA(whiten=False).fit_transform(Xw)",
                "from sklearn.decomposition import FastICA\n"
                "S = FastICA(n_components=3, random_state=0, whiten='arbitrary-variance')"
                ".fit_transform(X)\nraw = FastICA(whiten=False).fit_transform(Xw)",
            ),
        ),
    ),
    Rule(
        id="SKL093",
        library=LIB,
        changed_in="1.1",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="NMF(init=None) starts from 'nndsvda' instead of 'nndsvd' since 1.1 (other "
        "factors); pin init='nndsvd' to reproduce (what None meant while n_components <= "
        "min(n_samples, n_features); more components raise, where None chose 'random')",
        replacement="NMF(n_components=10, init='nndsvd')",
        why=f"Announced in 0.24 ({_notes('0.24')}: 'the init value, when init=None and "
        'n_components <= min(n_samples, n_features) will be changed from "nndsvd" to '
        "\"nndsvda\" in 1.1'). Outside that condition None chose 'random', before and after; "
        "the pin is proposed for review because the shapes are only known when it runs.",
        matchers=(
            pin_default("init", "nndsvd", functions=("sklearn.decomposition.NMF",), position=1),
        ),
        examples=(
            (
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, random_state=1, alpha=0.1)\n"
                "r = NMF(n_components=5, init='random')",
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, random_state=1, alpha=0.1, init='nndsvd')\n"
                "r = NMF(n_components=5, init='random')",
            ),
        ),
    ),
]
