"""Ground the model in the real environment: ask the still-live kernel what exists now.

After a run with errors, the executor runs :func:`build_probe`'s code in the kernel that ran the
notebook (so the user's variables exist). The probe prints one line, ``__MLEM_FACTS__`` followed by
a JSON object, with what the environment really offers for each error:

- ``AttributeError`` (``module 'numpy' has no attribute 'float'``, ``'DataFrame' object has no
  attribute 'ix'``): close names in the module or the object's type;
- ``ImportError`` / ``ModuleNotFoundError`` (``cannot import name 'Imputer' from
  'sklearn.preprocessing'``, ``No module named 'sklearn.cross_validation'``): close names, close
  submodules, and which sibling submodules of the top package export the wanted names;
- ``TypeError: f() got an unexpected keyword argument 'k'``: the callable's real signature;
- ``NameError``: close names among the user's and the builtin names;
- the installed versions of the top-level packages involved.

When an import or attribute fails and nothing close is found, the probe lists what the module (or
the object's class) does offer instead (:data:`MAX_OFFER` names with their signatures), ranked by
how well each fits the failing use: the rules catalogue's replacement for the old name first, then
callables the notebook's call binds to (positional count, keyword names), names sharing a word with
the old name, and results that look like what later lines use (``model = old_train(X, y)`` then
``model.score``: a name, docstring or return annotation saying "model"). See ``rank`` in
``kernel/grounding_probe.py``, the kernel side, which this module sends with its parameters as JSON.

The probe only reads: the object in ``df.ix`` is found from the failing source line and looked up
only when it is a plain dotted name, with ``inspect.getattr_static`` (nothing is called). Sibling
submodules may be imported (time-capped, output and warnings silenced). Its own names are deleted.
:func:`format_facts` renders the JSON as short prompt text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..execution.base import CellError
from ..execution.errors import IDENT, Missing, first_line, read_missing
from ..execution.record import FACTS_MARKER
from ..kernel.code import GROUNDING_PROBE, probe_call

PROBE_TIME_BUDGET_S = 6.0
MAX_QUERIES = 6
MAX_OFFER = 30  # names listed when nothing close exists: enough for a helper module, bounded

# what a hint source says of a failing name: [{"rule", "message", "names", "said"}, ...]
Hints = Callable[[str, str], list[dict[str, Any]]]

_DOTTED = rf"{IDENT}(?:\s*\.\s*{IDENT})*"

# `plt.style.use("tableau10")`: a style the author had installed, or one renamed since
_RE_STYLE = re.compile(r"^'([^']{1,80})' is not a valid package style")
_RE_ARROW = re.compile(r"^\s*-*>\s*\d+\s(.*)$")
_RE_CONTEXT = re.compile(r"^\s+\d+\s(.*)$")


# --- engine side: turn errors into queries --------------------------------------------------------


def _code_lines(traceback: str) -> tuple[list[str], list[str]]:
    """(arrow lines, all code lines) of the traceback's frames, in order."""
    arrows: list[str] = []
    code: list[str] = []
    lines = traceback.splitlines()
    for i, line in enumerate(lines):
        m = _RE_ARROW.match(line)
        if m:
            arrows.append(m.group(1))
            code.append(m.group(1))
            continue
        m = _RE_CONTEXT.match(line)
        if m:
            code.append(m.group(1))
            continue
        # plain Python tracebacks: the source line follows `  File "...", line N, in f`
        if line.lstrip().startswith('File "') and i + 1 < len(lines):
            nxt = lines[i + 1].strip()
            if nxt and not nxt.startswith(("File ", "^", "~")):
                arrows.append(nxt)
                code.append(nxt)
    return arrows, code


def _used_with_subscript(traceback: str, attr: str) -> str | None:
    """How ``.attr[...]`` is indexed on the failing line: "label" (a string key), "position"
    (integers only), "other"; None when it is not subscripted."""
    arrows, code = _code_lines(traceback)
    pattern = re.compile(rf"\.\s*{re.escape(attr)}\s*\[([^\]]*)\]?")
    for line in arrows + code:
        m = pattern.search(line)
        if m:
            key = m.group(1)
            if re.search(r"""['"]""", key):
                return "label"
            if re.fullmatch(r"[\s\d,:\-]*", key):
                return "position"
            return "other"
    return None


def failing_lines(traceback: str) -> list[str]:
    """The source lines the traceback points at (``----> 2 y = np.float(x)`` → ``y = ...``)."""
    arrows, _ = _code_lines(traceback)
    return arrows


def _object_expr(traceback: str, attr: str) -> str | None:
    """The plain dotted name before ``.attr`` on the failing line (``df`` in ``df.ix[0]``)."""
    arrows, code = _code_lines(traceback)
    pattern = re.compile(rf"(?<![\w.)\]])({_DOTTED})\s*\.\s*{re.escape(attr)}\b")
    for line in reversed(arrows + code):
        m = pattern.search(line)
        if m:
            return re.sub(r"\s+", "", m.group(1))
    return None


def _callee_before(text: str, pos: int) -> str | None:
    """The dotted name of the call whose open parenthesis encloses ``pos``."""
    depth = 0
    i = pos - 1
    while i >= 0:
        ch = text[i]
        if ch in ")]}":
            depth += 1
        elif ch in "([{":
            if depth == 0:
                if ch != "(":
                    return None
                m = re.search(rf"({_DOTTED})\s*$", text[:i])
                return re.sub(r"\s+", "", m.group(1)) if m else None
            depth -= 1
        i -= 1
    return None


def _kwarg_callee(traceback: str, keyword: str) -> str | None:
    arrows, code = _code_lines(traceback)
    for chunk in (arrows, code):
        text = "\n".join(chunk)
        for m in reversed(list(re.finditer(rf"\b{re.escape(keyword)}\s*=(?!=)", text))):
            callee = _callee_before(text, m.start())
            if callee:
                return callee
    return None


def _imported_names(traceback: str, module: str) -> list[str]:
    """Names the failing line imports from ``module`` (``from m import a, b as c`` → [a, b])."""
    _, code = _code_lines(traceback)
    names: list[str] = []
    pat = re.compile(rf"^\s*from\s+{re.escape(module)}\s+import\s+\(?([^)#]*)")
    for line in code:
        m = pat.match(line)
        if m:
            for part in m.group(1).split(","):
                name = part.strip().split(" as ")[0].strip()
                if re.fullmatch(IDENT, name) and name not in names:
                    names.append(name)
    # `import pkg.mod as alias` then `alias.name(...)`
    alias_pat = re.compile(rf"^\s*import\s+{re.escape(module)}\s+as\s+({IDENT})")
    for line in code:
        m = alias_pat.match(line)
        if m:
            alias = m.group(1)
            for other in code:
                for used in re.findall(rf"\b{alias}\.({IDENT})", other):
                    if used not in names:
                        names.append(used)
    return names[:8]


def error_query(error: CellError) -> dict[str, Any] | None:
    """What to ask the kernel about one error, or None when the probe has nothing to add."""
    first = first_line(error.evalue)
    summary = f"{error.ename}: {first}".strip()
    missing = read_missing(error.ename, error.evalue)
    q = _missing_query(missing, error.traceback) if missing is not None else None
    if error.ename == "OSError" and (m := _RE_STYLE.match(first)):
        q = {"kind": "style", "name": m.group(1)}
    if q is not None:
        q["error"] = summary[:300]
        q["cell"] = error.cell_index
    return q


def _missing_query(missing: Missing, traceback: str) -> dict[str, Any] | None:
    kind, name, owner = missing.kind, missing.name, missing.owner
    if kind == "module_attr":
        return {"kind": "module_attr", "module": owner, "name": name}
    if kind in ("type_attr", "object_attr"):
        q = {
            "kind": "class_attr" if kind == "type_attr" else "object_attr",
            "type": owner,
            "name": name,
            "expr": _object_expr(traceback, name),
        }
        how = _used_with_subscript(traceback, name) if kind == "object_attr" else ""
        if how:
            q["subscript"] = how
        return q
    if kind == "import_name":
        return {"kind": "import_name", "module": owner, "name": name}
    if kind == "no_module":
        return {"kind": "module", "module": name, "names": _imported_names(traceback, name)}
    if kind == "kwarg":
        expr = _kwarg_callee(traceback, name)
        return {"kind": "kwarg", "qualname": owner, "keyword": name, "expr": expr}
    if kind == "name":
        return {"kind": "name", "name": name}
    return None


def call_keywords(errors: list[CellError], name: str) -> list[str]:
    """Keywords the notebook passes when calling ``name`` (``Imputer(strategy='mean')``), as the
    tracebacks' source lines show them."""
    found: list[str] = []
    for error in errors:
        _, code = _code_lines(error.traceback)
        text = "\n".join(code)
        for m in re.finditer(rf"\b{re.escape(name)}\s*\(", text):
            depth, i = 1, m.end()
            start = i
            while i < len(text) and depth:
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
                i += 1
            inner = text[start : i - 1]
            for kw in re.findall(rf"(?:^|[,(\s])({IDENT})\s*=(?!=)", inner):
                if kw not in found:
                    found.append(kw)
    return found[:8]


def _split_top(inner: str) -> list[str]:
    """``a, f(b, c), k=d`` → [``a``, ``f(b, c)``, ``k=d``]: commas outside brackets and strings."""
    parts, depth, quote, cur = [], 0, "", []
    for ch in inner:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur).strip())
    return [p for p in parts if p]


def _call_args(text: str, open_paren: int) -> str | None:
    """The text between the parenthesis at ``open_paren`` and its match, None if unclosed."""
    depth = 0
    for i in range(open_paren, len(text)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[open_paren + 1 : i]
    return None


def call_use(errors: list[CellError], name: str, module: str | None = None) -> dict[str, Any]:
    """How the notebook uses ``name`` (the missing import or attribute), from the tracebacks'
    source lines: the call's positional count and keywords, the variables its result binds, and
    the attributes later lines read from them (``model = old_train(X, y)`` … ``model.score``)."""
    alias = name
    if module:  # `from m import old as o` calls `o(...)`
        for error in errors:
            for line in _code_lines(error.traceback)[1]:
                m = re.search(rf"\bimport\b.*\b{re.escape(name)}\s+as\s+({IDENT})", line)
                if m and re.match(rf"^\s*from\s+{re.escape(module)}\s+import\b", line):
                    alias = m.group(1)
    lines: list[str] = []
    for error in errors:
        for line in _code_lines(error.traceback)[1]:
            if line not in lines:
                lines.append(line)
    use: dict[str, Any] = {}
    call = re.compile(rf"(?<![\w])(?:{_DOTTED}\s*\.\s*)?{re.escape(alias)}\s*\(")
    for line in lines:
        m = call.search(line)
        if m is None or re.match(r"^\s*(def|class|from|import)\b", line):
            continue
        inner = _call_args(line, m.end() - 1)
        if inner is None:
            continue
        args = _split_top(inner)
        kws = [a.split("=", 1)[0].strip() for a in args if re.match(rf"^{IDENT}\s*=(?!=)", a)]
        use = {
            "call": True,
            "args": sum(1 for a in args if not re.match(rf"^{IDENT}\s*=(?!=)", a)),
            "keywords": kws[:8],
            "star": any(a.startswith("*") for a in args),
            "line": line.strip()[:120],
        }
        target = re.match(rf"^\s*({IDENT}(?:\s*,\s*{IDENT})*)\s*,?\s*=(?!=)", line[: m.start()])
        if target:
            use["result"] = [t.strip() for t in target.group(1).split(",")][:4]
        break
    if not use:
        read = re.compile(rf"\.\s*{re.escape(alias)}\b(?!\s*\()")
        for line in lines:
            if read.search(line):
                use = {"call": False, "line": line.strip()[:120]}
                break
    then: list[str] = []
    for var in use.get("result") or []:
        for line in lines:
            if line.strip() == use.get("line"):
                continue
            for attr in re.findall(rf"(?<![\w.]){re.escape(var)}\s*\.\s*({IDENT})", line):
                if attr not in then:
                    then.append(attr)
    if then:
        use["then"] = then[:6]
    return use


def build_probe(errors: list[CellError], hints: Hints | None = None) -> str | None:
    """Python code for the live kernel that prints ``__MLEM_FACTS__{json}``; None if not useful.
    ``hints(error, old name)``: what the rules catalogue knows of the name (handed in by the
    job, which knows the fixers; this module stays below them)."""
    queries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for error in errors:
        q = error_query(error)
        if q is None:
            continue
        key = json.dumps({k: v for k, v in q.items() if k not in ("cell", "error")}, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        if q["kind"] in ("import_name", "module_attr"):
            kws = call_keywords(errors, q["name"])
            if kws:
                q["call_keywords"] = kws
        if q["kind"] in ("import_name", "module_attr", "object_attr", "class_attr"):
            # what the probe ranks the module's or class's names by, if nothing close exists
            module = q.get("module") if q["kind"] == "import_name" else None
            q["use"] = call_use(errors, q["name"], module)
            known = hints(q["error"], q["name"]) if hints is not None else []
            if known:
                q["catalogue"] = known
        queries.append(q)
        if len(queries) >= MAX_QUERIES:
            break
    if not queries:
        return None
    params = {
        "queries": queries,
        "marker": FACTS_MARKER,
        "budget": PROBE_TIME_BUDGET_S,
        "max_offer": MAX_OFFER,
    }
    return probe_call(GROUNDING_PROBE, "__mlem_probe_main__", params)


# --- facts as prompt text ------------------------------------------------------------------------


def _names(value: Any, limit: int = 8) -> list[str]:
    if not isinstance(value, list):
        return []
    return [str(v) for v in value if isinstance(v, (str, int, float))][:limit]


def _fmt_list(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)


def _item_lines(item: dict[str, Any]) -> list[str]:
    kind = item.get("kind")
    target = str(item.get("target") or "")
    out: list[str] = []
    close = _names(item.get("close"))
    contain = [n for n in _names(item.get("containing")) if n not in close]
    if kind == "module_attr":
        if item.get("module_found") is False:
            return [f"`{target}`: the module could not be imported"]
        line = f"`{target}` does not exist" if not item.get("exists") else f"`{target}` exists"
        name = target.rsplit(".", 1)[-1]
        extra = []
        if item.get("builtin"):
            extra.append(f"the builtin `{name}` exists")
        if close:
            extra.append(f"close names there: {_fmt_list(close)}")
        if contain:
            extra.append(f"names containing '{name}': {_fmt_list(contain)}")
        extra.extend(_elsewhere_text(item, f"`{name}` is defined in"))
        out.append(line + _join(extra))
        module = target.rsplit(".", 1)[0]
        out.extend(_offer_lines(item, name, f"`{module}`"))
    elif kind in ("object_attr", "class_attr"):
        if item.get("type_found") is False:
            return []
        name = target.rsplit(".", 1)[-1]
        typ = item.get("type") or target.rsplit(".", 1)[0]
        line = f"`{typ}` has no attribute `{name}`"
        extra = []
        if close:
            extra.append(f"close attributes: {_fmt_list(close)}")
        if contain:
            extra.append(f"attributes containing '{name}': {_fmt_list(contain)}")
        subs = [n for n in _names(item.get("subscriptable")) if n not in close]
        if subs:
            extra.append(f"attributes that support `[...]` indexing: {_fmt_list(subs)}")
        fits = _names(item.get("index_fits"))
        if fits and item.get("indexed_by") == "label":
            extra.append(
                f"the failing line indexes by {item['indexed_by']}, as {_fmt_list(fits)} do"
            )
        extra.extend(_docs_text(item))
        extra.extend(_accepts_text(item))
        if item.get("offer"):
            out.append(line)
        else:
            out.append(line + ("; " + "; ".join(extra) if extra else "; no close attribute"))
        out.extend(_offer_lines(item, name, f"`{typ}`"))
    elif kind == "import_name":
        name = target.rsplit(".", 1)[-1]
        module = target.rsplit(".", 1)[0]
        extra = []
        if close:
            extra.append(f"close names in `{module}`: {_fmt_list(close)}")
        if contain:
            extra.append(f"names containing '{name}' there: {_fmt_list(contain)}")
        extra.extend(_elsewhere_text(item, f"`{name}` is importable from"))
        if item.get("top_level_module"):
            extra.append(f"`{item['top_level_module']}` is an installed top-level package")
        out.append(f"`{name}` cannot be imported from `{module}`" + _join(extra))
        # "do not copy": shown a helper's signature and docstring, the 1.5B model wrote the
        # helper again in the cell instead of importing it
        local = (
            " (the notebook's own module: import from it, do not copy its code)"
            if item.get("local")
            else ""
        )
        out.extend(_offer_lines(item, name, f"`{module}`{local}", import_from=module))
    elif kind == "module":
        extra = []
        if item.get("installed") is False:
            line = f"`{target}` is not installed (and installing packages is not allowed)"
            near = _names(item.get("close_top_level"), 4)
            if near:
                extra.append(f"installed modules with close names: {_fmt_list(near)}")
        else:
            line = f"module `{target}` does not exist"
            subs = _names(item.get("close_submodules"), 4)
            if subs:
                extra.append(f"close submodules: {_fmt_list(subs)}")
            if item.get("top_level_module"):
                extra.append(f"`{item['top_level_module']}` is an installed top-level package")
            found = item.get("names_found_in")
            if isinstance(found, dict):
                for name, mods in list(found.items())[:6]:
                    extra.append(f"`{name}` is importable from {_fmt_list(_names(mods, 3))}")
            similar = item.get("similar_elsewhere")
            if isinstance(similar, dict):
                for name, full in list(similar.items())[:4]:
                    if not (isinstance(found, dict) and name in found):
                        extra.append(f"names similar to `{name}`: {_fmt_list(_names(full, 4))}")
        out.append(line + _join(extra))
    elif kind == "kwarg":
        keyword = item.get("keyword", "")
        if item.get("callable_found") is False:
            return []
        sig = item.get("signature")
        line = f"`{target}` takes no keyword `{keyword}`"
        extra = []
        if sig:
            extra.append(f"its signature is `{target.rsplit('.', 1)[-1]}{sig}`")
        if close:
            extra.append(f"close parameters: {_fmt_list(close)}")
        out.append(line + _join(extra))
    elif kind == "style":
        near = close + [n for n in contain if n not in close]
        line = f"`{target}` is not among the {item.get('count', 'installed')} matplotlib styles"
        if near:
            line += f"; the closest: {_fmt_list(near[:4])}"
        out.append(line + " (all in `plt.style.available`)")
    elif kind == "name":
        extra = []
        if close:
            extra.append(f"defined names close to it: {_fmt_list(close)}")
        if contain:
            extra.append(f"defined names containing it: {_fmt_list(contain)}")
        out.append(f"`{target}` is not defined" + _join(extra))
    return out


def _use_text(use: Any, name: str) -> str:
    """``model = old_train(X, y)``, then ``model.score``: the use the offer is ranked by."""
    if not isinstance(use, dict) or not isinstance(use.get("line"), str):
        return ""
    text = f"`{use['line'][:100]}`"
    then = _names(use.get("then"), 4)
    result = _names(use.get("result"), 1)
    if then and result:
        text += ", then " + ", ".join(f"`{result[0]}.{t}`" for t in then)
    return text


def _rewritten_use(use: Any, old: str, new: str) -> str:
    """`` (so `model = old_train(X, y)` becomes `model = train_model(X, y)`)``: the failing line
    with the best fit in place of the old name. A small model given only the name and its
    docstring wrote the body the docstring describes instead of calling it (issue 16)."""
    if not isinstance(use, dict) or not isinstance(use.get("line"), str):
        return ""
    line = use["line"]
    pattern = rf"(?<![\w]){re.escape(old)}(?![\w])"
    if len(line) > 100 or len(re.findall(pattern, line)) != 1:
        return ""  # aliased (`import old as o`) or ambiguous: the name alone says enough
    return f" (so `{line}` becomes `{re.sub(pattern, new, line)}`)"


def _offer_lines(
    item: dict[str, Any], name: str, owner: str, import_from: str | None = None
) -> list[str]:
    """What a module or class offers when no name is close to ``name``: one line saying how the
    list is ranked, one sub-line per name (best fit first), then the catalogue's knowledge."""
    offer = item.get("offer")
    out: list[str] = []
    if isinstance(offer, list) and offer:
        total = item.get("offer_total")
        count = f"{total} public names" if isinstance(total, int) else "public names"
        if isinstance(total, int) and total > len(offer):
            count = f"the {len(offer)} of its {total} public names that fit"
        use = _use_text(item.get("use"), name)
        fit = f", best fit to {use} first" if use else ", best fit first"
        head = f"no name there is close to `{name}`"
        top = offer[0] if isinstance(offer[0], dict) else {}
        if top.get("best") is True and isinstance(top.get("name"), str):
            sig = top.get("sig") if isinstance(top.get("sig"), str) else ""
            head += f"; the one that fits its use is `{top['name']}{sig}`"
            if import_from:
                head += f": import it (`from {import_from} import {top['name']}`) and call it"
            head += _rewritten_use(item.get("use"), name, top["name"])
        out.append(f"{head}; {owner} offers ({count}{fit}):")
        for entry in offer[:MAX_OFFER]:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                continue
            sig = entry.get("sig")
            shown = f"`{entry['name']}{sig}`" if isinstance(sig, str) else f"`{entry['name']}`"
            if not isinstance(sig, str) and isinstance(entry.get("type"), str):
                shown += f" ({entry['type']})"
            doc = entry.get("doc")
            out.append(f"  - {shown}: {str(doc)[:90]}" if isinstance(doc, str) else f"  - {shown}")
    hints = item.get("catalogue")
    if isinstance(hints, list):
        for hint in hints[:2]:
            if not isinstance(hint, dict) or not isinstance(hint.get("message"), str):
                continue
            line = f"the rules catalogue ({hint.get('rule')}) says: {hint['message'][:200]}"
            present = _names(hint.get("present"), 6)
            if present:
                line += f"; of those, {owner} has {_fmt_list(present)}"
            out.append(line)
    return out


def _accepts_text(item: dict[str, Any]) -> list[str]:
    keywords = _names(item.get("call_keywords"))
    verdict = item.get("accepts_call")
    if not keywords or not isinstance(verdict, dict) or not verdict:
        return []
    kws = ", ".join(f"`{k}=`" for k in keywords)
    parts = []
    for full, took in list(verdict.items())[:4]:
        took = _names(took)
        if not took:
            parts.append(f"`{full}` takes none of them")
        elif len(took) == len(keywords):
            parts.append(f"`{full}` takes all of them")
        else:
            parts.append(f"`{full}` takes only {', '.join(f'`{k}=`' for k in took)}")
    return [f"the notebook calls it with {kws}: " + ", ".join(parts)] if parts else []


def _elsewhere_text(item: dict[str, Any], found_phrase: str) -> list[str]:
    """Where else the missing name lives, its docs and what it accepts (module and import facts)."""
    extra = []
    found = _names(item.get("found_in"), 4)
    if found:
        extra.append(f"{found_phrase} {_fmt_list(found)}")
    similar = _names(item.get("similar_elsewhere"), 6)
    if similar:
        extra.append(f"similar names elsewhere: {_fmt_list(similar)}")
    extra.extend(_docs_text(item))
    extra.extend(_accepts_text(item))
    return extra


def _docs_text(item: dict[str, Any]) -> list[str]:
    docs = item.get("docs")
    if not isinstance(docs, dict) or not docs:
        return []
    pairs = [f"`{k}`: {str(v)[:110].rstrip('.')}" for k, v in list(docs.items())[:6]]
    return ["what they do: " + "; ".join(pairs)]


def _join(extra: list[str]) -> str:
    return "; " + "; ".join(extra) if extra else ""


def format_facts(facts: dict[str, Any], include_versions: bool = True) -> str:
    """Short prompt text ("- `numpy.float` does not exist; ...") or "" when there is nothing."""
    if not isinstance(facts, dict):
        return ""
    lines: list[str] = []
    items = facts.get("items")
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict):
                try:
                    lines.extend(
                        line if line.startswith("  - ") else f"- {line}"
                        for line in _item_lines(item)
                    )
                except Exception:  # facts come from a kernel: never let them break a prompt
                    continue
    versions = facts.get("versions") if include_versions else None
    if isinstance(versions, dict) and versions:
        pairs = ", ".join(f"{k} {v}" for k, v in sorted(versions.items()) if isinstance(v, str))
        if pairs:
            lines.append(f"- installed: {pairs}")
    return "\n".join(lines)
