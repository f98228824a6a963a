"""Proof against the installed deep-learning frameworks beyond the rules' own proofs
(``Rule.proofs``, run by ``test_rules_proofs.py`` with ``-m dl``, each in a process of
its own): rewrites that compute what the old code meant (in processes of their own, see
``proof_cells.Runner``). Each test is skipped where its framework is not installed (the `dl`
extra installs them).

The last tests need no framework: how the rules of the keras and tensorflow packs work together.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib.util import find_spec

import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite
from mlemodernizer.fixers.rules.versions import at_least, installed

from ...proof_cells import Runner

TF = "import tensorflow as tf\n"

_RUNNER = Runner()


@pytest.fixture(scope="module", autouse=True)
def _runner_closes() -> Iterator[None]:
    yield
    _RUNNER.close()


def _run(code: str) -> str:
    """The error the code raises in a process of its own ('' when it runs)."""
    return _RUNNER.run(code)


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
