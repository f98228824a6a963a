"""PyTorch and torchvision (catalogue §11). Neither is executed here: the rules follow the
documented replacements."""

from __future__ import annotations

import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import no_attribute, object_no_attribute, qualify, unexpected_kwarg
from ..infer import LR_SCHEDULER, OPTIMIZER
from ..matchers import MISSING, NOT_LITERAL, Call, Node, Outcome, Site, Symbol, Text, literal
from ..model import REVIEW, SAFE, SAFE_IF, Rule
from ..walk import walk

LIB = "torch"
VISION = "torchvision"
VARIABLE = ("torch.autograd.Variable", "torch.autograd.variable.Variable")
LOSSES = qualify(
    "torch.nn",
    [
        "MSELoss",
        "L1Loss",
        "CrossEntropyLoss",
        "NLLLoss",
        "BCELoss",
        "BCEWithLogitsLoss",
        "SmoothL1Loss",
        "KLDivLoss",
        "MultiLabelSoftMarginLoss",
        "SoftMarginLoss",
        "HingeEmbeddingLoss",
        "MarginRankingLoss",
        "MultiMarginLoss",
        "PoissonNLLLoss",
        "CosineEmbeddingLoss",
        "TripletMarginLoss",
        "MultiLabelMarginLoss",
        "HuberLoss",
    ],
)
FUNCTIONAL_LOSSES = qualify(
    "torch.nn.functional",
    [
        "mse_loss",
        "l1_loss",
        "cross_entropy",
        "nll_loss",
        "binary_cross_entropy",
        "binary_cross_entropy_with_logits",
        "smooth_l1_loss",
        "kl_div",
        "poisson_nll_loss",
    ],
)
WEIGHTS = {
    "resnet18": "ResNet18_Weights",
    "resnet34": "ResNet34_Weights",
    "resnet50": "ResNet50_Weights",
    "resnet101": "ResNet101_Weights",
    "resnet152": "ResNet152_Weights",
    "vgg11": "VGG11_Weights",
    "vgg13": "VGG13_Weights",
    "vgg16": "VGG16_Weights",
    "vgg19": "VGG19_Weights",
    "vgg16_bn": "VGG16_BN_Weights",
    "vgg19_bn": "VGG19_BN_Weights",
    "alexnet": "AlexNet_Weights",
    "densenet121": "DenseNet121_Weights",
    "densenet161": "DenseNet161_Weights",
    "densenet169": "DenseNet169_Weights",
    "densenet201": "DenseNet201_Weights",
    "mobilenet_v2": "MobileNet_V2_Weights",
    "inception_v3": "Inception_V3_Weights",
    "googlenet": "GoogLeNet_Weights",
    "squeezenet1_0": "SqueezeNet1_0_Weights",
    "squeezenet1_1": "SqueezeNet1_1_Weights",
    "resnext50_32x4d": "ResNeXt50_32X4D_Weights",
    "wide_resnet50_2": "Wide_ResNet50_2_Weights",
    "efficientnet_b0": "EfficientNet_B0_Weights",
    "shufflenet_v2_x1_0": "ShuffleNet_V2_X1_0_Weights",
}


def _removed_linalg(names: list[str]) -> str:
    """The stub torch keeps for a removed function: ``RuntimeError: This function was deprecated
    since version 1.9 and is now removed. Please use the `torch.linalg.solve` function ...``."""
    # torch.eig's stub says instead "... is now removed. `torch.linalg.eig` returns complex"
    return (
        rf"is now removed\.\s+(Please use the )?`torch\.linalg\.({'|'.join(names)})`"
        r" (function|returns)"
    )


def _variable(volatile: bool) -> Any:
    def check(site: Site) -> Outcome | None:
        pos = site.positional()
        if len(pos) != 1 or site.has_star():
            return None if volatile else Outcome(fix=None)
        flag = site.value("volatile")
        if volatile != (flag is not MISSING):
            return None
        requires = site.value("requires_grad")
        others = {a.keyword.value for a in site.args if a.keyword} - {"volatile", "requires_grad"}
        if others or requires is NOT_LITERAL:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
            data = node.args[0].value
            if requires is True:
                return edits.method_call(edits.paren(data), "requires_grad_")
            return data

        message = None
        if volatile:
            message = (
                "Variable(x, volatile=True) is ignored (graphs are built): unwrapped to x; run "
                "inference under `with torch.no_grad():`"
            )
        return Outcome(fix=fix, message=message, outer=True)

    return check


def _loss_item(site: Site) -> Outcome | None:
    node: cst.Subscript = site.node
    value = node.value
    if not (isinstance(value, cst.Attribute) and value.attr.value == "data"):
        return None
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    if literal(node.slice[0].slice.value) != 0:
        return None
    base = value.value
    name = edits.code(base).lower()
    proven = any(w in name for w in ("loss", "acc", "correct", "error")) or (
        isinstance(base, cst.Call)
        and isinstance(base.func, cst.Attribute)
        and base.func.attr.value in ("sum", "mean")
    )
    return Outcome(fix=lambda n, refs: edits.method_call(n.value.value, "item"), proven=proven)


def _torch_load(site: Site) -> Outcome | None:
    if site.kwarg("weights_only") is not None or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("weights_only", cst.Name("False"))]
        ),
        message="torch.load defaults to weights_only=True since 2.6; weights_only=False loads "
        "pickled objects (only for files you trust)",
    )


def _without_vectors(values: cst.BaseExpression) -> cst.Tuple:
    """``(values, None)``: the pair symeig/eig returned when no eigenvectors were asked for."""
    return cst.Tuple(
        [
            cst.Element(values, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Element(cst.Name("None")),
        ],
        lpar=[cst.LeftParen()],
        rpar=[cst.RightParen()],
    )


def _symeig(site: Site) -> Outcome | None:
    eigenvectors = site.value("eigenvectors", 1)
    upper = site.value("upper", 2)
    if len(site.positional()) != 1 or upper not in (MISSING, False, True):
        return Outcome(fix=None)
    uplo = "U" if upper is True else None

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        args = [edits.strip_comma(node.args[0])]
        if uplo:
            args = [
                args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                edits.kwarg("UPLO", edits.string(uplo)),
            ]
        if eigenvectors is True:
            return cst.Call(func=refs["torch.linalg.eigh"], args=args)
        values = cst.Call(func=refs["torch.linalg.eigvalsh"], args=args)
        return _without_vectors(values)

    needs = ("torch.linalg.eigh",) if eigenvectors is True else ("torch.linalg.eigvalsh",)
    return Outcome(fix=fix, proven=eigenvectors is True, needs=needs, outer=True)


def _swapped(new: str, attribute: str | None = None) -> Any:
    """torch.solve(B, A) → torch.linalg.solve(A, B) (and lstsq(...).solution)."""

    def check(site: Site) -> Outcome | None:
        pos = site.positional()
        if len(pos) != 2 or len(site.args) != 2:
            return Outcome(fix=None)

        def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
            b, a = node.args[0].value, node.args[1].value
            call = cst.Call(
                func=refs[new],
                args=[
                    cst.Arg(a, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    cst.Arg(b),
                ],
            )
            if attribute:
                return cst.Attribute(value=call, attr=cst.Name(attribute))
            return call

        return Outcome(fix=fix, needs=(new,), outer=True)

    return check


def _eig(site: Site) -> Outcome | None:
    """``torch.eig(A, eigenvectors=False)`` gave (n, 2) real pairs (real, imaginary) and an
    empty tensor; ``torch.view_as_real(torch.linalg.eigvals(A))`` gives the same pairs. With
    eigenvectors, ``torch.linalg.eig`` returns complex tensors (REVIEW: the layout changes)."""
    eigenvectors = site.value("eigenvectors", 1)
    if len(site.positional()) not in (1, 2) or site.has_star():
        return Outcome(fix=None)
    if eigenvectors not in (MISSING, False, True):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        args = [edits.strip_comma(node.args[0])]
        if eigenvectors is True:
            return cst.Call(func=refs["torch.linalg.eig"], args=args)
        values = cst.Call(func=refs["torch.linalg.eigvals"], args=args)
        pairs = cst.Call(func=refs["torch.view_as_real"], args=[cst.Arg(values)])
        return _without_vectors(pairs)

    needs = (
        ("torch.linalg.eig",)
        if eigenvectors is True
        else (
            "torch.linalg.eigvals",
            "torch.view_as_real",
        )
    )
    return Outcome(fix=fix, needs=needs, outer=True)


MASK_METHODS = ("masked_select", "masked_fill", "masked_fill_", "masked_scatter", "masked_scatter_")


def _bool_mask(at: int) -> Any:
    """A uint8 (ByteTensor) mask, the positional argument ``at``: PyTorch 1.2 deprecated it for
    bool, later releases refuse it. ``mask.bool()`` is what the uint8 mask meant (non-zero
    selects), and a no-op on a bool mask."""

    def check(site: Site) -> Outcome | None:
        return _wrap_mask(site, at)

    return check


def _wrap_mask(site: Site, at: int) -> Outcome | None:
    pos = site.positional()
    if site.has_star() or len(pos) <= at:
        return None
    mask = pos[at].value
    already = isinstance(mask, cst.Call) and isinstance(mask.func, cst.Attribute)
    if already and mask.func.attr.value == "bool":  # type: ignore[union-attr]
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        i = [k for k, a in enumerate(args) if a.keyword is None][at]
        args[i] = args[i].with_changes(value=edits.method_call(edits.paren(args[i].value), "bool"))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=False)


def _flat_dot(method: bool) -> Any:
    """``torch.dot`` of two matrices: old PyTorch took both as flat vectors (the same number
    of elements); today it needs 1-D tensors, so both are flattened."""

    def check(site: Site) -> Outcome | None:
        return _flatten_both(site, method)

    return check


def _is_flat(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in ("flatten", "ravel")
    )


def _flattened(node: cst.BaseExpression) -> cst.BaseExpression:
    return node if _is_flat(node) else edits.method_call(edits.paren(node), "flatten")


def _flatten_both(site: Site, method: bool) -> Outcome | None:
    pos = site.positional()
    if site.has_star() or len(pos) != (1 if method else 2) or len(site.args) != len(pos):
        return None
    if method and site.receiver is not None and not site.receiver.qname.startswith("torch"):
        return None  # numpy's and pandas' dot multiply matrices
    operands = [a.value for a in pos]
    if method:
        operands.append(site.node.func.value)
    if all(_is_flat(o) for o in operands):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [a.with_changes(value=_flattened(a.value)) for a in node.args]
        if method:
            func = node.func.with_changes(value=_flattened(node.func.value))  # type: ignore[attr-defined]
            return node.with_changes(func=func, args=args)
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=False)


def _reduction(site: Site) -> Outcome | None:
    size_average = site.value("size_average")
    reduce = site.value("reduce")
    if size_average is MISSING and reduce is MISSING:
        return None
    if size_average is NOT_LITERAL or reduce is NOT_LITERAL or site.kwarg("reduction"):
        return Outcome(fix=None)
    if reduce is False:
        mode = "none"
    elif size_average is False:
        mode = "sum"
    else:
        mode = "mean"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "size_average", "reduce")
        return edits.add_args(node, [edits.kwarg("reduction", edits.string(mode))])

    return Outcome(fix=fix)


def _pretrained(site: Site) -> Outcome | None:
    value = site.value("pretrained")
    if value is MISSING or site.kwarg("weights") is not None:
        return None
    name = (site.qname or "").rpartition(".")[2]
    if value is False:
        return Outcome(
            fix=lambda node, refs: edits.set_kwarg(
                edits.drop_kwargs(node, "pretrained"), "weights", cst.Name("None")
            )
        )
    if value is not True or name not in WEIGHTS:
        return Outcome(fix=None)
    enum = f"torchvision.models.{WEIGHTS[name]}"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        weights = cst.Attribute(value=refs[enum], attr=cst.Name("IMAGENET1K_V1"))
        return edits.add_args(
            edits.drop_kwargs(node, "pretrained"), [edits.kwarg("weights", weights)]
        )

    return Outcome(fix=fix, needs=(enum,))


class _StepFinder:
    """Finds ``<optimizer>.step()`` calls anywhere inside a statement."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        if _is_step(node, self.site, OPTIMIZER, ("optim", "opt")):
            self.found = True


def _is_step(call: cst.CSTNode, site: Site, kind: str, hints: tuple[str, ...]) -> bool:
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return False
    if call.func.attr.value != "step":
        return False
    receiver = call.func.value
    t = site.infer(receiver)
    if t is not None:
        return t.qname == kind
    name = edits.code(receiver).lower()
    return any(h in name for h in hints)


def _scheduler_first(site: Site) -> Outcome | None:
    block: cst.IndentedBlock = site.node
    sched_at = None
    for i, stmt in enumerate(block.body):
        if (
            sched_at is None
            and isinstance(stmt, cst.SimpleStatementLine)
            and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Expr)
            and _is_step(stmt.body[0].value, site, LR_SCHEDULER, ("sched",))
        ):
            sched_at = i
            continue
        if sched_at is not None:
            finder = _StepFinder(site)
            walk(finder, stmt)
            if finder.found:
                break
    else:
        return None
    if sched_at is None:
        return None
    at = sched_at

    def fix(node: cst.IndentedBlock, refs: Any) -> cst.IndentedBlock:
        body = list(node.body)
        moved = body.pop(at)
        return node.with_changes(body=[*body, moved])

    return Outcome(fix=fix)


NOTES = "release-notes"
TORCH_NOTES = "https://github.com/pytorch/pytorch/releases"
NOTES_WHY = f"Announced in the PyTorch release notes ({TORCH_NOTES})."
# torch.nn.init's functions without the trailing underscore (deprecated in 0.4)
INIT_FUNCTIONS = (
    "uniform",
    "normal",
    "constant",
    "xavier_uniform",
    "xavier_normal",
    "kaiming_uniform",
    "kaiming_normal",
    "orthogonal",
    "sparse",
)
ITERATOR_HINTS = ("iter", "loader", "batches")
_ASYNC = re.compile(r"(\.(?:cuda|to)\([^()]*?)\basync(\s*=)")


def _iterator_next(site: Site) -> Outcome | None:
    """``it.next()`` → ``next(it)``: DataLoader iterators lost their Python 2 ``next`` method
    in 1.13 (``next(it)`` always worked)."""
    if site.args:
        return None
    receiver = site.receiver_node
    if receiver is None:
        return None
    made_by_iter = isinstance(receiver, cst.Call) and site.resolve(receiver.func) == "builtins.iter"
    name = edits.code(receiver).lower()
    proven = made_by_iter or any(h in name for h in ITERATOR_HINTS)
    return Outcome(
        fix=lambda node, refs: cst.Call(func=cst.Name("next"), args=[cst.Arg(receiver)]),
        proven=proven,
        outer=True,
    )


def _int_literal(node: cst.BaseExpression) -> int | None:
    value = literal(node)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _torch_range(site: Site) -> Outcome | None:
    """``torch.range(a, b)`` included b and made floats; ``torch.arange(a, b + 1,
    dtype=torch.float32)`` gives the same tensor (integer bounds and step only)."""
    pos = site.positional()
    if site.has_star() or not 1 <= len(pos) <= 3 or site.kwarg("end") or site.kwarg("step"):
        return Outcome(fix=None)
    numbers = [_int_literal(a.value) for a in pos]
    if any(n is None for n in numbers):
        return Outcome(fix=None)
    if len(numbers) == 1:
        numbers = [0, numbers[0]]
    step = numbers[2] if len(numbers) == 3 else 1
    if step == 0:
        return Outcome(fix=None)
    start, end = numbers[0], numbers[1]
    stop = end + (1 if step > 0 else -1)
    keeps_dtype = site.kwarg("dtype") is not None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        values = [start, stop] + ([step] if step != 1 else [])
        args = [edits.to_node(v) for v in values]
        new_args = [
            cst.Arg(v, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))) for v in args
        ]
        rest = [a for a in node.args if a.keyword is not None]
        if not keeps_dtype:
            rest.append(edits.kwarg("dtype", refs["torch.float32"]))
        rest = [
            a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in rest[:-1]
        ] + [edits.strip_comma(rest[-1])]
        return node.with_changes(func=refs["torch.arange"], args=[*new_args, *rest])

    return Outcome(fix=fix, needs=("torch.arange", "torch.float32"), outer=True)


# a device asked for by name: "cuda", "cuda:1"
_CUDA_NAME = re.compile(r"^cuda(:\d+)?$")
FACTORIES = qualify(
    "torch",
    ["tensor", "zeros", "ones", "empty", "full", "rand", "randn", "randint", "arange", "eye",
     "linspace", "zeros_like", "ones_like", "randn_like", "rand_like", "as_tensor"],
)  # fmt: skip


def _cuda_or_cpu(name: str, refs: Any) -> cst.IfExp:
    """``"cuda" if torch.cuda.is_available() else "cpu"``: the device is chosen when the cell
    runs, so a machine with a GPU keeps it and one without runs on the CPU."""
    return cst.IfExp(
        test=cst.Call(func=refs["torch.cuda.is_available"]),
        body=edits.string(name),
        orelse=edits.string("cpu"),
    )


def _cuda_literal(arg: cst.Arg | None) -> str | None:
    value = literal(arg.value) if arg is not None else None
    return value if isinstance(value, str) and _CUDA_NAME.match(value) else None


def _cuda_method(site: Site) -> Outcome | None:
    """``x.cuda()``, ``x.cuda(1)``, ``x.cuda(non_blocking=True)`` → ``x.to(<device>)``."""
    pos = site.positional()
    if site.has_star() or len(pos) > 1 or site.receiver_node is None:
        return None
    device = site.kwarg("device") or (pos[0] if pos else None)
    index = literal(device.value) if device is not None else None
    if device is not None and (not isinstance(index, int) or isinstance(index, bool)):
        return Outcome(fix=None)  # a device in a variable: left as written
    name = "cuda" if index is None else f"cuda:{index}"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        rest = [a for a in node.args if a.keyword is not None and a.keyword.value != "device"]
        args = [cst.Arg(_cuda_or_cpu(name, refs)), *rest]
        return edits.rename_method(node, "to").with_changes(
            args=[
                a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                for a in args[:-1]
            ]
            + [edits.strip_comma(args[-1])]
        )

    return Outcome(fix=fix, needs=("torch.cuda.is_available",))


def _device_argument(position: int | None) -> Any:
    """A literal "cuda" given as ``torch.device("cuda")``, ``x.to("cuda")`` or a factory's
    ``device="cuda"`` → the same name when a GPU is there, "cpu" otherwise."""

    def check(site: Site) -> Outcome | None:
        arg = site.kwarg("device")
        if arg is None and position is not None:
            pos = site.positional()
            arg = pos[position] if len(pos) > position else None
        name = _cuda_literal(arg)
        if name is None or arg is None:
            return None
        if site.qname == "torch.device" and len(site.positional()) > 1:
            return Outcome(fix=None)  # torch.device("cuda", 0): rare, left as written
        target = arg

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            return node.with_changes(
                args=[
                    a.with_changes(value=_cuda_or_cpu(name, refs)) if a.deep_equals(target) else a
                    for a in node.args
                ]
            )

        return Outcome(fix=fix, needs=("torch.cuda.is_available",))

    return check


def _load_on_cpu(site: Site) -> Outcome | None:
    """``torch.load(f)`` of tensors saved on a GPU: on a machine without one they load on the
    CPU (``map_location``), and where there is a GPU nothing changes (None is the default)."""
    if site.kwarg("map_location") is not None or len(site.positional()) > 1 or site.has_star():
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        where = cst.IfExp(
            test=cst.Call(func=refs["torch.cuda.is_available"]),
            body=cst.Name("None"),
            orelse=edits.string("cpu"),
        )
        return edits.add_args(node, [edits.kwarg("map_location", where)])

    return Outcome(fix=fix, needs=("torch.cuda.is_available",))


def _tensor_dataset(site: Site) -> Outcome | None:
    """``TensorDataset(data_tensor=x, target_tensor=y)`` → ``TensorDataset(x, y)``: since 0.4
    it takes any number of tensors, positionally."""
    data, target = site.kwarg("data_tensor"), site.kwarg("target_tensor")
    if data is None and target is None:
        return None
    if site.has_star() or any(
        a.keyword is not None and a.keyword.value not in ("data_tensor", "target_tensor")
        for a in site.args
    ):
        return Outcome(fix=None)
    ordered = [*site.positional(), *(a for a in (data, target) if a is not None)]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = [cst.Arg(a.value) for a in ordered]
        spaced = [
            a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]
        ]
        return node.with_changes(args=[*spaced, args[-1]])

    return Outcome(fix=fix)


def fix_async(line: str) -> str | None:
    """``x.cuda(async=True)`` (a syntax error since Python 3.7) → ``non_blocking=True``."""
    new = _ASYNC.sub(r"\1non_blocking\2", line)
    return new if new != line else None


RULES = [
    Rule(
        id="TCH001",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        silent=True,
        catalogue="T1",
        message="Variable(x, volatile=True) is ignored since 0.4 (graphs are built); use "
        "`with torch.no_grad():`",
        replacement="x, inside `with torch.no_grad():`",
        signatures=(r"volatile was removed",),
        matchers=(Call(functions=VARIABLE, check=_variable(volatile=True)),),
        examples=(
            (
                "from torch.autograd import Variable\nx = Variable(batch, volatile=True)",
                "from torch.autograd import Variable\nx = batch",
            ),
        ),
    ),
    Rule(
        id="TCH002",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue="T2",
        message="Variable(t) is a no-op since 0.4; use the tensor (t.requires_grad_() for "
        "requires_grad=True)",
        replacement="t / t.requires_grad_()",
        matchers=(Call(functions=VARIABLE, check=_variable(volatile=False)),),
        examples=(
            (
                "from torch.autograd import Variable\nx = Variable(inputs)\n"
                "w = Variable(torch.randn(3), requires_grad=True)",
                "from torch.autograd import Variable\nx = inputs\n"
                "w = torch.randn(3).requires_grad_()",
            ),
        ),
    ),
    Rule(
        id="TCH003",
        library=LIB,
        changed_in="0.5",
        safety=SAFE_IF,
        catalogue="T3",
        condition="the tensor is a scalar (a loss/accuracy, or a .sum()/.mean())",
        message="indexing a 0-dim tensor fails since 0.5 (loss.data[0]); use loss.item()",
        replacement="loss.item()",
        signatures=(r"invalid index of a 0-dim tensor",),
        matchers=(Node(types=("Subscript",), check=_loss_item),),
        examples=(
            (
                "total += loss.data[0]\nc = (pred == y).sum().data[0]",
                "total += loss.item()\nc = (pred == y).sum().item()",
            ),
        ),
    ),
    Rule(
        id="TCH004",
        library=LIB,
        changed_in="2.6",
        safety=SAFE,
        catalogue="T4",
        message="torch.load defaults to weights_only=True since 2.6; pickled models need "
        "weights_only=False (trusted files only)",
        replacement="torch.load(path, weights_only=False)",
        signatures=(r"Weights only load failed",),
        matchers=(Call(functions=("torch.load",), check=_torch_load),),
        examples=(
            (
                "import torch\nmodel = torch.load('model.pt')",
                "import torch\nmodel = torch.load('model.pt', weights_only=False)",
            ),
        ),
    ),
    Rule(
        id="TCH005",
        library=LIB,
        changed_in="1.13",
        safety=SAFE_IF,
        catalogue="T5",
        condition="eigenvectors=True (eigh returns the same pair)",
        message="torch.symeig was removed; use torch.linalg.eigh / eigvalsh",
        replacement="torch.linalg.eigh(A)",
        signatures=(no_attribute("torch", ["symeig"]), _removed_linalg(["eigh"])),
        matchers=(Call(functions=("torch.symeig",), check=_symeig),),
        examples=(
            (
                "import torch\nw, v = torch.symeig(cov, eigenvectors=True)",
                "import torch\nw, v = torch.linalg.eigh(cov)",
            ),
        ),
    ),
    Rule(
        id="TCH006",
        library=LIB,
        changed_in="1.13",
        safety=REVIEW,
        catalogue="T5",
        message="torch.solve/lstsq/eig were removed; torch.linalg.* take (A, B) and return only "
        "the solution",
        replacement="torch.linalg.solve(A, B); torch.linalg.lstsq(A, B).solution",
        signatures=(
            no_attribute("torch", ["solve", "lstsq", "eig", "matrix_rank"]),
            _removed_linalg(["solve", "lstsq", "eig", "matrix_rank"]),
        ),
        matchers=(
            Call(functions=("torch.solve",), check=_swapped("torch.linalg.solve")),
            Call(functions=("torch.lstsq",), check=_swapped("torch.linalg.lstsq", "solution")),
            Call(functions=("torch.eig",), check=_eig),
            Symbol(old="torch.matrix_rank", new="torch.linalg.matrix_rank"),
        ),
        examples=(
            (
                "import torch\nx = torch.solve(b, A)",
                "import torch\nx = torch.linalg.solve(A, b)",
            ),
            (
                "import torch\nw = torch.lstsq(y, X)\nr = torch.matrix_rank(X)\n"
                "ev = torch.eig(S, eigenvectors=True)",
                "import torch\nw = torch.linalg.lstsq(X, y).solution\n"
                "r = torch.linalg.matrix_rank(X)\nev = torch.linalg.eig(S)",
            ),
            (  # eigenvalues only: the (n, 2) real pairs torch.eig gave
                "import torch\ne, _ = torch.eig(S)\nw, v = torch.eig(S, True)",
                "import torch\ne, _ = (torch.view_as_real(torch.linalg.eigvals(S)), None)\n"
                "w, v = torch.linalg.eig(S)",
            ),
        ),
        proofs=(
            "import torch\nA = torch.eye(2)\nr = torch.matrix_rank(A)",
            (
                "import torch\nA = torch.tensor([[2.0, 0.0], [0.0, 3.0]])\n"
                "e, _ = torch.eig(A)\n"
                "assert e.shape == (2, 2) and sorted(e[:, 0].tolist()) == [2.0, 3.0]"
            ),
        ),
    ),
    Rule(
        id="TCH007",
        library=LIB,
        changed_in="0.4.1",
        safety=SAFE,
        catalogue="T6",
        message="size_average=/reduce= are deprecated; use reduction='mean'|'sum'|'none'",
        replacement="nn.MSELoss(reduction='sum')",
        signatures=(unexpected_kwarg(["size_average", "reduce"]),),
        matchers=(Call(functions=(*LOSSES, *FUNCTIONAL_LOSSES), check=_reduction),),
        examples=(
            (
                "import torch.nn as nn\ncrit = nn.MSELoss(size_average=False)",
                "import torch.nn as nn\ncrit = nn.MSELoss(reduction='sum')",
            ),
        ),
    ),
    Rule(
        id="TCH008",
        library=VISION,
        changed_in="0.8",
        safety=SAFE,
        catalogue="T7",
        message="transforms.Scale and RandomSizedCrop were renamed Resize and RandomResizedCrop",
        replacement="transforms.Resize / RandomResizedCrop",
        signatures=(no_attribute(r"torchvision\.transforms", ["Scale", "RandomSizedCrop"]),),
        matchers=(
            Symbol(old="torchvision.transforms.Scale", new="torchvision.transforms.Resize"),
            Symbol(
                old="torchvision.transforms.RandomSizedCrop",
                new="torchvision.transforms.RandomResizedCrop",
            ),
        ),
        examples=(
            (
                "from torchvision import transforms\nt = transforms.Scale(256)",
                "from torchvision import transforms\nt = transforms.Resize(256)",
            ),
            (
                "from torchvision import transforms\nc = transforms.RandomSizedCrop(224)",
                "from torchvision import transforms\nc = transforms.RandomResizedCrop(224)",
            ),
        ),
    ),
    Rule(
        id="TCH009",
        library=VISION,
        changed_in="0.13",
        safety=SAFE,
        catalogue="T8",
        message="pretrained= is deprecated since torchvision 0.13; pass weights= "
        "(IMAGENET1K_V1 is the old pretrained set)",
        replacement="resnet50(weights=ResNet50_Weights.IMAGENET1K_V1)",
        signatures=(unexpected_kwarg(["pretrained"]),),
        matchers=(Call(functions=qualify("torchvision.models", WEIGHTS), check=_pretrained),),
        examples=(
            (
                "from torchvision import models\nnet = models.resnet50(pretrained=True)",
                "from torchvision import models\n"
                "net = models.resnet50(weights=models.ResNet50_Weights.IMAGENET1K_V1)",
            ),
        ),
    ),
    Rule(
        id="TCH010",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="T9",
        message="F.upsample, F.sigmoid, F.tanh and clip_grad_norm are deprecated; use "
        "F.interpolate, torch.sigmoid, torch.tanh, clip_grad_norm_",
        replacement="F.interpolate; torch.sigmoid; clip_grad_norm_",
        matchers=(
            Symbol(old="torch.nn.functional.upsample", new="torch.nn.functional.interpolate"),
            Symbol(old="torch.nn.functional.sigmoid", new="torch.sigmoid"),
            Symbol(old="torch.nn.functional.tanh", new="torch.tanh"),
            Symbol(old="torch.nn.utils.clip_grad_norm", new="torch.nn.utils.clip_grad_norm_"),
        ),
        examples=(
            (
                "import torch\nimport torch.nn.functional as F\ny = F.sigmoid(F.upsample(x, "
                "scale_factor=2))",
                "import torch\nimport torch.nn.functional as F\ny = torch.sigmoid(F.interpolate("
                "x, scale_factor=2))",
            ),
            (
                "import torch\nimport torch.nn.functional as F\nh = F.tanh(x)\n"
                "torch.nn.utils.clip_grad_norm(model.parameters(), 5)",
                "import torch\nimport torch.nn.functional as F\nh = torch.tanh(x)\n"
                "torch.nn.utils.clip_grad_norm_(model.parameters(), 5)",
            ),
        ),
    ),
    Rule(
        id="TCH011",
        library=LIB,
        changed_in="1.1",
        safety=REVIEW,
        silent=True,
        catalogue="T10",
        message="scheduler.step() before optimizer.step() skips the first learning rate since "
        "1.1; step the scheduler after the optimizer",
        replacement="move scheduler.step() after the epoch's optimizer steps",
        matchers=(Node(types=("IndentedBlock",), check=_scheduler_first),),
        examples=(
            (
                "for epoch in range(10):\n    scheduler.step()\n    for xb, yb in loader:\n"
                "        optimizer.zero_grad()\n        loss(xb, yb).backward()\n"
                "        optimizer.step()\n",
                "for epoch in range(10):\n    for xb, yb in loader:\n"
                "        optimizer.zero_grad()\n        loss(xb, yb).backward()\n"
                "        optimizer.step()\n    scheduler.step()\n",
            ),
        ),
    ),
    Rule(
        id="TCH012",
        library=LIB,
        changed_in="1.13",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is an iterator (iter(loader), or a name like dataiter)",
        message="DataLoader iterators lost their .next() method in 1.13; use next(it)",
        replacement="images, labels = next(dataiter)",
        why=NOTES_WHY,
        signatures=(object_no_attribute(["next"], r"_\w*DataLoaderIter"),),
        matchers=(Call(methods=("next",), check=_iterator_next),),
        examples=(
            (
                "dataiter = iter(trainloader)\nimages, labels = dataiter.next()\n"
                "x, y = iter(val_loader).next()",
                "dataiter = iter(trainloader)\nimages, labels = next(dataiter)\n"
                "x, y = next(iter(val_loader))",
            ),
        ),
        proofs=(
            (
                "import torch\nfrom torch.utils.data import DataLoader, TensorDataset\n"
                "loader = DataLoader(TensorDataset(torch.zeros(4, 2)), batch_size=2)\n"
                "dataiter = iter(loader)\nbatch = dataiter.next()"
            ),
        ),
    ),
    Rule(
        id="TCH013",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue=NOTES,
        message="torch.range is deprecated (it includes the end and makes floats); "
        "torch.arange(start, end + 1, dtype=torch.float32) is the same tensor",
        replacement="torch.arange(1, 11, dtype=torch.float32)",
        why=NOTES_WHY,
        signatures=(no_attribute("torch", ["range"]),),
        matchers=(Call(functions=("torch.range",), check=_torch_range),),
        examples=(
            (
                "import torch\nt = torch.range(1, 10)\nu = torch.range(0, 10, 2, dtype=torch.long)",
                "import torch\nt = torch.arange(1, 11, dtype=torch.float32)\n"
                "u = torch.arange(0, 11, 2, dtype=torch.long)",
            ),
        ),
    ),
    Rule(
        id="TCH014",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue=NOTES,
        message="torch.nn.init.xavier_uniform, normal, constant, ... are deprecated; the in-place "
        "functions end with an underscore (xavier_uniform_)",
        replacement="nn.init.xavier_uniform_(m.weight)",
        why=NOTES_WHY,
        signatures=(no_attribute(r"torch.nn.init", INIT_FUNCTIONS),),
        matchers=tuple(
            Symbol(old=f"torch.nn.init.{n}", new=f"torch.nn.init.{n}_") for n in INIT_FUNCTIONS
        ),
        examples=(
            (
                "import torch.nn as nn\nnn.init.xavier_uniform(m.weight)\n"
                "nn.init.constant(m.bias, 0)",
                "import torch.nn as nn\nnn.init.xavier_uniform_(m.weight)\n"
                "nn.init.constant_(m.bias, 0)",
            ),
        ),
    ),
    Rule(
        id="TCH015",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue=NOTES,
        message="cuda(async=True) / to(async=True) became non_blocking=True (async is a Python "
        "keyword since 3.7)",
        replacement="x.cuda(non_blocking=True)",
        why=NOTES_WHY,
        signatures=(r"invalid syntax",),
        matchers=(Text(fix=fix_async),),
        examples=(
            (
                "for x, y in loader:\n    x = x.cuda(async=True)\n    y = y.to(device, async=True)",
                "for x, y in loader:\n    x = x.cuda(non_blocking=True)\n"
                "    y = y.to(device, non_blocking=True)",
            ),
        ),
    ),
    Rule(
        id="TCH016",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue="torch.cuda: CUDA semantics (device-agnostic code)",
        message="the notebook asks for a GPU (.cuda(), device='cuda'): "
        "it now picks the device when it runs, the GPU where there is one and the CPU otherwise",
        replacement="x.to('cuda' if torch.cuda.is_available() else 'cpu'): the GPU where there "
        "is one, the CPU otherwise",
        why="Old notebooks were written on a machine with a GPU and name it: x.cuda(), "
        "torch.device('cuda'), torch.load of tensors saved on a GPU. On a machine without one, "
        "PyTorch stops at the first such line (Torch not compiled with CUDA enabled; Found no "
        "NVIDIA driver). PyTorch 0.4's migration guide and its notes on CUDA semantics "
        "recommend device-agnostic code: the device is chosen at run time, so the rewrite "
        "changes nothing where a GPU is present (Docker's --gpus keeps it).",
        signatures=(
            r"Torch not compiled with CUDA enabled",
            r"Found no NVIDIA driver on your system",
            r"No CUDA GPUs are available",
            r"CUDA driver initialization failed",
        ),
        matchers=(
            Call(methods=("cuda",), check=_cuda_method),
            Call(functions=("torch.device",), check=_device_argument(0)),
            Call(methods=("to",), check=_device_argument(0)),
            Call(functions=FACTORIES, check=_device_argument(None)),
        ),
        examples=(
            (
                "import torch\nmodel = torch.nn.Linear(3, 1).cuda()\n"
                "x = torch.randn(4, 3).cuda(0)\ny = torch.zeros(4, 1, device='cuda')\n"
                "dev = torch.device('cuda:0')\nz = x.to('cuda')",
                "import torch\n"
                "model = torch.nn.Linear(3, 1).to('cuda' if torch.cuda.is_available() else 'cpu')\n"
                "x = torch.randn(4, 3).to('cuda:0' if torch.cuda.is_available() else 'cpu')\n"
                "y = torch.zeros(4, 1, device='cuda' if torch.cuda.is_available() else 'cpu')\n"
                "dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')\n"
                "z = x.to('cuda' if torch.cuda.is_available() else 'cpu')",
            ),
            (
                "import torch\nx = torch.randn(2).cuda(non_blocking=True)\n"
                "dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\nw = x.to(dev)",
                "import torch\nx = torch.randn(2).to('cuda' if torch.cuda.is_available() "
                "else 'cpu', non_blocking=True)\n"
                "dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\nw = x.to(dev)",
            ),
        ),
        proofs=("import torch\nm = torch.nn.Linear(2, 1).cuda()\ny = m(torch.zeros(3, 2).cuda())",),
    ),
    Rule(
        id="TCH017",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue="torch.load(map_location=)",
        message="tensors saved on a GPU load on the CPU where there is none "
        "(map_location='cpu' only then; with a GPU nothing changes)",
        replacement="torch.load(f, map_location=None if torch.cuda.is_available() else 'cpu')",
        why="torch.load restores each tensor on the device it was saved from; on a machine "
        "without a GPU that stops with 'Attempting to deserialize object on a CUDA device', "
        "and the message itself asks for map_location=torch.device('cpu').",
        signatures=(r"Attempting to deserialize object on a CUDA device",),
        matchers=(Call(functions=("torch.load",), check=_load_on_cpu),),
        examples=(
            (
                "import torch\nstate = torch.load('model.pt')",
                "import torch\nstate = torch.load('model.pt', map_location=None if "
                "torch.cuda.is_available() else 'cpu')",
            ),
        ),
    ),
    Rule(
        id="TCH018",
        library=LIB,
        changed_in="0.4",
        safety=SAFE,
        catalogue=NOTES,
        message="TensorDataset takes its tensors positionally since 0.4 (any number of them); "
        "data_tensor= and target_tensor= are gone",
        replacement="TensorDataset(x, y)",
        why=NOTES_WHY,
        signatures=(unexpected_kwarg(["data_tensor", "target_tensor"]),),
        matchers=(
            Call(
                functions=(
                    "torch.utils.data.TensorDataset",
                    "torch.utils.data.dataset.TensorDataset",
                ),
                check=_tensor_dataset,
            ),
        ),
        examples=(
            (
                "import torch.utils.data as Data\n"
                "ds = Data.TensorDataset(data_tensor=x, target_tensor=y)",
                "import torch.utils.data as Data\nds = Data.TensorDataset(x, y)",
            ),
        ),
        proofs=(
            (
                "import torch\nimport torch.utils.data as Data\n"
                "ds = Data.TensorDataset(data_tensor=torch.zeros(4, 2), "
                "target_tensor=torch.ones(4))\nx, y = ds[0]"
            ),
        ),
    ),
    Rule(
        id="TCH019",
        library=LIB,
        changed_in="",
        safety=REVIEW,
        catalogue="runtime reduction (--runtime-budget)",
        message="a training loop over the runtime budget runs fewer times (for epoch in "
        "range(N), or a loop that steps an optimizer or a session), sized from the progress it "
        "printed; the score may fall",
        replacement="for epoch in range(40) instead of range(1000)",
        why="Not an API change: a PyTorch or TF1 training loop written for a GPU runs out of "
        "--runtime-budget on a CPU. The loop's count (or the EPOCHS = N an earlier cell set) is "
        "lowered to what the run's printed epoch or step numbers say fits, for review.",
        applied_by="mlemodernizer.fixers.runtime_reduction",
        examples=(
            (
                "for epoch in range(1000):\n    loss.backward()\n    opt.step()",
                "for epoch in range(40):\n    loss.backward()\n    opt.step()",
            ),
        ),
    ),
    Rule(
        id="TCH020",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue="PyTorch 1.2 release notes",
        condition="the error says the mask must be a bool tensor",
        message="a uint8 (ByteTensor) mask is refused by masked_select/masked_fill/"
        "masked_scatter; .bool() gives the mask it meant",
        replacement="torch.masked_select(x, mask.bool()); x.masked_fill(mask.bool(), 0)",
        why="PyTorch 1.2 introduced torch.bool and deprecated uint8 masks for indexing and the "
        "masked_* operations (https://github.com/pytorch/pytorch/releases/tag/v1.2.0); today they "
        "raise 'expected BoolTensor for mask'. A uint8 mask selected where it was non-zero, which "
        "is what .bool() keeps; on a mask that is already bool it changes nothing.",
        signatures=(
            r"expected BoolTensor for mask",
            r"masked_\w+ only supports boolean masks",
        ),
        matchers=(
            Call(functions=("torch.masked_select",), check=_bool_mask(1)),
            Call(methods=MASK_METHODS, check=_bool_mask(0)),
        ),
        examples=(
            (
                "import torch\nmask = torch.ByteTensor([[0, 1]])\n"
                "out = torch.masked_select(x, mask)\ny = x.masked_fill(mask == 1, 0.0)",
                "import torch\nmask = torch.ByteTensor([[0, 1]])\n"
                "out = torch.masked_select(x, mask.bool())\n"
                "y = x.masked_fill((mask == 1).bool(), 0.0)",
            ),
        ),
        proofs=(
            (
                "import torch\nx = torch.arange(6.0).reshape(2, 3)\n"
                "mask = torch.ByteTensor([[0, 0, 1], [0, 1, 0]])\n"
                "out = torch.masked_select(x, mask)\n"
                "assert out.tolist() == [2.0, 4.0]\n"
                "y = x.masked_fill(mask, 0.0)"
            ),
        ),
    ),
    Rule(
        id="TCH021",
        library=LIB,
        changed_in="0.4",
        safety=SAFE_IF,
        catalogue="torch.dot documentation",
        condition="the error says torch.dot was given tensors of more than one dimension",
        message="torch.dot takes 1-D tensors only; old PyTorch took any two tensors of the same "
        "size as flat vectors, which .flatten() does",
        replacement="torch.dot(a.flatten(), b.flatten())",
        why="PyTorch before 0.4 (like Lua Torch) computed torch.dot over all elements of two "
        "tensors of the same size. Today's documentation says it 'intentionally only supports "
        "computing the dot product of two 1D tensors with the same number of elements' "
        "(https://pytorch.org/docs/stable/generated/torch.dot.html) and a matrix raises '1D "
        "tensors expected'; flattening both computes the old sum of products.",
        signatures=(r"1D tensors expected, (but )?got \d+D and \d+D tensors",),
        matchers=(
            Call(functions=("torch.dot",), check=_flat_dot(False)),
            Call(methods=("dot",), check=_flat_dot(True)),
        ),
        examples=(
            (
                "import torch\nx1 = torch.ones(3, 4)\nd = torch.dot(x1, x2)\ne = x1.dot(x2 * 2)",
                "import torch\nx1 = torch.ones(3, 4)\nd = torch.dot(x1.flatten(), x2.flatten())\n"
                "e = x1.flatten().dot((x2 * 2).flatten())",
            ),
        ),
        proofs=(
            (
                "import torch\nx1 = torch.ones(3, 4)\n"
                "x2 = torch.full((3, 4), 2.0)\nd = torch.dot(x1, x2)\n"
                "assert float(d) == 24.0"
            ),
        ),
    ),
]
