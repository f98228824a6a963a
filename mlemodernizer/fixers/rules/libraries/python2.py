"""Python 2 leftovers: print statements, except/raise commas, exec, renamed builtins, dict
iterators, py2 module names.

Line rewrites (print, except, raise, exec) run only on cells that do not parse, and are kept only
if the whole cell parses afterwards.
"""

from __future__ import annotations

import io
import re
import tokenize
from typing import Any

import libcst as cst

from .. import edits
from ..matchers import Call, Module, Node, Outcome, Site, Symbol, Text
from ..model import REVIEW, SAFE, SAFE_IF, Rule
from ._setups import _CASE_MPL

LIB = "python"

# setups the rules' proofs share
NOT_DICT = ("pandas.DataFrame", "pandas.Series")


def split_comment(line: str) -> tuple[str, str]:
    """(code, comment) of one line; the comment keeps its leading spaces. For a statement over
    several lines, only the last line's comment (those inside brackets stay where they are)."""
    if "#" not in line:
        return line, ""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return line, ""
    last_row = line.count("\n") + 1
    for tok in tokens:
        if tok.type == tokenize.COMMENT and tok.start[0] == last_row:
            offset = line.rfind("\n") + 1 + tok.start[1]
            stripped = line[:offset].rstrip()
            return stripped, line[len(stripped) :]
    return line, ""


_PRINT = re.compile(r"^(\s*)print(?:\s+(.*?))?\s*$", re.S)


def fix_print(line: str) -> str | None:
    code, comment = split_comment(line)
    m = _PRINT.match(code)
    if not m:
        return None
    indent, rest = m.group(1), (m.group(2) or "")
    if rest.startswith(("=", ".", "[")):
        return None  # print = ..., print.attr: not a statement
    if rest.startswith("(") and _balanced_call(rest):
        return None  # already print(...)
    target = None
    if rest.startswith(">>"):
        parts = rest[2:].split(",", 1)
        target = parts[0].strip()
        rest = parts[1].strip() if len(parts) > 1 else ""
    end = None
    if rest.endswith(","):
        rest = rest[:-1].rstrip()
        end = "' '"
    args = [rest] if rest else []
    if end:
        args.append(f"end={end}")
    if target:
        args.append(f"file={target}")
    return f"{indent}print({', '.join(args)}){comment}"


def _balanced_call(text: str) -> bool:
    """``(a, b)`` covering the whole text (a py3 call), not ``(a), b``."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i == len(text) - 1
    return False


_EXCEPT = re.compile(r"^(\s*except\s+)(\([^)]*\)|[\w.]+)\s*,\s*(\w+)\s*:(.*)$")


def fix_except(line: str) -> str | None:
    m = _EXCEPT.match(line)
    if not m:
        return None
    return f"{m.group(1)}{m.group(2)} as {m.group(3)}:{m.group(4)}"


_RAISE = re.compile(r"^(\s*raise\s+)([\w.]+)\s*,\s*(.+?)\s*$")


def fix_raise(line: str) -> str | None:
    code, comment = split_comment(line)
    m = _RAISE.match(code)
    if not m or "," in m.group(3) and not m.group(3).strip().startswith(("'", '"', "(")):
        return None
    return f"{m.group(1)}{m.group(2)}({m.group(3)}){comment}"


_EXEC = re.compile(r"^(\s*)exec\s+(?!\()(.+?)(?:\s+in\s+(.+?))?\s*$")


def fix_exec(line: str) -> str | None:
    code, comment = split_comment(line)
    m = _EXEC.match(code)
    if not m:
        return None
    args = m.group(2) + (f", {m.group(3)}" if m.group(3) else "")
    return f"{m.group(1)}exec({args}){comment}"


def _dict_method(new: str) -> Any:
    def check(site: Site) -> Outcome | None:
        if site.args:
            return None
        return Outcome(fix=lambda node, refs: edits.rename_method(node, new), proven=site.proven)

    return check


def _has_key(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        func = node.func
        assert isinstance(func, cst.Attribute)
        return cst.Comparison(
            left=node.args[0].value,
            comparisons=[cst.ComparisonTarget(cst.In(), func.value)],
            lpar=[cst.LeftParen()],
            rpar=[cst.RightParen()],
        )

    return Outcome(fix=fix, outer=True)


def _listify(site: Site) -> Outcome | None:
    """``d.keys()[0]``, ``map(f, xs)[0]``: views and iterators are not sequences any more."""
    node: cst.Subscript = site.node
    value = node.value
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    proven = False
    if isinstance(func, cst.Attribute) and func.attr.value in ("keys", "values", "items"):
        t = site.infer(func.value)
        if t is not None and t.qname in NOT_DICT:
            return None
        proven = t is not None and t.qname == "builtins.dict"
    elif site.resolve(func) in ("builtins.map", "builtins.filter", "builtins.zip"):
        proven = True
    else:
        return None
    return Outcome(
        fix=lambda n, refs: n.with_changes(
            value=cst.Call(func=cst.Name("list"), args=[cst.Arg(n.value)])
        ),
        proven=proven,
    )


def _listify_assigned(site: Site) -> Outcome | None:
    """``keys = d.keys()`` later shuffled, sorted in place or indexed: Python 2 gave a list.
    Wrapping it is what Python 2 did, but only proposed once an error shows a view was used as
    a list (most assigned views are only iterated)."""
    node: cst.Assign = site.node
    value = node.value
    if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
        return None
    if not isinstance(value, cst.Call) or value.args and not isinstance(value.func, cst.Name):
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("keys", "values", "items"):
        t = site.infer(func.value)
        if t is not None and t.qname in NOT_DICT:
            return None
    elif site.resolve(func) not in ("builtins.map", "builtins.filter", "builtins.zip"):
        return None
    return Outcome(
        fix=lambda n, refs: n.with_changes(
            value=cst.Call(func=cst.Name("list"), args=[cst.Arg(n.value)])
        ),
        proven=False,
    )


TEXT_READERS = (
    "builtins.open",
    "io.open",
    "codecs.open",
    "pandas.read_csv",
    "pandas.read_table",
    "pandas.read_fwf",
)


def _bytes_as_latin1(site: Site) -> Outcome | None:
    """Python 2 read files as bytes (open, and pandas there); latin-1 maps each byte to one
    character, so a file that is not UTF-8 reads as it did, and the error says it is not."""
    if site.kwarg("encoding") is not None or site.has_star():
        return None
    if site.qname in ("builtins.open", "io.open", "codecs.open"):
        if len(site.positional()) > 3:
            return None
        mode = site.value("mode", 1)
        if isinstance(mode, str) and "b" in mode:
            return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("encoding", edits.string("latin-1"))]
        ),
        proven=False,  # only once a UnicodeDecodeError shows a file is not UTF-8
    )


def _binary_read_as_text(site: Site) -> Outcome | None:
    """``open(path, 'rb').read().split('\\n')``: Python 2's str was bytes, so a file read in
    binary mode was split, stripped and searched with string literals. Python 3 gives bytes
    that refuse a str argument; text mode gives the str the code was written for. Only a file
    read whole on the spot (pickle.load(open(path, 'rb')) keeps its bytes), and only once the
    error shows bytes met a str."""
    node: cst.Call = site.node
    func = node.func
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Call):
        return None
    opened = func.value
    if site.resolve(opened.func) not in ("builtins.open", "io.open"):
        return None
    args = list(opened.args)
    mode_at = edits.find_kwarg(opened, "mode")
    if mode_at is None and len(args) > 1 and args[1].keyword is None:
        mode_at = 1
    if mode_at is None or not isinstance(args[mode_at].value, cst.SimpleString):
        return None
    mode = args[mode_at].value.evaluated_value
    if not isinstance(mode, str) or sorted(mode) != ["b", "r"]:
        return None

    def fix(call: cst.Call, refs: Any) -> cst.Call:
        inner: cst.Call = call.func.value  # type: ignore[attr-defined]
        changed = list(inner.args)
        changed[mode_at] = changed[mode_at].with_changes(
            value=edits.same_quotes(changed[mode_at].value, "r")
        )
        return call.with_changes(
            func=call.func.with_changes(value=inner.with_changes(args=changed))  # type: ignore[attr-defined]
        )

    return Outcome(fix=fix, proven=False)


def _mixed_sort(site: Site) -> Outcome | None:
    """``sorted(df['Embarked'].unique())`` over NaN and strings: Python 2 put numbers before
    strings; the key does the same (and keeps each kind's own order)."""
    if site.kwarg("key") is not None or site.kwarg("cmp") is not None or site.has_star():
        return None
    if len(site.positional()) != 1:
        return None
    key = edits.expr("lambda v: (isinstance(v, str), v)")
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("key", key)]),
        proven=False,  # only once a comparison of a number and a string failed
    )


def _divides(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Divide):
            return True
        return _divides(node.left) or _divides(node.right)
    return False


def _int_of(value: cst.BaseExpression) -> cst.BaseExpression:
    return cst.Call(func=cst.Name("int"), args=[cst.Arg(value)])


def _division_as_count(site: Site) -> Outcome | None:
    """``hist(bins=max_age / bin_size)``, ``range(n / 2)``: Python 2's / on ints gave an int
    (and old numpy truncated a float count); int() gives that count."""
    if site.qname in ("builtins.range", "builtins.xrange"):
        if site.has_star() or not any(_divides(a.value) for a in site.args):
            return None

        def fix_range(node: cst.Call, refs: Any) -> cst.Call:
            return node.with_changes(
                args=[
                    a.with_changes(value=_int_of(a.value)) if _divides(a.value) else a
                    for a in node.args
                ]
            )

        return Outcome(fix=fix_range, proven=False)
    arg = site.kwarg("bins")
    if arg is None or not _divides(arg.value):
        return None
    return Outcome(
        fix=lambda node, refs: edits.map_kwarg_value(node, "bins", _int_of), proven=False
    )


def _len_of_iterator(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1 or not isinstance(pos[0].value, cst.Call):
        return None
    if site.resolve(pos[0].value.func) not in ("builtins.map", "builtins.filter", "builtins.zip"):
        return None
    return Outcome(
        fix=lambda node, refs: node.with_changes(
            args=[
                node.args[0].with_changes(
                    value=cst.Call(func=cst.Name("list"), args=[cst.Arg(node.args[0].value)])
                )
            ]
        )
    )


def _sort_cmp(site: Site) -> Outcome | None:
    if site.kwarg("cmp") is None or site.kwarg("key") is not None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "cmp")
        assert i is not None
        key = cst.Call(func=refs["functools.cmp_to_key"], args=[cst.Arg(node.args[i].value)])
        args = list(node.args)
        args[i] = args[i].with_changes(keyword=cst.Name("key"), value=key)
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("functools.cmp_to_key",))


PY2_MODULES = {
    "cPickle": "pickle",
    "cStringIO": "io",
    "StringIO": "io",
    "urllib2": "urllib.request",
    "urlparse": "urllib.parse",
    "ConfigParser": "configparser",
    "Queue": "queue",
    "HTMLParser": "html.parser",
    "httplib": "http.client",
    "Tkinter": "tkinter",
    "__builtin__": "builtins",
    "copy_reg": "copyreg",
    "cookielib": "http.cookiejar",
    "SocketServer": "socketserver",
}
URLLIB = {
    "urlencode": "urllib.parse.urlencode",
    "quote": "urllib.parse.quote",
    "unquote": "urllib.parse.unquote",
    "quote_plus": "urllib.parse.quote_plus",
    "urlopen": "urllib.request.urlopen",
    "urlretrieve": "urllib.request.urlretrieve",
}
BUILTINS = {
    "xrange": "builtins.range",
    "unicode": "builtins.str",
    "basestring": "builtins.str",
    "raw_input": "builtins.input",
    "long": "builtins.int",
    "unichr": "builtins.chr",
    "reduce": "functools.reduce",
    "file": "builtins.open",
    "intern": "sys.intern",
}

RULES = [
    Rule(
        id="PY2001",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="print is a function in Python 3",
        replacement="print(x); print(x, end=' '); print(x, file=f)",
        signatures=(r"Missing parentheses in call to 'print'",),
        matchers=(Text(fix=fix_print),),
        examples=(
            (
                "for i in xs:\n    print i, i * 2  # show\nprint\nprint >>log, 'done',",
                "for i in xs:\n    print(i, i * 2)  # show\nprint()\n"
                "print('done', end=' ', file=log)",
            ),
            (  # a statement continued over lines is one print; a py3 call spanning lines stays
                "print 'n:', len(df[(df.a == 1) &\n                   (df.b == 2)])  # rows\n"
                "print ('%d %d' % (a,\n                 b))",
                "print('n:', len(df[(df.a == 1) &\n                   (df.b == 2)]))  # rows\n"
                "print ('%d %d' % (a,\n                 b))",
            ),
        ),
        proofs=("x = 3\nprint x, x * 2",),
    ),
    Rule(
        id="PY2002",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="Python 2 exception syntax: except E, e / raise E, msg",
        replacement="except E as e: / raise E(msg)",
        signatures=(r"multiple exception types must be parenthesized",),
        matchers=(Text(fix=fix_except), Text(fix=fix_raise)),
        examples=(
            (
                "try:\n    f()\nexcept (IOError, OSError), err:\n    raise ValueError, 'bad'",
                "try:\n    f()\nexcept (IOError, OSError) as err:\n    raise ValueError('bad')",
            ),
        ),
        proofs=("try:\n    1 / 0\nexcept ZeroDivisionError, e:\n    msg = str(e)",),
    ),
    Rule(
        id="PY2003",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="exec is a function in Python 3",
        replacement="exec(code, namespace)",
        signatures=(r"Missing parentheses in call to 'exec'",),
        matchers=(Text(fix=fix_exec),),
        examples=(("exec code in ns", "exec(code, ns)"),),
    ),
    Rule(
        id="PY2004",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="xrange/unicode/basestring/raw_input/long/unichr/reduce/file are gone in Python 3",
        replacement="range, str, str, input, int, chr, functools.reduce, open",
        signatures=(
            r"name '(xrange|unicode|basestring|raw_input|long|unichr|reduce|file)' is not "
            r"defined",
        ),
        matchers=tuple(Symbol(old=f"builtins.{o}", new=n) for o, n in BUILTINS.items()),
        examples=(
            (
                "for i in xrange(10):\n    s = unicode(i)\ntotal = reduce(add, xs)",
                "from functools import reduce\nfor i in range(10):\n    s = str(i)\n"
                "total = reduce(add, xs)",
            ),
        ),
        proofs=("total = 0\nfor i in xrange(4):\n    total += i",),
    ),
    Rule(
        id="PY2005",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="dict.iteritems/iterkeys/itervalues/has_key are gone in Python 3",
        replacement="d.items(), d.keys(), d.values(), k in d",
        signatures=(r"'dict' object has no attribute '(iteritems|iterkeys|itervalues|has_key)'",),
        matchers=(
            Call(methods=("iteritems",), exclude=NOT_DICT, check=_dict_method("items")),
            Call(methods=("iterkeys",), exclude=NOT_DICT, check=_dict_method("keys")),
            Call(methods=("itervalues",), exclude=NOT_DICT, check=_dict_method("values")),
            Call(methods=("has_key",), exclude=NOT_DICT, check=_has_key),
        ),
        examples=(
            (
                "for k, v in d.iteritems():\n    if d.has_key(k):\n        pass",
                "for k, v in d.items():\n    if (k in d):\n        pass",
            ),
        ),
        proofs=("d = {'a': 1}\npairs = list(d.iteritems())\nok = d.has_key('a')",),
    ),
    Rule(
        id="PY2006",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="§12",
        condition="the object is a dict view or a map/filter/zip iterator",
        message="dict views and map/filter/zip results are not sequences in Python 3; wrap them "
        "in list()",
        replacement="list(d.keys())[0]; len(list(map(f, xs)))",
        signatures=(
            r"'(dict_keys|dict_values|dict_items|map|filter|zip)' object is not "
            r"subscriptable",
            r"object of type '(map|filter|zip)' has no len\(\)",
            r"'(dict_keys|dict_values|dict_items|map|filter|zip)' object does not support item "
            r"assignment",
            r"'(dict_keys|dict_values|dict_items|map|filter|zip)' object has no attribute "
            r"'(sort|append|pop|remove|insert|reverse)'",
        ),
        matchers=(
            Node(types=("Subscript",), check=_listify),
            Node(types=("Assign",), check=_listify_assigned),
            Call(functions=("builtins.len",), check=_len_of_iterator),
        ),
        examples=(
            (
                "first = map(int, parts)[0]\nn = len(filter(None, xs))\nk = d.keys()[0]",
                "first = list(map(int, parts))[0]\nn = len(list(filter(None, xs)))\n"
                "k = list(d.keys())[0]",
            ),
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "agent = locations.keys()\nrandom.shuffle(agent)\nnames = df.keys()",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "agent = list(locations.keys())\nrandom.shuffle(agent)\nnames = df.keys()",
            ),
        ),
        proofs=(
            "first = map(int, ['1', '2'])[0]\nk = {'a': 1}.keys()[0]",
            "import random\nd = {'a': 1, 'b': 2}\nagent = d.keys()\nrandom.shuffle(agent)",
        ),
    ),
    Rule(
        id="PY2007",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="Python 2 module names (cPickle, StringIO, urllib2, ConfigParser, ...) were "
        "renamed in Python 3",
        replacement="pickle, io, urllib.request, configparser, ...",
        signatures=(r"No module named '(" + "|".join(PY2_MODULES) + r")'",),
        matchers=(
            *(Module(o, n) for o, n in PY2_MODULES.items()),
            *(Symbol(old=f"urllib.{o}", new=n) for o, n in URLLIB.items()),
        ),
        examples=(
            (
                "import cPickle as pickle\nfrom StringIO import StringIO\nimport urllib2\n"
                "page = urllib2.urlopen(url)",
                "import pickle\nfrom io import StringIO\nimport urllib.request\n"
                "page = urllib.request.urlopen(url)",
            ),
        ),
        proofs=("import cPickle as pickle\nfrom StringIO import StringIO\nb = pickle.dumps(1)",),
    ),
    Rule(
        id="PY2008",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="string.letters/lowercase/uppercase, sys.maxint and os.getcwdu are gone in "
        "Python 3",
        replacement="string.ascii_letters; sys.maxsize; os.getcwd()",
        signatures=(
            r"module 'string' has no attribute '(letters|lowercase|uppercase)'",
            r"module 'sys' has no attribute 'maxint'",
            r"module 'os' has no attribute 'getcwdu'",
        ),
        matchers=(
            Symbol(old="string.letters", new="string.ascii_letters"),
            Symbol(old="string.lowercase", new="string.ascii_lowercase"),
            Symbol(old="string.uppercase", new="string.ascii_uppercase"),
            Symbol(old="sys.maxint", new="sys.maxsize"),
            Symbol(old="os.getcwdu", new="os.getcwd"),
        ),
        examples=(
            (
                "import string, sys\nabc = string.lowercase\nbig = sys.maxint",
                "import string, sys\nabc = string.ascii_lowercase\nbig = sys.maxsize",
            ),
        ),
        proofs=("import string\nabc = string.letters",),
    ),
    Rule(
        id="PY2009",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="sorted()/list.sort() lost cmp= in Python 3; use key=functools.cmp_to_key(f)",
        replacement="sorted(xs, key=functools.cmp_to_key(f))",
        signatures=(r"'cmp' is an invalid keyword argument",),
        matchers=(
            Call(functions=("builtins.sorted",), check=_sort_cmp),
            Call(methods=("sort",), check=_sort_cmp),
        ),
        examples=(
            (
                "ys = sorted(xs, cmp=compare)",
                "from functools import cmp_to_key\nys = sorted(xs, key=cmp_to_key(compare))",
            ),
        ),
        proofs=("ys = sorted([3, 1, 2], cmp=lambda a, b: a - b)",),
    ),
    Rule(
        id="PY2010",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="§12",
        condition="a UnicodeDecodeError shows a file the notebook reads is not UTF-8",
        message="Python 2 read files as bytes; Python 3 decodes them as UTF-8. encoding='latin-1' "
        "reads every byte as before",
        replacement="open(path, encoding='latin-1'); pd.read_csv(path, encoding='latin-1')",
        signatures=(r"'utf-8' codec can't decode byte 0x[0-9a-f]{2} in position \d+",),
        matchers=(Call(functions=TEXT_READERS, check=_bytes_as_latin1),),
        examples=(
            (
                "import pandas as pd\nf = open('data/movie_ids.txt')\nb = open(p, 'rb')\n"
                "df = pd.read_csv('bikes.csv', sep=';')",
                "import pandas as pd\nf = open('data/movie_ids.txt', encoding='latin-1')\n"
                "b = open(p, 'rb')\ndf = pd.read_csv('bikes.csv', sep=';', encoding='latin-1')",
            ),
        ),
        proofs=(
            (
                "import os, tempfile\nimport pandas as pd\n"
                "p = os.path.join(tempfile.mkdtemp(), 'm.csv')\n"
                "open(p, 'wb').write('id;name\\n1;Café\\n'.encode('latin-1'))\n"
                "text = open(p).read()\ndf = pd.read_csv(p, sep=';')\n"
                "assert df['name'][0] == 'Café'"
            ),
        ),
    ),
    Rule(
        id="PY2011",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="§12",
        condition="sorting failed on a number and a string (Python 2 put numbers first)",
        message="Python 3 cannot order numbers and strings together (NaN among labels); sort "
        "numbers first as Python 2 did",
        replacement="sorted(xs, key=lambda v: (isinstance(v, str), v))",
        signatures=(
            r"'[<>]=?' not supported between instances of '(float|int)' and 'str'",
            r"'[<>]=?' not supported between instances of 'str' and '(float|int)'",
        ),
        matchers=(Call(functions=("builtins.sorted",), check=_mixed_sort),),
        examples=(
            (
                "locs = sorted(df['Embarked'].unique())\nks = sorted(d, key=len)",
                "locs = sorted(df['Embarked'].unique(), key=lambda v: (isinstance(v, str), v))\n"
                "ks = sorted(d, key=len)",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nimport pandas as pd\n"
                "s = pd.Series(['S', 'C', np.nan, 'Q'], dtype=object)\n"
                "locs = sorted(s.unique())\nassert locs[1:] == ['C', 'Q', 'S']"
            ),
        ),
    ),
    Rule(
        id="PY2012",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="§12",
        condition="a count computed with / was refused as a float (Python 2's / on ints gave an "
        "int)",
        message="/ gives a float in Python 3; a bin count or range bound computed with it needs "
        "int() (Python 2 divided ints to an int)",
        replacement="hist(x, bins=int(max_age / bin_size)); range(int(n / 2))",
        signatures=(
            r"`bins` must be an integer, a string, or an array",
            r"'float' object cannot be interpreted as an integer",
        ),
        matchers=(
            Call(functions=("builtins.range", "builtins.xrange"), check=_division_as_count),
            Call(methods=("hist", "histogram", "hist2d"), check=_division_as_count),
            Call(functions=("matplotlib.pyplot.hist", "numpy.histogram"), check=_division_as_count),
        ),
        examples=(
            (
                "axes[0].hist([a, b], bins=max_age / bin_size)\nfor i in range(n / 2):\n    pass",
                "axes[0].hist([a, b], bins=int(max_age / bin_size))\n"
                "for i in range(int(n / 2)):\n    pass",
            ),
        ),
        proofs=(
            _CASE_MPL
            + (
                "ages = [1.0, 30.0, 80.0]\nmax_age, bin_size = max(ages), 10\n"
                "plt.hist(ages, bins=max_age / bin_size)\n"
                "for i in range(len(ages) / 2):\n"
                "    pass"
            ),
        ),
    ),
    Rule(
        id="PY2013",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="§12",
        condition="the bytes read from a file met a str (split, replace, strip with a literal)",
        message="a file read in binary mode was text in Python 2 (str was bytes); read in text "
        "mode it gives the str the code splits",
        replacement="open(path, 'r').read().split('\\n')",
        why="Python 3 separates text (str) from binary data (bytes); the porting guide "
        "(https://docs.python.org/3/howto/pyporting.html, 'Text versus binary data') asks to "
        "open a file read as text in text mode. Python 2 code often read a CSV or text file with "
        "'rb' and split it with '\\n'; in Python 3 that raises 'a bytes-like object is required, "
        "not str'. Only a file read whole where it is opened changes mode, and only after that "
        "error: a file handed to pickle or numpy keeps its bytes.",
        signatures=(r"a bytes-like object is required, not 'str'",),
        matchers=(Call(methods=("read", "readlines"), check=_binary_read_as_text),),
        examples=(
            (
                "f = open(filename, 'rb').read()\ndata = f.split('\\n')\n"
                "model = pickle.load(open('model.pkl', 'rb'))",
                "f = open(filename, 'r').read()\ndata = f.split('\\n')\n"
                "model = pickle.load(open('model.pkl', 'rb'))",
            ),
        ),
        proofs=(
            (
                "import os, pickle, tempfile\np = os.path.join(tempfile.mkdtemp(), 'prices.csv')\n"
                "open(p, 'w').write('10\\n11\\n12\\n')\n"
                "pickle.dump([1], open(p + '.pkl', 'wb'))\n"
                "f = open(p, 'rb').read()\nrows = f.split('\\n')\n"
                "assert rows[1] == '11'\nkept = pickle.load(open(p + '.pkl', 'rb'))"
            ),
        ),
    ),
    Rule(
        id="PY2900",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="§12",
        message="an implicit relative import in the notebook's own package is absolute in Python "
        "3; it becomes from . import",
        replacement="from . import predict; from .predict import x",
        why="Python 2 looked for `import predict` first beside the importing module; Python 3 "
        "(PEP 328) reads it as absolute, so a package the notebook ships (`KaggleAux/__init__.py` "
        "importing its sibling `predict.py`) fails with `No module named 'predict'`. As 2to3's "
        "fix_import does, the file system decides: inside a folder with `__init__.py`, an import "
        "of a sibling module or subpackage becomes relative. It applies to the notebook's own "
        "modules (not its cells), and only for a module an error named.",
        applied_by="mlemodernizer.fixers.relative_imports",
        examples=(
            (
                "import predict\nfrom utils import load_data\nimport numpy as np",
                "from . import predict\nfrom .utils import load_data\nimport numpy as np",
            ),
        ),
    ),
    Rule(
        id="PY2901",
        library=LIB,
        changed_in="",
        safety=SAFE,
        catalogue="§12",
        message="an import at the top of the notebook's own module that fails today, of names "
        "used only inside its functions, moves into them",
        replacement="def picture(p):\n    from imageio import imread\n    return imread(p)",
        why="Old notebooks ship helper packages (mglearn, a course's utils) whose every module "
        "is imported up front; one that imports a package the kernel's environment lacks, or a "
        "name its library removed (`load_boston`), blocks every cell, also those that never "
        "call the function needing it. Libraries import optional dependencies inside the "
        "functions that use them (PEP 8 allows it where an import is optional); so does this "
        "fix. The module then loads, and only a call that needs the name fails, with the same "
        "error. It applies to the notebook's own modules, for an import an error there names, "
        "when nothing at the module's top level reads the names; a removed name only after no "
        "fixer could repair it.",
        applied_by="mlemodernizer.fixers.optional_imports",
        examples=(
            (
                "import numpy as np\nfrom imageio import imread\n\n\ndef picture(p):\n"
                "    return imread(p)\n",
                "import numpy as np\n\n\ndef picture(p):\n    from imageio import imread\n"
                "    return imread(p)\n",
            ),
        ),
    ),
    Rule(
        id="PY2902",
        library=LIB,
        changed_in="",
        safety=REVIEW,
        catalogue="§12",
        message="a data file read from a URL this machine cannot reach is read from the file of "
        "the same name beside the notebook",
        replacement="pd.read_csv('wine.data', header=None)",
        why="Books and courses read their data sets from a URL and ship the same file with the "
        "notebook, often with a commented line to read it instead when the host is down. The "
        "environment is fixed and offline, so the read fails with `URLError: <urlopen error "
        "[Errno -2] Name or service not known>` and every cell after it fails too. When exactly "
        "one file in the notebook's folder, or in a folder at most two levels below it, has the "
        "file name the URL ends in (or that name plus `.txt`, `.csv` or a compression's "
        "suffix, as a file saved by hand gets), the URL in the failing cell becomes that path; "
        "where there is none, the same search runs from the folder above (a course's "
        "`notebooks/` beside its `datasets/`). Only the name is known to match, so it is a "
        "REVIEW fix, said in the plan; it is kept only when the cell's error is gone and "
        "nothing got worse.",
        applied_by="mlemodernizer.fixers.offline_data",
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('https://archive.example.org/'\n"
                "                 'ml/wine/wine.data', header=None)",
                "import pandas as pd\ndf = pd.read_csv('wine.data', header=None)",
            ),
        ),
    ),
]
