"""Keras 1/2 code under Keras 3 (catalogue §8; the TensorFlow 1 rules are in the tensorflow pack).

Rules are written against ``keras.*``; ``tensorflow.keras.*`` and ``tf_keras.*`` spellings match
the same rules (the engine's canonical names).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_rename,
    no_attribute,
    no_module,
    object_no_attribute,
    qualify,
    unexpected_kwarg,
)
from ..infer import KERAS_MODEL, KERAS_TENSOR
from ..matchers import (
    DEFAULT_FIX,
    MISSING,
    Call,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Proof, Rule

LIB = "keras"

# setups the rules' proofs share
_CASE_KERAS_MODEL = (
    "import numpy as np\nimport keras\n"
    "from keras.models import Sequential\n"
    "from keras.layers import Dense, Input\n"
    "model = Sequential([Input((4,)), Dense(3, activation='softmax')])\n"
    "model.compile(optimizer='sgd', loss='categorical_crossentropy')\n"
    "X = np.random.rand(8, 4).astype('float32')\n"
    "y = np.eye(3)[np.arange(8) % 3]\n"
    "def batches():\n    while True:\n"
    "        yield X, y\n"
)
SESSIONS_FOR_KERAS = "keras:set_session-arguments"  # facts key read by the tensorflow pack
OPTIMIZERS = qualify(
    "keras.optimizers",
    ["Adam", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl", "AdamW"],
)
OLD_DEFAULT_LR = {
    "Adam": 0.001,
    "SGD": 0.01,
    "RMSprop": 0.001,
    "Adagrad": 0.01,
    "Adadelta": 1.0,
    "Adamax": 0.002,
    "Nadam": 0.002,
}
LAYER_MODULES = [
    "core",
    "convolutional",
    "recurrent",
    "pooling",
    "normalization",
    "embeddings",
    "advanced_activations",
    "noise",
    "wrappers",
    "local",
    "merge",
    "convolutional_recurrent",
    "cudnn_recurrent",
]
KERAS1_KWARGS = {
    "output_dim": "units",
    "border_mode": "padding",
    "init": "kernel_initializer",
    "W_regularizer": "kernel_regularizer",
    "b_regularizer": "bias_regularizer",
    "W_constraint": "kernel_constraint",
    "b_constraint": "bias_constraint",
    "subsample": "strides",
    "nb_filter": "filters",
    "dim_ordering": "data_format",
    "inner_init": "recurrent_initializer",
    "U_regularizer": "recurrent_regularizer",
    "dropout_W": "dropout",
    "dropout_U": "recurrent_dropout",
    "bias": "use_bias",
}
DIM_ORDERING = {"th": "channels_first", "tf": "channels_last"}
KERAS_OPS = {
    "concat": "concatenate",
    "reduce_mean": "mean",
    "reduce_sum": "sum",
    "reduce_max": "max",
    "expand_dims": "expand_dims",
    "squeeze": "squeeze",
    "reshape": "reshape",
    "matmul": "matmul",
    "square": "square",
    "sqrt": "sqrt",
    "exp": "exp",
    "abs": "abs",
    "nn.relu": "relu",
    "nn.softmax": "softmax",
    "nn.sigmoid": "sigmoid",
}

NOTES = "release-notes"
KERAS2_NOTES = "https://github.com/keras-team/keras/releases/tag/2.0.0"
KERAS3_GUIDE = "https://keras.io/guides/migrating_to_keras_3/"
NOTES_WHY = f"Announced in the Keras release notes ({KERAS2_NOTES} and later releases)."
KERAS3_WHY = f"Announced in the Keras 3 migration guide ({KERAS3_GUIDE})."
ENGINE = {
    f"keras.engine{module}.{name}": f"keras.{package}.{name}"
    for module, names, package in (
        ("", ("Layer", "InputSpec", "Input", "InputLayer"), "layers"),
        ("", ("Model",), "models"),
        (".topology", ("Layer", "InputSpec", "Input", "InputLayer"), "layers"),
        (".base_layer", ("Layer", "InputSpec"), "layers"),
        (".input_spec", ("InputSpec",), "layers"),
        (".input_layer", ("Input", "InputLayer"), "layers"),
        (".training", ("Model",), "models"),
        (".sequential", ("Sequential",), "models"),
    )
    for name in names
} | {"keras.engine.topology.get_source_inputs": "keras.utils.get_source_inputs"}
TEXT_UTILITIES = ("Tokenizer", "text_to_word_sequence", "one_hot", "hashing_trick")
UTILS_MODULES = ("vis_utils", "generic_utils", "data_utils")
MODEL_CLASSES = ("keras.models.Model", "keras.Model", "keras.engine.training.Model")
OPTIMIZER_ALIASES = {
    "sgd": "SGD",
    "rmsprop": "RMSprop",
    "adagrad": "Adagrad",
    "adadelta": "Adadelta",
    "adam": "Adam",
    "adamax": "Adamax",
    "nadam": "Nadam",
}


def unrecognized(names: Iterable[str]) -> str:
    """Keras 3's ``Unrecognized keyword arguments passed to Dense: {'init': 'uniform'}``."""
    return rf"Unrecognized keyword arguments passed to \w+: \{{.*'({'|'.join(names)})'"


def _fit_generator(new: str) -> Any:
    names = {
        "fit": [
            "steps_per_epoch",
            "epochs",
            "verbose",
            "callbacks",
            "validation_data",
            "validation_steps",
            "class_weight",
            "max_queue_size",
            "workers",
            "use_multiprocessing",
            "shuffle",
            "initial_epoch",
        ],
        "evaluate": [
            "steps",
            "callbacks",
            "max_queue_size",
            "workers",
            "use_multiprocessing",
            "verbose",
        ],
        "predict": [
            "steps",
            "callbacks",
            "max_queue_size",
            "workers",
            "use_multiprocessing",
            "verbose",
        ],
    }[new]

    def check(site: Site) -> Outcome | None:
        if site.has_star() or len(site.positional()) > 1 + len(names):
            return Outcome(fix=None, proven=site.proven)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            node = edits.positional_to_keywords(node, names, start=1)
            node = edits.rename_kwarg(node, "generator", "x")
            node = edits.drop_kwargs(node, "max_queue_size", "workers", "use_multiprocessing")
            return edits.rename_method(node, new)

        return Outcome(fix=fix, proven=site.proven)

    return check


def _predict_classes(site: Site) -> Outcome | None:
    activation = site.receiver.get("activation") if site.receiver is not None else None
    sigmoid = activation == "sigmoid"

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        predict = edits.rename_method(node, "predict")
        if sigmoid:
            above = cst.Comparison(
                left=predict,
                comparisons=[cst.ComparisonTarget(cst.GreaterThan(), cst.Float("0.5"))],
                lpar=[cst.LeftParen()],
                rpar=[cst.RightParen()],
            )
            return edits.method_call(above, "astype", [cst.Arg(edits.string("int32"))])
        return cst.Call(
            func=refs["numpy.argmax"],
            args=[
                cst.Arg(predict, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                edits.kwarg("axis", edits.expr("-1")),
            ],
        )

    proven = site.proven and activation in ("softmax", "sigmoid")
    message = None
    if not proven:
        message = (
            "predict_classes was removed; proposed np.argmax(model.predict(x), axis=-1) "
            "(use (model.predict(x) > 0.5).astype('int32') for a sigmoid output)"
        )
    return Outcome(
        fix=fix,
        proven=proven,
        needs=() if sigmoid else ("numpy.argmax",),
        outer=True,
        message=message,
    )


def _predict_proba(site: Site) -> Outcome | None:
    if not site.proven:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "predict"))


def _optimizer_decay(site: Site) -> Outcome | None:
    decay = site.kwarg("decay")
    if decay is None:
        return None
    name = (site.qname or "").rpartition(".")[2]
    lr_arg = site.kwarg("learning_rate") or site.kwarg("lr")
    pos = site.positional()
    if lr_arg is None and pos:
        lr_arg = pos[0]
    if lr_arg is None and name not in OLD_DEFAULT_LR:
        return Outcome(fix=None)
    if literal(decay.value) in (0, 0.0):
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "decay"))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        lr_index = edits.find_kwarg(node, "learning_rate")
        if lr_index is None:
            lr_index = edits.find_kwarg(node, "lr")
        if lr_index is None and [a for a in node.args if a.keyword is None]:
            lr_index = next(i for i, a in enumerate(node.args) if a.keyword is None)
        if lr_index is not None:
            lr: cst.BaseExpression = node.args[lr_index].value
            args = [a for i, a in enumerate(node.args) if i != lr_index]
        else:
            lr = edits.to_node(OLD_DEFAULT_LR[name])
            args = list(node.args)
        d = edits.find_kwarg(node, "decay")
        assert d is not None
        decay_value = node.args[d].value
        args = [a for a in args if not (a.keyword and a.keyword.value == "decay")]
        schedule = cst.Call(
            func=refs["keras.optimizers.schedules.InverseTimeDecay"],
            args=[
                cst.Arg(lr, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                edits.kwarg("decay_steps", cst.Integer("1")).with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                ),
                edits.kwarg("decay_rate", decay_value),
            ],
        )
        node = node.with_changes(args=[edits.strip_comma(a) for a in args])
        return edits.add_args(node, [edits.kwarg("learning_rate", schedule)])

    return Outcome(fix=fix, needs=("keras.optimizers.schedules.InverseTimeDecay",), outer=True)


def _keras1_kwargs(site: Site) -> Outcome | None:
    present = [k for k in KERAS1_KWARGS if site.kwarg(k) is not None]
    if not present:
        return None
    name = (site.qname or "").rpartition(".")[2]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        for old in present:
            new = KERAS1_KWARGS[old]
            if old == "init" and name == "Embedding":
                new = "embeddings_initializer"
            node = edits.rename_kwarg(node, old, new)
            if old == "dim_ordering":
                value = site.value("dim_ordering")
                if value in DIM_ORDERING:
                    node = edits.set_kwarg(node, new, edits.string(DIM_ORDERING[value]))
            if old == "border_mode" and site.value("border_mode") == "full":
                return node  # no 'full' padding any more: left for the error to show
        return node

    return Outcome(fix=fix)


def _sequence_input_dim(site: Site) -> Outcome | None:
    """``LSTM(50, input_dim=1)``: tf.keras's recurrent layers (and Keras 2's Conv1D) read
    ``input_dim``/``input_length`` as ``input_shape=(input_length, input_dim)``; Keras 3's base
    layer reads a bare ``input_dim`` as ``input_shape=(input_dim,)``, one axis short."""
    if site.kwarg("input_dim") is None or site.has_star():
        return None
    if site.kwarg("input_shape") is not None or site.kwarg("batch_input_shape") is not None:
        return None
    length = site.kwarg("input_length")

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        dim = node.args[edits.find_kwarg(node, "input_dim") or 0].value
        steps = length.value if length is not None else cst.Name("None")
        shape = cst.Tuple(
            [
                cst.Element(steps, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Element(dim),
            ]
        )
        node = edits.drop_kwargs(node, "input_length")
        node = edits.rename_kwarg(node, "input_dim", "input_shape")
        return edits.set_kwarg(node, "input_shape", shape)

    return Outcome(fix=fix)


def _conv_kernel(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    dims = 3 if "3D" in name else 2
    pos = site.positional()
    if site.kwarg("kernel_size") is not None or len(pos) < 1 + dims:
        return None
    if not all(isinstance(literal(a.value), int) for a in pos[1 : 1 + dims]):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        idx = [i for i, a in enumerate(args) if a.keyword is None][1 : 1 + dims]
        elements = [cst.Element(args[i].value) for i in idx]
        for k in range(len(elements) - 1):
            elements[k] = elements[k].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        merged = args[idx[0]].with_changes(value=cst.Tuple(elements), comma=args[idx[-1]].comma)
        new_args = [a for i, a in enumerate(args) if i not in idx[1:]]
        new_args[idx[0]] = merged
        node = node.with_changes(args=new_args)
        if name.startswith("Convolution"):
            func = node.func
            new_name = f"Conv{dims}D"
            if isinstance(func, cst.Attribute):
                node = node.with_changes(func=func.with_changes(attr=cst.Name(new_name)))
        return node

    return Outcome(fix=fix)


def _history_key(site: Site) -> Outcome | None:
    node: cst.Subscript = site.node
    value = node.value
    if not (isinstance(value, cst.Attribute) and value.attr.value == "history"):
        return None
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    key = literal(node.slice[0].slice.value)
    new = {"acc": "accuracy", "val_acc": "val_accuracy"}.get(key) if isinstance(key, str) else None
    if new is None:
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        element = n.slice[0]
        index = element.slice
        assert isinstance(index, cst.Index)
        return n.with_changes(
            slice=[
                element.with_changes(
                    slice=index.with_changes(value=edits.same_quotes(index.value, new))
                )
            ]
        )

    return Outcome(fix=fix)


def _metrics_acc(site: Site) -> Outcome | None:
    value = site.value("metrics")
    if not isinstance(value, list) or "acc" not in value:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "metrics")
        assert i is not None
        lst = node.args[i].value
        assert isinstance(lst, cst.List)
        elements = [
            e.with_changes(value=edits.same_quotes(e.value, "accuracy"))
            if literal(e.value) == "acc"
            else e
            for e in lst.elements
        ]
        args = list(node.args)
        args[i] = args[i].with_changes(value=lst.with_changes(elements=elements))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=site.proven)


def _save_path(site: Site) -> Outcome | None:
    pos = site.positional()
    arg = site.kwarg("filepath") or (pos[0] if pos else None)
    if arg is None:
        return None
    path = literal(arg.value)
    if not isinstance(path, str) or path.endswith((".keras", ".h5", ".hdf5")) or "{" in path:
        return None
    new = path + ".keras"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        i = next(
            k
            for k, a in enumerate(args)
            if a.value is arg.value
            or (a.keyword is None and k == 0)
            or (a.keyword and a.keyword.value == "filepath")
        )
        args[i] = args[i].with_changes(value=edits.same_quotes(args[i].value, new))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=site.proven or site.qname is not None)


def _set_session(site: Site) -> Outcome | None:
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    if isinstance(site.facts, dict):  # the session made for it goes too (tensorflow pack)
        noted = site.facts.setdefault(SESSIONS_FOR_KERAS, set())
        noted.update(id(a.value) for a in site.args)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


def _dim_ordering(site: Site) -> Outcome | None:
    value = site.value("dim_ordering", 0)
    if value not in DIM_ORDERING:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        new_func = (
            func.with_changes(attr=cst.Name("set_image_data_format"))
            if isinstance(func, cst.Attribute)
            else refs["keras.backend.set_image_data_format"]
        )
        return node.with_changes(func=new_func, args=[cst.Arg(edits.string(DIM_ORDERING[value]))])

    needs = (
        ()
        if isinstance(site.node.func, cst.Attribute)
        else ("keras.backend.set_image_data_format",)
    )
    return Outcome(fix=fix, needs=needs)


def _tf_op_on_keras_tensor(site: Site) -> Outcome | None:
    qname = site.qname or ""
    if not qname.startswith("tensorflow."):
        return None
    if not any(
        (t := site.infer(a.value)) is not None and t.qname == KERAS_TENSOR for a in site.args
    ):
        return None
    op = qname.removeprefix("tensorflow.")
    new = KERAS_OPS.get(op)
    if new is None:
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: node.with_changes(func=refs[f"keras.ops.{new}"]),
        needs=(f"keras.ops.{new}",),
    )


def _nb_epoch(site: Site) -> Outcome | None:
    if site.kwarg("nb_epoch") is None or site.kwarg("epochs") is not None:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "nb_epoch", "epochs"))


SAMPLE_COUNTS = {
    "samples_per_epoch": "steps_per_epoch",
    "nb_val_samples": "validation_steps",
    "val_samples": "steps",
}


def _batch_size_of(arg: cst.Arg | None) -> cst.BaseExpression | None:
    """The ``batch_size=`` a generator call writes: ``datagen.flow(X, y, batch_size=32)``."""
    if arg is None or not isinstance(arg.value, cst.Call):
        return None
    for a in arg.value.args:
        if a.keyword is not None and a.keyword.value == "batch_size":
            return a.value
    return None


def _samples_per_epoch(site: Site) -> Outcome | None:
    """Keras 1 counted samples, Keras 2 counts batches: ``samples_per_epoch=N`` of a generator
    of batches of B is ``steps_per_epoch=math.ceil(N / B)`` (Keras 1 ended the epoch once N
    samples were seen, the last batch included)."""
    present = [k for k in SAMPLE_COUNTS if site.kwarg(k) is not None]
    if not present:
        return None
    pos = site.positional()
    generator = site.kwarg("generator") or site.kwarg("x") or (pos[0] if pos else None)
    sizes = {
        k: _batch_size_of(site.kwarg("validation_data") if k == "nb_val_samples" else generator)
        for k in present
    }
    if any(v is None for v in sizes.values()) or any(
        site.kwarg(SAMPLE_COUNTS[k]) is not None for k in present
    ):
        return Outcome(fix=None, proven=False)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for k in present:
            i = edits.find_kwarg(node, k)
            assert i is not None
            count, size = args[i].value, sizes[k]
            assert size is not None
            ratio = cst.BinaryOperation(
                left=edits.paren(count) if isinstance(count, cst.BinaryOperation) else count,
                operator=cst.Divide(
                    whitespace_before=cst.SimpleWhitespace(" "),
                    whitespace_after=cst.SimpleWhitespace(" "),
                ),
                right=edits.paren(size) if isinstance(size, cst.BinaryOperation) else size,
            )
            steps = cst.Call(func=refs["math.ceil"], args=[cst.Arg(ratio)])
            args[i] = args[i].with_changes(keyword=cst.Name(SAMPLE_COUNTS[k]), value=steps)
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("math.ceil",))


def _import_only(site: Site) -> Outcome | None:
    """A removed name whose uses another matcher rewrites: only its import is dropped."""
    if isinstance(site.node, cst.ImportAlias):
        return Outcome(fix=DEFAULT_FIX)
    return None


def _dim_ordering_getter(site: Site) -> Outcome | None:
    """``K.image_dim_ordering()`` → ``('th' if K.image_data_format() == 'channels_first' else
    'tf')``: the same answer from the setting that replaced it."""
    if site.args:
        return Outcome(fix=None)
    func = site.node.func

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        getter = (
            func.with_changes(attr=cst.Name("image_data_format"))
            if isinstance(func, cst.Attribute)
            else refs["keras.backend.image_data_format"]
        )
        return edits.expr(f"('th' if {edits.code(getter)}() == 'channels_first' else 'tf')")

    needs = () if isinstance(func, cst.Attribute) else ("keras.backend.image_data_format",)
    return Outcome(fix=fix, needs=needs, outer=True)


def _tf_keras_text(site: Site) -> Outcome | None:
    """The Keras 2 text utilities live on in tf_keras (the Keras 2 package)."""
    if (site.qname or "").startswith("tf_keras."):
        return None
    return Outcome(fix=DEFAULT_FIX)


# Keras 1's merge(..., mode=) function → the Keras 2 merge functions
MERGE_MODES = {
    "sum": "add",
    "mul": "multiply",
    "concat": "concatenate",
    "ave": "average",
    "max": "maximum",
    "dot": "dot",
    "cos": "dot",
}
MERGE_KWARGS = {"concat_axis": "axis", "dot_axes": "axes"}


def _merge(site: Site) -> Outcome | None:
    mode = site.value("mode", 1)
    if mode is MISSING:
        mode = "sum"
    known = {"mode", "name", *MERGE_KWARGS}
    extra = {a.keyword.value for a in site.args if a.keyword} - known
    if (
        mode not in MERGE_MODES
        or extra
        or len(site.positional()) not in (1, 2)
        or site.has_star()
        or (mode == "concat" and site.kwarg("dot_axes") is not None)
        or (mode in ("dot", "cos") and site.kwarg("dot_axes") is None)
    ):
        return Outcome(fix=None)
    new = f"keras.layers.{MERGE_MODES[mode]}"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [node.args[0]]
        for a in node.args[1:]:
            if a.keyword is None or a.keyword.value == "mode":
                continue
            keyword = MERGE_KWARGS.get(a.keyword.value, a.keyword.value)
            args.append(a.with_changes(keyword=cst.Name(keyword)))
        if mode == "cos":
            args.append(edits.kwarg("normalize", cst.Name("True")))
        args = [
            a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]
        ] + [edits.strip_comma(args[-1])]
        return node.with_changes(func=refs[new], args=args)

    return Outcome(fix=fix, needs=(new,), outer=True)


# keras.backend tensor functions (Keras 2) → keras.ops (Keras 3): the same call
BACKEND_OPS = {
    name: name
    for name in (
        "mean", "sum", "max", "min", "prod", "std", "var", "any", "all", "square", "sqrt",
        "exp", "log", "abs", "round", "sign", "sin", "cos", "sigmoid", "tanh", "softplus",
        "softsign", "softmax", "elu", "maximum", "minimum", "equal", "not_equal", "greater",
        "greater_equal", "less", "less_equal", "cast", "reshape", "transpose", "stack", "dot",
        "ones_like", "zeros_like", "stop_gradient", "one_hot", "tile", "squeeze",
        "binary_crossentropy", "categorical_crossentropy", "sparse_categorical_crossentropy",
    )
} | {"pow": "power"}  # fmt: skip
# ... whose default axis differs: (keras.ops name, the Keras 2 default, its position)
BACKEND_AXIS = {
    "concatenate": ("concatenate", -1, 1),
    "argmax": ("argmax", -1, 1),
    "argmin": ("argmin", -1, 1),
    "cumsum": ("cumsum", 0, 1),
    "cumprod": ("cumprod", 0, 1),
    "expand_dims": ("expand_dims", -1, 1),
    "gather": ("take", 0, 2),
}
BACKEND_CALLS = ("flatten", "relu", "get_value", "set_value")
BACKEND_KWARGS = {
    "clip": ("clip", {"min_value": "x_min", "max_value": "x_max"}),
    "permute_dimensions": ("transpose", {"pattern": "axes"}),
}

BACKEND_NAMES = (*BACKEND_OPS, *BACKEND_AXIS, *BACKEND_KWARGS, *BACKEND_CALLS)


def _ops_attr(refs: Any, name: str) -> cst.Attribute:
    return cst.Attribute(value=refs["keras.ops"], attr=cst.Name(name))


def _backend_op(site: Site) -> Outcome | None:
    """The keras.backend functions Keras 3 dropped, with a keras.ops twin that needs its
    arguments adjusted (a default axis written out, keywords renamed, a reshape)."""
    name = (site.qname or "").rpartition(".")[2]
    pos = site.positional()
    if site.has_star():
        return Outcome(fix=None)
    if name in BACKEND_AXIS:
        new, default, at = BACKEND_AXIS[name]
        given = site.kwarg("axis") is not None or len(pos) > at
        if name == "gather" and (len(pos) != 2 or site.args[2:]):
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            node = node.with_changes(func=_ops_attr(refs, new))
            if given:
                return node
            return edits.add_args(node, [edits.kwarg("axis", edits.to_node(default))])

    elif name in BACKEND_KWARGS:
        new, renamed = BACKEND_KWARGS[name]

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            for old, kw in renamed.items():
                node = edits.rename_kwarg(node, old, kw)
            return node.with_changes(func=_ops_attr(refs, new))

    elif name == "flatten":
        if len(pos) != 1 or len(site.args) != 1:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            first = node.args[0].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            return node.with_changes(
                func=_ops_attr(refs, "reshape"), args=[first, cst.Arg(edits.expr("(-1,)"))]
            )

    elif name == "relu":
        if len(pos) != 1 or len(site.args) != 1:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            return node.with_changes(func=_ops_attr(refs, "relu"))

    elif name == "get_value":
        if len(pos) != 1 or len(site.args) != 1:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            return node.with_changes(func=_ops_attr(refs, "convert_to_numpy"))

    elif name == "set_value":
        if len(pos) != 2 or len(site.args) != 2:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
            target, value = node.args[0].value, node.args[1].value
            if not isinstance(target, cst.Name | cst.Attribute | cst.Subscript):
                target = edits.paren(target)
            return edits.method_call(target, "assign", [cst.Arg(value)])

    else:
        return Outcome(fix=None)
    return Outcome(fix=fix, needs=("keras.ops",), outer=True)


FIT_WORKER_KWARGS = ("workers", "use_multiprocessing", "max_queue_size")


def _worker_kwargs(site: Site) -> Outcome | None:
    present = [k for k in FIT_WORKER_KWARGS if site.kwarg(k) is not None]
    if not present:
        return None
    return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, *present), proven=site.proven)


# Keras 3 file names: weights end in .weights.h5, a whole model in .keras (or .h5)
RENAMED_FILES = "keras:renamed-files"  # facts key: old path → (new path, proven)


def _weights_name(path: str) -> str:
    for ext in (".hdf5", ".h5"):
        if path.endswith(ext):
            return path[: -len(ext)] + ".weights.h5"
    return path + ".weights.h5"


def _model_name(path: str) -> str:
    if path.endswith(".hdf5"):
        return path[: -len(".hdf5")] + ".h5"
    return path + ".keras"


def _path_arg(site: Site) -> cst.Arg | None:
    pos = site.positional()
    return site.kwarg("filepath") or (pos[0] if pos else None)


def _replace_path(arg: cst.Arg, new: str) -> Any:
    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        keyword = arg.keyword.value if arg.keyword is not None else None
        for k, a in enumerate(args):
            if (a.keyword.value if a.keyword is not None else None) == keyword:
                args[k] = a.with_changes(value=edits.same_quotes(a.value, new))
                break
        return node.with_changes(args=args)

    return fix


def _remember(site: Site, old: str, new: str, proven: bool) -> None:
    facts = site.facts
    if isinstance(facts, dict):
        facts.setdefault(RENAMED_FILES, {})[old] = (new, proven)


def _saved_file(site: Site) -> Outcome | None:
    """``model.save_weights('w.h5')`` and ``ModelCheckpoint('w.h5', ...)``: the names Keras 3
    accepts; ModelCheckpoint(period=1) is its default save_freq='epoch'."""
    arg = _path_arg(site)
    path = literal(arg.value) if arg is not None else None
    is_checkpoint = site.qname is not None and site.qname.endswith("ModelCheckpoint")
    weights = not is_checkpoint or site.value("save_weights_only") is True
    new = None
    if isinstance(path, str):
        if weights and not path.endswith(".weights.h5"):
            new = _weights_name(path)
        elif not weights and not path.endswith((".keras", ".h5")):
            new = _model_name(path)
    period = site.value("period") if is_checkpoint else MISSING
    if new is None and period is MISSING:
        return None
    if period is not MISSING and (period != 1 or site.kwarg("save_freq") is not None):
        return Outcome(fix=None, proven=site.proven)
    proven = site.proven or is_checkpoint
    if new is not None:
        _remember(site, path, new, proven)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if new is not None and arg is not None:
            node = _replace_path(arg, new)(node, refs)
        if period is not MISSING:
            node = edits.drop_kwargs(node, "period")
        return node

    return Outcome(fix=fix, proven=proven)


def _loaded_file(site: Site) -> Outcome | None:
    """A file this notebook saved under a name Keras 3 refused is read back under its new one."""
    arg = _path_arg(site)
    path = literal(arg.value) if arg is not None else None
    renamed = site.facts.get(RENAMED_FILES, {})
    if arg is None or not isinstance(path, str) or path not in renamed:
        return None
    new, proven = renamed[path]
    return Outcome(fix=_replace_path(arg, new), proven=proven)


def _thresholded_relu(site: Site) -> Outcome | None:
    """``ThresholdedReLU(theta=t)`` (x if x > t else 0) → ``ReLU(threshold=t)`` (x if x >= t,
    else 0): the same but at x == t. theta defaulted to 1.0."""
    theta = site.kwarg("theta")
    pos = site.positional()
    if len(pos) > 1 or site.has_star() or (pos and theta is not None):
        return Outcome(fix=None)
    func = site.node.func

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        new_func = (
            func.with_changes(attr=cst.Name("ReLU"))
            if isinstance(func, cst.Attribute)
            else refs["keras.layers.ReLU"]
        )
        args = list(node.args)
        if pos:  # ThresholdedReLU(0.5): theta was the first parameter
            args[0] = edits.kwarg("threshold", args[0].value).with_changes(comma=args[0].comma)
        elif theta is not None:
            args = list(edits.rename_kwarg(node, "theta", "threshold").args)
        else:
            args = [edits.kwarg("threshold", cst.Float("1.0")), *args]
            if len(args) > 1:
                args[0] = args[0].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                )
        return node.with_changes(func=new_func, args=args)

    needs = () if isinstance(func, cst.Attribute) else ("keras.layers.ReLU",)
    return Outcome(fix=fix, needs=needs, outer=True)


TF_FUNCTIONS = tuple(f"tensorflow.{op}" for op in KERAS_OPS) + (
    "tensorflow.add",
    "tensorflow.multiply",
    "tensorflow.stack",
    "tensorflow.split",
    "tensorflow.transpose",
)


def _to_yaml(site: Site) -> Outcome | None:
    """``model.to_yaml()`` → ``model.to_json()`` (keyword arguments were yaml.dump's: reported)."""
    if site.args:
        return Outcome(fix=None, proven=False)
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "to_json"), proven=site.proven)


RULES = [
    Rule(
        id="KER001",
        library=LIB,
        changed_in="3.0",
        safety=MANUAL,
        catalogue="K4",
        message="with TF >= 2.16 `import keras` and tf.keras are Keras 3; for Keras 2 behaviour "
        "install tf_keras and set TF_USE_LEGACY_KERAS=1",
        replacement="pip install tf_keras; os.environ['TF_USE_LEGACY_KERAS'] = '1'",
        matchers=(Symbol(old="keras.backend.tensorflow_backend", fixable=False),),
        examples=(("from keras.backend import tensorflow_backend as tfb", None),),
    ),
    Rule(
        id="KER002",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="K5",
        condition="the receiver is a Keras model",
        message="fit_generator/evaluate_generator/predict_generator were removed; fit/evaluate/"
        "predict take generators",
        replacement="model.fit(gen, steps_per_epoch=..., epochs=...)",
        signatures=(
            object_no_attribute(["fit_generator", "evaluate_generator", "predict_generator"]),
        ),
        matchers=(
            Call(methods=("fit_generator",), receivers=(KERAS_MODEL,), check=_fit_generator("fit")),
            Call(
                methods=("evaluate_generator",),
                receivers=(KERAS_MODEL,),
                check=_fit_generator("evaluate"),
            ),
            Call(
                methods=("predict_generator",),
                receivers=(KERAS_MODEL,),
                check=_fit_generator("predict"),
            ),
        ),
        examples=(
            (
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "model.fit_generator(gen, 100, epochs=5, workers=4)",
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "model.fit(gen, steps_per_epoch=100, epochs=5)",
            ),
        ),
        proofs=(
            _CASE_KERAS_MODEL + "model.fit_generator(batches(), 2, epochs=1, verbose=0)",
            _CASE_KERAS_MODEL + "p = model.predict_generator(batches(), steps=1, verbose=0)",
            Proof(
                _CASE_KERAS_MODEL
                + (
                    "def flow(batch_size):\n    return batches()\n"
                    "model.fit_generator(flow(batch_size=8), samples_per_epoch=16, "
                    "nb_epoch=1, verbose=0)"
                ),
                also=("KER014", "KER015"),
            ),
        ),
    ),
    Rule(
        id="KER003",
        library=LIB,
        changed_in="2.6",
        safety=SAFE_IF,
        catalogue="K6",
        condition="the model's last activation is known (softmax → argmax, sigmoid → > 0.5)",
        message="predict_classes/predict_proba were removed; derive classes from predict",
        replacement="np.argmax(model.predict(x), axis=-1) / (model.predict(x) > 0.5)",
        signatures=(
            object_no_attribute(
                ["predict_classes", "predict_proba"], r"(Sequential|Functional|Model)"
            ),
        ),
        matchers=(
            Call(methods=("predict_classes",), receivers=(KERAS_MODEL,), check=_predict_classes),
            Call(methods=("predict_proba",), receivers=(KERAS_MODEL,), check=_predict_proba),
        ),
        examples=(
            (
                "import numpy as np\nfrom keras.models import Sequential\n"
                "from keras.layers import Dense\nmodel = Sequential()\n"
                "model.add(Dense(10, activation='softmax'))\ny = model.predict_classes(X)",
                "import numpy as np\nfrom keras.models import Sequential\n"
                "from keras.layers import Dense\nmodel = Sequential()\n"
                "model.add(Dense(10, activation='softmax'))\n"
                "y = np.argmax(model.predict(X), axis=-1)",
            ),
            (
                "from keras.models import Sequential\nfrom keras.layers import Dense\n"
                "m = Sequential([Dense(1, activation='sigmoid')])\np = m.predict_classes(X)",
                "from keras.models import Sequential\nfrom keras.layers import Dense\n"
                "m = Sequential([Dense(1, activation='sigmoid')])\n"
                "p = (m.predict(X) > 0.5).astype('int32')",
            ),
            (
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "proba = model.predict_proba(X)",
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "proba = model.predict(X)",
            ),
        ),
        proofs=(_CASE_KERAS_MODEL + "c = model.predict_classes(X)",),
    ),
    Rule(
        id="KER004",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="K7",
        message="optimizers' lr= was removed (Keras 3); use learning_rate=",
        replacement="Adam(learning_rate=1e-3)",
        signatures=(r"Argument\(s\) not recognized: \{'lr'",),
        matchers=(kwarg_rename("lr", "learning_rate", functions=OPTIMIZERS),),
        examples=(
            (
                "from keras.optimizers import Adam\nopt = Adam(lr=1e-4)",
                "from keras.optimizers import Adam\nopt = Adam(learning_rate=1e-4)",
            ),
        ),
        proofs=("from keras.optimizers import Adam\nopt = Adam(lr=1e-4)",),
    ),
    Rule(
        id="KER005",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        silent=True,
        catalogue="K8",
        message="optimizers' decay= is ignored in Keras 3; use an InverseTimeDecay schedule (the "
        "same formula)",
        replacement="learning_rate=InverseTimeDecay(lr, decay_steps=1, decay_rate=decay)",
        signatures=(r"Argument\(s\) not recognized: \{.*'decay'",),
        matchers=(Call(functions=OPTIMIZERS, check=_optimizer_decay),),
        examples=(
            (
                "from keras.optimizers import SGD\nopt = SGD(lr=0.01, decay=1e-6, momentum=0.9)",
                "from keras.optimizers import SGD\n"
                "from keras.optimizers.schedules import InverseTimeDecay\n"
                "opt = SGD(momentum=0.9, learning_rate=InverseTimeDecay(0.01, decay_steps=1, "
                "decay_rate=1e-6))",
            ),
        ),
    ),
    Rule(
        id="KER006",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="K9",
        message="keras.utils.np_utils was removed; to_categorical lives in keras.utils",
        replacement="from keras.utils import to_categorical",
        signatures=(r"cannot import name 'np_utils'", no_module("keras.utils.np_utils")),
        matchers=(Module("keras.utils.np_utils", "keras.utils"),),
        examples=(
            (
                "from keras.utils import np_utils\ny = np_utils.to_categorical(labels, 10)",
                "from keras import utils\ny = utils.to_categorical(labels, 10)",
            ),
            (
                "from keras.utils.np_utils import to_categorical",
                "from keras.utils import to_categorical",
            ),
        ),
        proofs=("from keras.utils import np_utils\ny = np_utils.to_categorical([0, 2], 3)",),
    ),
    Rule(
        id="KER007",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="K10",
        message="keras.layers.core/convolutional/recurrent/... submodules are gone; import from "
        "keras.layers",
        replacement="from keras.layers import Dense, Conv2D, LSTM",
        signatures=(r"No module named 'keras\.layers\.\w+'",),
        matchers=tuple(Module(f"keras.layers.{m}", "keras.layers") for m in LAYER_MODULES),
        examples=(
            (
                "from keras.layers.core import Dense, Dropout\n"
                "from keras.layers.convolutional import Conv2D",
                "from keras.layers import Dense, Dropout\nfrom keras.layers import Conv2D",
            ),
            (
                "from keras.layers.recurrent import LSTM\n"
                "from keras.layers.normalization import BatchNormalization\n"
                "from keras.layers.advanced_activations import LeakyReLU\n"
                "from keras.layers.embeddings import Embedding\n"
                "from keras.layers.pooling import MaxPooling2D\n"
                "from keras.layers.merge import concatenate",
                "from keras.layers import LSTM\nfrom keras.layers import BatchNormalization\n"
                "from keras.layers import LeakyReLU\nfrom keras.layers import Embedding\n"
                "from keras.layers import MaxPooling2D\nfrom keras.layers import concatenate",
            ),
        ),
        proofs=(
            (
                "from keras.layers.core import Dense\n"
                "from keras.layers.recurrent import LSTM\n"
                "d = Dense(2)\nl = LSTM(4)"
            ),
        ),
    ),
    Rule(
        id="KER008",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="K11",
        message="keras.layers.Merge was removed; use Concatenate()/Add()/Multiply() layers",
        replacement="Concatenate()([a, b])",
        signatures=(r"cannot import name 'Merge'", r"has no attribute 'Merge'"),
        matchers=(Symbol(old="keras.layers.Merge", fixable=False),),
        examples=(("from keras.layers import Merge\nm = Merge([a, b], mode='concat')", None),),
    ),
    Rule(
        id="KER009",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="K12",
        message="keras.preprocessing.text (Tokenizer, text_to_word_sequence, one_hot) was removed "
        "in Keras 3; the Keras 2 package tf_keras keeps it (or use a TextVectorization layer)",
        replacement="pip install tf_keras; from tf_keras.preprocessing.text import Tokenizer",
        why="The Keras 3 migration guide keeps Keras 2 code running with tf_keras "
        f"({KERAS3_GUIDE}); Tokenizer returns plain lists and arrays, which Keras 3 models take.",
        signatures=(
            no_module("keras.preprocessing.text"),
            r"cannot import name '(Tokenizer|text_to_word_sequence|one_hot)'",
        ),
        matchers=tuple(
            Symbol(
                old=f"keras.preprocessing.text.{n}",
                new=f"tf_keras.preprocessing.text.{n}",
                check=_tf_keras_text,
            )
            for n in TEXT_UTILITIES
        ),
        examples=(
            (
                "from keras.preprocessing.text import Tokenizer\nt = Tokenizer(1000)",
                "from tf_keras.preprocessing.text import Tokenizer\nt = Tokenizer(1000)",
            ),
        ),
        proofs=(
            Proof(
                (
                    "from keras.preprocessing.text import Tokenizer\n"
                    "t = Tokenizer(100)\nt.fit_on_texts(['a b c', 'b c d'])\n"
                    "seq = t.texts_to_sequences(['a b'])"
                ),
                needs=("tf_keras",),
            ),
        ),
    ),
    Rule(
        id="KER010",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="K12",
        message="keras.preprocessing.sequence.pad_sequences moved to keras.utils.pad_sequences",
        replacement="keras.utils.pad_sequences",
        signatures=(
            no_module("keras.preprocessing.sequence"),
            r"cannot import name 'pad_sequences'",
        ),
        matchers=(
            Symbol(
                old="keras.preprocessing.sequence.pad_sequences", new="keras.utils.pad_sequences"
            ),
        ),
        examples=(
            (
                "from keras.preprocessing.sequence import pad_sequences\nX = pad_sequences(s, 50)",
                "from keras.utils import pad_sequences\nX = pad_sequences(s, 50)",
            ),
        ),
    ),
    Rule(
        id="KER011",
        library=LIB,
        changed_in="3.0",
        safety=MANUAL,
        catalogue="K13",
        message="ImageDataGenerator was removed in Keras 3; use image_dataset_from_directory and "
        "preprocessing layers",
        replacement="keras.utils.image_dataset_from_directory + keras.layers.RandomFlip/...",
        signatures=(
            r"cannot import name 'ImageDataGenerator'",
            no_module("keras.preprocessing.image"),
        ),
        matchers=(Symbol(old="keras.preprocessing.image.ImageDataGenerator", fixable=False),),
        examples=(
            (
                "from keras.preprocessing.image import ImageDataGenerator\n"
                "g = ImageDataGenerator(rescale=1 / 255)",
                None,
            ),
        ),
    ),
    Rule(
        id="KER012",
        library=LIB,
        changed_in="2.12",
        safety=REVIEW,
        catalogue="K14",
        message="keras.wrappers.scikit_learn was removed; use scikeras (pip install scikeras; "
        "build_fn → model)",
        replacement="from scikeras.wrappers import KerasClassifier",
        signatures=(no_module("keras.wrappers"),),
        matchers=(
            Symbol(
                old="keras.wrappers.scikit_learn.KerasClassifier",
                new="scikeras.wrappers.KerasClassifier",
            ),
            Symbol(
                old="keras.wrappers.scikit_learn.KerasRegressor",
                new="scikeras.wrappers.KerasRegressor",
            ),
        ),
        examples=(
            (
                "from keras.wrappers.scikit_learn import KerasClassifier",
                "from scikeras.wrappers import KerasClassifier",
            ),
        ),
    ),
    Rule(
        id="KER013",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K15",
        message="CuDNNLSTM/CuDNNGRU were removed; LSTM/GRU use cuDNN when they can",
        replacement="LSTM / GRU",
        signatures=(r"cannot import name 'CuDNN(LSTM|GRU)'", r"has no attribute 'CuDNN(LSTM|GRU)'"),
        matchers=(
            Symbol(old="keras.layers.CuDNNLSTM", new="keras.layers.LSTM"),
            Symbol(old="keras.layers.CuDNNGRU", new="keras.layers.GRU"),
        ),
        examples=(
            (
                "from keras.layers import CuDNNLSTM\nl = CuDNNLSTM(64)",
                "from keras.layers import LSTM\nl = LSTM(64)",
            ),
        ),
    ),
    Rule(
        id="KER014",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K16",
        message="fit(nb_epoch=) was renamed epochs=",
        replacement="fit(..., epochs=10)",
        signatures=(unexpected_kwarg(["nb_epoch"]),),
        matchers=(Call(methods=("fit", "fit_generator"), check=_nb_epoch),),
        examples=(
            (
                "model.fit(X, y, nb_epoch=10, batch_size=32)",
                "model.fit(X, y, epochs=10, batch_size=32)",
            ),
        ),
    ),
    Rule(
        id="KER015",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="K16",
        condition="the generator call writes its batch_size (datagen.flow(X, y, batch_size=32))",
        message="samples_per_epoch=/nb_val_samples=/val_samples= counted samples; Keras 2 counts "
        "batches: steps_per_epoch=/validation_steps=/steps=",
        replacement="steps_per_epoch=math.ceil(samples / batch_size)",
        signatures=(unexpected_kwarg(list(SAMPLE_COUNTS)),),
        matchers=(
            Call(
                methods=("fit", "fit_generator", "evaluate_generator", "predict_generator"),
                check=_samples_per_epoch,
            ),
        ),
        examples=(
            ("model.fit_generator(gen, samples_per_epoch=2000, nb_epoch=5)", None),
            (
                "model.fit_generator(datagen.flow(X, y, batch_size=32), samples_per_epoch=len(X), "
                "validation_data=datagen.flow(Xv, yv, batch_size=bs), nb_val_samples=800)",
                "from math import ceil\n"
                "model.fit_generator(datagen.flow(X, y, batch_size=32), "
                "steps_per_epoch=ceil(len(X) / 32), validation_data=datagen.flow(Xv, yv, "
                "batch_size=bs), validation_steps=ceil(800 / bs))",
            ),
        ),
    ),
    Rule(
        id="KER016",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K17",
        message="Keras 1 layer keywords (output_dim, border_mode, init, W_regularizer, ...) were "
        "renamed in Keras 2",
        replacement="units=, padding=, kernel_initializer=, kernel_regularizer=",
        signatures=(
            unexpected_kwarg(list(KERAS1_KWARGS)),
            r"Keyword argument not understood:.*'(output_dim|border_mode|init)'",
            unrecognized(KERAS1_KWARGS),
        ),
        matchers=(
            Call(
                functions=qualify(
                    "keras.layers",
                    [
                        "Dense",
                        "Conv1D",
                        "Conv2D",
                        "Conv3D",
                        "Convolution1D",
                        "Convolution2D",
                        "Convolution3D",
                        "SeparableConv2D",
                        "Conv2DTranspose",
                        "Embedding",
                        "LSTM",
                        "GRU",
                        "SimpleRNN",
                        "MaxPooling1D",
                        "MaxPooling2D",
                        "AveragePooling2D",
                        "ZeroPadding2D",
                        "UpSampling2D",
                        "Flatten",
                    ],
                ),
                check=_keras1_kwargs,
            ),
        ),
        examples=(
            (
                "from keras.layers import Dense, Conv2D\n"
                "d = Dense(output_dim=64, init='uniform')\n"
                "c = Conv2D(32, (3, 3), border_mode='same', dim_ordering='th')",
                "from keras.layers import Dense, Conv2D\n"
                "d = Dense(units=64, kernel_initializer='uniform')\n"
                "c = Conv2D(32, (3, 3), padding='same', data_format='channels_first')",
            ),
            (
                "from keras.layers import Dense, Convolution2D\n"
                "d = Dense(10, W_regularizer=l2(0.01), b_regularizer=l2(0.01))\n"
                "c = Convolution2D(nb_filter=32, kernel_size=(3, 3), subsample=(2, 2))",
                "from keras.layers import Dense, Convolution2D\n"
                "d = Dense(10, kernel_regularizer=l2(0.01), bias_regularizer=l2(0.01))\n"
                "c = Convolution2D(filters=32, kernel_size=(3, 3), strides=(2, 2))",
            ),
        ),
        proofs=(
            "from keras.layers import Dense\nd = Dense(3, init='uniform')",
            "from keras.layers import Conv2D\nc = Conv2D(8, (3, 3), border_mode='same')",
        ),
    ),
    Rule(
        id="KER017",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        silent=True,
        catalogue="K18",
        message="Convolution2D(32, 3, 3): the third positional is strides in Keras 2; pass the "
        "kernel as a tuple",
        replacement="Conv2D(32, (3, 3))",
        matchers=(
            Call(
                functions=qualify(
                    "keras.layers", ["Conv2D", "Convolution2D", "Conv3D", "Convolution3D"]
                ),
                check=_conv_kernel,
            ),
        ),
        examples=(
            (
                "from keras import layers\nc = layers.Convolution2D(32, 3, 3, activation='relu')",
                "from keras import layers\nc = layers.Conv2D(32, (3, 3), activation='relu')",
            ),
        ),
    ),
    Rule(
        id="KER018",
        library=LIB,
        changed_in="2.3",
        safety=SAFE,
        catalogue="K19",
        message="the accuracy metric is logged as 'accuracy' (not 'acc') since Keras 2.3",
        replacement="history.history['accuracy']; metrics=['accuracy']",
        signatures=(r"^KeyError: '(val_)?acc'$",),
        matchers=(
            Node(types=("Subscript",), check=_history_key),
            Call(methods=("compile",), check=_metrics_acc),
        ),
        examples=(
            (
                "model.compile(loss='mse', optimizer='adam', metrics=['acc'])\n"
                "plt.plot(history.history['acc'])\nplt.plot(h.history[\"val_acc\"])",
                "model.compile(loss='mse', optimizer='adam', metrics=['accuracy'])\n"
                "plt.plot(history.history['accuracy'])\nplt.plot(h.history[\"val_accuracy\"])",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nimport keras\n"
                "from keras.models import Sequential\n"
                "from keras.layers import Dense, Input\n"
                "model = Sequential([Input((4,)), Dense(3, activation='softmax')])\n"
                "model.compile(optimizer='sgd', metrics=['accuracy'], "
                "loss='categorical_crossentropy')\n"
                "X = np.random.rand(8, 4).astype('float32')\n"
                "y = np.eye(3)[np.arange(8) % 3]\n"
                "def batches():\n    while True:\n"
                "        yield X, y\nh = model.fit(X, y, epochs=1, verbose=0)\n"
                "acc = h.history['acc']"
            ),
        ),
    ),
    Rule(
        id="KER019",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="K20",
        condition="the receiver is a Keras model (or it is keras.models.load_model)",
        message="Keras 3 saves only to .keras (or .h5) files; add the extension",
        replacement="model.save('my_model.keras')",
        signatures=(r"Invalid filepath extension for saving", r"file extension"),
        matchers=(
            Call(methods=("save",), receivers=(KERAS_MODEL,), check=_save_path),
            Call(
                functions=("keras.models.load_model", "keras.saving.load_model"), check=_save_path
            ),
        ),
        examples=(
            (
                "from keras.models import Sequential, load_model\nmodel = Sequential()\n"
                "model.save('my_model')\nm2 = load_model('my_model')",
                "from keras.models import Sequential, load_model\nmodel = Sequential()\n"
                "model.save('my_model.keras')\nm2 = load_model('my_model.keras')",
            ),
        ),
        proofs=(
            _CASE_KERAS_MODEL
            + "import os, tempfile\nos.chdir(tempfile.mkdtemp())\nmodel.save('my_model')",
        ),
    ),
    Rule(
        id="KER020",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K21",
        message="K.set_session was removed (delete it); K.set_image_dim_ordering and "
        "K.image_dim_ordering became set_image_data_format / image_data_format",
        replacement="K.set_image_data_format('channels_first')",
        signatures=(
            r"module 'keras\.(api\.)?(src\.)?backend' has no attribute "
            r"'(set_session|set_image_dim_ordering|image_dim_ordering|tensorflow_backend)'",
            no_module("keras.backend.tensorflow_backend"),
        ),
        matchers=(
            Call(
                functions=(
                    "keras.backend.set_session",
                    "keras.backend.tensorflow_backend.set_session",
                ),
                check=_set_session,
            ),
            Symbol(old="keras.backend.tensorflow_backend.set_session", check=_import_only),
            Call(functions=("keras.backend.set_image_dim_ordering",), check=_dim_ordering),
            Call(functions=("keras.backend.image_dim_ordering",), check=_dim_ordering_getter),
        ),
        examples=(
            (
                "from keras import backend as K\nK.set_session(sess)\n"
                "K.set_image_dim_ordering('th')",
                "from keras import backend as K\nK.set_image_data_format('channels_first')",
            ),
            (
                "from keras import backend as K\n"
                "from keras.backend.tensorflow_backend import set_session\n"
                "set_session(tf.Session(config=config))\n"
                "if K.image_dim_ordering() == 'th':\n    shape = (3, 32, 32)",
                "from keras import backend as K\n"
                "if ('th' if K.image_data_format() == 'channels_first' else 'tf') == 'th':\n"
                "    shape = (3, 32, 32)",
            ),
        ),
        proofs=(
            (
                "from keras import backend as K\n"
                "K.set_image_dim_ordering('tf')\n"
                "first = K.image_dim_ordering() == 'th'"
            ),
        ),
    ),
    Rule(
        id="KER021",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="K22",
        message="TF ops cannot take Keras 3 symbolic tensors; use keras.ops (or a Lambda layer)",
        replacement="keras.ops.concatenate / mean / ...",
        signatures=(r"A KerasTensor cannot be used as input to a TensorFlow function",),
        matchers=(Call(functions=TF_FUNCTIONS, check=_tf_op_on_keras_tensor),),
        examples=(
            (
                "import tensorflow as tf\nfrom keras.layers import Input\n"
                "x = Input((4,))\ny = tf.reduce_mean(x, axis=1)",
                "import tensorflow as tf\n"
                "from keras.layers import Input\nfrom keras.ops import mean\n"
                "x = Input((4,))\ny = mean(x, axis=1)",
            ),
        ),
    ),
    Rule(
        id="KER022",
        library=LIB,
        changed_in="2.13",
        safety=SAFE,
        catalogue=NOTES,
        message="keras.engine (topology, base_layer, training, ...) is private since Keras 2.13; "
        "Layer, InputSpec and Model are public in keras.layers / keras.models",
        replacement="from keras.layers import Layer, InputSpec",
        why=NOTES_WHY,
        signatures=(no_module("keras.engine"), r"cannot import name '\w+' from 'keras\.engine"),
        matchers=tuple(Symbol(old=o, new=n) for o, n in ENGINE.items()),
        examples=(
            (
                "from keras.engine.topology import Layer, InputSpec\n"
                "from keras.engine.training import Model",
                "from keras.layers import Layer, InputSpec\nfrom keras.models import Model",
            ),
        ),
        proofs=("from keras.engine.topology import Layer\nclass L(Layer):\n    pass",),
    ),
    Rule(
        id="KER023",
        library=LIB,
        changed_in="2.13",
        safety=SAFE,
        catalogue=NOTES,
        message="keras.utils.vis_utils/generic_utils/data_utils are private since Keras 2.13; "
        "plot_model, get_file, Progbar, get_custom_objects are in keras.utils",
        replacement="from keras.utils import plot_model",
        why=NOTES_WHY,
        signatures=(r"No module named 'keras\.utils\.(vis|generic|data)_utils'",),
        matchers=tuple(Module(f"keras.utils.{m}", "keras.utils") for m in UTILS_MODULES),
        examples=(
            (
                "from keras.utils.vis_utils import plot_model\n"
                "from keras.utils.data_utils import get_file\n"
                "from keras.utils.generic_utils import get_custom_objects",
                "from keras.utils import plot_model\nfrom keras.utils import get_file\n"
                "from keras.utils import get_custom_objects",
            ),
        ),
        proofs=("from keras.utils.vis_utils import plot_model",),
    ),
    Rule(
        id="KER024",
        library=LIB,
        changed_in="2.2",
        safety=SAFE,
        catalogue=NOTES,
        message="Keras 1's merge(..., mode=) function was removed; use add/concatenate/multiply/"
        "average/maximum/dot",
        replacement="concatenate([a, b], axis=-1)",
        why="Keras 2.0 replaced merge(mode=) by one function per mode and Keras 2.2 removed it "
        f"({KERAS2_NOTES}).",
        signatures=(r"cannot import name 'merge'", r"'module' object is not callable"),
        matchers=(
            Symbol(old="keras.layers.merge", check=_import_only),
            Call(functions=("keras.layers.merge",), check=_merge),
        ),
        examples=(
            (
                "from keras.layers import Input, merge\n"
                "x = merge([a, b], mode='concat', concat_axis=-1)\ny = merge([x, c], mode='sum')",
                "from keras.layers import Input\nfrom keras.layers import concatenate\n"
                "from keras.layers import add\n"
                "x = concatenate([a, b], axis=-1)\ny = add([x, c])",
            ),
        ),
        proofs=(
            (
                "from keras.layers import Input, merge\n"
                "a = Input((3,))\nb = Input((3,))\n"
                "m = merge([a, b], mode='concat', concat_axis=-1)"
            ),
        ),
    ),
    Rule(
        id="KER025",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="Model(input=, output=) were renamed inputs=/outputs= in Keras 2",
        replacement="Model(inputs=x, outputs=y)",
        why=NOTES_WHY,
        signatures=(
            unexpected_kwarg(["input", "output"]),
            r"Keyword argument not understood:.*'(input|output)'",
            unrecognized(["input", "output"]),
        ),
        matchers=(
            kwarg_rename("input", "inputs", functions=MODEL_CLASSES),
            kwarg_rename("output", "outputs", functions=MODEL_CLASSES),
        ),
        examples=(
            (
                "from keras.models import Model\nm = Model(input=inp, output=out)",
                "from keras.models import Model\nm = Model(inputs=inp, outputs=out)",
            ),
        ),
        proofs=(
            (
                "from keras.layers import Input, Dense\n"
                "from keras.models import Model\n"
                "a = Input((3,))\nm = Model(input=a, output=Dense(1)(a))"
            ),
        ),
    ),
    Rule(
        id="KER026",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="keras.objectives was renamed keras.losses in Keras 2",
        replacement="from keras.losses import categorical_crossentropy",
        why=NOTES_WHY,
        signatures=(no_module("keras.objectives"), r"cannot import name 'objectives'"),
        matchers=(Module("keras.objectives", "keras.losses"),),
        examples=(
            (
                "from keras.objectives import categorical_crossentropy",
                "from keras.losses import categorical_crossentropy",
            ),
        ),
        proofs=("from keras.objectives import categorical_crossentropy",),
    ),
    Rule(
        id="KER027",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=NOTES,
        message="keras.layers.experimental.preprocessing is gone in Keras 3; the preprocessing "
        "layers (Rescaling, RandomFlip, Normalization, ...) are in keras.layers",
        replacement="from keras.layers import Rescaling",
        why=KERAS3_WHY,
        signatures=(no_module("keras.layers.experimental"), r"has no attribute 'experimental'"),
        matchers=(Module("keras.layers.experimental.preprocessing", "keras.layers"),),
        examples=(
            (
                "from keras.layers.experimental.preprocessing import Rescaling, RandomFlip",
                "from keras.layers import Rescaling, RandomFlip",
            ),
        ),
        proofs=(
            "from keras.layers.experimental.preprocessing import Rescaling\nr = Rescaling(0.5)",
        ),
    ),
    Rule(
        id="KER028",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=NOTES,
        message="keras.backend keeps only its settings in Keras 3; the tensor functions (K.mean, "
        "K.sum, K.clip, ...) are in keras.ops",
        replacement="from keras import ops; ops.sum(ops.round(ops.clip(y_true * y_pred, 0, 1)))",
        why=KERAS3_WHY,
        signatures=(
            r"module 'keras\.(api\.)?(src\.)?backend' has no attribute "
            rf"'({'|'.join(sorted(BACKEND_NAMES))})'",
        ),
        matchers=(
            *(
                Symbol(old=f"keras.backend.{o}", new="keras.ops", template="{}." + n)
                for o, n in BACKEND_OPS.items()
            ),
            Call(
                functions=qualify(
                    "keras.backend", [*BACKEND_AXIS, *BACKEND_KWARGS, *BACKEND_CALLS]
                ),
                check=_backend_op,
            ),
        ),
        examples=(
            (
                "from keras import backend as K\n"
                "def recall(y_true, y_pred):\n"
                "    tp = K.sum(K.round(K.clip(y_true * y_pred, 0, 1)))\n"
                "    return tp / (K.sum(K.round(K.clip(y_true, 0, 1))) + K.epsilon())\n"
                "y = K.argmax(p)\nz = K.concatenate([a, b])\n"
                "K.set_value(model.optimizer.learning_rate, 0.001)",
                "from keras import backend as K\nfrom keras import ops\n"
                "def recall(y_true, y_pred):\n"
                "    tp = ops.sum(ops.round(ops.clip(y_true * y_pred, 0, 1)))\n"
                "    return tp / (ops.sum(ops.round(ops.clip(y_true, 0, 1))) + K.epsilon())\n"
                "y = ops.argmax(p, axis=-1)\nz = ops.concatenate([a, b], axis=-1)\n"
                "model.optimizer.learning_rate.assign(0.001)",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom keras import backend as K\n"
                "y_true = np.array([1.0, 0.0, 1.0])\n"
                "y_pred = np.array([0.9, 0.2, 0.4])\n"
                "tp = K.sum(K.round(K.clip(y_true * y_pred, 0, 1)))\n"
                "r = tp / (K.sum(K.round(K.clip(y_true, 0, 1))) + K.epsilon())\n"
                "top = K.argmax(K.concatenate([K.expand_dims(y_pred), K.expand_dims(y_true)]))"
            ),
            _CASE_KERAS_MODEL
            + "from keras import backend as K\nK.set_value(model.optimizer.learning_rate, 0.001)",
        ),
    ),
    Rule(
        id="KER029",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a Keras model",
        message="fit/evaluate/predict lost workers=, use_multiprocessing= and max_queue_size= in "
        "Keras 3 (a PyDataset takes them); they only set the loading speed",
        replacement="model.fit(gen, epochs=10)",
        why=KERAS3_WHY,
        signatures=(unexpected_kwarg(FIT_WORKER_KWARGS),),
        matchers=(
            Call(
                methods=("fit", "evaluate", "predict"),
                receivers=(KERAS_MODEL,),
                check=_worker_kwargs,
            ),
        ),
        examples=(
            (
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "model.fit(gen, epochs=5, workers=4, use_multiprocessing=True)",
                "from keras.models import Sequential\nmodel = Sequential()\n"
                "model.fit(gen, epochs=5)",
            ),
        ),
        proofs=(_CASE_KERAS_MODEL + "model.fit(X, y, epochs=1, verbose=0, workers=2)",),
    ),
    Rule(
        id="KER030",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a Keras model (ModelCheckpoint always); a file the notebook "
        "wrote is read back under the same new name",
        message="Keras 3 saves weights only to .weights.h5 files and whole models to .keras/.h5; "
        "ModelCheckpoint(period=) became save_freq=",
        replacement="model.save_weights('model.weights.h5'); ModelCheckpoint('best.h5')",
        why=KERAS3_WHY,
        signatures=(
            r"filename must end in `\.weights\.h5`",
            r"filepath provided must end in `\.weights\.h5`",
            r"filepath provided must end in `\.keras`",
            unexpected_kwarg(["period"]),
        ),
        matchers=(
            Call(methods=("save_weights",), receivers=(KERAS_MODEL,), check=_saved_file),
            Call(functions=("keras.callbacks.ModelCheckpoint",), check=_saved_file),
            Call(methods=("load_weights",), receivers=(KERAS_MODEL,), check=_loaded_file),
            Call(
                functions=("keras.models.load_model", "keras.saving.load_model"),
                check=_loaded_file,
            ),
        ),
        examples=(
            (
                "from keras.models import Sequential, load_model\n"
                "from keras.callbacks import ModelCheckpoint\nmodel = Sequential()\n"
                "ck = ModelCheckpoint('best.hdf5', save_best_only=True, "
                "save_weights_only=True, period=1)\n"
                "model.save_weights('model.h5')\nmodel.load_weights('best.hdf5')\n"
                "full = ModelCheckpoint('full.hdf5')\nm2 = load_model('full.hdf5')",
                "from keras.models import Sequential, load_model\n"
                "from keras.callbacks import ModelCheckpoint\nmodel = Sequential()\n"
                "ck = ModelCheckpoint('best.weights.h5', save_best_only=True, "
                "save_weights_only=True)\n"
                "model.save_weights('model.weights.h5')\n"
                "model.load_weights('best.weights.h5')\n"
                "full = ModelCheckpoint('full.h5')\nm2 = load_model('full.h5')",
            ),
        ),
        proofs=(
            _CASE_KERAS_MODEL
            + (
                "import os, tempfile\nos.chdir(tempfile.mkdtemp())\n"
                "model.save_weights('model.h5')\n"
                "model.load_weights('model.h5')"
            ),
            _CASE_KERAS_MODEL
            + (
                "import os, tempfile\nos.chdir(tempfile.mkdtemp())\n"
                "from keras.callbacks import ModelCheckpoint\n"
                "ck = ModelCheckpoint('best.hdf5', save_best_only=True, save_weights_only=True)\n"
                "model.fit(X, y, validation_data=(X, y), epochs=1, verbose=0, callbacks=[ck])\n"
                "model.load_weights('best.hdf5')"
            ),
        ),
    ),
    Rule(
        id="KER031",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue=NOTES,
        message="the lower-case optimizer aliases (keras.optimizers.adam, sgd, rmsprop, ...) were "
        "removed; use the classes",
        replacement="keras.optimizers.Adam(learning_rate=1e-3)",
        why=NOTES_WHY,
        signatures=(
            r"cannot import name '(adam|sgd|rmsprop|adagrad|adadelta|adamax|nadam)'",
            no_attribute("keras.optimizers", list(OPTIMIZER_ALIASES)),
        ),
        matchers=tuple(
            Symbol(old=f"keras.optimizers.{o}", new=f"keras.optimizers.{n}")
            for o, n in OPTIMIZER_ALIASES.items()
        ),
        examples=(
            (
                "from keras import optimizers\nfrom keras.optimizers import adam\n"
                "opt = optimizers.sgd(lr=0.01)\nopt2 = adam()",
                "from keras import optimizers\nfrom keras.optimizers import Adam\n"
                "opt = optimizers.SGD(lr=0.01)\nopt2 = Adam()",
            ),
        ),
        proofs=("from keras.optimizers import adam\nopt = adam()",),
    ),
    Rule(
        id="KER032",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue=NOTES,
        message="ThresholdedReLU was removed in Keras 3; ReLU(threshold=) is the same layer "
        "(it keeps x == threshold, ThresholdedReLU zeroed it)",
        replacement="ReLU(threshold=1.0)",
        why=KERAS3_WHY,
        signatures=(r"cannot import name 'ThresholdedReLU'", r"has no attribute 'ThresholdedReLU'"),
        matchers=(
            Symbol(old="keras.layers.ThresholdedReLU", check=_import_only),
            Call(functions=("keras.layers.ThresholdedReLU",), check=_thresholded_relu),
        ),
        examples=(
            (
                "from keras import layers\na = layers.ThresholdedReLU(theta=0.5)\n"
                "b = layers.ThresholdedReLU()",
                "from keras import layers\na = layers.ReLU(threshold=0.5)\n"
                "b = layers.ReLU(threshold=1.0)",
            ),
        ),
        proofs=("from keras.layers import ThresholdedReLU\nlayer = ThresholdedReLU(theta=0.5)",),
    ),
    Rule(
        id="KER033",
        library=LIB,
        changed_in="",
        safety=REVIEW,
        catalogue="runtime reduction (--runtime-budget)",
        message="a training call over the runtime budget trains for fewer epochs (epochs=, "
        "nb_epoch=; steps_per_epoch= when no epoch count is given), sized from the run's own "
        "progress; the score may fall",
        replacement="model.fit(X, y, epochs=12) instead of epochs=200",
        why="Not an API change: a notebook trained for hours on the author's GPU runs out of "
        "--runtime-budget here. As the published agent's runtime-reduction fixes did, the "
        "training is shortened where its length is set (the keyword, or the NAME = 200 an "
        "earlier cell gave it), by what the run's 'Epoch k/N' lines say fits, never silently.",
        applied_by="mlemodernizer.fixers.runtime_reduction",
        examples=(
            (
                "model.fit(X, y, epochs=200, batch_size=32)",
                "model.fit(X, y, epochs=12, batch_size=32)",
            ),
        ),
    ),
    Rule(
        id="KER034",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="K17",
        message="input_dim= (and input_length=) of a recurrent or 1-D convolution layer is "
        "input_shape=(input_length, input_dim); Keras 3 reads input_dim alone as a 1-D input",
        replacement="LSTM(50, input_shape=(None, 1)); Conv1D(64, 3, input_shape=(100, 8))",
        why="Keras 1 sized a sequence layer with input_dim (features per step) and input_length "
        "(steps). Keras 2's legacy interface and tf.keras's recurrent layers turned the pair into "
        "input_shape=(input_length, input_dim); Keras 3 dropped that conversion "
        f"({KERAS3_GUIDE}), and its base layer reads input_dim as input_shape=(input_dim,), so "
        "the layer is built for 2-D input and the model fails with 'expected ndim=3, found "
        "ndim=2'. The rewrite writes the shape Keras 2 built. Embedding's input_dim (the "
        "vocabulary size) is a different argument and is left alone.",
        signatures=(r"expected ndim=3, found ndim=2", unrecognized(["input_length"])),
        matchers=(
            Call(
                functions=qualify(
                    "keras.layers",
                    [
                        "LSTM",
                        "GRU",
                        "SimpleRNN",
                        "CuDNNLSTM",
                        "CuDNNGRU",
                        "Conv1D",
                        "Convolution1D",
                    ],
                ),
                check=_sequence_input_dim,
            ),
        ),
        examples=(
            (
                "from keras.layers import LSTM, Conv1D, Embedding\n"
                "r = LSTM(input_dim=1, units=50, return_sequences=True)\n"
                "c = Conv1D(64, 3, input_dim=8, input_length=100)\n"
                "e = Embedding(input_dim=1000, output_dim=8)  # its vocabulary: left alone",
                "from keras.layers import LSTM, Conv1D, Embedding\n"
                "r = LSTM(input_shape=(None, 1), units=50, return_sequences=True)\n"
                "c = Conv1D(64, 3, input_shape=(100, 8))\n"
                "e = Embedding(input_dim=1000, output_dim=8)  # its vocabulary: left alone",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom keras.models import Sequential\n"
                "from keras.layers import LSTM\n"
                "m = Sequential()\nm.add(LSTM(4, input_dim=1, input_length=5))\n"
                "p = m.predict(np.zeros((2, 5, 1)), verbose=0)\n"
                "assert p.shape == (2, 4)"
            ),
        ),
    ),
    Rule(
        id="KER035",
        library=LIB,
        changed_in="2.6",
        safety=REVIEW,
        catalogue="release-notes",
        message="Model.to_yaml and keras.models.model_from_yaml raise a RuntimeError since "
        "TensorFlow/Keras 2.6 and are gone in Keras 3; use to_json / model_from_json (the saved "
        "text is JSON, not YAML)",
        replacement="model.to_json(); keras.models.model_from_json(text)",
        why="TensorFlow 2.6's release notes (Breaking Changes): 'tf.keras: The methods "
        "Model.to_yaml and keras.models.model_from_yaml have been replaced to raise a "
        "RuntimeError as they can be abused to cause arbitrary code execution. It is "
        "recommended to use JSON serialization instead of YAML'. The rewrite writes and reads "
        "the architecture as JSON: a notebook that writes and reads its own file round-trips, "
        "but a YAML file saved earlier must be converted, so it is proposed for review.",
        signatures=(
            object_no_attribute(["to_yaml"]),
            no_attribute(r"keras.models", ["model_from_yaml"]),
            cannot_import(["model_from_yaml"]),
            r"Method `model\.to_yaml\(\)` has been removed",
            r"Method `model_from_yaml\(\)` has been removed",
        ),
        matchers=(
            Call(methods=("to_yaml",), receivers=(KERAS_MODEL,), check=_to_yaml),
            Symbol(old="keras.models.model_from_yaml", new="keras.models.model_from_json"),
        ),
        examples=(
            (
                "from keras.models import Sequential, model_from_yaml\nmodel = Sequential()\n"
                "spec = model.to_yaml()\nclone = model_from_yaml(spec)",
                "from keras.models import Sequential, model_from_json\nmodel = Sequential()\n"
                "spec = model.to_json()\nclone = model_from_json(spec)",
            ),
        ),
        proofs=(
            _CASE_KERAS_MODEL
            + (
                "from keras.models import model_from_yaml\n"
                "spec = model.to_yaml()\nclone = model_from_yaml(spec)\n"
                "assert clone.output_shape == model.output_shape\n"
                "assert [type(x).__name__ for x in clone.layers] == ['Dense']"
            ),
        ),
    ),
]
