"""Jupyter server configuration for the Galata integration tests.

Never use it for anything else: it turns authentication and XSRF checks off and
exposes the JupyterLab application object to the page.

Besides Galata's defaults it starts the scripted OpenAI-compatible server of the
Python tests (``tests/scripted_openai.py``) with the replies in
``fixtures/replies.json``, and points the mlemodernizer server extension at it,
with its jobs kept in a fresh temporary directory.
"""

import atexit
import os
import shutil
import subprocess
import sys
from pathlib import Path
from tempfile import mkdtemp

from jupyterlab.galata import configure_jupyter_server

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

# Galata's defaults: port 8888, no token, a fresh temporary root directory
# (JUPYTERLAB_GALATA_ROOT_DIR overrides it), its test helper labextension.
configure_jupyter_server(c)  # noqa: F821 (`c` is the config being loaded)
# another port when several runs share a machine (playwright.config.js reads the same variable)
c.ServerApp.port = int(os.environ.get("UI_TEST_PORT", "8888"))  # noqa: F821

# CI machines and containers often run as root.
c.ServerApp.allow_root = True  # noqa: F821

# The labextension under test is the one built in this clone (`jlpm build` and
# `jlpm build:prod` write mlemodernizer/labextension), ahead of any installed
# copy, so that the tests never run a stale install. Without a build, the
# installed one. (Extra paths come first; Galata's helper extension stays.)
BUILT = REPO / "mlemodernizer" / "labextension"
extra_paths = [c.LabServerApp.extra_labextensions_path]  # noqa: F821
if (BUILT / "package.json").is_file():
    under_test = Path(mkdtemp(prefix="mlemodernizer-labextension-"))
    atexit.register(shutil.rmtree, under_test, True)
    shutil.copytree(BUILT, under_test / "mlemodernizer")
    extra_paths.insert(0, str(under_test))
c.LabServerApp.extra_labextensions_path = extra_paths  # noqa: F821

# Kernels run in a throwaway venv that sees this environment's packages but installs into
# its own, and pip finds only a local wheel folder: confirming "Install X and run again"
# (install.spec.ts) never installs into the environment the tests run from.
sys.path.insert(0, str(HERE))
from kernel_env import throwaway_kernel  # noqa: E402

kernel_root = Path(mkdtemp(prefix="mlemodernizer-ui-kernel-"))
atexit.register(shutil.rmtree, kernel_root, True)
kernel_vars = throwaway_kernel(kernel_root, REPO)
kernel_vars["JUPYTER_PATH"] = os.pathsep.join(
    p for p in (kernel_vars["JUPYTER_PATH"], os.environ.get("JUPYTER_PATH")) if p
)
os.environ.update(kernel_vars)

# The scripted LLM: a free port, the same script for every request (its reply chosen by
# the notebook in the prompt, see replies.json). It prints
# its base URL once it listens, so reading that line waits for it.
llm = subprocess.Popen(
    [
        sys.executable,
        str(REPO / "tests" / "scripted_openai.py"),
        "--port",
        "0",
        "--script",
        str(HERE / "fixtures" / "replies.json"),
        "--repeat-last",
    ],
    stdout=subprocess.PIPE,
    text=True,
)
base_url = llm.stdout.readline().strip()
if not base_url.startswith("http"):
    llm.kill()
    raise RuntimeError(f"the scripted OpenAI server did not start: {base_url!r}")
atexit.register(llm.kill)

c.MLEModernizer.base_url = base_url  # noqa: F821
c.MLEModernizer.model = "scripted-model"  # noqa: F821
# batches are kept beside the jobs (jobs_dir/../batches): a folder of this run's own
state_dir = mkdtemp(prefix="mlemodernizer-ui-state-")
atexit.register(shutil.rmtree, state_dir, True)
c.MLEModernizer.jobs_dir = str(Path(state_dir) / "jobs")  # noqa: F821
c.MLEModernizer.timeout = 120.0  # noqa: F821
# One server serves the whole run, and many tests end with their job waiting for a review
# (the page closes): the default of 4 waiting jobs would queue the later tests' jobs.
c.MLEModernizer.max_waiting_reviews = 64  # noqa: F821

# Galata's clean-up between tests logs a warning per deleted file; keep the
# run's output to errors (the extension logs a failed job as one).
c.ServerApp.log_level = "ERROR"  # noqa: F821
