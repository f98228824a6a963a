"""What a docstring says about an old name: "Renamed from ``n_trees``", "`sparse` was renamed to
`sparse_output`", "Replaces ``predict_labels``", "verbose : removed in 2.0; it had no effect".

Libraries leave these notes where the new name is documented (numpydoc ``versionchanged`` and
``deprecated`` directives, a parameter entry, the first lines of a method's docstring). This
module finds them in any docstring; it knows no library's names."""

from __future__ import annotations

import re

# words that say a name took over from another, near the old name
_RENAME = re.compile(
    r"\b(renamed|rename|formerly|previously|was called|replaces|replaced|in favou?r of|"
    r"alias|instead of|supersedes|successor|deprecated)\b",
    re.IGNORECASE,
)
_NO_EFFECT = re.compile(
    r"\b(no effect|had no effect|has no effect|ignored|is ignored|did nothing|does nothing|"
    r"unused|not used)\b",
    re.IGNORECASE,
)
_REMOVED = re.compile(r"\b(removed|dropped|deleted|gone)\b", re.IGNORECASE)
_ENTRY = re.compile(r"^(\s*)\*{0,2}([A-Za-z_][A-Za-z0-9_]*)\*{0,2}\s*(?::|\()(.*)$")
_HEADER = re.compile(r"^\s*(Parameters|Other Parameters|Arguments|Args|Keyword Arguments)\s*:?\s*$")
_UNDERLINE = re.compile(r"^\s*[-=~]{3,}\s*$")
_SECTION = re.compile(r"^\s*[A-Z][A-Za-z ]{2,30}\s*:?\s*$")


_DEPRECATED_HEAD = re.compile(r"\bdeprecated\b|^\s*\.\. deprecated::", re.IGNORECASE | re.MULTILINE)


def says_deprecated(doc: str) -> bool:
    """The docstring's opening says its object is deprecated: in its summary paragraph
    ("DEPRECATED TF 1.x ONLY. (deprecated)") or a ``.. deprecated::`` directive right after it
    (numpydoc). A parameter deprecated further down says nothing about the object."""
    paragraphs = [p for p in re.split(r"\n\s*\n", doc.strip()) if p.strip()]
    head = paragraphs[:1]
    if len(paragraphs) > 1 and paragraphs[1].lstrip().startswith(".. deprecated::"):
        head.append(paragraphs[1])
    return any(_DEPRECATED_HEAD.search(p) for p in head)


def mentions(text: str, name: str) -> bool:
    """``name`` appears as a word (bare, ``quoted``, `ticked`, 'quoted'). A name that is also
    an English word (``valid``, ``first``, ``sort``) counts only where it is written as code:
    quoted, called, or read as an attribute."""
    if re.fullmatch(r"[a-z]+", name):
        code = rf"``{name}``|`{name}`|'{name}'|\"{name}\"|(?<![\w]){name}\(|\.{name}(?![\w])"
        return re.search(code, text) is not None
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", text) is not None


def sentences_naming(text: str, name: str) -> list[str]:
    """The sentences (or directive paragraphs) of ``text`` that name ``name``."""
    flat = re.sub(r"\s*\n\s*", " ", text)
    parts = re.split(r"(?<=[.;!?])\s+(?=[A-Z`*'\"(])|\s(?=\.\. )", flat)
    return [p.strip() for p in parts if mentions(p, name)]


def parameter_entries(doc: str) -> dict[str, str]:
    """numpydoc / Google style parameter entries: name -> its text (the entry line's rest and the
    indented lines under it)."""
    return {name: " ".join(lines) for name, lines in _parameter_blocks(doc).items()}


def parameter_types(doc: str) -> dict[str, str]:
    """name -> the entry's first line, where numpydoc gives the type (``{'equal', 'auto'} or
    float or None, default: None``)."""
    return {name: lines[0] for name, lines in _parameter_blocks(doc).items()}


def _parameter_blocks(doc: str) -> dict[str, list[str]]:
    blocks: dict[str, list[str]] = {}
    lines = doc.splitlines()
    in_params = False
    current: str | None = None
    base = 0
    for i, line in enumerate(lines):
        if _HEADER.match(line):
            in_params, current = True, None
            continue
        if not in_params or _UNDERLINE.match(line):
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _SECTION.match(line) and _UNDERLINE.match(nxt):
            in_params, current = False, None  # the next numpydoc section
            continue
        m = _ENTRY.match(line)
        indent = len(line) - len(line.lstrip())
        if m and (current is None or indent <= base):
            current, base = m.group(2), indent
            blocks[current] = [m.group(3).strip()]
        elif current is not None and line.strip():
            blocks[current].append(line.strip())
    return blocks


# the words a type line uses for the kinds of literal a notebook passes
_KIND_WORDS = {
    "str": {"str"},
    "string": {"str"},
    "path": {"str"},
    "bool": {"bool"},
    "boolean": {"bool"},
    "int": {"int"},
    "integer": {"int"},
    "float": {"float"},
    "number": {"float"},
    "numeric": {"float"},
    "scalar": {"any"},
    "dict": {"dict"},
    "mapping": {"dict"},
    "list": {"list", "tuple"},
    "sequence": {"list", "tuple"},
    "iterable": {"list", "tuple"},
    "tuple": {"tuple", "list"},
    "array": {"list", "tuple"},
    "hashable": {"any"},
    "object": {"any"},
    "any": {"any"},
    "label": {"any"},
    "color": {"str", "tuple", "list"},
}


def documented_kinds(type_line: str) -> tuple[set[str], set] | None:
    """What a parameter's type line admits: the kinds of literal (``str``, ``int``, ...; ``any``)
    and the values its braces list (``{0 or 'index', 1 or 'columns'}``). None when the line
    names no kind this reads (a default alone, a class name)."""
    text = re.split(r",?\s*default", type_line, maxsplit=1)[0]
    values: set = set()
    for inside in re.findall(r"\{([^{}]*)\}", text):
        for token in re.split(r",|\bor\b", inside):
            token = token.strip().strip("`")
            if len(token) > 1 and token[0] == token[-1] and token[0] in "'\"":
                values.add(token[1:-1])
            elif re.fullmatch(r"-?[0-9]+", token):
                values.add(int(token))
            elif token in ("True", "False"):
                values.add(token == "True")
    outside = re.sub(r"\{[^{}]*\}", " ", text)
    # a value named outside braces: ``list of tuple (int, int) or 'infer'``
    values |= {a or b for a, b in re.findall(r"'([^'\s]+)'|\"([^\"\s]+)\"", outside)}
    outside = re.sub(r"'[^'\s]+'|\"[^\"\s]+\"", " ", outside)
    kinds: set[str] = set()
    for word in re.findall(r"[A-Za-z]+", outside):
        kinds |= _KIND_WORDS.get(word.lower(), set())
    if not kinds and not values:
        return None
    return kinds, values


def admits(kinds: tuple[set[str], set], kind: str, value: object) -> bool:
    """Whether a literal of ``kind`` (its ``value`` where known) fits :func:`documented_kinds`."""
    named, values = kinds
    if "any" in named or kind in named:
        return True
    if kind in ("int", "float") and named & {"int", "float"}:
        return True
    return value is not None and value in values and type(value).__name__ == kind


def renamed_parameter(doc: str, params: list[str], old: str) -> tuple[str, str] | None:
    """The parameter of ``params`` that the docstring says replaced ``old``, with the sentence
    that says so."""
    entries = parameter_entries(doc)
    # "This option replaces cachedir since version 0.12": right after the verb, a bare word
    # is the old name too (elsewhere a bare English word is no code)
    follows = re.compile(
        r"\b(?:replaces|renamed from|formerly|previously|was called|supersedes)\s+"
        rf"(?:the\s+)?(?:(?:parameter|argument|keyword|option)\s+)?[`'\"]*{re.escape(old)}\b",
        re.IGNORECASE,
    )
    for name in params:
        if name == old:
            continue
        text = entries.get(name, "")
        for sentence in sentences_naming(text, old):
            if _RENAME.search(sentence):
                return name, sentence
        flat = re.sub(r"\s*\n\s*", " ", text)
        if m := follows.search(flat):
            start = flat.rfind(". ", 0, m.start()) + 1
            end = re.search(r"\.(?:\s|$)", flat[m.end() :])
            stop = m.end() + end.start() + 1 if end else len(flat)
            return name, flat[start:stop].strip()
    # "`sparse` was renamed to `sparse_output`" anywhere in the docstring
    for sentence in sentences_naming(doc, old):
        if not _RENAME.search(sentence):
            continue
        named = [p for p in params if p != old and mentions(sentence, p)]
        if len(named) == 1:
            return named[0], sentence
    return None


# "n_splits : int  Number of folds." -- what a parameter counts, as its description opens
_COUNTS = re.compile(
    r"^(?:[^.]*?\s)?(?P<phrase>(?:the\s+)?(?:maximum\s+|minimum\s+|total\s+)?number of "
    r"(?:the\s+)?(?P<noun>\w+))",
    re.IGNORECASE,
)
# words of a keyword that say "how many", not of what
_COUNT_WORDS = {"n", "num", "nb", "number", "max", "min", "total", "count"}


def counting_parameter(doc: str, params: list[str], old: str) -> tuple[str, str] | None:
    """The one parameter of ``params`` whose description opens by counting what ``old`` names
    (``n_folds`` -> ``n_splits : int  Number of folds.``), with those words; None when none or
    several do."""
    wanted = [w for w in re.split(r"_+", old.lower()) if w and w not in _COUNT_WORDS]
    if not wanted:
        return None
    entries = parameter_entries(doc)
    found = []
    for name in params:
        first = re.split(r"(?<=\.)\s", entries.get(name, ""), maxsplit=2)[:2]
        m = _COUNTS.search(" ".join(first))
        if m is None:
            continue
        noun = m.group("noun").lower()
        if any(len(w) >= 3 and (noun.startswith(w) or w.startswith(noun)) for w in wanted):
            found.append((name, m.group("phrase")))
    return found[0] if len(found) == 1 else None


def removed_without_effect(doc: str, old: str) -> str | None:
    """The sentence saying ``old`` was removed and had no effect (so dropping it changes
    nothing), or None."""
    entry = parameter_entries(doc).get(old)
    texts = ([f"{old} : {entry}"] if entry else []) + sentences_naming(doc, old)
    for sentence in texts:
        if _NO_EFFECT.search(sentence) and (_REMOVED.search(sentence) or entry is not None):
            return sentence
    return None


def replacement_note(doc: str, old_names: list[str]) -> str | None:
    """The sentence of ``doc`` saying it took the place of one of ``old_names`` ("`SimpleImputer`
    replaces the previous `sklearn.preprocessing.Imputer` estimator"), or None."""
    for old in old_names:
        for sentence in sentences_naming(doc, old):
            if _RENAME.search(sentence):
                return sentence
    return None


def replacing_member(members: dict[str, dict], old: str) -> tuple[str, str] | None:
    """The member whose docstring says it replaces ``old`` (one only), with the sentence."""
    found = []
    for name, info in members.items():
        if name == old:
            continue
        for sentence in sentences_naming(info.get("doc") or "", old):
            if _RENAME.search(sentence):
                found.append((name, sentence))
                break
    return found[0] if len(found) == 1 else None


def takers_of_value(doc: str, params: list[str], value: str) -> list[str]:
    """The parameters of ``params`` whose docstring entry quotes ``value`` as one of the values
    it takes (``metric : ... Can be "euclidean", "l1" ...``): where an old keyword's string
    value went when the keyword was renamed."""
    if not value.strip():
        return []
    entries = parameter_entries(doc)
    quoted = re.compile(r"[`'\"]" + re.escape(value) + r"[`'\"]")
    return [p for p in params if quoted.search(entries.get(p, ""))]


# a property table row, as plotting libraries document the keywords **kwargs forwards:
# "drawstyle or ds: {'default', 'steps', ...}, default: 'default'"
_PROPERTY = re.compile(r"^\s*([A-Za-z_]\w*)((?:\s+or\s+[A-Za-z_]\w*)*)\s*:\s+(\S.*)$")


def documented_keywords(doc: str) -> dict[str, tuple[set[str], str]]:
    """Every keyword the docstring documents: its parameter entries and the rows of a property
    table; name -> (its spellings, the text). A row's aliases ("linestyle or ls") are one
    keyword spelled two ways."""
    out: dict[str, tuple[set[str], str]] = {
        name: ({name}, text) for name, text in parameter_entries(doc).items()
    }
    for line in doc.splitlines():
        m = _PROPERTY.match(line)
        if m is None or not m.group(2):
            continue  # a plain "name: text" line is prose as often as a row; rows have aliases
        names = [m.group(1), *re.findall(r"[A-Za-z_]\w*", m.group(2).replace(" or ", " "))]
        names = [n for n in names if n != "or"]
        out.setdefault(names[0], (set(names), m.group(3)))
    return out


def keyword_for_value(
    doc: str, keyword: str, value: str, given: set[str], skip: set[str] = frozenset()
) -> str | None:
    """The one documented keyword, other than ``keyword`` (in any spelling), those the call
    already passes and ``skip`` (``*args``, ``**kwargs``: their entries quote everything they
    forward), whose text quotes ``value`` as a value it takes; where a value went when the
    keyword that once took it stopped (``linestyle='steps'`` -> ``drawstyle='steps'``)."""
    if not value.strip():
        return None
    quoted = re.compile(r"[`'\"]" + re.escape(value) + r"[`'\"]")
    takers = [
        name
        for name, (spellings, text) in documented_keywords(doc).items()
        if keyword not in spellings and not spellings & (given | skip) and quoted.search(text)
    ]
    return takers[0] if len(takers) == 1 else None
