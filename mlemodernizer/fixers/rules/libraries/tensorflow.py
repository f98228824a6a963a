"""TensorFlow 1 code under TensorFlow 2 (catalogue §8, and the TF 2.0 upgrade guide).

TF 2.0 moved the graph-mode API (sessions, placeholders, ``tf.train.*Optimizer``, ``tf.layers``)
to ``tf.compat.v1``, renamed many ops into namespaces (``tf.random``, ``tf.math``,
``tf.linalg``, ``tf.io``), dropped ``tf.contrib`` and changed a few keywords; the renames follow
the table of the ``tf_upgrade_v2`` script (https://www.tensorflow.org/guide/migrate/upgrade).
Keras code (``tf.keras``) is in the keras pack.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    kwarg_rename,
    no_attribute,
    no_module,
    object_no_attribute,
    qualify,
    renames,
    unexpected_kwarg,
)
from ..matchers import (
    DEFAULT_FIX,
    NOT_LITERAL,
    Call,
    Module,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Proof, Rule

LIB = "tensorflow"

# setups the rules' proofs share
_CASE_TF = "import tensorflow as tf\n"
DISABLE_EAGER = "tensorflow.compat.v1.disable_eager_execution"
SESSIONS_FOR_KERAS = "keras:set_session-arguments"  # facts key (keras pack, KER020)
UPGRADE = "https://www.tensorflow.org/guide/migrate/upgrade"
UPGRADE_WHY = (
    f"Announced in the TensorFlow 2 upgrade guide and tf_upgrade_v2's rename table ({UPGRADE})."
)

# TF1 graph-mode names that live on in tf.compat.v1 (tf_upgrade_v2 renames them so). Only names
# TF 2 does not have: tf.losses.mean_squared_error, tf.random_normal_initializer, ... exist in TF 2
# with other meanings and are left alone.
TF1_GRAPH = [
    "Session",
    "InteractiveSession",
    "placeholder",
    "placeholder_with_default",
    "sparse_placeholder",
    "global_variables_initializer",
    "local_variables_initializer",
    "variables_initializer",
    "initialize_all_variables",
    "tables_initializer",
    "global_variables",
    "local_variables",
    "variable_scope",
    "get_variable",
    "get_variable_scope",
    "AUTO_REUSE",
    "ConfigProto",
    "GPUOptions",
    "RunOptions",
    "RunMetadata",
    "reset_default_graph",
    "get_default_graph",
    "get_default_session",
    "get_collection",
    "add_to_collection",
    "GraphKeys",
    "assign",
    "assign_add",
    "assign_sub",
    "Print",
    "py_func",
    "truncated_normal_initializer",
    "glorot_uniform_initializer",
    "glorot_normal_initializer",
    "train.AdamOptimizer",
    "train.GradientDescentOptimizer",
    "train.MomentumOptimizer",
    "train.RMSPropOptimizer",
    "train.AdagradOptimizer",
    "train.AdadeltaOptimizer",
    "train.FtrlOptimizer",
    "train.Optimizer",
    "train.Saver",
    "train.import_meta_graph",
    "train.exponential_decay",
    "train.piecewise_constant",
    "train.polynomial_decay",
    "train.get_or_create_global_step",
    "train.get_global_step",
    "train.shuffle_batch",
    "train.batch",
    "train.start_queue_runners",
    "train.string_input_producer",
    "summary.FileWriter",
    "summary.merge_all",
    "layers.dense",
    "layers.conv1d",
    "layers.conv2d",
    "layers.conv2d_transpose",
    "layers.max_pooling1d",
    "layers.max_pooling2d",
    "layers.average_pooling2d",
    "layers.batch_normalization",
    "layers.dropout",
    "layers.flatten",
    "nn.rnn_cell.LSTMCell",
    "nn.rnn_cell.BasicLSTMCell",
    "nn.rnn_cell.BasicRNNCell",
    "nn.rnn_cell.GRUCell",
    "nn.rnn_cell.MultiRNNCell",
    "nn.rnn_cell.DropoutWrapper",
    "nn.rnn_cell.LSTMStateTuple",
    "nn.dynamic_rnn",
    "nn.static_rnn",
    "nn.bidirectional_dynamic_rnn",
    "nn.xw_plus_b",
    "losses.softmax_cross_entropy",
    "losses.sparse_softmax_cross_entropy",
    "losses.sigmoid_cross_entropy",
    "losses.get_regularization_loss",
    "metrics.auc",
    "trainable_variables",
]
# objects that only describe a session: moved, but they need no graph mode of their own
TF1_CONFIG = {"ConfigProto", "GPUOptions", "RunOptions", "RunMetadata"}
TF1_RENAMED = {
    "set_random_seed": "random.set_seed",
    "random_normal": "random.normal",
    "random_uniform": "random.uniform",
    "truncated_normal": "random.truncated_normal",
    "random_shuffle": "random.shuffle",
    "random_gamma": "random.gamma",
    "random_crop": "image.random_crop",
    "multinomial": "random.categorical",
    "log": "math.log",
    "log1p": "math.log1p",
    "squared_difference": "math.squared_difference",
    "is_nan": "math.is_nan",
    "is_inf": "math.is_inf",
    "is_finite": "math.is_finite",
    "lgamma": "math.lgamma",
    "digamma": "math.digamma",
    "erf": "math.erf",
    "rint": "math.rint",
    "floordiv": "math.floordiv",
    "mod": "math.floormod",
    "ceil": "math.ceil",
    "rsqrt": "math.rsqrt",
    "reciprocal": "math.reciprocal",
    "segment_sum": "math.segment_sum",
    "segment_mean": "math.segment_mean",
    "unsorted_segment_sum": "math.unsorted_segment_sum",
    "matrix_inverse": "linalg.inv",
    "matrix_determinant": "linalg.det",
    "matrix_transpose": "linalg.matrix_transpose",
    "matrix_band_part": "linalg.band_part",
    "matrix_diag": "linalg.diag",
    "matrix_diag_part": "linalg.diag_part",
    "matrix_solve": "linalg.solve",
    "matrix_solve_ls": "linalg.lstsq",
    "matrix_triangular_solve": "linalg.triangular_solve",
    "cholesky": "linalg.cholesky",
    "qr": "linalg.qr",
    "svd": "linalg.svd",
    "trace": "linalg.trace",
    "diag": "linalg.tensor_diag",
    "diag_part": "linalg.tensor_diag_part",
    "self_adjoint_eig": "linalg.eigh",
    "cross": "linalg.cross",
    "fft": "signal.fft",
    "ifft": "signal.ifft",
    "read_file": "io.read_file",
    "write_file": "io.write_file",
    "FixedLenFeature": "io.FixedLenFeature",
    "VarLenFeature": "io.VarLenFeature",
    "python_io.TFRecordWriter": "io.TFRecordWriter",
    "string_join": "strings.join",
    "check_numerics": "debugging.check_numerics",
    "sparse_tensor_to_dense": "sparse.to_dense",
    "sparse_reshape": "sparse.reshape",
    "gfile.GFile": "io.gfile.GFile",
    "gfile.Open": "io.gfile.GFile",
    "gfile.Exists": "io.gfile.exists",
    "gfile.MakeDirs": "io.gfile.makedirs",
    "gfile.MkDir": "io.gfile.mkdir",
    "gfile.ListDirectory": "io.gfile.listdir",
    "gfile.Glob": "io.gfile.glob",
    "gfile.Remove": "io.gfile.remove",
    "gfile.DeleteRecursively": "io.gfile.rmtree",
    "gfile.IsDirectory": "io.gfile.isdir",
    "gfile.Copy": "io.gfile.copy",
    "gfile.Rename": "io.gfile.rename",
    "gfile.Walk": "io.gfile.walk",
    "image.resize_images": "image.resize",
    "image.resize_image_with_crop_or_pad": "image.resize_with_crop_or_pad",
    "nn.softmax_cross_entropy_with_logits_v2": "nn.softmax_cross_entropy_with_logits",
}
# tf.to_float(x) is tf.cast(x, tf.float32)
CASTS = {
    "to_float": "float32",
    "to_double": "float64",
    "to_int32": "int32",
    "to_int64": "int64",
    "to_bfloat16": "bfloat16",
    "to_complex64": "complex64",
    "to_complex128": "complex128",
}
# reductions whose keep_dims= became keepdims= (TF 2.0 removed the old spelling)
REDUCTIONS = [
    *(f"reduce_{n}" for n in ("sum", "mean", "max", "min", "prod", "all", "any", "logsumexp")),
    *(f"math.reduce_{n}" for n in ("sum", "mean", "max", "min", "prod", "all", "any", "std")),
    "math.reduce_variance",
    "math.reduce_logsumexp",
    "count_nonzero",
    "math.count_nonzero",
    "norm",
    "linalg.norm",
]
# tf.contrib pieces with a tf.compat.v1 home (graph mode, as TF001)
CONTRIB_RNN = [
    "BasicLSTMCell",
    "LSTMCell",
    "GRUCell",
    "BasicRNNCell",
    "MultiRNNCell",
    "DropoutWrapper",
    "LSTMStateTuple",
    "RNNCell",
]
CONTRIB_RNN_FUNCTIONS = {"static_rnn": "nn.static_rnn"}
# errors of TF1 graph code still running with TF2 behaviour after eager execution is disabled:
# v2 TensorShapes hold ints, not Dimensions (x.get_shape()[1].value)
V2_BEHAVIOUR_ERRORS = (r"'int' object has no attribute 'value'",)
# TensorFlow 1.0 renamed these to NumPy's names (its release notes: "tf.mul, tf.sub and tf.neg are
# deprecated in favor of tf.multiply, tf.subtract and tf.negative"; pack/unpack became
# stack/unstack, select became where, batch_matmul merged into matmul)
TF10_RENAMES = {
    "mul": "multiply",
    "sub": "subtract",
    "neg": "negative",
    "pack": "stack",
    "unpack": "unstack",
    "select": "where",
    "batch_matmul": "matmul",
    "scalar_summary": "tensorflow.compat.v1.summary.scalar",
    "histogram_summary": "tensorflow.compat.v1.summary.histogram",
    "image_summary": "tensorflow.compat.v1.summary.image",
    "merge_all_summaries": "tensorflow.compat.v1.summary.merge_all",
    "merge_summary": "tensorflow.compat.v1.summary.merge",
}


def _tf1_graph(site: Site) -> Outcome | None:
    name = (site.qname or "").removeprefix("tensorflow.")
    if name in TF1_CONFIG or _inside_set_session(site):
        # a session's settings, or the session handed to Keras' set_session (which the keras
        # pack deletes): no graph mode for them
        return Outcome(fix=DEFAULT_FIX)
    # graph mode before anything is built: tensors an earlier cell made eagerly belong to no
    # graph ("The Session graph is empty"), so the switch goes after `import tensorflow`
    return Outcome(fix=DEFAULT_FIX, prelude=DISABLE_EAGER, prelude_at="after:tensorflow")


def _inside_set_session(site: Site) -> bool:
    """``set_session(tf.Session(config=config))``: the keras pack (KER020) notes the sessions
    Keras' set_session is handed, before their names are read."""
    call = site.context[0] if site.context else None
    return call is not None and id(call) in site.facts.get(SESSIONS_FOR_KERAS, ())


def _enable_eager(site: Site) -> Outcome | None:
    """``tf.enable_eager_execution()`` on its own line: TF 2 runs eagerly already."""
    if not site.extra.get("statement") or site.args:
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


def _cast(site: Site) -> Outcome | None:
    pos = site.positional()
    keywords = {a.keyword.value for a in site.args if a.keyword}
    if site.has_star() or len(pos) != 1 or keywords - {"name"}:
        return Outcome(fix=None)
    dtype = CASTS[(site.qname or "").rpartition(".")[2]]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        first = args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        typed = cst.Arg(refs[f"tensorflow.{dtype}"])
        rest = args[1:]
        if rest:
            typed = typed.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        return node.with_changes(func=refs["tensorflow.cast"], args=[first, typed, *rest])

    return Outcome(fix=fix, needs=("tensorflow.cast", f"tensorflow.{dtype}"))


def _keep_prob(site: Site) -> Outcome | None:
    """``tf.nn.dropout(x, keep_prob=k)`` → ``tf.nn.dropout(x, rate=1 - k)``. A second
    positional argument is ambiguous (keep_prob in TF 1, rate in TF 2): reported."""
    pos = site.positional()
    arg = site.kwarg("keep_prob")
    if arg is None:
        if len(pos) >= 2 and site.kwarg("rate") is None:
            return Outcome(
                fix=None,
                message="tf.nn.dropout's second argument is rate (the fraction dropped) in TF 2, "
                "keep_prob (the fraction kept) in TF 1: pass rate=1 - keep_prob by keyword",
            )
        return None
    if site.kwarg("rate") is not None:
        return Outcome(fix=None)
    value = literal(arg.value)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "keep_prob")
        assert i is not None
        old = node.args[i].value
        if isinstance(value, int | float) and not isinstance(value, bool):
            new: cst.BaseExpression = edits.to_node(round(1 - value, 10))
        else:
            right = edits.paren(old) if isinstance(old, cst.BinaryOperation) else old
            new = cst.BinaryOperation(
                left=cst.Integer("1"),
                operator=cst.Subtract(
                    whitespace_before=cst.SimpleWhitespace(" "),
                    whitespace_after=cst.SimpleWhitespace(" "),
                ),
                right=right,
            )
        args = list(node.args)
        args[i] = args[i].with_changes(keyword=cst.Name("rate"), value=new)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _xavier(site: Site) -> Outcome | None:
    """``tf.contrib.layers.xavier_initializer(uniform=True)`` is the Glorot initializer."""
    uniform = site.value("uniform", 0)
    keywords = {a.keyword.value for a in site.args if a.keyword}
    others = keywords - {"uniform", "seed", "dtype"}
    if uniform is NOT_LITERAL or others or len(site.positional()) > 1:
        return Outcome(fix=None)
    kind = "normal" if uniform is False else "uniform"
    new = f"tensorflow.compat.v1.glorot_{kind}_initializer"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [a for a in node.args if not (a.keyword and a.keyword.value == "uniform")]
        args = [a for a in args if a.keyword is not None]  # the positional was uniform
        if args:
            args[-1] = edits.strip_comma(args[-1])
        return node.with_changes(func=refs[new], args=args)

    return Outcome(fix=fix, needs=(new,), outer=True)


def _v2_behaviour(site: Site) -> Outcome | None:
    """``tf.compat.v1.disable_eager_execution()`` → ``disable_v2_behavior()``: the whole TF 1
    behaviour (graph mode, reference variables, v1 control flow, hashable tensors)."""
    if not site.extra.get("statement") or site.args:
        return None
    func = site.node.func
    if not isinstance(func, cst.Attribute):
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: node.with_changes(
            func=node.func.with_changes(attr=cst.Name("disable_v2_behavior"))
        )
    )


def _gpu_device(site: Site) -> Outcome | None:
    """``tf.device('/gpu:0')`` (a literal naming a GPU): soft device placement, set once at the
    top of the cell, places the ops on the CPU where no GPU is (eager code already does)."""
    arg = site.positional()[0] if site.positional() else site.kwarg("device_name")
    value = literal(arg.value) if arg is not None else None
    if not isinstance(value, str) or "gpu" not in value.lower():
        return None
    return Outcome(
        fix=lambda node, refs: node,
        prelude="tensorflow.config.set_soft_device_placement(True)",
    )


# TF1's RNN cells: Keras 2 objects that TensorFlow 2.16+ (Keras 3) refuses to build
RNN_CELLS = tuple(
    name
    for prefix in (
        "tensorflow.nn.rnn_cell",
        "tensorflow.compat.v1.nn.rnn_cell",
        "tensorflow.contrib.rnn",
    )
    for name in qualify(
        prefix,
        ["BasicLSTMCell", "LSTMCell", "GRUCell", "BasicRNNCell", "MultiRNNCell", "DropoutWrapper"],
    )
)


def _legacy_keras(site: Site) -> Outcome | None:
    """TF_USE_LEGACY_KERAS=1, read when TensorFlow is imported: set before the notebook's first
    ``import tensorflow``."""
    return Outcome(
        fix=lambda node, refs: node,
        prelude="os:environ.setdefault('TF_USE_LEGACY_KERAS', '1')",
        prelude_at="before:tensorflow",
    )


# TensorFlow 1.0's release notes (Breaking Changes to the API) renamed these keywords to NumPy's
# axis=; TF 1 kept the old names as deprecated aliases and TF 2 removed them (tf_upgrade_v2
# renames them). Only the functions the note names, under their TF 2 spellings too.
AXIS_KEYWORDS = {
    "reduction_indices": [
        *(f"reduce_{n}" for n in ("sum", "mean", "max", "min", "prod", "all", "any", "logsumexp")),
        *(f"math.reduce_{n}" for n in ("sum", "mean", "max", "min", "prod", "all", "any")),
        "math.reduce_logsumexp",
        "count_nonzero",
        "math.count_nonzero",
    ],
    "dimension": ["argmax", "argmin", "math.argmax", "math.argmin"],
    "dim": ["expand_dims"],
}
# TensorFlow 1.13: "Deprecate tf.data.Dataset.make_one_shot_iterator in V1, removed it from V2,
# and added tf.compat.v1.data.make_one_shot_iterator" (and make_initializable_iterator)
DATASET_ITERATORS = ("make_one_shot_iterator", "make_initializable_iterator")
# TensorFlow 1.7 removed the deprecated tf.contrib.data classes (tf.data since 1.4)
CONTRIB_DATA = ("Dataset", "FixedLengthRecordDataset", "TextLineDataset", "TFRecordDataset")
# TensorFlow 1.2: "The original tf.nn.rnn function is now tf.nn.static_rnn, and the bidirectional
# static and state saving static rnn functions are also now back in the tf.nn namespace"
NN_RNN = {
    "rnn": "static_rnn",
    "bidirectional_rnn": "static_bidirectional_rnn",
    "state_saving_rnn": "static_state_saving_rnn",
}


def _dataset_iterator(site: Site) -> Outcome | None:
    """``ds.make_one_shot_iterator()`` → ``tf.compat.v1.data.make_one_shot_iterator(ds)``: the
    function TensorFlow 1.13 added for the method TF 2 removed. An initializable iterator is
    graph-mode only (eager execution disabled once, as TF001 does)."""
    if site.receiver_node is None or site.has_star():
        return None
    method = site.node.func.attr.value
    new = f"tensorflow.compat.v1.data.{method}"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        receiver = node.func.value
        args = list(node.args)
        first = cst.Arg(receiver)
        if args:
            first = first.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        return cst.Call(func=refs[new], args=[first, *args])

    graph = method == "make_initializable_iterator"
    return Outcome(
        fix=fix,
        needs=(new,),
        outer=True,
        prelude=DISABLE_EAGER if graph else None,
        prelude_at="after:tensorflow" if graph else "",
    )


def _list_devices(site: Site) -> Outcome | None:
    """``tf.config.experimental_list_devices()`` (device name strings) →
    ``[d.name for d in tf.config.list_logical_devices()]``."""
    if site.args:
        return Outcome(fix=None)
    new = "tensorflow.config.list_logical_devices"

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        return edits.expr(f"[d.name for d in {edits.code(refs[new])}()]")

    return Outcome(fix=fix, needs=(new,), outer=True)


def _reverse_mask(site: Site) -> Outcome | None:
    """``tf.reverse(x, [True, False])`` (before TensorFlow 1.0: a bool per dimension) →
    ``tf.reverse(x, [0])`` (the indices of the axes); ``dims=`` becomes ``axis=``. Today a bool
    list reads as axes (True is 1, False 0): it reverses other axes or fails."""
    if site.has_star():
        return None
    arg = site.kwarg("dims") or site.kwarg("axis")
    if arg is None:
        pos = site.positional()
        arg = pos[1] if len(pos) > 1 else None
    if arg is None:
        return None
    value = literal(arg.value)
    is_mask = isinstance(value, list | tuple) and value and all(isinstance(v, bool) for v in value)
    keyword = arg.keyword.value if arg.keyword is not None else None
    if not is_mask:
        if keyword == "dims":
            return Outcome(fix=None)  # a mask in a variable: its axes are not known here
        return None
    axes = [i for i, v in enumerate(value) if v]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        if keyword is not None:
            i = edits.find_kwarg(node, keyword)
        else:
            i = [n for n, a in enumerate(args) if a.keyword is None and not a.star][1]
        assert i is not None
        args[i] = args[i].with_changes(value=edits.to_node(axes))
        if keyword == "dims":
            args[i] = args[i].with_changes(keyword=cst.Name("axis"))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="TF001",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="K1",
        condition="graph-mode TF1 code: the names move to tf.compat.v1 with eager execution "
        "disabled once, before them",
        message="TF1 graph APIs (Session, placeholder, train.*Optimizer, ...) left the top-level "
        "namespace in TF 2.0; use tf.compat.v1 with eager execution disabled",
        replacement="tf.compat.v1.placeholder(...) after tf.compat.v1.disable_eager_execution()",
        why=UPGRADE_WHY,
        signatures=(
            no_attribute("tensorflow", sorted({n.split(".")[0] for n in TF1_GRAPH})),
            r"module 'tensorflow\.(_api\.v2\.)?(train|summary|layers|nn|losses|metrics)' has no "
            r"attribute",
        ),
        matchers=tuple(
            Symbol(old=f"tensorflow.{n}", new=f"tensorflow.compat.v1.{n}", check=_tf1_graph)
            for n in TF1_GRAPH
        ),
        examples=(
            (
                "import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\n"
                "sess = tf.Session()",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\n"
                "sess = tf.compat.v1.Session()",
            ),
            (  # TensorFlow 0.12 renamed it global_variables_initializer; tf.compat.v1 keeps it
                "import tensorflow as tf\ninit = tf.initialize_all_variables()\n"
                "sess = tf.Session()",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "init = tf.compat.v1.initialize_all_variables()\nsess = tf.compat.v1.Session()",
            ),
            (
                "import tensorflow as tf\nw = tf.get_variable('w', [3, 1])\n"
                "h = tf.layers.dense(w, 4)\n"
                "loss = tf.losses.sparse_softmax_cross_entropy(y, h)\n"
                "step = tf.train.AdamOptimizer(0.01).minimize(loss)\n"
                "cell = tf.nn.rnn_cell.LSTMCell(8)\n"
                "init = tf.global_variables_initializer()\nsaver = tf.train.Saver()\n"
                "writer = tf.summary.FileWriter('logs')\ntf.reset_default_graph()\n"
                "tf.add_to_collection(tf.GraphKeys.UPDATE_OPS, step)",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "w = tf.compat.v1.get_variable('w', [3, 1])\n"
                "h = tf.compat.v1.layers.dense(w, 4)\n"
                "loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(y, h)\n"
                "step = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss)\n"
                "cell = tf.compat.v1.nn.rnn_cell.LSTMCell(8)\n"
                "init = tf.compat.v1.global_variables_initializer()\n"
                "saver = tf.compat.v1.train.Saver()\n"
                "writer = tf.compat.v1.summary.FileWriter('logs')\n"
                "tf.compat.v1.reset_default_graph()\n"
                "tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.UPDATE_OPS, step)",
            ),
            (
                "import tensorflow as tf\nconfig = tf.ConfigProto()\n"
                "config.gpu_options.allow_growth = True",
                "import tensorflow as tf\nconfig = tf.compat.v1.ConfigProto()\n"
                "config.gpu_options.allow_growth = True",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "x = tf.placeholder(tf.float32, [None, 2])\n"
                "w = tf.get_variable('w', [2, 1])\n"
                "y = tf.matmul(x, w)\ninit = tf.global_variables_initializer()\n"
                "with tf.Session() as sess:\n    sess.run(init)\n"
                "    out = sess.run(y, feed_dict={x: [[1.0, 2.0]]})"
            ),
            _CASE_TF + "config = tf.ConfigProto()\nconfig.gpu_options.allow_growth = True",
        ),
    ),
    Rule(
        id="TF002",
        library=LIB,
        changed_in="2.0",
        safety=MANUAL,
        catalogue="K2",
        message="tf.contrib was removed in TF 2.0; port to core TF / Keras or TF Addons",
        replacement="core tf / keras APIs",
        why=UPGRADE_WHY,
        signatures=(no_attribute("tensorflow", ["contrib"]), no_module("tensorflow.contrib")),
        matchers=(Module("tensorflow.contrib", None),),
        examples=(("import tensorflow.contrib.slim as slim", None),),
    ),
    Rule(
        id="TF003",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K3",
        message="tf.set_random_seed, tf.random_normal, tf.log, tf.matrix_inverse, tf.gfile, ... "
        "were renamed in TF 2.0 (tf.random.*, tf.math.*, tf.linalg.*, tf.io.*)",
        replacement="tf.random.set_seed(...); tf.math.log; tf.linalg.inv; tf.io.gfile.exists",
        why=UPGRADE_WHY,
        signatures=(
            no_attribute("tensorflow", sorted({k.split(".")[0] for k in TF1_RENAMED})),
            r"module 'tensorflow\.(_api\.v2\.)?(image|nn)' has no attribute "
            r"'(resize_images|resize_image_with_crop_or_pad|softmax_cross_entropy_with_logits_v2)'",
        ),
        matchers=tuple(
            Symbol(old=f"tensorflow.{o}", new=f"tensorflow.{n}") for o, n in TF1_RENAMED.items()
        ),  # fmt: skip
        examples=(
            (
                "import tensorflow as tf\ntf.set_random_seed(42)\nw = tf.random_normal([3, 3])",
                "import tensorflow as tf\ntf.random.set_seed(42)\nw = tf.random.normal([3, 3])",
            ),
            (
                "import tensorflow as tf\nu = tf.random_uniform([2])\n"
                "t = tf.truncated_normal([2])\ns = tf.multinomial(logits, 1)\n"
                "l = tf.log(p)\ni = tf.matrix_inverse(m)\n"
                "ok = tf.gfile.Exists('data')\nraw = tf.read_file('a.png')\n"
                "small = tf.image.resize_images(img, [64, 64])\n"
                "xe = tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=z)",
                "import tensorflow as tf\nu = tf.random.uniform([2])\n"
                "t = tf.random.truncated_normal([2])\ns = tf.random.categorical(logits, 1)\n"
                "l = tf.math.log(p)\ni = tf.linalg.inv(m)\n"
                "ok = tf.io.gfile.exists('data')\nraw = tf.io.read_file('a.png')\n"
                "small = tf.image.resize(img, [64, 64])\n"
                "xe = tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=z)",
            ),
        ),
        proofs=(
            _CASE_TF + "tf.set_random_seed(1)\nw = tf.random_normal([2, 2])\nl = tf.log(w * w)",
            _CASE_TF + "ok = tf.gfile.Exists('.')\ni = tf.matrix_inverse(tf.eye(2))",
        ),
    ),
    Rule(
        id="TF004",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.logging, tf.app and tf.flags left TF 2.0's namespace; they live on in "
        "tf.compat.v1 (the standard logging module and absl.flags are their successors)",
        replacement="tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.ERROR)",
        why=UPGRADE_WHY,
        signatures=(no_attribute("tensorflow", ["logging", "app", "flags"]),),
        matchers=tuple(
            Module(f"tensorflow.{m}", f"tensorflow.compat.v1.{m}")
            for m in ("logging", "app", "flags")
        ),
        examples=(
            (
                "import tensorflow as tf\ntf.logging.set_verbosity(tf.logging.ERROR)\n"
                "flags = tf.app.flags\nflags.DEFINE_integer('epochs', 10, 'epochs')",
                "import tensorflow as tf\n"
                "tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.ERROR)\n"
                "flags = tf.compat.v1.app.flags\nflags.DEFINE_integer('epochs', 10, 'epochs')",
            ),
        ),
        proofs=(_CASE_TF + "tf.logging.set_verbosity(tf.logging.ERROR)",),
    ),
    Rule(
        id="TF005",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.enable_eager_execution() is gone: TF 2 executes eagerly by default (the call "
        "is deleted)",
        replacement="(nothing: eager execution is the default)",
        why=UPGRADE_WHY,
        signatures=(no_attribute("tensorflow", ["enable_eager_execution"]),),
        matchers=(Call(functions=("tensorflow.enable_eager_execution",), check=_enable_eager),),
        examples=(
            (
                "import tensorflow as tf\ntf.enable_eager_execution()\nx = tf.constant([1, 2])",
                "import tensorflow as tf\nx = tf.constant([1, 2])",
            ),
        ),
        proofs=(_CASE_TF + "tf.enable_eager_execution()\nx = tf.constant([1, 2])",),
    ),
    Rule(
        id="TF006",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="the reductions' keep_dims= was removed in TF 2.0; use keepdims=",
        replacement="tf.reduce_sum(x, axis=1, keepdims=True)",
        why=UPGRADE_WHY,
        signatures=(unexpected_kwarg(["keep_dims"]),),
        matchers=(
            kwarg_rename(
                "keep_dims", "keepdims", functions=[f"tensorflow.{n}" for n in REDUCTIONS]
            ),
        ),
        examples=(
            (
                "import tensorflow as tf\ns = tf.reduce_sum(x, axis=1, keep_dims=True)",
                "import tensorflow as tf\ns = tf.reduce_sum(x, axis=1, keepdims=True)",
            ),
        ),
        proofs=(_CASE_TF + "s = tf.reduce_sum(tf.ones([2, 3]), axis=1, keep_dims=True)",),
    ),
    Rule(
        id="TF007",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.to_float/to_int32/... were removed in TF 2.0; use tf.cast(x, tf.float32)",
        replacement="tf.cast(x, tf.float32)",
        why=UPGRADE_WHY,
        signatures=(no_attribute("tensorflow", list(CASTS)),),
        matchers=(Call(functions=tuple(f"tensorflow.{n}" for n in CASTS), check=_cast),),
        examples=(
            (
                "import tensorflow as tf\nacc = tf.reduce_mean(tf.to_float(correct))\n"
                "n = tf.to_int32(k)",
                "import tensorflow as tf\nacc = tf.reduce_mean(tf.cast(correct, tf.float32))\n"
                "n = tf.cast(k, tf.int32)",
            ),
        ),
        proofs=(_CASE_TF + "a = tf.reduce_mean(tf.to_float(tf.constant([1, 0, 1])))",),
    ),
    Rule(
        id="TF008",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.nn.dropout takes rate= (the fraction dropped) since TF 2.0, not keep_prob=; "
        "rate = 1 - keep_prob",
        replacement="tf.nn.dropout(x, rate=1 - keep_prob)",
        why=UPGRADE_WHY,
        signatures=(unexpected_kwarg(["keep_prob"]),),
        matchers=(Call(functions=("tensorflow.nn.dropout",), check=_keep_prob),),
        examples=(
            (
                "import tensorflow as tf\nh = tf.nn.dropout(h, keep_prob=0.8)\n"
                "g = tf.nn.dropout(g, keep_prob=keep)",
                "import tensorflow as tf\nh = tf.nn.dropout(h, rate=0.2)\n"
                "g = tf.nn.dropout(g, rate=1 - keep)",
            ),
        ),
        proofs=(_CASE_TF + "h = tf.nn.dropout(tf.ones([4, 4]), keep_prob=0.8)",),
    ),
    Rule(
        id="TF009",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="graph-mode TF1 code, as TF001: eager execution is disabled once, before them",
        message="tf.contrib.rnn cells and tf.contrib.layers.xavier_initializer have tf.compat.v1 "
        "homes (tf.compat.v1.nn.rnn_cell.*, glorot_uniform_initializer)",
        replacement="tf.compat.v1.nn.rnn_cell.LSTMCell; tf.compat.v1.glorot_uniform_initializer()",
        why=UPGRADE_WHY,
        signatures=(no_attribute("tensorflow", ["contrib"]),),
        matchers=(
            *(
                Symbol(
                    old=f"tensorflow.contrib.rnn.{n}",
                    new=f"tensorflow.compat.v1.nn.rnn_cell.{n}",
                    check=_tf1_graph,
                )
                for n in CONTRIB_RNN
            ),
            *(
                Symbol(
                    old=f"tensorflow.contrib.rnn.{o}",
                    new=f"tensorflow.compat.v1.{n}",
                    check=_tf1_graph,
                )
                for o, n in CONTRIB_RNN_FUNCTIONS.items()
            ),
            Call(functions=("tensorflow.contrib.layers.xavier_initializer",), check=_xavier),
        ),
        examples=(
            (
                "import tensorflow as tf\ncell = tf.contrib.rnn.BasicLSTMCell(64)\n"
                "init = tf.contrib.layers.xavier_initializer()",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(64)\n"
                "init = tf.compat.v1.glorot_uniform_initializer()",
            ),
        ),
    ),
    Rule(
        id="TF010",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="TF1 graph code that still fails with eager execution disabled needs the whole "
        "TF1 behaviour: tf.compat.v1.disable_v2_behavior()",
        replacement="tf.compat.v1.disable_v2_behavior() (or: import tensorflow.compat.v1 as tf; "
        "tf.disable_v2_behavior())",
        why="The TF 2 migration guide runs unchanged TF1 code with `import tensorflow.compat.v1 "
        f"as tf; tf.disable_v2_behavior()` ({UPGRADE}); disabling eager execution alone keeps "
        "resource variables, v2 control flow and v2 shapes (x.get_shape()[1].value fails).",
        signatures=V2_BEHAVIOUR_ERRORS,
        matchers=(
            Call(functions=("tensorflow.compat.v1.disable_eager_execution",), check=_v2_behaviour),
        ),
        examples=(
            (
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\nn = x.get_shape()[1].value",
                "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\n"
                "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\nn = x.get_shape()[1].value",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "tf.compat.v1.disable_eager_execution()\n"
                "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\n"
                "n = x.get_shape()[1].value"
            ),
        ),
    ),
    Rule(
        id="TF011",
        library=LIB,
        changed_in="2.1",
        safety=SAFE,
        catalogue="tf.config.set_soft_device_placement",
        message="ops pinned to a GPU (tf.device('/gpu:0')) run on the CPU where there is none: "
        "soft device placement, set once (a GPU present keeps them)",
        replacement="tf.config.set_soft_device_placement(True): ops pinned to a GPU run on the "
        "CPU where there is none",
        why="A notebook written on a GPU machine pins ops with tf.device('/gpu:0'). In graph "
        "code (a tf.compat.v1.Session) a machine without a GPU stops with 'Cannot assign a "
        "device for operation ... The requested device appears to be a GPU, but CUDA is not "
        "enabled'. tf.config.set_soft_device_placement(True) (TF 2.1) lets TensorFlow place "
        "such an op on a device that exists, as eager code does by default.",
        signatures=(
            r"Cannot assign a device for operation",
            r"Could not satisfy explicit device specification '/device:GPU",
            r"The requested device appears to be a GPU, but CUDA is not enabled",
        ),
        matchers=(Call(functions=("tensorflow.device",), check=_gpu_device),),
        examples=(
            (
                "import tensorflow as tf\nwith tf.device('/gpu:0'):\n"
                "    b = tf.constant([1.0]) * 2",
                "import tensorflow as tf\ntf.config.set_soft_device_placement(True)\n"
                "with tf.device('/gpu:0'):\n    b = tf.constant([1.0]) * 2",
            ),
        ),
    ),
    Rule(
        id="TF012",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="release-notes",
        message="TensorFlow 1.0 renamed tf.mul, tf.sub, tf.neg, tf.pack, tf.unpack, tf.select, "
        "tf.batch_matmul and the tf.*_summary ops (tf.multiply, tf.subtract, tf.negative, "
        "tf.stack, tf.unstack, tf.where, tf.matmul, tf.summary.*)",
        replacement="tf.multiply(X, w)",
        why="TensorFlow 1.0's release notes renamed these ops to match NumPy (and moved the "
        "summaries under tf.summary); the old names were removed then.",
        signatures=(no_attribute("tensorflow", list(TF10_RENAMES)),),
        matchers=renames("tensorflow", TF10_RENAMES),
        examples=(
            (
                "import tensorflow as tf\ny = tf.add(tf.mul(X, w), b)\nd = tf.sub(y, t)\n"
                "s = tf.pack([y, d])",
                "import tensorflow as tf\ny = tf.add(tf.multiply(X, w), b)\nd = tf.subtract(y, t)\n"
                "s = tf.stack([y, d])",
            ),
            (  # tf.select and the summary ops of TensorFlow 0.12's release notes
                "import tensorflow as tf\nm = tf.select(c, x, y)\ntf.scalar_summary('loss', loss)\n"
                "merged = tf.merge_all_summaries()",
                "import tensorflow as tf\nm = tf.where(c, x, y)\n"
                "tf.compat.v1.summary.scalar('loss', loss)\n"
                "merged = tf.compat.v1.summary.merge_all()",
            ),
        ),
        proofs=(_CASE_TF + "y = tf.mul(tf.constant(2.0), 3.0)\nz = tf.pack([y, tf.neg(y)])",),
    ),
    Rule(
        id="TF013",
        library=LIB,
        changed_in="2.16",
        safety=REVIEW,
        catalogue="release-notes",
        message="TF1's RNN cells (tf.nn.rnn_cell.*, tf.contrib.rnn.*) are Keras 2 objects, not "
        "available with Keras 3: TF_USE_LEGACY_KERAS=1 before TensorFlow is imported keeps Keras 2 "
        "(tf-keras) for the notebook",
        replacement="os.environ.setdefault('TF_USE_LEGACY_KERAS', '1') before import tensorflow",
        why="TensorFlow 2.16 made Keras 3 its Keras; its release notes keep Keras 2 for code that "
        "needs it: install tf-keras and set TF_USE_LEGACY_KERAS=1 before TensorFlow is imported. "
        "The TF1 RNN cells (BasicLSTMCell, GRUCell, ...) are such code: under Keras 3 they raise "
        "'`BasicLSTMCell` is not available with Keras 3'. The switch changes tf.keras for the "
        "whole notebook, so it is proposed for review.",
        signatures=(r"`\w+` is not available with Keras 3",),
        matchers=(Call(functions=RNN_CELLS, check=_legacy_keras),),
        examples=(
            (
                "import tensorflow as tf\ncell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(4)",
                "import os\nos.environ.setdefault('TF_USE_LEGACY_KERAS', '1')\n"
                "import tensorflow as tf\ncell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(4)",
            ),
        ),
    ),
    Rule(
        id="TF014",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="release-notes",
        message="TensorFlow 1.0 renamed reduction_indices= (tf.reduce_*, tf.count_nonzero), "
        "dimension= (tf.argmax/argmin) and dim= (tf.expand_dims) to axis=; TF 2 removed the old "
        "names",
        replacement="tf.reduce_sum(x, axis=1); tf.argmax(y, axis=1); tf.expand_dims(x, axis=0)",
        why="TensorFlow 1.0's release notes (Breaking Changes to the API): 'tf.argmax: dimension "
        "becomes axis, tf.expand_dims: dim becomes axis, tf.reduce_sum: reduction_indices "
        "becomes axis' (and the other reductions). TF 1 kept the old keywords as deprecated "
        "aliases of axis=; TF 2.0 removed them (tf_upgrade_v2 renames them), so the rename is "
        f"the same call ({UPGRADE}).",
        signatures=(unexpected_kwarg(list(AXIS_KEYWORDS)),),
        matchers=tuple(
            kwarg_rename(old, "axis", functions=[f"tensorflow.{n}" for n in names])
            for old, names in AXIS_KEYWORDS.items()
        ),
        examples=(
            (
                "import tensorflow as tf\nloss = tf.reduce_mean(tf.reduce_sum(sq, "
                "reduction_indices=[1]))\n"
                "correct = tf.equal(tf.argmax(y, dimension=1), tf.argmax(y_, 1))\n"
                "x4 = tf.expand_dims(x, dim=-1)",
                "import tensorflow as tf\nloss = tf.reduce_mean(tf.reduce_sum(sq, axis=[1]))\n"
                "correct = tf.equal(tf.argmax(y, axis=1), tf.argmax(y_, 1))\n"
                "x4 = tf.expand_dims(x, axis=-1)",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "s = tf.reduce_sum(tf.ones([2, 3]), reduction_indices=1)\n"
                "assert s.numpy().tolist() == [3.0, 3.0]\n"
                "i = tf.argmax(tf.constant([[1, 3], [4, 2]]), dimension=1)\n"
                "assert i.numpy().tolist() == [1, 0]\n"
                "e = tf.expand_dims(tf.ones([2]), dim=0)\n"
                "assert e.shape == (1, 2)"
            ),
            Proof(
                _CASE_TF
                + (
                    "m = tf.reduce_mean(tf.constant([[1.0, 3.0]]), reduction_indices=[1], "
                    "keep_dims=True)\nassert m.numpy().tolist() == [[2.0]]"
                ),
                also=("TF006",),
            ),
        ),
    ),
    Rule(
        id="TF015",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="make_initializable_iterator is graph-mode TF1 code, as TF001: eager execution "
        "is disabled once, before it (a one-shot iterator needs no graph mode)",
        message="Dataset.make_one_shot_iterator() and make_initializable_iterator() were removed "
        "from TF 2 (TensorFlow 1.13); use tf.compat.v1.data.make_one_shot_iterator(ds)",
        replacement="tf.compat.v1.data.make_one_shot_iterator(dataset)",
        why="TensorFlow 1.13's release notes: 'tf.data: Deprecate "
        "tf.data.Dataset.make_one_shot_iterator in V1, removed it from V2, and added "
        "tf.compat.v1.data.make_one_shot_iterator' (and the same for "
        "make_initializable_iterator). The function takes the dataset the method was called on; "
        "an initializable iterator needs graph mode (its initializer runs in a Session).",
        signatures=(object_no_attribute(DATASET_ITERATORS),),
        matchers=(Call(methods=DATASET_ITERATORS, check=_dataset_iterator),),
        examples=(
            (
                "import tensorflow as tf\nds = tf.data.Dataset.from_tensor_slices(X).batch(32)\n"
                "batch = ds.make_one_shot_iterator().get_next()",
                "import tensorflow as tf\nds = tf.data.Dataset.from_tensor_slices(X).batch(32)\n"
                "batch = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()",
            ),
            (
                "import tensorflow as tf\n"
                "it = dataset.shuffle(100).make_initializable_iterator()\nnxt = it.get_next()",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "it = tf.compat.v1.data.make_initializable_iterator(dataset.shuffle(100))\n"
                "nxt = it.get_next()",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "ds = tf.data.Dataset.range(3).batch(2)\n"
                "it = ds.make_one_shot_iterator()\n"
                "assert it.get_next().numpy().tolist() == [0, 1]"
            ),
            Proof(
                _CASE_TF
                + (
                    "ds = tf.data.Dataset.range(3)\n"
                    "it = ds.make_initializable_iterator()\n"
                    "nxt = it.get_next()\nwith tf.Session() as sess:\n"
                    "    sess.run(it.initializer)\n    got = [sess.run(nxt) for _ in range(3)]\n"
                    "assert got == [0, 1, 2], got"
                ),
                also=("TF001",),
            ),
        ),
    ),
    Rule(
        id="TF016",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="the Summary protocol buffer (tf.Summary, tf.summary.Summary, moved in TensorFlow "
        "0.12) left TF 2's namespace; it lives on as tf.compat.v1.Summary",
        replacement="tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag='loss', "
        "simple_value=loss)])",
        why="TensorFlow 0.12's release notes: 'Move Summary protobuf constructors to tf.summary "
        "submodule'; TF 2.0 dropped both tf.Summary and tf.summary.Summary from its namespace "
        "and tf_upgrade_v2 renames them tf.compat.v1.Summary, the same protocol buffer class "
        f"({UPGRADE}).",
        signatures=(
            no_attribute("tensorflow", ["Summary"]),
            r"module 'tensorflow\.(_api\.v2\.)?summary' has no attribute 'Summary'",
        ),
        matchers=(
            Symbol(old="tensorflow.Summary", new="tensorflow.compat.v1.Summary"),
            Symbol(old="tensorflow.summary.Summary", new="tensorflow.compat.v1.Summary"),
        ),
        examples=(
            (
                "import tensorflow as tf\n"
                "s = tf.Summary(value=[tf.Summary.Value(tag='acc', simple_value=acc)])\n"
                "t = tf.summary.Summary(value=[])",
                "import tensorflow as tf\n"
                "s = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag='acc', "
                "simple_value=acc)])\nt = tf.compat.v1.Summary(value=[])",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "s = tf.Summary(value=[tf.Summary.Value(tag='acc', simple_value=0.5)])\n"
                "assert s.value[0].tag == 'acc' and s.value[0].simple_value == 0.5"
            ),
        ),
    ),
    Rule(
        id="TF017",
        library=LIB,
        changed_in="1.7",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="tf.contrib.data.Iterator is graph-mode TF1 code, as TF001: eager execution is "
        "disabled once, before it",
        message="tf.contrib.data.Dataset, TextLineDataset, TFRecordDataset, "
        "FixedLengthRecordDataset and Iterator were removed in TensorFlow 1.7; use tf.data.*",
        replacement="tf.data.Dataset.from_tensor_slices(...); tf.data.TextLineDataset(files)",
        why="TensorFlow 1.7's release notes: 'tf.contrib: Remove deprecated "
        "tf.contrib.data.Dataset, tf.contrib.data.Iterator, tf.contrib.data."
        "FixedLengthRecordDataset, tf.contrib.data.TextLineDataset, and tf.contrib.data."
        "TFRecordDataset classes' (tf.data has had them since 1.4). The Iterator class lives on "
        "in graph mode as tf.compat.v1.data.Iterator. Dataset.map's num_threads= of the contrib "
        "class is tf.data's num_parallel_calls= (a TypeError tells).",
        signatures=(no_attribute("tensorflow", ["contrib"]), no_module("tensorflow.contrib")),
        matchers=(
            *(
                Symbol(old=f"tensorflow.contrib.data.{n}", new=f"tensorflow.data.{n}")
                for n in CONTRIB_DATA
            ),
            Symbol(
                old="tensorflow.contrib.data.Iterator",
                new="tensorflow.compat.v1.data.Iterator",
                check=_tf1_graph,
            ),
        ),
        examples=(
            (
                "import tensorflow as tf\n"
                "ds = tf.contrib.data.Dataset.from_tensor_slices((X, y)).batch(16)\n"
                "lines = tf.contrib.data.TextLineDataset(['a.txt'])",
                "import tensorflow as tf\n"
                "ds = tf.data.Dataset.from_tensor_slices((X, y)).batch(16)\n"
                "lines = tf.data.TextLineDataset(['a.txt'])",
            ),
            (
                "import tensorflow as tf\n"
                "it = tf.contrib.data.Iterator.from_structure(ds.output_types, ds.output_shapes)",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "it = tf.compat.v1.data.Iterator.from_structure(ds.output_types, "
                "ds.output_shapes)",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "ds = tf.contrib.data.Dataset.from_tensor_slices([1, 2, 3]).batch(2)\n"
                "assert [b.numpy().tolist() for b in ds] == [[1, 2], [3]]"
            ),
            Proof(
                _CASE_TF
                + (
                    "ds = tf.contrib.data.Dataset.from_tensor_slices([1, 2, 3]).batch(2)\n"
                    "nxt = ds.make_one_shot_iterator().get_next()\n"
                    "with tf.Session() as sess:\n    first = sess.run(nxt)\n"
                    "assert first.tolist() == [1, 2]"
                ),
                also=("TF015", "TF001"),
            ),
        ),
    ),
    Rule(
        id="TF018",
        library=LIB,
        changed_in="2.1",
        safety=REVIEW,
        catalogue="release-notes",
        message="tf.config.experimental_list_devices() was removed in TF 2.1; "
        "tf.config.list_logical_devices() returns LogicalDevice objects: their .name is "
        "'/device:GPU:0', without the '/job:localhost/replica:0/task:0' prefix",
        replacement="[d.name for d in tf.config.list_logical_devices()]",
        why="TensorFlow 2.1's release notes (Breaking Changes): "
        "'tf.config.experimental_list_devices has been removed, please use "
        "tf.config.list_logical_devices.' The old function returned the devices' full names "
        "as strings; the new one returns LogicalDevice objects whose names are short "
        "('/device:CPU:0'), so the rewrite lists their names, for review: code that tests "
        "'device:GPU' in a name works the same, code that compares whole names does not.",
        signatures=(
            no_attribute("tensorflow.config", ["experimental_list_devices"]),
            r"module 'tensorflow\._api\.v2\.config' has no attribute "
            r"'experimental_list_devices'",
        ),
        matchers=(
            Call(functions=("tensorflow.config.experimental_list_devices",), check=_list_devices),
        ),
        examples=(
            (
                "import tensorflow as tf\ndevices = tf.config.experimental_list_devices()\n"
                "gpus = [x for x in devices if 'device:gpu' in x.lower()]",
                "import tensorflow as tf\n"
                "devices = [d.name for d in tf.config.list_logical_devices()]\n"
                "gpus = [x for x in devices if 'device:gpu' in x.lower()]",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "devices = tf.config.experimental_list_devices()\n"
                "cpus = [x for x in devices if 'device:cpu' in x.lower()]\n"
                "assert cpus, devices"
            ),
        ),
    ),
    Rule(
        id="TF019",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="graph-mode TF1 code, as TF001: eager execution is disabled once, before it",
        message="tf.nn.rnn (and tf.nn.bidirectional_rnn, state_saving_rnn) became "
        "tf.nn.static_rnn in TensorFlow 1.2; TF 2 keeps it as tf.compat.v1.nn.static_rnn",
        replacement="tf.compat.v1.nn.static_rnn(cell, inputs, dtype=tf.float32)",
        why="TensorFlow 1.2's release notes: 'The original tf.nn.rnn function is now "
        "tf.nn.static_rnn, and the bidirectional static and state saving static rnn functions "
        "are also now back in the tf.nn namespace.' TF 2.0 moved them to tf.compat.v1.nn "
        f"({UPGRADE}); the cells are TF001's, and need Keras 2 (TF013).",
        signatures=(
            no_attribute("tensorflow.nn", list(NN_RNN)),
            r"module 'tensorflow\._api\.v2\.nn' has no attribute "
            r"'(rnn|bidirectional_rnn|state_saving_rnn)'",
        ),
        matchers=tuple(
            Symbol(old=f"tensorflow.nn.{o}", new=f"tensorflow.compat.v1.nn.{n}", check=_tf1_graph)
            for o, n in NN_RNN.items()
        ),
        examples=(
            (
                "import tensorflow as tf\n"
                "outputs, state = tf.nn.rnn(cell, inputs, dtype=tf.float32)",
                "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
                "outputs, state = tf.compat.v1.nn.static_rnn(cell, inputs, dtype=tf.float32)",
            ),
        ),
    ),
    Rule(
        id="TF020",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.string_split was removed from TF 2 (TensorFlow 1.14); "
        "tf.compat.v1.string_split keeps it (a SparseTensor of tokens)",
        replacement="tf.compat.v1.string_split(lines, delimiter=' ')",
        why="TensorFlow 1.14's release notes: 'TensorFlow 2.0 Development: removed "
        "tf.string_split from v2 API'. tf.compat.v1.string_split is the same function (its "
        "successor tf.strings.split returns a RaggedTensor and takes sep=, so it is not used).",
        signatures=(no_attribute("tensorflow", ["string_split"]),),
        matchers=(Symbol(old="tensorflow.string_split", new="tensorflow.compat.v1.string_split"),),
        examples=(
            (
                "import tensorflow as tf\nwords = tf.string_split(lines, delimiter=' ')",
                "import tensorflow as tf\nwords = tf.compat.v1.string_split(lines, delimiter=' ')",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "sp = tf.string_split(['a b', 'c'])\n"
                "assert sp.values.numpy().tolist() == [b'a', b'b', b'c']\n"
                "assert sp.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0]]"
            ),
        ),
    ),
    Rule(
        id="TF021",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="release-notes",
        message="tf.div left TF 2's namespace (TensorFlow 1.0 recommends tf.divide); "
        "tf.compat.v1.div keeps its semantics (floor division for integers)",
        replacement="tf.compat.v1.div(x, y)",
        why="TensorFlow 1.0's release notes: 'Division and modulus operators (/, //, %) now match "
        "Python (flooring) semantics. This applies to tf.div and tf.mod as well ... tf.divide is "
        "now the recommended division function. tf.div will remain, but its semantics do not "
        "respond to Python 3 or from future mechanisms.' TF 2.0 removed tf.div (tf_upgrade_v2 "
        "renames it tf.compat.v1.div: tf.divide would divide integers to floats, "
        f"{UPGRADE}); tf.mod is TF003's.",
        signatures=(no_attribute("tensorflow", ["div"]),),
        matchers=(Symbol(old="tensorflow.div", new="tensorflow.compat.v1.div"),),
        examples=(
            (
                "import tensorflow as tf\nmean = tf.div(total, count)",
                "import tensorflow as tf\nmean = tf.compat.v1.div(total, count)",
            ),
        ),
        proofs=(
            _CASE_TF
            + (
                "q = tf.div(tf.constant(-7), tf.constant(2))\n"
                "assert int(q) == -4\nr = tf.div(tf.constant(7.0), 2.0)\n"
                "assert float(r) == 3.5"
            ),
        ),
    ),
    Rule(
        id="TF022",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        silent=True,
        catalogue="release-notes",
        message="tf.reverse takes the indices of the axes to reverse since TensorFlow 1.0, not a "
        "bool per dimension: tf.reverse(a, [True, False, True]) is tf.reverse(a, [0, 2])",
        replacement="tf.reverse(a, [0, 2])",
        why="TensorFlow 1.0's release notes (Breaking Changes to the API): 'tf.reverse now "
        "takes indices of axes to be reversed. E.g. tf.reverse(a, [True, False, True]) must "
        "now be written as tf.reverse(a, [0, 2]).' A bool list still runs today, read as the "
        "axes 1 and 0 (True, False), so it reverses other axes without an error (or fails "
        "with 'axis 0 specified more than once'); the old dims= keyword is axis=. Only a "
        "literal mask is rewritten.",
        signatures=(unexpected_kwarg(["dims"]), r"axis \d+ specified more than once"),
        matchers=(Call(functions=("tensorflow.reverse",), check=_reverse_mask),),
        examples=(
            (
                "import tensorflow as tf\nflipped = tf.reverse(img, [False, True, False])\n"
                "r = tf.reverse(x, dims=[True])\nk = tf.reverse(x, [0])",
                "import tensorflow as tf\nflipped = tf.reverse(img, [1])\n"
                "r = tf.reverse(x, axis=[0])\nk = tf.reverse(x, [0])",
            ),
        ),
    ),
]
