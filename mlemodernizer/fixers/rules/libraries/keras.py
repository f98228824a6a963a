"""TensorFlow 1 and Keras 1/2 code under TensorFlow 2 / Keras 3 (catalogue §8).

Rules are written against ``keras.*``; ``tensorflow.keras.*`` and ``tf_keras.*`` spellings match
the same rules (the engine's canonical names).
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
    unexpected_kwarg,
)
from ..infer import KERAS_MODEL, KERAS_TENSOR
from ..matchers import (
    DEFAULT_FIX,
    Call,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule

LIB = "keras"
TF = "tensorflow"
DISABLE_EAGER = "tensorflow.compat.v1.disable_eager_execution"

TF1_GRAPH = [
    "Session",
    "InteractiveSession",
    "placeholder",
    "placeholder_with_default",
    "global_variables_initializer",
    "local_variables_initializer",
    "variable_scope",
    "get_variable",
    "ConfigProto",
    "GPUOptions",
    "reset_default_graph",
    "get_default_graph",
    "train.AdamOptimizer",
    "train.GradientDescentOptimizer",
    "train.MomentumOptimizer",
    "train.RMSPropOptimizer",
    "train.AdagradOptimizer",
    "train.Saver",
    "summary.FileWriter",
    "layers.dense",
    "layers.conv2d",
    "layers.dropout",
    "nn.rnn_cell.LSTMCell",
    "nn.rnn_cell.BasicLSTMCell",
    "nn.dynamic_rnn",
    "losses.softmax_cross_entropy",
    "trainable_variables",
]
TF1_RENAMED = {
    "set_random_seed": "random.set_seed",
    "random_normal": "random.normal",
    "random_uniform": "random.uniform",
    "truncated_normal": "random.truncated_normal",
    "log": "math.log",
    "to_float": None,  # tf.cast(x, tf.float32): reported
}
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


def _tf1_graph(site: Site) -> Outcome | None:
    return Outcome(fix=DEFAULT_FIX, prelude=DISABLE_EAGER)


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


def _samples_per_epoch(site: Site) -> Outcome | None:
    if site.kwarg("samples_per_epoch") is None:
        return None
    return Outcome(fix=None, proven=False)


TF_FUNCTIONS = tuple(f"tensorflow.{op}" for op in KERAS_OPS) + (
    "tensorflow.add",
    "tensorflow.multiply",
    "tensorflow.stack",
    "tensorflow.split",
    "tensorflow.transpose",
)

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
        ),
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
        safety=MANUAL,
        catalogue="K12",
        message="keras.preprocessing.text.Tokenizer was removed in Keras 3; use a "
        "TextVectorization layer",
        replacement="keras.layers.TextVectorization(max_tokens=..., output_sequence_length=...)",
        signatures=(no_module("keras.preprocessing.text"), r"cannot import name 'Tokenizer'"),
        matchers=(Symbol(old="keras.preprocessing.text.Tokenizer", fixable=False),),
        examples=(("from keras.preprocessing.text import Tokenizer\nt = Tokenizer(1000)", None),),
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
        safety=REVIEW,
        catalogue="K16",
        message="samples_per_epoch= was replaced by steps_per_epoch= (batches, not samples)",
        replacement="steps_per_epoch=samples // batch_size",
        signatures=(unexpected_kwarg(["samples_per_epoch"]),),
        matchers=(Call(methods=("fit", "fit_generator"), check=_samples_per_epoch),),
        examples=(("model.fit_generator(gen, samples_per_epoch=2000, nb_epoch=5)", None),),
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
    ),
    Rule(
        id="KER020",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K21",
        message="K.set_session was removed (delete it); K.set_image_dim_ordering became "
        "set_image_data_format",
        replacement="K.set_image_data_format('channels_first')",
        signatures=(
            no_attribute(r"keras\.(src\.)?backend", ["set_session", "set_image_dim_ordering"]),
        ),
        matchers=(
            Call(functions=("keras.backend.set_session",), check=_set_session),
            Call(functions=("keras.backend.set_image_dim_ordering",), check=_dim_ordering),
        ),
        examples=(
            (
                "from keras import backend as K\nK.set_session(sess)\n"
                "K.set_image_dim_ordering('th')",
                "from keras import backend as K\nK.set_image_data_format('channels_first')",
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
        id="TF001",
        library=TF,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="K1",
        condition="graph-mode TF1 code: the names move to tf.compat.v1 with eager execution "
        "disabled once, before them",
        message="TF1 graph APIs (Session, placeholder, train.*Optimizer, ...) left the top-level "
        "namespace in TF 2.0; use tf.compat.v1 with eager execution disabled",
        replacement="tf.compat.v1.placeholder(...) after tf.compat.v1.disable_eager_execution()",
        signatures=(
            no_attribute("tensorflow", [n.split(".")[0] for n in TF1_GRAPH]),
            r"module 'tensorflow\.(_api\.v2\.)?(train|summary|layers|nn)' has no "
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
        ),
    ),
    Rule(
        id="TF002",
        library=TF,
        changed_in="2.0",
        safety=MANUAL,
        catalogue="K2",
        message="tf.contrib was removed in TF 2.0; port to core TF / Keras or TF Addons",
        replacement="core tf / keras APIs",
        signatures=(no_attribute("tensorflow", ["contrib"]), no_module("tensorflow.contrib")),
        matchers=(Module("tensorflow.contrib", None),),
        examples=(("import tensorflow.contrib.slim as slim", None),),
    ),
    Rule(
        id="TF003",
        library=TF,
        changed_in="2.0",
        safety=SAFE,
        catalogue="K3",
        message="tf.set_random_seed, tf.random_normal, ... were renamed in TF 2.0 (tf.random.*, "
        "tf.math.*)",
        replacement="tf.random.set_seed(...)",
        signatures=(no_attribute("tensorflow", [k for k, v in TF1_RENAMED.items() if v]),),
        matchers=tuple(
            Symbol(old=f"tensorflow.{o}", new=f"tensorflow.{n}")
            for o, n in TF1_RENAMED.items()
            if n
        ),
        examples=(
            (
                "import tensorflow as tf\ntf.set_random_seed(42)\nw = tf.random_normal([3, 3])",
                "import tensorflow as tf\ntf.random.set_seed(42)\nw = tf.random.normal([3, 3])",
            ),
        ),
    ),
]
