"""Proof against the installed deep-learning frameworks for the rules taken from their release
notes and migration guides (issue 25): the old code raises today with an error one of the rules'
signatures recognizes, and the rewritten code runs. Each case is skipped where its framework is
not installed (the `dl` extra installs them); each runs in a process of its own,
since TF1 graph code switches TensorFlow's global mode (forked from one that imported the
frameworks, see RUNNER).

The last tests need no framework: how the rules of the keras and tensorflow packs work together.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from importlib.util import find_spec

import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite
from mlemodernizer.fixers.rules.versions import at_least, installed

KERAS_MODEL = (
    "import numpy as np\nimport keras\nfrom keras.models import Sequential\n"
    "from keras.layers import Dense, Input\n"
    "model = Sequential([Input((4,)), Dense(3, activation='softmax')])\n"
    "model.compile(optimizer='sgd', loss='categorical_crossentropy')\n"
    "X = np.random.rand(8, 4).astype('float32')\ny = np.eye(3)[np.arange(8) % 3]\n"
    "def batches():\n    while True:\n        yield X, y\n"
)
TF = "import tensorflow as tf\n"

# (rule ids, old code): each snippet ran on the framework it was written for
KERAS = [
    (["KER002"], KERAS_MODEL + "model.fit_generator(batches(), 2, epochs=1, verbose=0)"),
    (["KER002"], KERAS_MODEL + "p = model.predict_generator(batches(), steps=1, verbose=0)"),
    (
        ["KER002", "KER014", "KER015"],
        KERAS_MODEL + "def flow(batch_size):\n    return batches()\n"
        "model.fit_generator(flow(batch_size=8), samples_per_epoch=16, nb_epoch=1, verbose=0)",
    ),
    (["KER003"], KERAS_MODEL + "c = model.predict_classes(X)"),
    (["KER004"], "from keras.optimizers import Adam\nopt = Adam(lr=1e-4)"),
    (["KER006"], "from keras.utils import np_utils\ny = np_utils.to_categorical([0, 2], 3)"),
    (
        ["KER007"],
        "from keras.layers.core import Dense\nfrom keras.layers.recurrent import LSTM\n"
        "d = Dense(2)\nl = LSTM(4)",
    ),
    (["KER016"], "from keras.layers import Dense\nd = Dense(3, init='uniform')"),
    (["KER016"], "from keras.layers import Conv2D\nc = Conv2D(8, (3, 3), border_mode='same')"),
    (
        ["KER018"],
        KERAS_MODEL.replace("loss=", "metrics=['accuracy'], loss=")
        + "h = model.fit(X, y, epochs=1, verbose=0)\nacc = h.history['acc']",
    ),
    (
        ["KER019"],
        KERAS_MODEL + "import os, tempfile\nos.chdir(tempfile.mkdtemp())\nmodel.save('my_model')",
    ),
    (
        ["KER020"],
        "from keras import backend as K\nK.set_image_dim_ordering('tf')\n"
        "first = K.image_dim_ordering() == 'th'",
    ),
    (
        ["KER034"],
        "import numpy as np\nfrom keras.models import Sequential\nfrom keras.layers import LSTM\n"
        "m = Sequential()\nm.add(LSTM(4, input_dim=1, input_length=5))\n"
        "p = m.predict(np.zeros((2, 5, 1)), verbose=0)\nassert p.shape == (2, 4)",
    ),
    (["KER022"], "from keras.engine.topology import Layer\nclass L(Layer):\n    pass"),
    (["KER023"], "from keras.utils.vis_utils import plot_model"),
    (
        ["KER024"],
        "from keras.layers import Input, merge\na = Input((3,))\nb = Input((3,))\n"
        "m = merge([a, b], mode='concat', concat_axis=-1)",
    ),
    (
        ["KER025"],
        "from keras.layers import Input, Dense\nfrom keras.models import Model\n"
        "a = Input((3,))\nm = Model(input=a, output=Dense(1)(a))",
    ),
    (["KER026"], "from keras.objectives import categorical_crossentropy"),
    (
        ["KER027"],
        "from keras.layers.experimental.preprocessing import Rescaling\nr = Rescaling(0.5)",
    ),
    (
        ["KER028"],
        "import numpy as np\nfrom keras import backend as K\n"
        "y_true = np.array([1.0, 0.0, 1.0])\ny_pred = np.array([0.9, 0.2, 0.4])\n"
        "tp = K.sum(K.round(K.clip(y_true * y_pred, 0, 1)))\n"
        "r = tp / (K.sum(K.round(K.clip(y_true, 0, 1))) + K.epsilon())\n"
        "top = K.argmax(K.concatenate([K.expand_dims(y_pred), K.expand_dims(y_true)]))",
    ),
    (
        ["KER028"],
        KERAS_MODEL + "from keras import backend as K\n"
        "K.set_value(model.optimizer.learning_rate, 0.001)",
    ),
    (["KER029"], KERAS_MODEL + "model.fit(X, y, epochs=1, verbose=0, workers=2)"),
    (
        ["KER030"],
        KERAS_MODEL + "import os, tempfile\nos.chdir(tempfile.mkdtemp())\n"
        "model.save_weights('model.h5')\nmodel.load_weights('model.h5')",
    ),
    (
        ["KER030"],
        KERAS_MODEL + "import os, tempfile\nos.chdir(tempfile.mkdtemp())\n"
        "from keras.callbacks import ModelCheckpoint\n"
        "ck = ModelCheckpoint('best.hdf5', save_best_only=True, save_weights_only=True)\n"
        "model.fit(X, y, validation_data=(X, y), epochs=1, verbose=0, callbacks=[ck])\n"
        "model.load_weights('best.hdf5')",
    ),
    (["KER031"], "from keras.optimizers import adam\nopt = adam()"),
    (["KER032"], "from keras.layers import ThresholdedReLU\nlayer = ThresholdedReLU(theta=0.5)"),
    (  # the architecture written and read back, as to_yaml/model_from_yaml did
        ["KER035"],
        KERAS_MODEL + "from keras.models import model_from_yaml\nspec = model.to_yaml()\n"
        "clone = model_from_yaml(spec)\nassert clone.output_shape == model.output_shape\n"
        "assert [type(x).__name__ for x in clone.layers] == ['Dense']",
    ),
]
TENSORFLOW = [
    (
        ["TF001"],
        TF + "x = tf.placeholder(tf.float32, [None, 2])\nw = tf.get_variable('w', [2, 1])\n"
        "y = tf.matmul(x, w)\ninit = tf.global_variables_initializer()\n"
        "with tf.Session() as sess:\n    sess.run(init)\n"
        "    out = sess.run(y, feed_dict={x: [[1.0, 2.0]]})",
    ),
    (["TF001"], TF + "config = tf.ConfigProto()\nconfig.gpu_options.allow_growth = True"),
    (["TF003"], TF + "tf.set_random_seed(1)\nw = tf.random_normal([2, 2])\nl = tf.log(w * w)"),
    (["TF003"], TF + "ok = tf.gfile.Exists('.')\ni = tf.matrix_inverse(tf.eye(2))"),
    (["TF004"], TF + "tf.logging.set_verbosity(tf.logging.ERROR)"),
    (["TF005"], TF + "tf.enable_eager_execution()\nx = tf.constant([1, 2])"),
    (["TF006"], TF + "s = tf.reduce_sum(tf.ones([2, 3]), axis=1, keep_dims=True)"),
    (["TF007"], TF + "a = tf.reduce_mean(tf.to_float(tf.constant([1, 0, 1])))"),
    (["TF008"], TF + "h = tf.nn.dropout(tf.ones([4, 4]), keep_prob=0.8)"),
    (
        ["TF010"],
        TF + "tf.compat.v1.disable_eager_execution()\n"
        "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\nn = x.get_shape()[1].value",
    ),
    (["TF012"], TF + "y = tf.mul(tf.constant(2.0), 3.0)\nz = tf.pack([y, tf.neg(y)])"),
    (
        ["TF014"],
        TF + "s = tf.reduce_sum(tf.ones([2, 3]), reduction_indices=1)\n"
        "assert s.numpy().tolist() == [3.0, 3.0]\n"
        "i = tf.argmax(tf.constant([[1, 3], [4, 2]]), dimension=1)\n"
        "assert i.numpy().tolist() == [1, 0]\n"
        "e = tf.expand_dims(tf.ones([2]), dim=0)\nassert e.shape == (1, 2)",
    ),
    (  # with TF006's keep_dims= on the same call
        ["TF014", "TF006"],
        TF + "m = tf.reduce_mean(tf.constant([[1.0, 3.0]]), reduction_indices=[1], "
        "keep_dims=True)\nassert m.numpy().tolist() == [[2.0]]",
    ),
    (
        ["TF015"],
        TF + "ds = tf.data.Dataset.range(3).batch(2)\nit = ds.make_one_shot_iterator()\n"
        "assert it.get_next().numpy().tolist() == [0, 1]",
    ),
    (
        ["TF015", "TF001"],
        TF + "ds = tf.data.Dataset.range(3)\nit = ds.make_initializable_iterator()\n"
        "nxt = it.get_next()\nwith tf.Session() as sess:\n    sess.run(it.initializer)\n"
        "    got = [sess.run(nxt) for _ in range(3)]\nassert got == [0, 1, 2], got",
    ),
    (
        ["TF016"],
        TF + "s = tf.Summary(value=[tf.Summary.Value(tag='acc', simple_value=0.5)])\n"
        "assert s.value[0].tag == 'acc' and s.value[0].simple_value == 0.5",
    ),
    (
        ["TF017"],
        TF + "ds = tf.contrib.data.Dataset.from_tensor_slices([1, 2, 3]).batch(2)\n"
        "assert [b.numpy().tolist() for b in ds] == [[1, 2], [3]]",
    ),
    (
        ["TF017", "TF015", "TF001"],
        TF + "ds = tf.contrib.data.Dataset.from_tensor_slices([1, 2, 3]).batch(2)\n"
        "nxt = ds.make_one_shot_iterator().get_next()\nwith tf.Session() as sess:\n"
        "    first = sess.run(nxt)\nassert first.tolist() == [1, 2]",
    ),
    (
        ["TF018"],
        TF + "devices = tf.config.experimental_list_devices()\n"
        "cpus = [x for x in devices if 'device:cpu' in x.lower()]\nassert cpus, devices",
    ),
    (
        ["TF020"],
        TF + "sp = tf.string_split(['a b', 'c'])\n"
        "assert sp.values.numpy().tolist() == [b'a', b'b', b'c']\n"
        "assert sp.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0]]",
    ),
    (  # floor division for integers (TensorFlow 1.0 onwards), true division for floats
        ["TF021"],
        TF + "q = tf.div(tf.constant(-7), tf.constant(2))\nassert int(q) == -4\n"
        "r = tf.div(tf.constant(7.0), 2.0)\nassert float(r) == 3.5",
    ),
]
TORCH = [
    (
        ["TCH012"],
        "import torch\nfrom torch.utils.data import DataLoader, TensorDataset\n"
        "loader = DataLoader(TensorDataset(torch.zeros(4, 2)), batch_size=2)\n"
        "dataiter = iter(loader)\nbatch = dataiter.next()",
    ),
    (["TCH006"], "import torch\nA = torch.eye(2)\nr = torch.matrix_rank(A)"),
    (  # the eigenvalues as the (n, 2) real pairs torch.eig gave
        ["TCH006"],
        "import torch\nA = torch.tensor([[2.0, 0.0], [0.0, 3.0]])\ne, _ = torch.eig(A)\n"
        "assert e.shape == (2, 2) and sorted(e[:, 0].tolist()) == [2.0, 3.0]",
    ),
    (
        ["TCH020"],
        "import torch\nx = torch.arange(6.0).reshape(2, 3)\n"
        "mask = torch.ByteTensor([[0, 0, 1], [0, 1, 0]])\nout = torch.masked_select(x, mask)\n"
        "assert out.tolist() == [2.0, 4.0]\ny = x.masked_fill(mask, 0.0)",
    ),
    (
        ["TCH021"],
        "import torch\nx1 = torch.ones(3, 4)\nx2 = torch.full((3, 4), 2.0)\n"
        "d = torch.dot(x1, x2)\nassert float(d) == 24.0",
    ),
    (
        ["TCH018"],
        "import torch\nimport torch.utils.data as Data\n"
        "ds = Data.TensorDataset(data_tensor=torch.zeros(4, 2), target_tensor=torch.ones(4))\n"
        "x, y = ds[0]",
    ),
    (["TCH016"], "import torch\nm = torch.nn.Linear(2, 1).cuda()\ny = m(torch.zeros(3, 2).cuda())"),
]
TF_KERAS = [  # KER009's rewrite imports from tf_keras, the Keras 2 package
    (
        ["KER009"],
        "from keras.preprocessing.text import Tokenizer\nt = Tokenizer(100)\n"
        "t.fit_on_texts(['a b c', 'b c d'])\nseq = t.texts_to_sequences(['a b'])",
    ),
]
CASES = [("keras", *c) for c in KERAS] + [("tensorflow", *c) for c in TENSORFLOW]
CASES += [("tf_keras", *c) for c in TF_KERAS]
CASES += [("torch", *c) for c in TORCH]
# the forking runner: a fresh interpreter imports the installed frameworks once (10-20 s for
# TensorFlow here), then forks one child per snippet. A child starts from a process that imported
# and ran nothing, so a snippet's global switches (TF1 graph mode) die with it, as in an
# interpreter of its own, at a fraction of a second instead of an import each.
RUNNER = textwrap.dedent(
    """
    import json, os, sys, warnings
    os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
    for name in ('tensorflow', 'keras', 'tf_keras', 'torch'):
        try:
            __import__(name)
        except Exception:
            pass
    print(json.dumps({'ready': True}), flush=True)
    for line in sys.stdin:
        code = json.loads(line)['code']
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            error = ''
            try:
                warnings.simplefilter('ignore')
                exec(compile(code, '<cell>', 'exec'), {'__name__': '__main__'})
            except BaseException as exc:
                error = f'{type(exc).__name__}: {exc}'
            os.write(write, error.encode() or b'<<ran>>')
            os._exit(0)
        os.close(write)
        data = b''
        while chunk := os.read(read, 65536):
            data += chunk
        os.close(read)
        _, status = os.waitpid(pid, 0)
        text = data.decode(errors='replace')
        if not text:
            text = f'crashed: exit status {os.waitstatus_to_exitcode(status)}'
        print(json.dumps({'error': '' if text == '<<ran>>' else text}), flush=True)
    """
)


class _Runner:
    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None

    def run(self, code: str) -> str:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", RUNNER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
            assert self.proc.stdout is not None
            assert json.loads(self.proc.stdout.readline()) == {"ready": True}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"code": code}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())["error"]

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()


_RUNNER = _Runner()


@pytest.fixture(scope="module", autouse=True)
def _runner_closes() -> Iterator[None]:
    yield
    _RUNNER.close()


def _run(code: str) -> str:
    """The error the code raises in a process of its own ('' when it runs)."""
    return _RUNNER.run(code)


@pytest.mark.dl
@pytest.mark.parametrize(
    ("framework", "rule_ids", "old"),
    CASES,
    ids=[f"{'+'.join(r)}-{i}" for i, (_, r, _) in enumerate(CASES)],
)
def test_old_code_raises_and_rewritten_code_runs(framework: str, rule_ids, old: str) -> None:
    if find_spec(framework) is None:
        pytest.skip(f"{framework} is not installed")
    rules = [get_rule(r) for r in rule_ids]
    version = installed(rules[0].library)
    if version is None or not at_least(version, rules[0].changed_in):
        pytest.skip(f"{rules[0].library} {version} still has the old API")
    error = _run(old)
    assert error, "the old code runs today"
    assert any(r.matches_error(error) for r in rules), f"{rule_ids}' signatures miss: {error}"
    (new,), _ = rewrite(old, rule_ids)
    assert new != old
    assert _run(new) == "", new


@pytest.mark.dl
def test_optimizer_decay_decays_again() -> None:
    """Keras 3 ignores decay= with a warning (the rate stays constant): the schedule KER005
    writes lowers the rate as Keras 2 did, lr / (1 + decay * step)."""
    if find_spec("keras") is None or not at_least(installed("keras") or "0", "3.0"):
        pytest.skip("Keras 3 is not installed")
    old = "from keras.optimizers import SGD\nopt = SGD(learning_rate=0.1, decay=0.01)"
    (new,), _ = rewrite(old, ["KER005"])
    # the rate after 100 steps: 0.1 / (1 + 0.01 * 100) with the schedule, 0.1 without
    check = (
        "\nopt.iterations.assign(100)\nrate = float(opt.learning_rate)\n"
        "assert abs(rate - 0.05) < 1e-6, rate"
    )
    assert _run(new + check) == ""
    assert _run(old + check).startswith("AssertionError: 0.1")


@pytest.mark.dl
def test_a_reverse_mask_reverses_the_axes_it_marks_again() -> None:
    """TF022: before TensorFlow 1.0, tf.reverse(a, [True, False]) reversed the rows only. Today
    the mask runs as the axes [1, 0] and reverses both, silently; the rewrite's [0] reverses the
    rows, as the old mask did."""
    if find_spec("tensorflow") is None:
        pytest.skip("tensorflow is not installed")
    old = TF + "a = tf.reshape(tf.range(6), [2, 3])\nr = tf.reverse(a, [True, False])"
    check = "\nassert r.numpy().tolist() == [[3, 4, 5], [0, 1, 2]], r.numpy().tolist()"
    (new,), _ = rewrite(old, ["TF022"])
    assert "tf.reverse(a, [0])" in new
    assert _run(new + check) == ""
    assert _run(old + check) == "AssertionError: [[5, 4, 3], [2, 1, 0]]"
    # a mask that marks nothing reversed nothing; as axes it names axis 0 twice
    old = TF + "a = tf.reshape(tf.range(6), [2, 3])\nr = tf.reverse(a, [False, False])"
    error = _run(old)
    assert get_rule("TF022").matches_error(error), error
    (new,), _ = rewrite(old, ["TF022"])
    assert _run(new + "\nassert r.numpy().tolist() == [[0, 1, 2], [3, 4, 5]]") == ""


def test_set_session_takes_its_session_with_it_and_no_graph_mode() -> None:
    """``set_session(tf.Session(config=config))`` (GPU memory growth for Keras) is deleted by
    KER020; the session it was handed needs no graph mode, so TF001 does not disable eager
    execution for the whole notebook (Keras 3 needs it)."""
    cells = [
        "import tensorflow as tf\nfrom keras.backend.tensorflow_backend import set_session",
        "config = tf.ConfigProto()\nconfig.gpu_options.allow_growth = True\n"
        "set_session(tf.Session(config=config))",
    ]
    out, _ = rewrite(cells, ["KER020", "TF001"])
    assert out == [
        "import tensorflow as tf",
        "config = tf.compat.v1.ConfigProto()\nconfig.gpu_options.allow_growth = True",
    ]
    graph = ["import tensorflow as tf", "sess = tf.Session()"]
    assert "disable_eager_execution" in rewrite(graph, ["KER020", "TF001"])[0][0]


def test_a_weights_file_is_read_back_under_the_name_it_was_saved_with() -> None:
    cells = [
        "from keras.models import Sequential\nmodel = Sequential()",
        "model.save_weights('w.h5')",
        "model.load_weights('w.h5')\nmodel.load_weights('pretrained.h5')",
    ]
    out, _ = rewrite(cells, ["KER030"])
    assert out[1] == "model.save_weights('w.weights.h5')"
    # a file the notebook did not write keeps its name: Keras 3 reads legacy .h5 weights
    assert out[2] == "model.load_weights('w.weights.h5')\nmodel.load_weights('pretrained.h5')"


def test_tf2_names_with_other_meanings_are_left_alone() -> None:
    """tf.losses.mean_squared_error and tf.random_normal_initializer exist in TF 2 (Keras'
    per-sample loss, the v2 initializer): TF001 moves only names TF 2 does not have."""
    code = (
        "import tensorflow as tf\nl = tf.losses.mean_squared_error(y, p)\n"
        "i = tf.random_normal_initializer()\nd = tf.nn.dropout(x, 0.2)"
    )
    (new,), result = rewrite(code, ["TF001", "TF003", "TF008"])
    assert new == code
    reported = [h for _, h in result.hits if h.rule.id == "TF008"]
    assert reported and not reported[0].applied  # the second argument's meaning changed


def _fresh(code: str) -> str:
    """The error ``code`` raises in an interpreter of its own ('' when it runs)."""
    runner = (
        "import os, sys\nos.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
        "try:\n    exec(compile(sys.stdin.read(), '<cell>', 'exec'), {})\n"
        "except Exception as exc:\n    print(f'{type(exc).__name__}: {exc}')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", runner], input=code, capture_output=True, text=True, timeout=300
    )
    return proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""


@pytest.mark.dl
def test_tf1_rnn_cells_build_with_keras_2_chosen_before_tensorflow_is_imported() -> None:
    """TF013's switch is read when TensorFlow is imported, so it is proven in an interpreter of
    its own (the forking runner has imported TensorFlow already)."""
    if find_spec("tensorflow") is None or find_spec("tf_keras") is None:
        pytest.skip("tensorflow and tf-keras are not installed")
    old = (
        "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
        "x = tf.compat.v1.placeholder(tf.float32, [None, 5, 3])\n"
        "cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(4)\n"
        "out, _ = tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)"
    )
    error = _fresh(old)
    assert get_rule("TF013").matches_error(error), error
    (new,), _ = rewrite(old, ["TF013"])
    assert new.index("TF_USE_LEGACY_KERAS") < new.index("import tensorflow")
    assert _fresh(new) == "", new


@pytest.mark.dl
def test_tf_nn_rnn_is_static_rnn_in_graph_mode_with_keras_2() -> None:
    """TF019: tf.nn.rnn over TF1 cells (TF001's moves, TF013's Keras 2) builds the static RNN
    it built in TensorFlow 1.0: one output per time step, of the cell's size."""
    if find_spec("tensorflow") is None or find_spec("tf_keras") is None:
        pytest.skip("tensorflow and tf-keras are not installed")
    old = (
        "import numpy as np\nimport tensorflow as tf\n"
        "x = tf.placeholder(tf.float32, [None, 5, 3])\ninputs = tf.unstack(x, axis=1)\n"
        "cell = tf.nn.rnn_cell.BasicLSTMCell(4)\n"
        "outputs, state = tf.nn.rnn(cell, inputs, dtype=tf.float32)\n"
        "with tf.Session() as sess:\n    sess.run(tf.global_variables_initializer())\n"
        "    out = sess.run(outputs, feed_dict={x: np.ones((2, 5, 3))})\n"
        "assert len(out) == 5 and out[-1].shape == (2, 4), [o.shape for o in out]"
    )
    error = _fresh(old)  # the placeholder fails first (TF001's), then tf.nn.rnn (TF019's)
    assert get_rule("TF001").matches_error(error), error
    error = _run("import tensorflow as tf\nrnn = tf.nn.rnn")
    assert get_rule("TF019").matches_error(error), error
    (new,), _ = rewrite(old, ["TF001", "TF013", "TF019"])
    assert "tf.compat.v1.nn.static_rnn(cell, inputs" in new
    assert _fresh(new) == "", new
