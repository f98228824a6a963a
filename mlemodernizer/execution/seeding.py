"""The kernel's random streams, seeded by the engine: the same notebook run twice by the tool
draws the same numbers, so a fix is judged on what it changed and not on what chance moved.

Why this is sound: a notebook that seeds nothing draws from whatever state its kernel starts
with; any seed is one of the runs its author could have had. The engine starts every kernel
with one (``RUN_SEED``) and Python's string hashing fixed (``PYTHONHASHSEED``, which orders
sets of strings), and a run meant to *reveal* randomness (the noise runs, the t-test's reruns,
a second look before a rollback) uses another. Nothing is written into the notebook: the user's
own runs draw as they always did, and the report says which cells are random.

Seeded as they are imported, so the kernel imports nothing the notebook does not (a notebook
setting ``OMP_NUM_THREADS`` before ``import numpy`` keeps its effect): Python's ``random`` at
once; NumPy's global ``RandomState`` (which scikit-learn's ``random_state=None`` draws from),
PyTorch and TensorFlow when they are first imported.

A resumed run starts in a kernel that already ran the cells after its start once: their draws
moved the streams on. After each cell the kernel keeps the streams' state under the cell's
execution count (a ``post_run_cell`` hook), and a resumed run puts back the state the cell
before its start left, so a resumed run draws what a run from the top draws. A run with another
seed never resumes: it starts fresh, where the notebook's own ``np.random.seed(0)`` runs again
(a reseeded kept kernel would override it).

The code below runs in the kernel (any Python 3.8+, no type hints, nothing of the package),
sent as the setup of a fresh kernel (:func:`seed_setup`) and before a resumed run's first cell
(:func:`resume_setup`).
"""

from __future__ import annotations

from dataclasses import dataclass

from nbformat import NotebookNode

# the seed of every judged run; a run meant to reveal randomness uses another
RUN_SEED = 0
# the noise runs' seeds start here (RUN_SEED + 1, + 2, ...): never the judged runs' seed
OTHER_SEED = RUN_SEED + 1

_KERNEL_SIDE = r'''
def __mlem_seed_kernel__(seed):
    import random, sys
    ip = get_ipython()
    keep = 2000  # execution counts whose states are kept (a few kilobytes each)

    def reseed(value):
        random.seed(value)
        for name in ("numpy.random", "torch", "tensorflow"):
            module = sys.modules.get(name)
            if module is not None:
                seed_module(name, module, value)

    def seed_module(name, module, value):
        try:
            if name == "numpy.random":
                module.seed(value)
            elif name == "torch":
                module.manual_seed(value)
            elif name == "tensorflow":
                module.random.set_seed(value)
        except Exception:
            pass  # a build without that stream: nothing to seed

    class SeedOnImport:
        """Seeds a stream when its module's own import finishes (never imports it)."""

        def __init__(self, names):
            self.names = set(names)

        def find_spec(self, fullname, path=None, target=None):
            if fullname not in self.names:
                return None
            for finder in sys.meta_path:
                if finder is self or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(fullname, path, target)
                if spec is not None:
                    break
            else:
                return None
            loader = spec.loader
            if loader is None or not hasattr(loader, "exec_module"):
                return spec
            original = loader.exec_module

            def exec_module(module):
                original(module)
                self.names.discard(fullname)
                seed_module(fullname, module, ip._mlem_rng["seed"])

            loader.exec_module = exec_module  # this module's loader only
            return spec

    def states():
        found = {"random": random.getstate()}
        numpy_random = sys.modules.get("numpy.random")
        torch = sys.modules.get("torch")
        try:
            if numpy_random is not None:
                found["numpy.random"] = numpy_random.get_state()
            if torch is not None:
                found["torch"] = torch.get_rng_state()
        except Exception:
            pass
        return found

    def after_cell(result=None):
        count = getattr(result, "execution_count", None)
        if not isinstance(count, int):
            return  # the engine's own code, not a cell
        kept = ip._mlem_rng["states"]
        kept[count] = states()
        for old in sorted(kept)[:-keep]:
            del kept[old]

    def restore(count):
        saved = ip._mlem_rng["states"].get(count)
        if saved is None:
            return
        random.setstate(saved["random"])
        try:
            if "numpy.random" in saved:
                sys.modules["numpy.random"].set_state(saved["numpy.random"])
            if "torch" in saved:
                sys.modules["torch"].set_rng_state(saved["torch"])
        except Exception:
            pass

    ip._mlem_rng = {"seed": seed, "states": {}, "restore": restore}
    pending = [n for n in ("numpy.random", "torch", "tensorflow") if n not in sys.modules]
    reseed(seed)
    if pending:
        sys.meta_path.insert(0, SeedOnImport(pending))
    ip.events.register("post_run_cell", after_cell)
'''


def hash_seed_environment(seed: int | None) -> dict[str, str]:
    """What the kernel's process environment gets: string hashing fixed (set order of strings)."""
    return {} if seed is None else {"PYTHONHASHSEED": str(seed)}


def seed_setup(seed: int | None) -> str | None:
    """The code a fresh kernel runs first: its streams seeded with ``seed`` (None: none)."""
    if seed is None:
        return None
    return f"{_KERNEL_SIDE}\n__mlem_seed_kernel__({int(seed)})\ndel __mlem_seed_kernel__\n"


def resume_setup(execution_count: int | None) -> str:
    """The code a kept kernel runs before a resumed run's first cell: the streams' state as the
    cell that ran under ``execution_count`` left them (the code cell before the resume point).
    Does nothing in a kernel the engine did not seed, or for a count it kept no state of."""
    return (
        "if getattr(get_ipython(), '_mlem_rng', None) is not None:\n"
        f"    get_ipython()._mlem_rng['restore']({execution_count!r})\n"
    )


@dataclass
class KernelStreams:
    """A kept kernel's random streams, host side: the seed it started from."""

    seed: int | None

    def resumable(self, seed: int | None) -> bool:
        """A run with ``seed`` may resume in this kernel: it started from that seed (a run with
        another must start fresh, where the notebook's own seeding runs again)."""
        return seed == self.seed

    @staticmethod
    def resume_code(kept: NotebookNode, start: int) -> str:
        """Before a resumed run's first cell ``start``: the streams as the last code cell before
        it left them in the kept notebook's run (as a run from the top finds them there)."""
        counts = [
            cell.get("execution_count")
            for cell in kept.cells[:start]
            if cell.cell_type == "code" and isinstance(cell.get("execution_count"), int)
        ]
        return resume_setup(counts[-1] if counts else None)


def join_setup(*parts: str | None) -> str | None:
    """Setup code from several parts, in order (None when there is none)."""
    kept = [p for p in parts if p]
    return "\n".join(kept) if kept else None
