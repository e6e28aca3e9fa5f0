"""The rule matcher: compiles the rule pack once, then matches line by line.

Leaves (`contains` / `regex`) are checked only when their literal anchor is in the line; regexes
run with a time limit (the `regex` module's timeout), so a catastrophic user pattern costs at most
that limit per line and is switched off after repeated timeouts.
"""

from __future__ import annotations

import pickle
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from diagnose.anchors import AnchorIndex, holds

if TYPE_CHECKING:
    from diagnose.ruledata import CondData as Cond
    from diagnose.ruledata import RuleData as Rule

try:  # Python 3.11+
    from re import _constants as sre_constants  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

_POSIX_CLASS = re.compile(r"\[:\^?[a-zA-Z]+:\]")


def read_regex(pattern: str):
    """The stdlib parser's tree of a rule's `regex` pattern, or None where the two modules may read it
    otherwise (a POSIX class, `[[:alpha:]]`: `regex` reads a class of letters, the stdlib a set and a
    `]`) or the stdlib cannot (`regex`-only syntax). What is derived from the tree (anchors, required
    literals, number-blindness) must be true of `regex`'s reading."""
    if _POSIX_CLASS.search(pattern):
        return None
    import warnings

    try:
        with warnings.catch_warnings():  # (its FutureWarning on `[[`, of the stdlib's own reading)
            warnings.simplefilter("ignore", FutureWarning)
            return sre_parse.parse(pattern)
    except Exception:  # noqa: BLE001 - `regex` syntax the stdlib parser does not know
        return None


REGEX_TIMEOUT_S = 0.05
MAX_TIMEOUTS = 3
MAX_EVIDENCE = 5
MAX_FINDINGS_PER_RULE = 200  # matches kept per rule; later ones add to the count only
MAX_UNLESS_HITS = 10_000
_UNCOMBINABLE = re.compile(r"\\[1-9]|\\g<|\(\?P=|\(\?\(|\(\?[aiLmsux]+\)")  # numbered refs, global flags
_BENIGN_LEVELS = ("DEBUG", "INFO", "WARNING")  # log levels on which a `tier: family` rule does not fire


def _below_error(line) -> bool:
    """A line a family rule never fires on: logged below ERROR. NCCL's own lines (the ones with its
    [device] prefix) are the exception: NCCL reports every failure as "NCCL WARN" (it has no error
    level), so its WARN counts as an error here."""
    return line.level in _BENIGN_LEVELS and not (line.level == "WARNING" and line.dev is not None)


def _raise_line(text: str) -> bool:
    """The source line Python prints under a traceback's last frame (`raise X(f"...{name}...")`): code
    quoting a message's template, whose shape a family rule reads as the message (`NCCL error:
    {error_str}`), while the exception line after it says what happened. A specific rule still reads
    it: the message it quotes is the failure when an excerpt stops there."""
    return text.lstrip().startswith("raise ")


_MEMO_MAX = 8192  # texts whose leaf hits are remembered (Matcher.leaf_hits); cleared when full
_MEMO_HITS = 16384  # leaf hits held by both memos together: an exception line hits ~25 family leaves, each a
# dict of its captures, so counting texts alone let 8192 of them hold ~40 MB
_MEMO_TEXT = 512  # longer texts are not remembered


def literal_anchors(pattern: str, ignore_case: bool = False) -> tuple[str, ...] | None:
    """Literals of which every match of `pattern` contains at least one (a top-level alternation
    gives one literal per branch), or None when some match may contain no literal of 3+ chars."""
    parsed = read_regex(pattern)
    if parsed is None:
        return None

    def best_of(seq) -> tuple[str, ...] | None:
        """The best anchor set for a sequence: its longest literal run, or a branch's anchor set."""
        cands: list[tuple[str, ...]] = []
        run = ""
        for op, arg in seq:
            if op is sre_constants.LITERAL:
                run += chr(arg)
                continue
            if run:
                cands.append((run,))
            run = ""
            if op is sre_constants.SUBPATTERN:
                sub = best_of(arg[-1])
                if sub:
                    cands.append(sub)
            elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) and arg[0] >= 1:
                sub = best_of(arg[2])
                if sub:
                    cands.append(sub)
            elif op is sre_constants.BRANCH:
                branches = [best_of(b) for b in arg[1]]
                if all(branches):
                    cands.append(tuple(a for b in branches for a in b))  # type: ignore[union-attr]
        if run:
            cands.append((run,))
        cands = [c for c in cands if min(len(a) for a in c) >= 3]
        if not cands:
            return None
        return max(cands, key=lambda c: (min(len(a) for a in c), -len(c)))

    found = best_of(parsed)
    if not found or len(found) > 16:
        return None
    return tuple(a.lower() for a in found) if ignore_case else found


_GROUP_NAME = re.compile(r"\(\?P<\w+>")
_CASE_FLAG = re.compile(r"\(\?[a-zA-Z]*i")


def scan_anchors(pattern: str, anchors: tuple[str, ...]) -> tuple[str, ...]:
    """Literals of which every line that `pattern` (case-sensitive) finds in contains one, for a scan
    over whole blocks: its own `anchors` (what gates it), or, when they are generic (`: `, `model`),
    the literals the regex itself requires (`ValueError`, ...: group names dropped so that patterns
    repeating one parse) or, when it requires a character of a non-ASCII class (`[\u2580-\u259f]`),
    those characters. A rule or marker matches the same lines whichever is used."""
    if _CASE_FLAG.search(pattern) or "(?P=" in pattern:
        return anchors
    plain = _GROUP_NAME.sub("(?:", pattern)
    best = anchors

    def weight(cands: tuple[str, ...]) -> int:
        return min(8 if not a.isascii() else len(a) for a in cands)

    found = literal_anchors(plain)
    if found and weight(found) > weight(best):
        best = found
    parsed = read_regex(plain)
    if parsed is None:
        return best
    for op, arg in parsed:  # a character class every match holds (at the top level)
        if op is sre_constants.IN:
            chars: list[str] = []
            for kind, val in arg:
                if kind is sre_constants.LITERAL:
                    chars.append(chr(val))
                elif kind is sre_constants.RANGE and val[1] - val[0] < 128:
                    chars.extend(chr(c) for c in range(val[0], val[1] + 1))
                else:
                    chars = []
                    break
            if chars and all(not c.isascii() for c in chars) and weight(best) < 8:
                best = tuple(chars)
                break
    return best


def required_literals(pattern: str) -> tuple[tuple[str, ...], ...]:
    """What every match of `pattern` contains, as clauses: each clause is literals (3+ characters) of
    which a match holds at least one (a run of literal characters on the path all matches take: one
    literal; an alternation whose every branch requires one: one per branch; a look-ahead's too);
    () when not known (a global case flag, `regex` syntax the stdlib parser does not read). A text
    that lacks every literal of a clause cannot match, so the regex need not be compiled or run on it."""
    parsed = read_regex(_GROUP_NAME.sub("(?:", pattern))
    if parsed is None or parsed.state.flags & sre_constants.SRE_FLAG_IGNORECASE:
        return ()

    def walk(seq, out: list) -> list:
        run = ""
        for op, arg in seq:
            if op is sre_constants.LITERAL:
                run += chr(arg)
                continue
            if len(run) >= 3:
                out.append((run,))
            run = ""
            if op is sre_constants.SUBPATTERN:
                if not arg[1] & sre_constants.SRE_FLAG_IGNORECASE:  # (a scoped case flag: not read)
                    walk(arg[-1], out)
            elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) and arg[0] >= 1:
                walk(arg[2], out)
            elif op is sre_constants.ASSERT:
                walk(arg[1], out)
            elif op is sre_constants.BRANCH:
                union: list[str] = []
                for branch in arg[1]:
                    clauses = walk(branch, [])
                    if not clauses:
                        break
                    union.extend(min(clauses, key=lambda c: (len(c), -min(map(len, c)))))
                else:
                    if len(union) <= 16:
                        out.append(tuple(dict.fromkeys(union)))
        if len(run) >= 3:
            out.append((run,))
        return out

    return tuple(dict.fromkeys(walk(parsed, [])))


ZERO_DIGITS = str.maketrans("123456789", "000000000")  # every ASCII digit made 0
_ZERO_BYTES = bytes.maketrans(b"123456789", b"000000000")
_NUMBER = re.compile(r"(?<!\w)[0-9]+")  # a number: a run of ASCII digits that follows no word character
_BOUND_ASCII = re.compile(r"[A-Za-z_]([0-9]+)")  # in ASCII text, the digits that are no number's
_DIGIT_SET = frozenset(range(48, 58))


def number_shape(text: str) -> str:
    """`text` with the digits of its numbers made 0 (see number_blind); digits that follow a letter
    or an underscore (`fp8`, `bf16`, `Qwen3`) stay as they are. ASCII text (nearly every log line)
    has all its digits made 0 at once and those after a letter put back: a line holds a dozen
    numbers and few such digits."""
    if not text.isascii():
        return _NUMBER.sub(lambda m: m.group().translate(ZERO_DIGITS), text)
    shape = text.encode().translate(_ZERO_BYTES).decode()
    m = _BOUND_ASCII.search(text)
    if m is None:
        return shape
    parts = []
    at = 0
    for m in _BOUND_ASCII.finditer(text, m.start()):
        s, e = m.span(1)
        parts.append(shape[at:s])
        parts.append(m.group(1))
        at = e
    parts.append(shape[at:])
    return "".join(parts)


def zeroed(text: str):
    """`text` with every ASCII digit 0, as a dict key: the bytes of ASCII text (one C pass), else
    the text. Equal for two texts exactly when they differ in their digits alone."""
    return text.encode().translate(_ZERO_BYTES) if text.isascii() else text.translate(ZERO_DIGITS)


def shape_key(text: str, zero=None):
    """A key equal for two texts exactly when their number shapes are (a dict key for what is the
    same on all texts of a shape), cheaper to make: for ASCII text, its bytes with every digit 0 and
    the runs of digits that follow a letter or an underscore (the digits stay where they are, so the
    first places every run, and the second gives back those that are no number's). `zero`: the
    text's `zeroed`, where the caller has it."""
    if not text.isascii():
        return number_shape(text)
    return zero if zero is not None else text.encode().translate(_ZERO_BYTES), tuple(_BOUND_ASCII.findall(text))


def _bound(ch: str) -> bool:
    """A character after which a digit is no number's (see _NUMBER): a letter or an underscore."""
    return ch == "_" or ch.isalpha()


def number_blind(pattern: str | None, anchors) -> bool:
    """Whether a leaf treats the digits of numbers alike (see number_shape): whether it matches a
    text does not change when a number's digits change, each to another digit, so texts of one
    number shape share one answer. True for a regex with no back-reference whose every own digit (a
    literal; a class or range holding some digits but not all is not blind) is bound: it follows a
    literal letter or underscore, or a bound digit, in the same sequence (`fp8`, `bf16`, `gfx9\\d`);
    such a digit only matches a digit after a letter, which no number holds. The same for the
    digits of its anchors. `\\d`, `\\w`, `.` and classes of all ten digits are blind."""
    for a in anchors or ():
        for i, ch in enumerate(a):
            if ch in "0123456789" and not _anchor_bound(a, i):
                return False
    if pattern is None:
        return True
    parsed = read_regex(_GROUP_NAME.sub("(?:", pattern))
    if parsed is None:
        return False  # not known to be blind

    def blind(seq) -> bool:
        prev_bound = False  # the op before is a literal letter or underscore, or a bound digit
        for op, arg in seq:
            bound = False
            if op is sre_constants.LITERAL:
                if 48 <= arg <= 57:
                    if not prev_bound:
                        return False
                    bound = True
                else:
                    bound = _bound(chr(arg))
            elif op is sre_constants.NOT_LITERAL:
                if 48 <= arg <= 57:
                    return False
            elif op is sre_constants.IN:
                for kind, val in arg:
                    if kind is sre_constants.LITERAL and 48 <= val <= 57:
                        return False
                    if kind is sre_constants.RANGE:
                        covered = _DIGIT_SET & set(range(val[0], min(val[1], 57) + 1))
                        if covered and covered != _DIGIT_SET:
                            return False
            elif op in (sre_constants.GROUPREF, sre_constants.GROUPREF_EXISTS):
                return False
            elif op is sre_constants.SUBPATTERN:
                if not blind(arg[-1]):
                    return False
            elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) or op.name == "POSSESSIVE_REPEAT":
                if not blind(arg[2]):
                    return False
            elif op is sre_constants.BRANCH:
                if not all(blind(b) for b in arg[1]):
                    return False
            elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
                if not blind(arg[1]):
                    return False
            elif op.name == "ATOMIC_GROUP":
                if not blind(arg):
                    return False
            elif op not in (sre_constants.ANY, sre_constants.AT, sre_constants.CATEGORY):
                return False  # anything else: not known to be blind
            prev_bound = bound
        return True

    return blind(parsed)


def _anchor_bound(a: str, i: int) -> bool:
    """Whether the digit at a[i] follows a letter or underscore through digits only."""
    while i and a[i - 1] in "0123456789":
        i -= 1
    return i > 0 and _bound(a[i - 1])


def _regex_error() -> type[Exception]:
    import regex

    return regex.error


@dataclass
class Hit:
    n: int
    source: str
    raw: str
    seq: int
    tb: int | None
    phase: str | None
    captures: dict
    who: tuple | None = None  # the process the line came from (distributed.DistTracker key)


@dataclass
class Finding:
    rule: Rule
    captures: dict
    evidence: list[Hit]
    phase: str | None
    seq: int
    engine: str = "unknown"
    count: int = 1
    frame_phase: bool = False  # `phase` was read from the traceback's frames (diagnose.frames)
    frames: str | None = None  # the phase the traceback's frames show, if any

    @property
    def first(self) -> Hit:
        return self.evidence[0]


def _regex(text: str, ignore_case: bool, made: tuple):
    """`regex.compile(text)`, unpickled from `made` when it holds the regex (see _made): regex's
    parser, in Python, takes ~0.35 ms a regex, its compiled code ~0.01 ms to unpickle."""
    import regex  # ~15 ms; most runs compile only the few regexes whose anchors occur

    version, table = made
    code = table.get((text, ignore_case)) if version == regex.__version__ else None
    if code is not None:
        try:
            return pickle.loads(code)  # noqa: S301 - our own file in the user's cache folder
        except Exception:  # noqa: BLE001 - a broken entry: compile it
            pass
    return regex.compile(text, regex.IGNORECASE if ignore_case else 0)


def _made(keys: set[tuple[str, bool]]) -> tuple:
    """(regex's version, (text, ignore_case) -> pickled regex.compile(text)) for every regex the
    matcher may compile, kept on disk (nothing where the cache would not keep them: each is then
    compiled on use)."""
    from diagnose import _cache

    if not _cache.keeps(len(keys)):
        return None, {}

    def build(ordered):
        import regex

        table = {}
        for text, ignore_case in ordered:
            try:
                table[(text, ignore_case)] = pickle.dumps(regex.compile(text, regex.IGNORECASE if ignore_case else 0))
            except Exception:  # noqa: BLE001 - (an invalid regex says so where it is used)
                pass
        return regex.__version__, table

    return _cache.derived("compiled", 1, keys, build)


class _Leaf:
    __slots__ = ("idx", "kind", "text", "_pattern", "anchor", "ignore_case", "timeouts", "disabled", "origin",
                 "needs", "made")

    def __init__(self, idx: int, cond: Cond, origin: str):
        self.idx = idx
        self.origin = origin
        self.ignore_case = cond.ignore_case
        self.timeouts = 0
        self.disabled = False
        self.needs: tuple = ()  # what every match contains (required_literals; lower-cased when ignore_case)
        self.made: tuple = (None, {})  # the matcher's compiled regexes (see _made)
        if cond.contains is not None:
            self.kind = "contains"
            self.text = cond.contains.lower() if cond.ignore_case else cond.contains
            self._pattern = None
            self.anchor = (self.text,)
        else:
            self.kind = "regex"
            self.text = cond.regex
            self._pattern = None  # compiled on first use: most rules never see a candidate line
            # without `anchor:` in the rule, the literals its regex requires (Matcher fills them in)
            self.anchor = (cond.anchor.lower() if cond.ignore_case else cond.anchor,) if cond.anchor else None

    def lacks(self, text: str, lower: str | None = None, needs: tuple | None = None) -> bool:
        """Whether `text` (lower-cased: `lower`, when known) lacks what every match holds (`needs`,
        or those of them given): then the leaf cannot match it, and its regex need not run (nor be
        compiled)."""
        if needs is None:
            needs = self.needs
        if not needs:
            return False
        if not self.ignore_case:
            return not holds(needs, text)
        if not text.isascii():
            return False  # (case folding beyond ASCII is the regex's own)
        return not holds(needs, text.lower() if lower is None else lower)

    @property
    def pattern(self):
        if self._pattern is None:
            self._pattern = _regex(self.text, self.ignore_case, self.made)
        return self._pattern


def _derive(leaves: list[_Leaf]) -> dict[int, bool]:
    """What the matcher derives from each leaf's regex, kept on disk (see diagnose._cache.derived):
    the anchors of a leaf whose rule names none (literal_anchors), the literals each match contains
    (required_literals), and for every leaf whether it is number_blind. Fills in the anchors and
    literals; returns leaf index -> number-blind."""
    from diagnose import _cache

    def build(ordered):
        out = {}
        for text, ignore_case, anchor in ordered:
            anchors = anchor if anchor is not None else literal_anchors(text, ignore_case)
            needs = required_literals(text)
            if ignore_case:  # (a clause with a non-ASCII literal: case folding may reach past lower())
                needs = tuple(tuple(a.lower() for a in c) for c in needs if all(a.isascii() for a in c))
            out[(text, ignore_case, anchor)] = (anchors, number_blind(text, anchors), needs)
        return out

    keys = {lf.idx: (lf.text, lf.ignore_case, lf.anchor) for lf in leaves if lf.kind == "regex"}
    found = _cache.derived("leaves", 5, set(keys.values()), build)  # (bump when `build` or what it calls changes)
    blind = {}
    for lf in leaves:
        if lf.kind == "regex":
            lf.anchor, blind[lf.idx], lf.needs = found[keys[lf.idx]]
        else:
            blind[lf.idx] = False
    return blind


class _Group:
    """Regex leaves with the same anchors, case rule and required literals, tried as one alternation
    first (a leaf whose required literals a text lacks is skipped before its group): when it finds
    nothing in a line (the usual case on a candidate line), no member can match there, so none is
    run on its own. It only ever skips work: on a match, a time-out or an error the members run as
    they would alone (same captures, same time-outs and switch-offs)."""

    __slots__ = ("text", "ignore_case", "_pattern", "broken", "made")

    def __init__(self, texts: list[str], ignore_case: bool):
        # (the same regex in several rules is searched once)
        self.text = "|".join(f"(?:{t})" for t in dict.fromkeys(texts))
        self.ignore_case = ignore_case
        self._pattern = None
        self.broken = False
        self.made: tuple = (None, {})  # the matcher's compiled regexes (see _made)

    def excludes(self, text: str) -> bool:
        """True only when no member matches anywhere in `text`."""
        if self.broken:
            return False
        try:
            if self._pattern is None:
                self._pattern = _regex(self.text, self.ignore_case, self.made)
            return self._pattern.search(text, timeout=REGEX_TIMEOUT_S) is None
        except TimeoutError:
            return False
        except Exception:  # noqa: BLE001 - members that cannot be joined (regex syntax): run alone
            self.broken = True
            return False


class _Node:
    """A compiled condition; `all` nodes keep per-run state in the matcher."""

    __slots__ = ("kind", "leaf", "children", "within", "same_tb", "key")

    def __init__(self, kind: str, key: int, leaf: _Leaf | None = None, children=(), within=30, same_tb=False):
        self.kind = kind
        self.key = key
        self.leaf = leaf
        self.children = list(children)
        self.within = within
        self.same_tb = same_tb


@dataclass
class _RuleState:
    rule: Rule
    node: _Node
    unless: _Node | None
    order: int
    node_leaves: frozenset = frozenset()  # leaf indexes under `node` and under `unless`
    unless_leaves: frozenset = frozenset()


@dataclass
class MatchRun:
    """State of one analysis: the findings and the per-rule window state."""

    findings: list[Finding] = field(default_factory=list)
    unless_hits: dict = field(default_factory=dict)  # rule id -> list of seq
    per_rule: dict = field(default_factory=dict)  # rule id -> matches (kept or only counted)
    all_state: dict = field(default_factory=dict)  # node key -> {child index: Hit}
    warnings: list[str] = field(default_factory=list)
    disabled: set = field(default_factory=set)


class Matcher:
    def __init__(self, rules: list[Rule]):
        self.leaves: list[_Leaf] = []
        self.rules: list[_RuleState] = []
        self._key = 0
        for order, rule in enumerate(rules):
            node = self._compile(rule.match, rule.id)
            unless = self._compile(rule.unless, rule.id) if rule.unless is not None else None
            self.rules.append(_RuleState(rule, node, unless, order))
        self._blind = _derive(self.leaves)  # leaf index -> number-blind
        self._anchored = [lf for lf in self.leaves if lf.anchor]
        self.unanchored = [lf for lf in self.leaves if not lf.anchor]
        # anchor -> anchored leaves (by index) that it gates; case-blind leaves look in the lower-cased text
        self.by_anchor: dict[str, list[int]] = {}
        self.by_anchor_lower: dict[str, list[int]] = {}
        for lf in self._anchored:
            table = self.by_anchor_lower if lf.ignore_case else self.by_anchor
            for a in lf.anchor:
                table.setdefault(a, []).append(lf.idx)
        self._index = AnchorIndex(self.by_anchor)
        self._index_lower = AnchorIndex(self.by_anchor_lower, use_library=len(self.by_anchor_lower) > 8) \
            if self.by_anchor_lower else None  # a few case-blind anchors: `in` beats an automaton pass
        self._group_of: dict[int, _Group] = {}  # regex leaves that share anchors (see _Group)
        by_key: dict[tuple, list[_Leaf]] = {}
        for lf in self._anchored:
            if lf.kind == "regex" and not _UNCOMBINABLE.search(lf.text):
                by_key.setdefault((lf.anchor, lf.ignore_case, lf.needs), []).append(lf)
        for (_, ignore_case, _), members in by_key.items():
            if len(members) > 1:
                group = _Group([lf.text for lf in members], ignore_case)
                for lf in members:
                    self._group_of[lf.idx] = group
        compiled = [lf for lf in self.leaves if lf.kind == "regex"]
        compiled += {id(g): g for g in self._group_of.values()}.values()
        made = _made({(x.text, x.ignore_case) for x in compiled})
        for x in compiled:
            x.made = made
        self._memo: dict[str, dict[int, dict]] = {}  # text -> leaf hits (see leaf_hits)
        self._blind_hits: dict[str, dict] = {}  # a text's number_shape -> number-blind leaf that hit it -> its groups' spans
        self._held = 0  # leaf hits the two memos hold (see _MEMO_HITS)
        self.volatile = 0  # regex time-outs and errors so far (while it stays, leaf hits are a function of the text)
        # `feed` returns every finding that completed; False: only those kept (a reader of the whole
        # log, such as explain, looks at the kept ones and the counts, and the rest cost time)
        self.report_new = True
        # leaf index -> rules that use it (a rule is evaluated only when one of its leaves hit)
        self._rules_of_leaf: dict[int, list[_RuleState]] = {}
        self._plans: dict[tuple, tuple] = {}  # the leaves that hit a line -> what feed evaluates (see _plan)
        for rs in self.rules:
            rs.node_leaves = frozenset(self._leaf_ids(rs.node))
            rs.unless_leaves = frozenset(self._leaf_ids(rs.unless))
            for leaf_idx in rs.node_leaves | rs.unless_leaves:
                self._rules_of_leaf.setdefault(leaf_idx, []).append(rs)

    def _compile(self, cond: Cond, origin: str) -> _Node:
        self._key += 1
        key = self._key
        if cond.contains is not None or cond.regex is not None:
            leaf = _Leaf(len(self.leaves), cond, origin)
            self.leaves.append(leaf)
            return _Node("leaf", key, leaf=leaf)
        if cond.any is not None:
            return _Node("any", key, children=[self._compile(c, origin) for c in cond.any])
        return _Node("all", key, children=[self._compile(c, origin) for c in cond.all or []],
                     within=cond.within, same_tb=cond.same_traceback)

    def _leaf_ids(self, node: _Node | None) -> set[int]:
        if node is None:
            return set()
        if node.kind == "leaf":
            return {node.leaf.idx}  # type: ignore[union-attr]
        out: set[int] = set()
        for c in node.children:
            out |= self._leaf_ids(c)
        return out

    def new_run(self) -> MatchRun:
        return MatchRun()

    # -- per line --------------------------------------------------------------------------
    def leaf_hits(self, text: str, run: MatchRun) -> dict[int, dict]:
        """Leaf index -> captures of the leaves that match `text`. A pure function of the text while
        no regex times out or is switched off, so results are kept per text (logs repeat lines);
        a time-out or switch-off skips the memo for that line and empties both memos."""
        hits = self._memo.get(text)
        if hits is not None:
            return hits
        volatile = self.volatile
        hits = self._compute_leaf_hits(text, run)
        if self.volatile != volatile:
            self._forget()
        elif len(text) <= _MEMO_TEXT:
            if len(self._memo) >= _MEMO_MAX or self._held >= _MEMO_HITS:
                self._forget()
            self._memo[text] = hits
            self._held += len(hits)
        return hits

    def _forget(self) -> None:
        """Empty both memos of leaf hits (full: a memo starts again rather than grow)."""
        self._memo.clear()
        self._blind_hits.clear()
        self._held = 0

    def _candidates(self, text: str) -> set[int] | None:
        """The leaves whose anchors `text` holds (None: it holds none, and no leaf is case-blind)."""
        present = self._index.found(text)
        if not present and self._index_lower is None:
            return None
        idxs: set[int] = set()
        for a in present:
            idxs.update(self.by_anchor[a])
        if self._index_lower is not None:
            for a in self._index_lower.present(text.lower()):
                idxs.update(self.by_anchor_lower[a])
        return idxs

    def blind_on(self, text: str) -> bool:
        """Whether `leaf_hits` answers alike on every text of `text`'s number shape that holds the
        same anchors: each leaf it tries on `text` is number_blind, or lacks what it needs in a way
        no number changes (a clause of its `needs` that holds no number's digit, see _Leaf.lacks)."""
        known = self._blind
        leaves = self.leaves
        for idx in (*(self._candidates(text) or ()), *(leaf.idx for leaf in self.unanchored)):
            leaf = leaves[idx]
            if not known[idx] and not leaf.lacks(text, needs=tuple(c for c in leaf.needs if number_blind(None, c))):
                return False
        return True

    def _compute_leaf_hits(self, text: str, run: MatchRun) -> dict[int, dict]:
        hits: dict[int, dict] = {}
        idxs = self._candidates(text)
        if idxs is not None:
            shape = None
            blind: set[int] = set()
            if len(text) <= _MEMO_TEXT:
                known = self._blind
                blind = {idx for idx in idxs if known[idx]}
            spans = None
            ordered = False  # whether `hits` must be put back in leaf order (as _try_leaves fills it)
            if blind:
                shape = number_shape(text)
                if shape == text:
                    shape = None  # (no number: the memo of leaf_hits answers its repeats)
                else:
                    got = self._blind_hits.get(shape)
                    if got is not None:
                        # a text of the same shape: these number-blind leaves hit it, with their
                        # groups at the same places (the regex takes the same steps on both texts)
                        for idx, where in got.items():
                            hits[idx] = {k: text[i:j] for k, (i, j) in where.items()}
                        idxs = idxs - blind
                        shape = None
                        ordered = True
                    else:
                        spans = {}
            volatile = self.volatile
            self._try_leaves(idxs, text, hits, run, spans, grouped=not ordered)
            if ordered and len(hits) > 1:
                hits = {idx: hits[idx] for idx in sorted(hits)}
            if shape is not None and self.volatile == volatile:
                if len(self._blind_hits) >= _MEMO_MAX or self._held >= _MEMO_HITS:
                    self._forget()
                got = self._blind_hits[shape] = {idx: spans[idx] for idx in blind.intersection(hits)}
                self._held += len(got)
        for leaf in self.unanchored:
            self._try_leaf(leaf, text, hits, run)
        return hits

    def _try_leaves(self, idxs: set[int], text: str, hits: dict, run: MatchRun, spans: dict | None = None,
                    grouped: bool = True) -> None:
        """Run the leaves `idxs` on `text` (see _try_leaf); `grouped`: try each _Group first (not
        worth it for the few leaves left of a known number shape)."""
        leaves = self.leaves
        group_of = self._group_of if grouped else {}
        verdict: dict[int, bool] = {}  # id(group) -> excludes this text
        lower = None
        for idx in sorted(idxs):  # leaf order, as the per-leaf anchor loop had it
            leaf = leaves[idx]
            if leaf.needs:
                if leaf.ignore_case and lower is None:
                    lower = text.lower()
                if leaf.lacks(text, lower):
                    continue
            group = group_of.get(idx)
            if group is not None:
                out = verdict.get(id(group))
                if out is None:
                    out = verdict[id(group)] = group.excludes(text)
                if out:
                    continue
            self._try_leaf(leaf, text, hits, run, spans)

    def _try_leaf(self, leaf: _Leaf, text: str, hits: dict, run: MatchRun, spans: dict | None = None) -> None:
        """Run one leaf on `text`: its captures into `hits` when it matches (and their places into
        `spans`, when given)."""
        if leaf.disabled:
            return
        if leaf.kind == "contains":
            hits[leaf.idx] = {}
            if spans is not None:
                spans[leaf.idx] = {}
            return
        try:
            m = leaf.pattern.search(text, timeout=REGEX_TIMEOUT_S)
        except _regex_error() as exc:
            self.volatile += 1
            leaf.disabled = True
            run.warnings.append(f"rule {leaf.origin}: regex switched off: {exc}")
            return
        except TimeoutError:
            self.volatile += 1
            leaf.timeouts += 1
            if leaf.timeouts >= MAX_TIMEOUTS:
                leaf.disabled = True
                run.warnings.append(
                    f"rule {leaf.origin}: regex switched off after {MAX_TIMEOUTS} timeouts ({REGEX_TIMEOUT_S}s each)"
                )
            return
        if m is not None:
            caps = hits[leaf.idx] = {k: v for k, v in m.groupdict().items() if v is not None}
            if spans is not None:
                spans[leaf.idx] = {k: m.span(k) for k in caps}

    def _eval(self, node: _Node, hits: dict, hit_line: Hit, run: MatchRun):
        """Return (captures, evidence) when the node is satisfied on this line, else None."""
        if node.kind == "leaf":
            caps = hits.get(node.leaf.idx)  # type: ignore[union-attr]
            if caps is None:
                return None
            return caps, [hit_line]
        if node.kind == "any":
            for child in node.children:
                res = self._eval(child, hits, hit_line, run)
                if res is not None:
                    return res
            return None
        state = run.all_state.setdefault(node.key, {})
        for i, child in enumerate(node.children):
            res = self._eval(child, hits, hit_line, run)
            if res is not None:
                state[i] = (res[0], res[1])
        if len(state) < len(node.children):
            return None
        seqs = [ev.seq for _, evs in state.values() for ev in evs]
        if max(seqs) - min(seqs) > node.within:
            # drop parts that fell out of the window
            newest = max(seqs)
            for i in list(state):
                if newest - max(ev.seq for ev in state[i][1]) > node.within:
                    del state[i]
            return None
        if node.same_tb:
            tbs = {ev.tb for _, evs in state.values() for ev in evs}
            if len(tbs) != 1 or None in tbs:
                return None
        caps: dict = {}
        evidence: list[Hit] = []
        for i in sorted(state):
            caps.update(state[i][0])
            for ev in state[i][1]:
                if all(ev.seq != e.seq for e in evidence):
                    evidence.append(ev)
        run.all_state[node.key] = {}
        evidence.sort(key=lambda e: e.seq)
        return caps, evidence

    def feed(self, line, seq: int, tb: int | None, phase: str | None, engine: str, run: MatchRun,
             who: tuple | None = None, known: tuple[str, dict] | None = None) -> list[Finding]:
        """Match one line; return the findings that completed on it. `known`: (text, leaf hits) of
        `leaf_hits` already run on this text (a time-out is then counted once, as one `feed` counts it)."""
        text = line.text
        if not text:
            return []
        hits = known[1] if known is not None and known[0] == text else self.leaf_hits(text, run)
        if not hits:  # rules are evaluated only for leaves that hit: nothing can complete
            return []
        hit_line = Hit(line.n, line.source, line.raw, seq, tb, phase, {}, who)
        new: list[Finding] = []
        for rs, unless_hit, node_hit in self._plan(hits):
            if rs.rule.id in run.disabled:
                continue
            try:
                if unless_hit and (rs.rule.unless_within is not None or not run.unless_hits.get(rs.rule.id)):
                    if self._eval(rs.unless, hits, hit_line, run) is not None:
                        seqs = run.unless_hits.setdefault(rs.rule.id, [])
                        seqs.append(seq)
                        if len(seqs) > MAX_UNLESS_HITS:  # bounded: keep the most recent half
                            del seqs[: len(seqs) // 2]
                if not node_hit:
                    continue
                res = self._eval(rs.node, hits, hit_line, run)
            except Exception as exc:  # noqa: BLE001 - a broken rule must not stop the others
                run.disabled.add(rs.rule.id)
                run.warnings.append(f"rule {rs.rule.id}: switched off after an error: {exc}")
                continue
            if res is None:
                continue
            if rs.rule.tier == "family" and (_below_error(line) or _raise_line(text)):
                continue  # a family rule names a failure: never from a line logged below ERROR or from code
            caps, evidence = res
            kept = run.per_rule.get(rs.rule.id, 0)
            run.per_rule[rs.rule.id] = kept + 1
            if kept < MAX_FINDINGS_PER_RULE:  # bounded memory: later repeats are only counted
                finding = Finding(rs.rule, dict(caps), list(evidence), phase, evidence[0].seq, engine)
                run.findings.append(finding)
                new.append(finding)
            elif self.report_new:
                new.append(Finding(rs.rule, dict(caps), list(evidence), phase, evidence[0].seq, engine))
        return new

    def _plan(self, hits: dict) -> tuple:
        """The rules whose leaves hit a line (`hits`), in rule order, each with whether a leaf of its
        `unless` and one of its condition hit: a condition none of whose leaves hit on the line cannot
        complete on it and its window state stays as it is (state changes only where a leaf hits), so
        it is not evaluated; neither is an `unless` without a window once it has hit (one hit decides
        for good; `feed` checks that). A function of which leaves hit, so kept per such set (lines
        repeat, request exceptions with other numbers hit the same leaves)."""
        key = tuple(hits)
        plan = self._plans.get(key)
        if plan is None:
            candidates: dict[int, _RuleState] = {}
            for idx in hits:
                for rs in self._rules_of_leaf.get(idx, ()):
                    candidates[rs.order] = rs
            plan = tuple((rs, not rs.unless_leaves.isdisjoint(hits), not rs.node_leaves.isdisjoint(hits))
                         for _, rs in sorted(candidates.items()))
            if len(self._plans) >= _MEMO_MAX:
                self._plans.clear()
            self._plans[key] = plan
        return plan

    def unless_blocks(self, finding: Finding, run: MatchRun) -> bool:
        rule = finding.rule
        seqs = run.unless_hits.get(rule.id)
        if not seqs:
            return False
        first, last = min(e.seq for e in finding.evidence), max(e.seq for e in finding.evidence)
        if rule.unless_before:  # (before the line the match completed on)
            seqs = [s for s in seqs if s < last]
        if rule.unless_within is None:
            return bool(seqs)
        lo = first - rule.unless_within
        hi = last + rule.unless_within
        return any(lo <= s <= hi for s in seqs)
