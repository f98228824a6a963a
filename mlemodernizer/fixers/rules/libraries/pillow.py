"""Pillow: the constants, text-size methods and string converters it removed (issue 25).

Read off Pillow's release notes and its deprecations page
(https://pillow.readthedocs.io/en/stable/deprecations.html); the rules answer the items of
``pillow.coverage.toml`` and each cites its note in ``why``.

The engine does not type PIL images, so a method the rules look for (``font.getsize``,
``im.tostring``) is recognised by its name; the REVIEW and SAFE* rules among them run where the
error names the method on a Pillow object.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import cannot_import, kwarg_drop, no_attribute, object_no_attribute, renames
from ..matchers import Call, Outcome, Site, Symbol
from ..model import REVIEW, SAFE, SAFE_IF, Proof, Rule
from ..symbols import NDARRAY

LIB = "pillow"

# setups the rules' proofs share
_CASE_PIL = (
    "from PIL import Image, ImageDraw, ImageFont\n"
    "img = Image.new('RGB', (40, 30), 'white')\n"
    "draw = ImageDraw.Draw(img)\nfont = ImageFont.load_default()\n"
)
NOTES = "https://pillow.readthedocs.io/en/stable/releasenotes/{}.html"
DEPRECATIONS = "https://pillow.readthedocs.io/en/stable/deprecations.html"

RESAMPLING = {"ANTIALIAS": "LANCZOS", "LINEAR": "BILINEAR", "CUBIC": "BICUBIC"}
LAYOUT = {"LAYOUT_BASIC": "BASIC", "LAYOUT_RAQM": "RAQM"}
FONTS = r"(FreeTypeFont|ImageFont|TransposedFont)"


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _origin() -> cst.Arg:
    zero = cst.Integer("0")
    return cst.Arg(
        cst.Tuple([cst.Element(zero, comma=_comma()), cst.Element(zero)]), comma=_comma()
    )


def _part(node: cst.BaseExpression, lower: str | None, upper: str | None) -> cst.Subscript:
    """``node[2:]`` / ``node[:2]``: the (right, bottom) or (left, top) of a bounding box."""
    bound = {"lower": cst.Integer(lower) if lower else None}
    bound["upper"] = cst.Integer(upper) if upper else None
    return cst.Subscript(value=node, slice=[cst.SubscriptElement(cst.Slice(**bound))])


def _other_receiver(site: Site) -> bool:
    """A receiver the engine knows (an array, a frame...) is not a Pillow object."""
    return site.receiver is not None


# ImageDraw.textsize(text, font, spacing, ...) -> textbbox((0, 0), text, font, anchor, spacing, ...)
DRAW_SIZE = {"textsize": "textbbox", "multiline_textsize": "multiline_textbbox"}


def _draw_size(site: Site) -> Outcome | None:
    """``draw.textsize(text, font=f)`` was ``draw.textbbox((0, 0), text, font=f)[2:]``: the
    size counted the text's offset from the origin, as the box's right and bottom do."""
    if _other_receiver(site) or site.has_star():
        return None
    if len(site.positional()) > 2:  # spacing moved behind anchor: keywords only
        return Outcome(fix=None)
    new = DRAW_SIZE[site.node.func.attr.value]

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        call = edits.rename_method(node, new)
        call = call.with_changes(args=[_origin(), *call.args])
        return _part(call, "2", None)

    return Outcome(fix=fix, outer=True)


def _font_size(site: Site) -> Outcome | None:
    """``font.getsize(text)`` is ``font.getbbox(text)[2:]``; ``font.getoffset(text)`` is
    ``font.getbbox(text)[:2]``; ``font.getsize_multiline(text)`` is the multi-line box an
    ImageDraw measures (Pillow has it on ImageDraw only)."""
    if _other_receiver(site) or site.has_star():
        return None
    if len(site.positional()) != 1:  # getbbox's second parameter is mode
        return Outcome(fix=None)
    name = site.node.func.attr.value
    if name == "getsize_multiline":
        if site.kwarg("font") is not None:
            return Outcome(fix=None)

        def multiline(node: cst.Call, refs: Any) -> cst.BaseExpression:
            func = node.func
            assert isinstance(func, cst.Attribute)
            canvas = cst.Call(
                func=refs["PIL.Image.new"],
                args=[
                    cst.Arg(edits.string("L"), comma=_comma()),
                    cst.Arg(edits.expr("(1, 1)")),
                ],
            )
            draw = cst.Call(func=refs["PIL.ImageDraw.Draw"], args=[cst.Arg(canvas)])
            call = edits.method_call(draw, "multiline_textbbox", [_origin(), *node.args])
            call = edits.add_args(call, [edits.kwarg("font", func.value)])
            return _part(call, "2", None)

        return Outcome(fix=multiline, needs=("PIL.Image.new", "PIL.ImageDraw.Draw"), outer=True)
    lower, upper = ("2", None) if name == "getsize" else (None, "2")

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        return _part(edits.rename_method(node, "getbbox"), lower, upper)

    return Outcome(fix=fix, outer=True)


def _bytes_method(site: Site) -> Outcome | None:
    """``im.tostring()`` / ``im.fromstring(data)``: tobytes / frombytes, the same arguments.
    Nothing proves the receiver an image, so it is applied where the error names it."""
    if _other_receiver(site):
        return None
    new = {"tostring": "tobytes", "fromstring": "frombytes"}[site.node.func.attr.value]
    return Outcome(fix=lambda node, refs: edits.rename_method(node, new), proven=False)


def _math_eval(site: Site) -> Outcome | None:
    """``ImageMath.eval(expr, {'a': im})``: unsafe_eval takes the images as keywords only (its
    options dict went in 12.0), so a dict given positionally (or as ``_dict=``) is unpacked."""
    pos = site.positional()
    given = site.kwarg("_dict") or (pos[1] if len(pos) > 1 else None)
    if given is None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = []
        seen = 0
        for a in node.args:
            positional = a.keyword is None and not a.star
            if positional:
                seen += 1
            if (positional and seen == 2) or (a.keyword is not None and a.keyword.value == "_dict"):
                a = a.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT, star="**")
            args.append(a)
        return node.with_changes(args=args)

    return Outcome(fix=fix)


# the resampling the functions used before 7.0 (NEAREST), and their parameter's name and place
OPS_RESAMPLE = {
    "PIL.ImageOps.fit": ("method", 2),
    "PIL.ImageOps.pad": ("method", 2),
    "PIL.ImageOps.scale": ("resample", 2),
}


def _nearest(name: str) -> Any:
    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.add_args(node, [edits.kwarg(name, refs["PIL.Image.NEAREST"])])

    return fix


def _ops_default(site: Site) -> Outcome | None:
    name, position = OPS_RESAMPLE[site.qname or ""]
    if site.kwarg(name) is not None or site.has_star() or len(site.positional()) > position:
        return None
    return Outcome(fix=_nearest(name), needs=("PIL.Image.NEAREST",))


def _resize_default(site: Site) -> Outcome | None:
    """``im.resize(size)`` used its result with NEAREST before 7.0. An ndarray's resize (in
    place: written as a statement) and calls with more than the size are left alone."""
    if _other_receiver(site) or site.extra.get("statement") or site.has_star():
        return None
    if len(site.positional()) != 1 or any(
        a.keyword is not None and a.keyword.value not in ("box", "reducing_gap") for a in site.args
    ):
        return None
    return Outcome(fix=_nearest("resample"), needs=("PIL.Image.NEAREST",), proven=False)


RULES = [
    Rule(
        id="PIL001",
        library=LIB,
        changed_in="10.0",
        safety=SAFE,
        catalogue="release-notes",
        message="Image.ANTIALIAS/LINEAR/CUBIC and ImageFont.LAYOUT_* were removed in Pillow 10; "
        "Image.LANCZOS/BILINEAR/BICUBIC, ImageFont.Layout.*",
        replacement="img.resize((w, h), Image.LANCZOS)",
        why=f"9.1 deprecated the module constants for enums and 10.0 removed those that were "
        f"aliases ({NOTES.format('10.0.0')}, 'Constants'): ANTIALIAS was LANCZOS, LINEAR was "
        "BILINEAR and CUBIC was BICUBIC all along (same values); NEAREST, BILINEAR, BICUBIC, "
        "LANCZOS, BOX and HAMMING stay.",
        signatures=(
            no_attribute("PIL.Image", RESAMPLING),
            cannot_import(RESAMPLING, r"PIL\.Image"),
            no_attribute("PIL.ImageFont", LAYOUT),
            cannot_import(LAYOUT, r"PIL\.ImageFont"),
        ),
        matchers=(
            *renames("PIL.Image", RESAMPLING),
            *(
                Symbol(old=f"PIL.ImageFont.{old}", new=f"PIL.ImageFont.Layout.{new}")
                for old, new in LAYOUT.items()
            ),
        ),
        examples=(
            (
                "from PIL import Image\nimg = Image.open('a.png')\n"
                "small = img.resize((64, 64), Image.ANTIALIAS)\n"
                "img.thumbnail((32, 32), Image.ANTIALIAS)\nbig = img.resize((99, 99), Image.CUBIC)",
                "from PIL import Image\nimg = Image.open('a.png')\n"
                "small = img.resize((64, 64), Image.LANCZOS)\n"
                "img.thumbnail((32, 32), Image.LANCZOS)\nbig = img.resize((99, 99), Image.BICUBIC)",
            ),
            (
                "from PIL.Image import ANTIALIAS, LINEAR\nfrom PIL import ImageFont\n"
                "f = ImageFont.truetype('a.ttf', 12, layout_engine=ImageFont.LAYOUT_BASIC)",
                "from PIL.Image import LANCZOS, BILINEAR\nfrom PIL import ImageFont\n"
                "f = ImageFont.truetype('a.ttf', 12, layout_engine=ImageFont.Layout.BASIC)",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PIL
                + (
                    "small = img.resize((10, 10), Image.ANTIALIAS)\n"
                    "img.thumbnail((20, 20), Image.CUBIC)"
                ),
                needs=("PIL",),
            ),
            Proof(
                _CASE_PIL + "from PIL.Image import LINEAR\nsmall = img.resize((10, 10), LINEAR)",
                needs=("PIL",),
            ),
        ),
    ),
    Rule(
        id="PIL002",
        library=LIB,
        changed_in="10.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="textsize/multiline_textsize and font.getsize/getoffset/getsize_multiline were "
        "removed in Pillow 10; measure with textbbox/getbbox",
        replacement="w, h = draw.textbbox((0, 0), text, font=font)[2:]",
        why=f"9.2 deprecated the size and offset methods for the bounding-box ones and 10.0 "
        f"removed them ({NOTES.format('10.0.0')}, 'Font size and offset methods'; "
        f"{DEPRECATIONS}). The old "
        "size included the text's offset from the origin, which is the right/bottom of the box "
        "drawn at (0, 0); the offset is its left/top. A stroke_width is counted once less by the "
        "box: review the numbers.",
        signatures=(
            object_no_attribute(["textsize", "multiline_textsize"], r"ImageDraw"),
            object_no_attribute(["getsize", "getoffset", "getsize_multiline"], FONTS),
        ),
        matchers=(
            Call(methods=tuple(DRAW_SIZE), check=_draw_size),
            Call(methods=("getsize", "getoffset", "getsize_multiline"), check=_font_size),
        ),
        examples=(
            (
                "from PIL import Image, ImageDraw, ImageFont\nfont = ImageFont.load_default()\n"
                "draw = ImageDraw.Draw(img)\nw, h = draw.textsize(label, font=font)\n"
                "tw, th = font.getsize(label)\nox, oy = font.getoffset(label)\n"
                "bw, bh = draw.multiline_textsize(lines, font=font, spacing=2)",
                "from PIL import Image, ImageDraw, ImageFont\nfont = ImageFont.load_default()\n"
                "draw = ImageDraw.Draw(img)\nw, h = draw.textbbox((0, 0), label, font=font)[2:]\n"
                "tw, th = font.getbbox(label)[2:]\nox, oy = font.getbbox(label)[:2]\n"
                "bw, bh = draw.multiline_textbbox((0, 0), lines, font=font, spacing=2)[2:]",
            ),
            (
                "from PIL import Image, ImageDraw, ImageFont\n"
                "font = ImageFont.truetype('a.ttf', 12)\nsize = font.getsize_multiline('a\\nb')\n"
                "import os\nn = os.path.getsize('a.ttf')",
                "from PIL import Image, ImageDraw, ImageFont\n"
                "font = ImageFont.truetype('a.ttf', 12)\n"
                "size = ImageDraw.Draw(Image.new('L', (1, 1))).multiline_textbbox((0, 0), "
                "'a\\nb', font=font)[2:]\nimport os\nn = os.path.getsize('a.ttf')",
            ),
        ),
        proofs=(
            Proof(_CASE_PIL + "w, h = draw.textsize('hello', font=font)", needs=("PIL",)),
            Proof(_CASE_PIL + "w, h = draw.multiline_textsize('a\\nb', font=font)", needs=("PIL",)),
            Proof(_CASE_PIL + "w, h = font.getsize('hello')", needs=("PIL",)),
            Proof(_CASE_PIL + "x, y = font.getoffset('hello')", needs=("PIL",)),
            Proof(_CASE_PIL + "w, h = font.getsize_multiline('a\\nb')", needs=("PIL",)),
        ),
    ),
    Rule(
        id="PIL003",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="release-notes",
        condition="the receiver of tostring()/fromstring() is an image (Image.fromstring needs "
        "no proof)",
        message="Image.fromstring, im.fromstring and im.tostring were removed (errors since "
        "Pillow 3.0); use frombytes / tobytes",
        replacement="Image.frombytes('RGB', size, data); im.tobytes()",
        why=f"Pillow 2.0 renamed the string converters to their bytes names; they raised from 3.0 "
        f"({NOTES.format('3.0.0')}) and were deleted in 8.0 ({DEPRECATIONS}). The arguments are "
        "the same.",
        signatures=(
            no_attribute("PIL.Image", ["fromstring"]),
            cannot_import(["fromstring"], r"PIL\.Image"),
            object_no_attribute(["tostring", "fromstring"], r"\w*Image\w*"),
            r"(tostring|fromstring)\(\) has been removed",
        ),
        matchers=(
            Symbol(old="PIL.Image.fromstring", new="PIL.Image.frombytes"),
            Call(methods=("tostring", "fromstring"), exclude=(NDARRAY,), check=_bytes_method),
        ),
        examples=(
            (
                "from PIL import Image\nim = Image.fromstring('RGB', (w, h), canvas_data)\n"
                "raw = im.tostring()\nfrom xml.etree import ElementTree as ET\n"
                "x = ET.tostring(root)",
                "from PIL import Image\nim = Image.frombytes('RGB', (w, h), canvas_data)\n"
                "raw = im.tobytes()\nfrom xml.etree import ElementTree as ET\n"
                "x = ET.tostring(root)",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PIL + "raw = img.tostring()\nback = Image.fromstring('RGB', img.size, raw)",
                needs=("PIL",),
            ),
        ),
    ),
    Rule(
        id="PIL004",
        library=LIB,
        changed_in="9.0",
        safety=SAFE,
        catalogue="release-notes",
        message="PIL.PILLOW_VERSION was removed in Pillow 9; use PIL.__version__",
        replacement="from PIL import __version__",
        why=f"PILLOW_VERSION was deprecated in 5.2, removed in 7.0, restored in 7.1 and removed "
        f"again in 9.0 ({NOTES.format('9.0.0')}); __version__ holds the same string.",
        signatures=(
            cannot_import(["PILLOW_VERSION"], r"PIL(\.Image)?"),
            no_attribute("PIL", ["PILLOW_VERSION"]),
            no_attribute("PIL.Image", ["PILLOW_VERSION"]),
        ),
        matchers=(
            Symbol(old="PIL.PILLOW_VERSION", new="PIL.__version__"),
            Symbol(old="PIL.Image.PILLOW_VERSION", new="PIL.Image.__version__"),
        ),
        examples=(
            (
                "import PIL\nprint(PIL.PILLOW_VERSION)\nfrom PIL import PILLOW_VERSION",
                "import PIL\nprint(PIL.__version__)\nfrom PIL import __version__",
            ),
        ),
        proofs=(Proof("from PIL import PILLOW_VERSION\nprint(PILLOW_VERSION)", needs=("PIL",)),),
    ),
    Rule(
        id="PIL005",
        library=LIB,
        changed_in="6.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="PIL.VERSION (PIL's '1.1.7') was removed in Pillow 6; PIL.__version__ is Pillow's "
        "version",
        replacement="PIL.__version__",
        why=f"VERSION was the version of the original PIL, always 1.1.7; 5.2 deprecated it and "
        f"6.0 removed it for __version__ ({NOTES.format('6.0.0')}; {DEPRECATIONS}). The string "
        "printed changes.",
        signatures=(
            cannot_import(["VERSION"], r"PIL(\.Image)?"),
            no_attribute("PIL", ["VERSION"]),
            no_attribute("PIL.Image", ["VERSION"]),
        ),
        matchers=(
            Symbol(old="PIL.VERSION", new="PIL.__version__"),
            Symbol(old="PIL.Image.VERSION", new="PIL.Image.__version__"),
        ),
        examples=(
            ("import PIL\nprint('PIL', PIL.VERSION)", "import PIL\nprint('PIL', PIL.__version__)"),
        ),
        proofs=(Proof("import PIL\nprint(PIL.VERSION)", needs=("PIL",)),),
    ),
    Rule(
        id="PIL006",
        library=LIB,
        changed_in="12.0",
        safety=SAFE,
        catalogue="release-notes",
        message="ImageMath.eval() was removed in Pillow 12; ImageMath.unsafe_eval() is the same "
        "function (images as keywords)",
        replacement="ImageMath.unsafe_eval('a + b', a=im1, b=im2)",
        why=f"10.3 split eval() into lambda_eval() and unsafe_eval() (the old behaviour, which "
        f"evaluates the string) and 12.0 removed eval() ({NOTES.format('12.0.0')}; "
        f"{DEPRECATIONS}). unsafe_eval takes the images as keywords: a dict passed positionally "
        "is unpacked.",
        signatures=(no_attribute("PIL.ImageMath", ["eval"]),),
        matchers=(
            Symbol(old="PIL.ImageMath.eval", new="PIL.ImageMath.unsafe_eval"),
            Call(functions=("PIL.ImageMath.eval",), check=_math_eval),
        ),
        examples=(
            (
                "from PIL import ImageMath\nout = ImageMath.eval('convert(a * 2, \"L\")', a=im)\n"
                "both = ImageMath.eval('a + b', {'a': im1, 'b': im2})",
                "from PIL import ImageMath\n"
                "out = ImageMath.unsafe_eval('convert(a * 2, \"L\")', a=im)\n"
                "both = ImageMath.unsafe_eval('a + b', **{'a': im1, 'b': im2})",
            ),
        ),
        proofs=(
            Proof(
                _CASE_PIL
                + (
                    "from PIL import ImageMath\ngray = img.convert('L')\n"
                    "out = ImageMath.eval('a * 2', {'a': gray})"
                ),
                needs=("PIL",),
            ),
        ),
    ),
    Rule(
        id="PIL007",
        library=LIB,
        changed_in="9.0",
        safety=REVIEW,
        catalogue="release-notes",
        message="Image.show(command=) was removed in Pillow 9; show() uses the registered viewer",
        replacement="im.show()",
        why=f"7.2 deprecated the command parameter and 9.0 removed it ({NOTES.format('9.0.0')}); "
        "a custom viewer is an ImageShow.Viewer subclass now. The image opens in the default "
        "viewer instead.",
        signatures=(r"show\(\) got an unexpected keyword argument 'command'",),
        matchers=(kwarg_drop("command", methods=("show",)),),
        examples=(
            (
                "from PIL import Image\nim = Image.open('a.png')\nim.show(command='display')",
                "from PIL import Image\nim = Image.open('a.png')\nim.show()",
            ),
        ),
    ),
    Rule(
        id="PIL008",
        library=LIB,
        changed_in="7.0",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="release-notes",
        message="resize() and ImageOps.fit/pad/scale resample with BICUBIC since Pillow 7 (was "
        "NEAREST); pin Image.NEAREST to reproduce",
        replacement="img.resize((w, h), resample=Image.NEAREST)",
        why=f"7.0 changed the default resampling filter of Image.resize and of ImageOps.pad, "
        f"scale and fit from NEAREST to BICUBIC ({NOTES.format('7.0.0')}, 'Default resampling "
        "filter'); 'P' and '1' images still use NEAREST. The engine does not type images: "
        "resize(size) is pinned where its result is used (an ndarray's resize works in place, "
        "as a statement).",
        matchers=(
            Call(functions=tuple(OPS_RESAMPLE), check=_ops_default),
            Call(methods=("resize",), check=_resize_default),
        ),
        examples=(
            (
                "from PIL import Image, ImageOps\nimg = Image.open('a.png')\n"
                "small = img.resize((28, 28))\nthumb = ImageOps.fit(img, (64, 64))\n"
                "arr.resize((3, 4))",
                "from PIL import Image, ImageOps\nimg = Image.open('a.png')\n"
                "small = img.resize((28, 28), resample=Image.NEAREST)\n"
                "thumb = ImageOps.fit(img, (64, 64), method=Image.NEAREST)\narr.resize((3, 4))",
            ),
        ),
    ),
]
