"""Extract the announced removals, renames and changes from the libraries' own release notes.

Reads the release-notes files of each library from a git mirror of its repository (a bare git
directory, read with ``git show``; nothing is checked out), keeps the bullets and headed
subsections of the sections that announce a removal, a rename, a changed default or a changed
behaviour (and the deprecations, flagged), and writes one JSON line per item to
``<out>/<library>.jsonl`` plus ``<out>/counts.json`` and ``<out>/sources.json``.

Every item has an id stable across runs: ``<library>-<version>-<8 hex of sha1 of the normalized
text>`` (markup stripped, whitespace collapsed, so reflowed text keeps its id); a second item of
the same version with the same text gets ``-2``.

Standard library only; it does not import mlemodernizer.

    python benchmarks/coverage/extract.py --mirror /work/.mirror --out benchmarks/coverage/items
    python benchmarks/coverage/extract.py --library pandas          # one library
    python benchmarks/coverage/extract.py --pinned                  # the commits in sources.json

The pure entry point for tests is :func:`extract_items` (library, version, text, fmt).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXT_LIMIT = 600

# --------------------------------------------------------------------------------------------
# what to read, per library
# --------------------------------------------------------------------------------------------

# Modes a section can have: "all" keeps every bullet/subsection, "deprecation" keeps every one
# and flags it, "filter" keeps only those whose text has a change word (FILTER_WORDS), "tags"
# decides by the scikit-learn/seaborn changelog tags (|API| ...), "skip" drops the section.
KEEP_MODES = ("all", "deprecation", "filter", "tags")
KINDS = ("removed", "renamed", "default_changed", "behaviour_changed", "deprecated", "other")

# Headings that never count, whatever the library (matched against the whole title).
COMMON_SKIP = (
    r"(other )?(new )?features?( and enhancements)?",
    r"(other )?enhancements?",
    r"(other )?improvements?",
    r"performance( improvements)?",
    r"(notable |other |general |major )?bugs?( fixes| fixed)?",
    r".*bug ?fix(es)?.*",
    r"(documentation|documents?|docs?)( .*)?|usability improvements.*",
    r"contributors|authors|code contributors|credits|thanks.*",
    r"(issues|pull requests) closed for .*|pull requests for .*|merged pull requests",
    r"development summary and credits|release statistics|release summary|highlights.*",
    r"(increased )?minimum (supported )?versions?.*|.*dependenc(y|ies).*",
    r".*\bc[- ]api\b.*|cython api.*|build.*|packaging.*|ci( and tests)?|ci\b.*|maintenance.*",
    r"(fixed )?regressions?|fixes merged|issues fixed|merged prs|pull requests merged",
    r"testing.*|ci and maintenance|security|known caveats|.*contributors.*",
)


@dataclass(frozen=True)
class FileSet:
    pattern: str  # fullmatch on the path in the repository; group "v" is the version, if any
    fmt: str  # "rst" or "md"


@dataclass(frozen=True)
class Library:
    name: str
    repo: str  # the library's own repository
    # (directory under --mirror, commit or None for HEAD, why this copy), first present wins
    mirrors: tuple[tuple[str, str | None, str], ...]
    files: tuple[FileSet, ...]
    min_version: str  # first release after the one current on 1 January 2015
    rules: tuple[tuple[str, str], ...]  # (title regex, mode), whole-title match, lower case
    default_mode: str = "skip"
    version_heading: str | None = None  # a heading that starts a version inside a file
    unreleased: tuple[str, ...] = ()  # a version whose text matches one of these is skipped
    paragraph_items: bool = False  # loose paragraphs in a counted section are items too
    version_mode: str | None = None  # the mode of a version heading's own section


FORK_NOTE = (
    "a fork that carries the upstream history (the upstream snapshot is over the 500 MB "
    "fetch limit); its release-notes files are upstream's"
)

DEPRECATION_RULES = (
    (
        r"(other |python api |api |new |pending )?deprecat(ions?|ed features?|ed apis?)",
        "deprecation",
    ),
    (r"future changes?", "deprecation"),
)

LIBRARIES: dict[str, Library] = {}


def _lib(lib: Library) -> None:
    LIBRARIES[lib.name] = lib


_lib(
    Library(
        name="pandas",
        repo="pandas-dev/pandas",
        mirrors=(
            ("pandas-dev+pandas", None, "upstream"),
            ("natmokval+pandas", None, FORK_NOTE),
        ),
        files=(FileSet(r"doc/source/whatsnew/v(?P<v>\d+\.\d+\.\d+)\.rst", "rst"),),
        min_version="0.16.0",
        rules=(
            (r"backwards?[- ]incompatible (api )?changes?.*", "all"),
            (r"(other )?api (breaking )?changes?", "all"),
            (r"removal of prior version deprecations(/changes)?|removals?.*", "all"),
            (r"notable bug fixes", "all"),
            (r"other changes|compatibility", "all"),
            (r"extension type changes|sparse changes", "filter"),
            (r"reorganization of the library.*|(datetimelike|period) api changes", "all"),
            (r"upcoming changes in pandas \d.*", "deprecation"),
            (r"deprecations?( .*)?", "deprecation"),
            (r"other deprecations?", "deprecation"),
            *DEPRECATION_RULES,
        ),
        unreleased=(r"\(Month XX", r"\(\?\?", r"\(unreleased\)", r"\(TBD\)"),
    )
)

_lib(
    Library(
        name="scikit-learn",
        repo="scikit-learn/scikit-learn",
        mirrors=(
            ("scikit-learn+scikit-learn", None, "upstream"),
            ("OmarManzoor+scikit-learn", None, FORK_NOTE),
        ),
        files=(FileSet(r"doc/whats_new/v(?P<v>\d+\.\d+)\.rst", "rst"),),
        min_version="0.16.0",
        rules=(
            (r"changed models", "all"),
            (r"api changes?( summary)?", "all"),
            (r"(other )?api changes?.*", "all"),
            *DEPRECATION_RULES,
            (r"changelog|changes impacting (all|many) modules|.*mod.*sklearn.*", "tags"),
            (r"(new features?|enhancements?)", "filter"),
            (r"bug fixes", "filter"),
            (r"model selection enhancements and api changes", "all"),
        ),
        default_mode="tags",
        version_heading=r"version (?P<v>\d+\.\d+(\.\d+)?)",
        unreleased=(r"\*\*in development\*\*", r"\*\*under development\*\*"),
    )
)

_lib(
    Library(
        name="numpy",
        repo="numpy/numpy",
        mirrors=(("numpy+numpy", None, "upstream"),),
        files=(FileSet(r"doc/source/release/(?P<v>\d+\.\d+\.\d+)-notes\.rst", "rst"),),
        min_version="1.10.0",
        rules=(
            (r"expired deprecations?", "all"),
            (r"compatibility notes?", "all"),
            (r"(numpy 2\.0 )?python api removals?", "all"),
            (r"(numpy 2\.0 )?python api changes?", "all"),
            (r"(other )?changes|behavior changes|removed .*|dropped support.*", "all"),
            (r"numpy 2\.0 c api removals", "skip"),
            *DEPRECATION_RULES,
        ),
        unreleased=(r"not yet released", r"We'll choose highlights for this release"),
    )
)

_lib(
    Library(
        name="scipy",
        repo="scipy/scipy",
        mirrors=(("scipy+scipy", None, "upstream"),),
        files=(FileSet(r"doc/source/release/(?P<v>\d+\.\d+\.\d+)-notes\.rst", "rst"),),
        min_version="0.16.0",
        rules=(
            (r"backwards?[- ]incompatible changes?", "all"),
            (r"expired deprecations?", "all"),
            (r"(other )?changes", "filter"),
            (
                r"deprecated features?( and future changes)?|scipy(\.\w+)* deprecations",
                "deprecation",
            ),
            (r"scipy(\.\w+)* changes", "filter"),
            *DEPRECATION_RULES,
        ),
        unreleased=(r"is not released yet", r"in development"),
        paragraph_items=True,
    )
)

_lib(
    Library(
        name="matplotlib",
        repo="matplotlib/matplotlib",
        mirrors=(
            ("matplotlib+matplotlib", None, "upstream"),
            (
                "MLXPorts+mlx-matplotlib",
                "ea40d72fb0b5da047ffb02e9d6322531334354ae",
                FORK_NOTE + "; read at its last upstream commit (matplotlib#30657, "
                "2025-10-21): the fork's later commits rewrite the docs for its port",
            ),
        ),
        files=(
            FileSet(r"doc/api/prev_api_changes/api_changes_(?P<v>\d+\.\d+\.\d+)\.rst", "rst"),
            FileSet(
                r"doc/api/prev_api_changes/api_changes_(?P<v>\d+\.\d+\.\d+)/"
                r"(behaviou?r|deprecations|removals)\.rst",
                "rst",
            ),
        ),
        min_version="1.5.0",
        rules=(
            (r"development( changes)?|dependency changes|.*toolkits? .*development.*", "skip"),
            (r"removals?|removed .*|.*removals?", "all"),
            (r"behaviou?r changes?|behaviou?r", "all"),
            (r"deprecation and removal", "all"),
            *DEPRECATION_RULES,
            (r".*deprecations?|deprecated .*", "deprecation"),
        ),
        default_mode="all",
    )
)

_lib(
    Library(
        name="statsmodels",
        repo="statsmodels/statsmodels",
        mirrors=(("statsmodels+statsmodels", None, "upstream"),),
        files=(FileSet(r"docs/source/release/version(?P<v>\d+\.\d+(\.\d+)?)(-\d+)?\.rst", "rst"),),
        min_version="0.8.0",
        rules=(
            (r"backwards?[- ]incompatible changes?.*|breaking changes.*", "all"),
            (r".*removed.*|.*removals?", "all"),
            (r".*deprecat.*", "deprecation"),
            (r"what's new - an overview|submodules", "filter"),
        ),
        unreleased=(r"current development head", r"\.dev0\b"),
    )
)

_lib(
    Library(
        name="seaborn",
        repo="mwaskom/seaborn",
        mirrors=(("mwaskom+seaborn", None, "upstream"),),
        files=(FileSet(r"doc/whatsnew/v(?P<v>\d+\.\d+\.\d+)\.rst", "rst"),),
        min_version="0.6.0",
        rules=(*DEPRECATION_RULES,),
        default_mode="tags",
        unreleased=(r"\(Unreleased\)",),
    )
)

_lib(
    Library(
        name="tensorflow",
        repo="tensorflow/tensorflow",
        mirrors=(
            ("tensorflow+tensorflow", None, "upstream"),
            (
                "6eanut+tensorflow_rv",
                None,
                "a one-commit import of the TensorFlow tree at 2.12.1 (the upstream snapshot "
                "and its forks are over the 500 MB fetch limit): 2.13 and later are missing",
            ),
        ),
        files=(FileSet(r"RELEASE\.md", "md"),),
        min_version="0.5.0",
        rules=(
            (r"breaking changes?.*|.*backwards?[- ]incompatible.*|behaviou?ral changes?", "all"),
            (r"api changes?|changes to .*api.*", "all"),
            *DEPRECATION_RULES,
            (r"major features and improvements|highlights", "filter"),
            (r"bug fixes and other changes|other changes", "filter"),
            (r"(`?tf\.)?keras`?", "filter"),
        ),
        version_heading=r"release (?P<v>\d+\.\d+\.\d+)",
        unreleased=(r"<INSERT ", r"<REPLACE THIS TEXT", r"<IF A CHANGE CLOSES"),
    )
)

_lib(
    Library(
        name="xgboost",
        repo="dmlc/xgboost",
        mirrors=(("dmlc+xgboost", None, "upstream"),),
        files=(
            FileSet(r"NEWS\.md", "md"),
            FileSet(r"doc/changes/v(?P<v>\d+\.\d+\.\d+)\.rst", "rst"),
        ),
        min_version="0.4.0",
        rules=(
            (r"breaking: .*|major api change: .*", "item"),
            (r"(other |notable )?breaking changes?.*|deprecation and breaking changes", "all"),
            (r"removed .*|removals?", "all"),
            (r"(other )?deprecation( notices?)?|deprecations?", "deprecation"),
            *DEPRECATION_RULES,
            (r"api additions", "skip"),
            (r"(changes in the |new features in )?python (package|interface)|python", "filter"),
            (r"(api|general) changes?|changes", "filter"),
            (r"(changes in the )?dask( interface)?|pyspark|scikit-learn interface", "filter"),
        ),
        version_mode="filter",
        version_heading=(
            r"(xgboost )?(release )?v?(?P<v>\d+\.\d+(\.\d+)?)( patch release)?( release)?"
            r"\s*(\(.*\))?.*"
        ),
        unreleased=(r"\(unreleased\)",),
    )
)

NOT_EXTRACTED = {
    "keras": (
        "keras-team/keras holds no release notes (they are GitHub releases, not repository "
        "files); tf.keras changes are in TensorFlow's RELEASE.md and counted there"
    ),
    "pytorch": (
        "pytorch/pytorch keeps its release notes as GitHub releases; its RELEASE.md is the "
        "release process, not notes (and the snapshot is 4 GB, over the 500 MB fetch limit)"
    ),
    "lightgbm": (
        "microsoft/LightGBM has no NEWS or changelog file; its notes are GitHub releases "
        "(drafted by .github/release-drafter.yml)"
    ),
}

# --------------------------------------------------------------------------------------------
# kinds: a keyword heuristic on the cleaned text (the first rule that matches decides)
# --------------------------------------------------------------------------------------------

KIND_RULES: tuple[tuple[str, str], ...] = (
    ("renamed", r"\brenam\w*|\bhas (been )?moved to\b|\bmoved (from \S+ )?to\b|\bnow called\b"),
    ("deprecated", r"\bdeprecat\w*[^.;]*\bwill be removed\b|\bwill be removed\b"),
    (
        "removed",
        r"\b(removed|removes|removal of|remove (the )?(deprecated|support)|dropped support|"
        r"drops? support|dropped|no longer (available|supported|exists?|exposed|accepted|accepts?|"
        r"present|provided|importable)|expired|has been deleted|were deleted|is gone)\b|"
        r"^(remove|drop|delete)\b",
    ),
    (
        "default_changed",
        r"(?<!non-)\bdefault\w*\b(?:(?!\.\s)[^;]){0,80}?\b(changed|is now|are now|now|will be|"
        r"switched|to)\b|"
        r"\b(changed|change|changes) (the )?default|\bnew defaults?\b|\bdefaults? (changed|to)\b",
    ),
    ("removed", r"\benforced?\b|\bdisallow\w*"),
    ("deprecated", r"\bdeprecat\w*"),
    (
        "behaviour_changed",
        r"\b(now (raises?|returns?|uses?|produces?|gives?|behaves?|always|accepts?|requires?|"
        r"yields?|computes?|respects?|preserves?|checks?|warns?|errors?|matches?|follows?|"
        r"treats?|infers?|sorts?|keeps?|casts?)|no longer|instead of|behaviou?r|will raise|"
        r"raises? (a |an )?\w*(error|warning|exception)|changed|consistent(ly)?|"
        r"is now|are now|breaking)\b",
    ),
)

FILTER_WORDS = re.compile(
    r"\b(removed|removes|removal|renamed|renames|deprecat\w*|no longer|dropped|drops? support|"
    r"instead of|backwards?[- ]incompatible|breaking|behaviou?r (change\w*|changed)|"
    r"now raises?|will raise|(changed?|changes) the default)\b|"
    r"(?<!non-)\bdefaults? (value |behaviou?r )?(is|are|was|has|have|will|changed|now|to|from)\b|"
    r"^(remove|drop|rename|deprecate)\b",
    re.IGNORECASE,
)

KEEP_TAGS = {"API", "Defaults", "Deprecation", "Removed", "Removal"}
FILTER_TAGS = {"Fix", "Enhancement", "Feature", "MajorFeature", "Bugfix"}
DROP_TAGS = {"Efficiency", "Docs", "Build", "Deps", "Performance"}


SECTION_KINDS: tuple[tuple[str, str], ...] = (
    ("removed", r".*(remov|expired|enforced).*"),
    (
        "behaviour_changed",
        r".*(compatib|behavio|breaking|api change|changed models|notable bug).*|(other )?changes",
    ),
)


def classify(text: str, deprecation_section: bool, section: str = "") -> tuple[str, str]:
    """The kind of an item and the words that decided it (empty for "other").

    In a deprecations section every item is "deprecated". Elsewhere the first of KIND_RULES
    whose pattern is in the text decides; failing that, the title of the counted section does
    (SECTION_KINDS: a removals section gives "removed", a compatibility one
    "behaviour_changed"), and the words read "(section: <title>)".
    """
    if deprecation_section:
        m = re.search(r"\bdeprecat\w*", text, re.IGNORECASE)
        return "deprecated", (m.group(0) if m else "(deprecations section)")
    for kind, pattern in KIND_RULES:
        m = re.search(pattern, text, re.IGNORECASE)
        if m:
            words = m.group(0).split()
            return kind, " ".join(words if len(words) <= 4 else [*words[:2], "…", *words[-2:]])
    for kind, pattern in SECTION_KINDS:
        if section and re.fullmatch(pattern, section):
            return kind, f"(section: {section})"
    return "other", ""


# --------------------------------------------------------------------------------------------
# text: markup stripped, API names collected
# --------------------------------------------------------------------------------------------

_ROLE = re.compile(r":[\w.+-]+(?::[\w.+-]+)?:`([^`]*)`")
_REF_ROLES = re.compile(
    r"\s*\(?\s*(?::(?:issue|pr|gh|ghpull|ghissue|ghuser|user|commit|cve):`[^`]*`[\s,;]*(?:and\s+)?)+\)?"
)
_TAG = re.compile(r"\|([A-Z][A-Za-z]+)\|")
_IDENT = re.compile(r"[A-Za-z_][\w.]*(?:\(\))?=?")
_QUALIFIED = re.compile(
    r"(?<![\w.`])(?:np|pd|tf|sklearn|scipy|plt|mpl|sns|xgb|torch|numpy|pandas|matplotlib|"
    r"keras|statsmodels|sm|smf|seaborn|xgboost)\.[A-Za-z_][\w.]*(?:\(\))?"
)
_TRIVIAL = {"True", "False", "None", "NaN", "nan", "inf"}


def _role_target(content: str) -> str:
    m = re.search(r"<([^>]+)>\s*$", content)
    name = m.group(1) if m else content
    return name.strip().lstrip("~!").lstrip(".")


def find_apis(raw: str, fmt: str) -> list[str]:
    """Dotted or backticked names in a bullet, in order, without repeats."""
    found: list[str] = []

    def add(name: str) -> None:
        name = name.strip().strip(",;:").lstrip("~!").lstrip(".")
        if name.endswith("()"):
            name = name[:-2]
        if len(name) < 2 or name in _TRIVIAL or not _IDENT.fullmatch(name):
            return
        if name not in found:
            found.append(name)

    text = raw
    if fmt == "rst":
        for m in _ROLE.finditer(text):
            if not re.match(r":(issue|pr|gh|ghpull|ghissue|user|ref|doc|cve):", m.group(0)):
                add(_role_target(m.group(1)))
        text = _ROLE.sub(" ", text)
        for m in re.finditer(r"``([^`]+)``", text):
            add(m.group(1))
        text = re.sub(r"``[^`]+``", " ", text)
        for m in re.finditer(r"(?<![`\w])`([^`<]+?)`(?!_)", text):
            add(m.group(1))
    else:
        for m in re.finditer(r"`([^`]+)`", text):
            add(m.group(1))
        text = re.sub(r"`[^`]+`", " ", text)
    for m in _QUALIFIED.finditer(text):
        add(m.group(0))
    return found[:16]


def clean_text(raw: str, fmt: str) -> str:
    """The bullet as plain text: roles, links, emphasis, tags and issue references removed."""
    t = raw
    if fmt == "rst":
        # scikit-learn credits: "By :user:`Name <id>` :pr:`123`", "By `Name`_ in :pr:`123`"
        t = re.sub(r"\s*\b[Bb]y\s+(:user:`|`[^`]+`_).*$", "", t, flags=re.DOTALL)
        t = re.sub(r"\s*:pr:`\d+`\s*by\s+(:user:`|`[^`]+`_).*$", "", t, flags=re.DOTALL)
        t = _REF_ROLES.sub(" ", t)
        t = _ROLE.sub(lambda m: _role_text(m.group(1)), t)
        t = re.sub(r"``([^`]+)``", r"\1", t)
        t = re.sub(r"`([^`<]*?)\s*<[^>]*>`__?", r"\1", t)  # `text <url>`_
        t = re.sub(r"`([^`]+)`__?", r"\1", t)
        t = re.sub(r"`[~!]?\.?([^`]+)`", r"\1", t)
        t = re.sub(r"\\(.)", r"\1", t)
    else:
        t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", t)  # [text](url)
        t = re.sub(r"<https?://[^>]*>", "", t)
        t = re.sub(r"</?[A-Za-z][^>]*>", "", t)  # HTML tags
        t = re.sub(r"`([^`]+)`", r"\1", t)
    t = re.sub(r"\s*\(\s*#\d+(\s*,\s*#\d+)*\s*\)", "", t)  # (#1234, #1235)
    t = _TAG.sub(" ", t)
    t = re.sub(r"\*\*([^*]+)\*\*", r"\1", t)
    t = re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"\1", t)
    t = re.sub(r"(?<!\w)__([^_]+)__(?!\w)", r"\1", t)
    t = re.sub(r"\(\s*[,;]?\s*\)", "", t)
    t = re.sub(r"\s+(in|and|,)\s*$", "", t)
    t = re.sub(r"\s+", " ", t).strip()
    t = re.sub(r"\s+([.,;:)])", r"\1", t)
    return t


def _role_text(content: str) -> str:
    m = re.match(r"(.*?)\s*<([^>]+)>\s*$", content, re.DOTALL)
    if m and m.group(1).strip():
        return m.group(1).strip()
    return content.strip().lstrip("~!").lstrip(".")


def normalize(text: str) -> str:
    """What the id hashes: the cleaned text, whitespace collapsed."""
    return re.sub(r"\s+", " ", text).strip()


def short_hash(text: str) -> str:
    return hashlib.sha1(normalize(text).encode("utf-8")).hexdigest()[:8]


# --------------------------------------------------------------------------------------------
# parsing: headings, then blocks (paragraphs and bullets with their children)
# --------------------------------------------------------------------------------------------

_ADORN = re.compile(r"([!-/:-@\[-`{-~])\1{2,}\s*")
_BULLET = re.compile(r"^(\s*)([-*+\u2022]|\d{1,2}[.)]|#\.)\s+(\S.*)$")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


@dataclass
class Section:
    level: int
    title: str
    lines: list[str] = field(default_factory=list)


def split_sections(text: str, fmt: str) -> list[Section]:
    """The document as a flat list of sections; the first has level -1 (before any heading)."""
    lines = text.expandtabs(4).splitlines()
    sections = [Section(-1, "")]
    if fmt == "md":
        fence = False
        for line in lines:
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
            m = None if fence else _MD_HEADING.match(line)
            if m:
                sections.append(Section(len(m.group(1)) - 1, m.group(2).strip()))
            else:
                sections[-1].lines.append(line)
        return sections
    styles: list[tuple[str, bool]] = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        # overline, title, underline
        if (
            _ADORN.fullmatch(line)
            and i + 2 < n
            and lines[i + 1].strip()
            and _ADORN.fullmatch(lines[i + 2])
            and lines[i + 2].strip() == line.strip()
            and (i == 0 or not lines[i - 1].strip())
        ):
            style = (line.strip()[0], True)
            if style not in styles:
                styles.append(style)
            sections.append(Section(styles.index(style), lines[i + 1].strip()))
            i += 3
            continue
        # title, underline
        if (
            i + 1 < n
            and line.strip()
            and not line[0].isspace()
            and not line.startswith("..")
            and not _BULLET.match(line)
            and not _ADORN.fullmatch(line)
            and _ADORN.fullmatch(lines[i + 1])
            and len(lines[i + 1].strip()) >= min(len(line.strip()), 4)
            and (i == 0 or not lines[i - 1].strip())
        ):
            style = (lines[i + 1].strip()[0], False)
            if style not in styles:
                styles.append(style)
            sections.append(Section(styles.index(style), line.strip()))
            i += 2
            continue
        sections[-1].lines.append(line)
        i += 1
    return sections


@dataclass
class Block:
    kind: str  # "para" or "bullet"
    text: str  # own text (raw markup, lines joined with newlines)
    children: list[Block] = field(default_factory=list)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def parse_blocks(lines: list[str], fmt: str) -> list[Block]:
    blocks: list[Block] = []
    i, n = 0, len(lines)
    literal_after: int | None = None  # indent of the paragraph that ended with "::"
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        ind = _indent(line)
        stripped = line.strip()
        if literal_after is not None:
            if ind > literal_after:
                i += 1
                continue
            literal_after = None
        if fmt == "md" and re.match(r"^(```|~~~)", stripped):
            j = i + 1
            while j < n and not re.match(r"^\s*(```|~~~)", lines[j]):
                j += 1
            i = j + 1
            continue
        if fmt == "rst" and (stripped.startswith(".. ") or stripped == ".."):
            j = i + 1
            while j < n and (not lines[j].strip() or _indent(lines[j]) > ind):
                j += 1
            i = j
            continue
        m = _BULLET.match(line)
        if m and not (fmt == "rst" and re.fullmatch(r"[-=+]+", stripped)):
            body_indent = ind + len(m.group(2)) + 1
            own = [m.group(3)]
            j = i + 1
            while j < n:
                nxt = lines[j]
                if not nxt.strip():
                    # a blank line ends the bullet unless what follows is indented under it
                    k = j
                    while k < n and not lines[k].strip():
                        k += 1
                    if k < n and _indent(lines[k]) > ind:
                        j = k
                        continue
                    break
                if _indent(nxt) > ind:
                    j += 1
                    continue
                if (
                    fmt == "md"
                    and not _BULLET.match(nxt)
                    and not _MD_HEADING.match(nxt)
                    and lines[j - 1].strip()
                ):
                    j += 1  # lazy continuation line
                    continue
                break
            rest = [
                ln[body_indent:] if _indent(ln) >= body_indent else ln.lstrip()
                for ln in lines[i + 1 : j]
            ]
            # own text: continuation lines up to a blank line or a nested bullet
            k = 0
            while k < len(rest) and rest[k].strip() and not _BULLET.match(rest[k]):
                own.append(rest[k].strip())
                k += 1
            children = parse_blocks(rest[k:], fmt)
            text = "\n".join(own)
            if fmt == "rst" and text.rstrip().endswith("::"):
                children = [c for c in children if c.kind == "bullet"]
            blocks.append(Block("bullet", text, children))
            i = j
            continue
        # a paragraph: lines at this indent up to a blank line, a bullet or a directive
        para = [stripped]
        j = i + 1
        while j < n and lines[j].strip():
            if _BULLET.match(lines[j]) or lines[j].strip().startswith(".. "):
                break
            if fmt == "md" and _MD_HEADING.match(lines[j]):
                break
            para.append(lines[j].strip())
            j += 1
        text = "\n".join(para)
        if fmt == "rst" and text.endswith("::"):
            literal_after = ind
        if not _is_table(text):
            blocks.append(Block("para", text))
        i = j
    return blocks


def _is_table(text: str) -> bool:
    first = text.lstrip()
    if first.startswith("+-") or first.startswith("+="):
        return True
    if first.startswith("|") and not re.fullmatch(
        r"(\|[A-Z][A-Za-z]+\|\s*)+", first.split("\n")[0]
    ):
        return True
    return bool(re.fullmatch(r"[=\s-]+", first))


def _tags(text: str) -> list[str]:
    return _TAG.findall(text)


def _is_tag_paragraph(text: str) -> bool:
    return bool(re.fullmatch(r"(\|[A-Z][A-Za-z]+\|[\s,]*)+", text.strip()))


def _is_label(text: str) -> bool:
    """A parent bullet that only names a group (``tf.keras``:, :mod:`x`)."""
    plain = clean_text(text, "rst" if ":" in text and "`" in text else "md")
    plain = plain.rstrip(":").strip()
    return len(plain) <= 60 and len(plain.split()) <= 6 and not plain.endswith(".")


def _fold(block: Block) -> str:
    """A bullet with its nested bullets folded in ("parent child1; child2")."""
    text = block.text
    for k, child in enumerate(block.children):
        sep = (
            "; " if k and child.kind == "bullet" and block.children[k - 1].kind == "bullet" else " "
        )
        text = f"{text}{sep}{_fold(child)}" if text.strip() else _fold(child)
    return text


# --------------------------------------------------------------------------------------------
# items
# --------------------------------------------------------------------------------------------


def _norm_title(title: str, fmt: str) -> str:
    t = clean_text(title, fmt).lower().strip().rstrip(":").strip()
    return re.sub(r"\s+", " ", t)


def _match_rule(lib: Library, title: str) -> str | None:
    for pattern, mode in lib.rules:
        if re.fullmatch(pattern, title):
            return mode
    for pattern in COMMON_SKIP:
        if re.fullmatch(pattern, title):
            return "skip"
    return None


def version_key(version: str) -> tuple[int, ...]:
    nums = [int(x) for x in re.findall(r"\d+", version)[:4]]
    return tuple(nums + [0] * (3 - len(nums)))


def norm_version(version: str) -> str:
    parts = re.findall(r"\d+", version)
    while len(parts) < 3:
        parts.append("0")
    return ".".join(parts[:4])


@dataclass
class RawItem:
    version: str
    section: str
    text: str  # raw markup
    deprecation: bool
    mode: str
    tags: list[str]
    rule_title: str = ""


@dataclass
class Heading:
    level: int
    title: str  # as written
    rule: str | None  # the mode its title sets, if a rule matches it
    rule_title: str  # its normalized title, when a rule matched
    version: str | None  # the version it starts, for a version heading
    is_item: bool = False  # a rule of mode "item": the heading is an item itself


def _resolve(lib: Library, stack: list[Heading]) -> tuple[str, int, str]:
    """The mode of the innermost section, the depth of the heading that set it, its title."""
    mode, depth, title = lib.default_mode, -1, ""
    for i, h in enumerate(stack):
        rule = h.rule
        if h.version is not None and lib.version_mode:
            rule = lib.version_mode
        if rule is None:
            continue
        if mode == "skip" and depth >= 0:
            break  # a skipped section stays skipped
        mode, depth, title = rule, i, h.rule_title
    return mode, depth, title


def _walk(lib: Library, text: str, fmt: str, version: str | None) -> list[RawItem]:
    """Raw candidate items of one file, before the mode filters."""
    out: list[RawItem] = []
    stack: list[Heading] = []
    for sec in split_sections(text, fmt):
        if sec.level >= 0:
            while stack and stack[-1].level >= sec.level:
                stack.pop()
            title = _norm_title(sec.title, fmt)
            vm = re.fullmatch(lib.version_heading, title) if lib.version_heading else None
            rule = None if vm else _match_rule(lib, title)
            is_item = rule == "item"
            stack.append(
                Heading(
                    sec.level,
                    sec.title,
                    "all" if is_item else rule,
                    title if rule else "",
                    norm_version(vm.group("v")) if vm else None,
                    is_item,
                )
            )
        cur_version = version
        for h in stack:
            if h.version:
                cur_version = h.version
        if cur_version is None:
            continue
        mode, depth, rule_title = _resolve(lib, stack)
        if mode not in KEEP_MODES:
            continue
        deprecation = mode == "deprecation"
        # the section path: from the heading that set the mode down, version headings left out;
        # with no such heading, all but the document title
        named = [(i, h) for i, h in enumerate(stack) if h.version is None]
        if depth >= 0:
            shown = [h for i, h in named if i >= depth]
        else:
            shown = [h for i, h in named[1:]] if len(named) > 1 else []
        section_path = " > ".join(clean_text(h.title, fmt) for h in shown)
        here = stack[-1] if stack and sec.level >= 0 else None
        # a heading below the counted one, or the counted heading of mode "item", is an item
        # itself (its title and first paragraph); one with no rule at all below the document
        # title is too, where the library keeps by default
        heading_item = (
            here is not None
            and here.version is None
            and (
                here.is_item
                or (
                    here.rule is None
                    and (depth >= 0 and len(stack) - 1 > depth or (depth < 0 and len(named) > 1))
                )
            )
        )
        parent_path = (
            " > ".join(clean_text(h.title, fmt) for h in shown[:-1]) if heading_item else ""
        )
        sec_tags: list[str] = []
        first = True
        blocks = parse_blocks(sec.lines, fmt)
        if heading_item and here.is_item:
            body = [b for b in blocks if not (b.kind == "para" and _is_tag_paragraph(b.text))]
            if not body or body[0].kind != "para":
                blocks = [Block("para", ""), *blocks]  # the heading alone is the item
        for b in blocks:
            if b.kind == "para" and b.text and _is_tag_paragraph(b.text):
                sec_tags.extend(_tags(b.text))
                continue
            if b.kind == "para":
                if heading_item and first:
                    first = False
                    raw = f"{here.title}: {b.text}" if b.text else here.title
                    out.append(
                        RawItem(
                            cur_version,
                            parent_path,
                            raw,
                            deprecation,
                            mode,
                            list(sec_tags),
                            rule_title,
                        )
                    )
                    continue
                first = False
                if (
                    lib.paragraph_items
                    and not b.text.rstrip().endswith(":")
                    and find_apis(b.text, fmt)
                ):
                    out.append(
                        RawItem(
                            cur_version,
                            section_path,
                            b.text,
                            deprecation,
                            mode,
                            list(sec_tags),
                            rule_title,
                        )
                    )
                continue
            first = False
            if b.children and _is_label(b.text):
                label = b.text.strip().rstrip(":").strip()
                raws = [f"{label}: {_fold(child)}" for child in b.children]
            else:
                raws = [_fold(b)]
            for raw in raws:
                out.append(
                    RawItem(
                        cur_version,
                        section_path,
                        raw,
                        deprecation,
                        mode,
                        sec_tags + _tags(raw),
                        rule_title,
                    )
                )
    return out


def extract_items(
    library: str, version: str | None, text: str, fmt: str, file: str = "", assign: bool = True
) -> list[dict]:
    """The items of one release-notes text (pure: no files, no git).

    ``version`` is the file's version (None when the file holds several, each under its own
    heading); ``fmt`` is "rst" or "md". Items are returned in document order, ids assigned.
    """
    lib = LIBRARIES[library]
    raws = _walk(lib, text, fmt, norm_version(version) if version else None)
    items: list[dict] = []
    skip_versions = _unreleased_versions(lib, text, fmt, version)
    for raw in raws:
        if raw.version in skip_versions:
            continue
        if version_key(raw.version) < version_key(lib.min_version):
            continue
        plain = clean_text(raw.text, fmt)
        if len(plain) < 12:
            continue
        keep = raw.mode in ("all", "deprecation")
        tags = list(dict.fromkeys(raw.tags))
        if raw.mode == "filter":
            keep = bool(FILTER_WORDS.search(plain))
        elif raw.mode == "tags":
            tagset = set(tags)
            if tagset & KEEP_TAGS:
                keep = True
            elif tagset & DROP_TAGS and not tagset & FILTER_TAGS:
                keep = False
            else:
                keep = bool(FILTER_WORDS.search(plain))
        if not keep:
            continue
        kind, words = classify(plain, raw.deprecation, raw.rule_title)
        items.append(
            {
                "library": library,
                "version": raw.version,
                "file": file,
                "section": raw.section,
                "kind": kind,
                "kind_words": words,
                "deprecation": raw.deprecation or kind == "deprecated",
                "tags": tags,
                "apis": find_apis(raw.text, fmt),
                "text": plain if len(plain) <= TEXT_LIMIT else plain[: TEXT_LIMIT - 1] + "\u2026",
                "_norm": normalize(plain),
            }
        )
    if assign:
        assign_ids(items)
    return items


def _unreleased_versions(lib: Library, text: str, fmt: str, version: str | None) -> set[str]:
    """Versions of this text whose own part matches an 'unreleased' marker."""
    if not lib.unreleased:
        return set()
    skipped: set[str] = set()
    if lib.version_heading is None:
        head = "\n".join(text.splitlines()[:40])
        if version and any(re.search(p, head, re.IGNORECASE) for p in lib.unreleased):
            skipped.add(norm_version(version))
        return skipped
    current = None
    chunk: list[str] = []
    for sec in split_sections(text, fmt):
        title = _norm_title(sec.title, fmt) if sec.level >= 0 else ""
        m = re.fullmatch(lib.version_heading, title) if title else None
        if m:
            if current and any(
                re.search(p, "\n".join(chunk), re.IGNORECASE) for p in lib.unreleased
            ):
                skipped.add(current)
            current = norm_version(m.group("v"))
            chunk = [sec.title]
        chunk.extend(sec.lines[:20] if m else [])
    if current and any(re.search(p, "\n".join(chunk), re.IGNORECASE) for p in lib.unreleased):
        skipped.add(current)
    return skipped


def assign_ids(items: list[dict]) -> None:
    seen: dict[str, int] = {}
    for item in items:
        base = f"{item['library']}-{item['version']}-{short_hash(item.pop('_norm'))}"
        seen[base] = seen.get(base, 0) + 1
        item_id = base if seen[base] == 1 else f"{base}-{seen[base]}"
        item["id"] = item_id
    for item in items:
        ordered = {"id": item.pop("id")}
        ordered.update(item)
        item.clear()
        item.update(ordered)


# --------------------------------------------------------------------------------------------
# reading the mirrors
# --------------------------------------------------------------------------------------------


def _git(git_dir: Path, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", *args],
        check=True,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
    ).stdout


def find_mirror(lib: Library, mirror_root: Path) -> tuple[Path, str | None, str] | None:
    for name, ref, why in lib.mirrors:
        for candidate in (mirror_root / name / "repo", mirror_root / name):
            if (candidate / "HEAD").exists() and (candidate / "objects").exists():
                return candidate, ref, why
    return None


def extract_library(
    lib: Library, mirror_root: Path, commit: str | None = None
) -> tuple[list[dict], dict]:
    found = find_mirror(lib, mirror_root)
    if found is None:
        names = [m[0] for m in lib.mirrors]
        raise FileNotFoundError(f"{lib.name}: none of {names} under {mirror_root}")
    git_dir, ref, why = found
    rev = _git(git_dir, "rev-parse", commit or ref or "HEAD").strip()
    date = _git(git_dir, "log", "-1", "--format=%cs", rev).strip()
    paths = _git(git_dir, "ls-tree", "-r", "--name-only", rev).splitlines()
    items: list[dict] = []
    files_read: list[str] = []
    for fileset in lib.files:
        for path in sorted(paths):
            m = re.fullmatch(fileset.pattern, path)
            if not m:
                continue
            version = m.groupdict().get("v")
            if version and version_key(version) < version_key(lib.min_version):
                continue
            text = _git(git_dir, "show", f"{rev}:{path}")
            files_read.append(path)
            items.extend(
                extract_items(lib.name, version, text, fileset.fmt, file=path, assign=False)
            )
    assign_ids(items)  # once for the library: ids are unique per version across its files
    items.sort(key=lambda it: (version_key(it["version"]), it["id"]))
    versions = sorted({it["version"] for it in items}, key=version_key)
    mirror = git_dir.parent.name if git_dir.name == "repo" else git_dir.name
    source = {
        "repository": lib.repo,
        "read_from": "github:" + mirror.replace("+", "/", 1),
        "why": why,
        "commit": rev,
        "commit_date": date,
        "files": [fs.pattern for fs in lib.files],
        "files_read": len(files_read),
        "min_version": lib.min_version,
        "versions": [versions[0], versions[-1]] if versions else [],
    }
    return items, source


def counts_of(items: list[dict]) -> dict:
    out: dict = {"items": len(items), "by_kind": {}, "deprecation": 0, "versions": {}}
    for it in items:
        out["by_kind"][it["kind"]] = out["by_kind"].get(it["kind"], 0) + 1
        out["deprecation"] += bool(it["deprecation"])
        v = out["versions"].setdefault(it["version"], {"items": 0, "by_kind": {}})
        v["items"] += 1
        v["by_kind"][it["kind"]] = v["by_kind"].get(it["kind"], 0) + 1
    out["by_kind"] = dict(sorted(out["by_kind"].items()))
    return out


def counts_markdown(counts: dict, sources: dict) -> str:
    """counts.json as Markdown: a row per library, then each library's versions."""
    kinds = KINDS
    lines = [
        "# Extracted items per library and version",
        "",
        "<!-- written by benchmarks/coverage/extract.py from counts.json; do not edit -->",
        "",
        "| library | versions | items | " + " | ".join(kinds) + " | deprecation flag | read from |",
        "|---|---|---|" + "---|" * len(kinds) + "---|---|",
    ]
    total = 0
    for name, c in counts.items():
        src = sources.get(name, {})
        span = "–".join(src.get("versions", [])) if src.get("versions") else ""
        by = [str(c["by_kind"].get(k, 0)) for k in kinds]
        read = f"{src.get('read_from', '')} @ {src.get('commit', '')[:10]}"
        lines.append(
            f"| {name} | {span} | {c['items']} | "
            + " | ".join(by)
            + f" | {c['deprecation']} | {read} |"
        )
        total += c["items"]
    lines.append(f"| **all** | | **{total}** |" + " |" * len(kinds) + " | |")
    lines += ["", "Items per version (version: items):", ""]
    for name, c in counts.items():
        per = ", ".join(f"{v} {n['items']}" for v, n in c["versions"].items())
        lines.append(f"- **{name}**: {per}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--out", type=Path, default=HERE / "items")
    ap.add_argument("--library", choices=sorted(LIBRARIES), action="append")
    ap.add_argument(
        "--pinned", action="store_true", help="read the commits recorded in <out>/sources.json"
    )
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sources_path = args.out / "sources.json"
    counts_path = args.out / "counts.json"
    old_sources = json.loads(sources_path.read_text()) if sources_path.exists() else {}
    sources = dict(old_sources.get("libraries", {}))
    counts = (
        json.loads(counts_path.read_text()).get("libraries", {}) if counts_path.exists() else {}
    )
    for name in args.library or sorted(LIBRARIES):
        lib = LIBRARIES[name]
        pin = sources.get(name, {}).get("commit") if args.pinned else None
        try:
            items, source = extract_library(lib, args.mirror, pin)
        except (FileNotFoundError, subprocess.CalledProcessError) as exc:
            print(f"{name}: skipped ({exc})", file=sys.stderr)
            continue
        with (args.out / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
            for item in items:
                fh.write(json.dumps(item, ensure_ascii=False, sort_keys=False) + "\n")
        sources[name] = source
        counts[name] = counts_of(items)
        print(f"{name}: {len(items)} items, {source['versions']} from {source['read_from']}")
    total = sum(c["items"] for c in counts.values())
    sources_path.write_text(
        json.dumps(
            {"libraries": dict(sorted(sources.items())), "not_extracted": NOT_EXTRACTED},
            indent=1,
        )
        + "\n"
    )
    counts = dict(sorted(counts.items()))
    for c in counts.values():
        c["versions"] = dict(sorted(c["versions"].items(), key=lambda kv: version_key(kv[0])))
    counts_path.write_text(json.dumps({"total": total, "libraries": counts}, indent=1) + "\n")
    (args.out / "counts.md").write_text(counts_markdown(counts, sources), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
