"""The rules, glossary and search index of an edition, held in memory after its first look-up.

Why: a rule look-up through SQLite costs a thread hop and a query (0.2–0.8 ms); from a dict it costs
microseconds, and look-ups are what a Discord server asks most. SQLite stays the source of truth: an index
is built from one read of an edition and is keyed by the edition's file hash, so a changed edition is simply
another index. Search is ranked here too, the way a player expects: texts holding every word of the query
first, then BM25 (the ranking FTS5 uses), then texts whose words stand close together in the query's order;
words are stemmed (Snowball) and players' shorthand ("empty library", "ETB", "GY") is read as the rules
word it stands for.
"""

from __future__ import annotations

import asyncio
import bisect
import copy
import dataclasses
import heapq
import math
import re
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field

import snowballstemmer

from bot.store import Definition, Edition, GlossaryTerm, Rule, RuleLookup, SearchHit, SearchResult, Store
from bot.store.db import rule_key
from bot.store.matching import closest_term, nearest_numbers, term_key

_WORD = re.compile(r"\w+", re.UNICODE)
_STEMMER = snowballstemmer.stemmer("english")
_STEMS: dict[str, str] = {}
K1, B = 1.2, 0.75  # BM25's usual constants (FTS5 uses the same)
GLOSSARY_HEADING_WEIGHT = 4.0
SECTION_HEADING_WEIGHT = 0.5
OBSOLETE_WEIGHT = 0.5  # an obsolete glossary term ranks below a current one
CLOSENESS_OF = 60  # how many of the best candidates are also ranked by how close their words stand

# Words that carry no meaning for ranking (kept when a query has nothing else).
STOP_WORDS = frozenset("a an the of from to in on is are and or with for by at it its that this be as if into "
                       "what when how does do can i my you your".split())
# Players' words → the rules' words ("draw from empty library" finds "a library with no cards in it").
PLAYER_WORDS = {"empty library": "library with no cards", "empty hand": "no cards in hand",
                "etb": "enters the battlefield", "ltb": "leaves the battlefield", "gy": "graveyard",
                "yard": "graveyard", "lib": "library", "deck": "library", "sba": "state-based actions",
                "sbas": "state-based actions", "cmc": "mana value", "mv": "mana value", "opp": "opponent",
                "eot": "end step", "apnap": "active player nonactive player order"}
_PLAYER_RX = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(PLAYER_WORDS, key=len, reverse=True))
                        + r")\b", re.IGNORECASE)


RECENT_SEARCHES = 256  # searches remembered per edition (the oldest forgotten first)


def stem(word: str) -> str:
    found = _STEMS.get(word)
    if found is None:
        found = _STEMS[word] = _STEMMER.stemWord(word.lower())
    return found


def tokens(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower())]


@dataclass
class _Doc:
    kind: str  # "rule" | "glossary"
    key: str  # rule number or glossary heading
    text: str  # what a hit shows
    positions: dict[str, list[int]]  # stem → positions in the document
    length: float  # weighted length (BM25's document length)
    weights: dict[str, float]  # stem → weighted term frequency
    boost: float = 1.0
    heading: str = ""  # a glossary entry's heading as a term key: a query that is the term finds it first


@dataclass
class EditionIndex:
    """One edition's rules and glossary in memory, with the look-ups the commands use."""

    edition: Edition
    rules: list[Rule]
    glossary: list[GlossaryTerm]
    _keys: list[str] = field(default_factory=list, repr=False)
    headings: list[str] = field(default_factory=list, repr=False)
    _by_key: dict[str, int] = field(default_factory=dict, repr=False)
    _children: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list), repr=False)
    _sections: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list), repr=False)
    _terms: dict[str, GlossaryTerm] = field(default_factory=dict, repr=False)
    _docs: list[_Doc] = field(default_factory=list, repr=False)
    _postings: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list), repr=False)
    _partial: dict[str, dict[int, float]] = field(default_factory=lambda: defaultdict(dict), repr=False)
    _avg: float = 1.0
    _recent: OrderedDict[tuple[tuple[str, ...], int], SearchResult] = field(default_factory=OrderedDict, repr=False)

    def __post_init__(self) -> None:
        self._keys = [rule_key(r.number) for r in self.rules]
        # The keys sorted, with each one's place in the file: a prefix is a range found by bisection.
        by_key = sorted(range(len(self._keys)), key=self._keys.__getitem__)
        self._sorted_keys = [self._keys[i] for i in by_key]
        self._sorted_places = by_key
        self.headings = [g.heading for g in self.glossary]
        for i, (r, key) in enumerate(zip(self.rules, self._keys, strict=True)):
            self._by_key.setdefault(key, i)
            if r.parent:
                self._children[r.parent].append(i)
            self._sections[r.section].append(i)
        ranked = sorted(self.glossary, key=lambda g: g.obsolete)  # a current entry wins over an obsolete one
        for g in ranked:
            for t in (g.heading, *g.terms):
                self._terms.setdefault(term_key(t), g)
        headings = {rule_key(r.number): r.text for r in self.rules if r.kind == "section"}
        for r in self.rules:
            if r.kind != "part":
                # A rule is also found by its section's heading ("draw step" finds 504.1), weighed lightly.
                section = headings.get(r.section, "") if r.kind != "section" else ""
                self._add("rule", r.number, r.text, [(f"{r.text} {r.title} {' '.join(r.examples)}", 1.0),
                                                     (section, SECTION_HEADING_WEIGHT)])
        for g in self.glossary:
            senses = "\n".join(g.senses)
            self._add("glossary", g.heading, senses, [(g.heading, GLOSSARY_HEADING_WEIGHT), (senses, 1.0)],
                      OBSOLETE_WEIGHT if g.obsolete else 1.0)
        self._avg = sum(d.length for d in self._docs) / max(1, len(self._docs))
        # BM25's per-text part of each word's score, computed once: a search only adds them up.
        for i, doc in enumerate(self._docs):
            norm = K1 * (1 - B + B * doc.length / self._avg)
            for t, tf in doc.weights.items():
                self._partial[t][i] = tf * (K1 + 1) / (tf + norm)

    def _add(self, kind: str, key: str, text: str, fields: list[tuple[str, float]], boost: float = 1.0) -> None:
        positions: dict[str, list[int]] = defaultdict(list)
        weights: defaultdict[str, float] = defaultdict(float)
        length = 0.0
        offset = 0
        for content, weight in fields:
            words = tokens(content)
            for i, w in enumerate(words):
                positions[w].append(offset + i)
                weights[w] += weight
            length += weight * len(words)
            offset += len(words) + 10  # fields never count as adjacent
        index = len(self._docs)
        self._docs.append(_Doc(kind, key, text, dict(positions), length, dict(weights), boost,
                               term_key(key) if kind == "glossary" else ""))
        for w in positions:
            self._postings[w].append(index)

    # ------------------------------------------------------------------ rules

    def rule(self, number: str) -> RuleLookup:
        """Same answers as the store's look-up: ``121.2`` with its subrules, ``121.2.`` alone, ``121`` the
        section; an unknown number with the nearest numbers."""
        raw = number.strip()
        alone = raw.endswith(".") and not re.fullmatch(r"\d{3}\.", raw)
        key = rule_key(raw)
        first = self._by_key.get(key)
        if first is None:
            return RuleLookup(raw, self.edition, (), tuple(self.nearest_numbers(key)))
        if alone:
            found = [first]
        elif re.fullmatch(r"\d{3}", key):
            found = sorted({first, *(i for i in self._sections.get(key, []) if self.rules[i].kind == "rule")})
        else:
            found = sorted({first, *self._children.get(key, [])})
        return RuleLookup(raw, self.edition, tuple(self.rules[i] for i in found))

    def nearest_numbers(self, key: str, limit: int = 5) -> list[str]:
        """As the store: numbers of the same section first, else of the whole edition."""
        section = key.split(".")[0].split(" ")[0]
        pool = [self.rules[i].number for i in self._sections.get(section, [])] or self.numbers()
        return nearest_numbers(key, pool, limit)

    def rules_by_numbers(self, numbers: list[str]) -> dict[str, Rule]:
        out = {}
        for n in numbers:
            i = self._by_key.get(rule_key(n))
            if i is not None:
                out[rule_key(n)] = self.rules[i]
        return out

    def numbers(self) -> list[str]:
        return [r.number for r in self.rules]

    def rules_starting(self, key: str, limit: int) -> list[Rule]:
        """The rules whose number starts with ``key`` (a rule key), in file order (autocomplete). Why bisection:
        the autocomplete runs on the event loop for every keystroke, and a prefix that matches nothing or only
        rules late in the file scanned every rule."""
        if not key:
            return self.rules[:limit]
        lo = bisect.bisect_left(self._sorted_keys, key)
        hi = bisect.bisect_left(self._sorted_keys, key + "\U0010ffff", lo)
        return [self.rules[i] for i in heapq.nsmallest(limit, self._sorted_places[lo:hi])]

    # --------------------------------------------------------------- glossary

    def define(self, term: str) -> Definition:
        """A glossary entry by term or alias, or the nearest term when nothing matches exactly."""
        key = term_key(term)
        entry = self._terms.get(key)
        if entry is not None:
            return Definition(term, self.edition, entry)
        headings = self.headings
        if not key or not headings:
            return Definition(term, self.edition, None)
        best, suggestions = closest_term(key, headings)
        if best is not None:
            return Definition(term, self.edition, self._terms.get(term_key(best)), suggestions, exact=False)
        return Definition(term, self.edition, None, suggestions)

    # ----------------------------------------------------------------- search

    def search(self, query: str, limit: int = 10) -> SearchResult:
        """Ranked search over rules and glossary; any text a user can type is safe (it is only split into
        words). The same words asked again are answered from a small memory of recent searches: ranking takes
        5-15 ms of the event loop, and the questions players search for repeat (a burst of 750 searches of
        three phrasings held the loop for seconds)."""
        words = tokens(_PLAYER_RX.sub(lambda m: PLAYER_WORDS[m.group(1).lower()], query[:400]))[:32]
        meaningful = [w for w in words if w not in STOP_WORDS] or words
        terms = list(dict.fromkeys(meaningful))
        if not terms:
            return SearchResult(query, self.edition, ())
        key = (tuple(terms), limit)
        known = self._recent.get(key)
        if known is not None:
            self._recent.move_to_end(key)
            return dataclasses.replace(known, query=query, edition=self.edition)
        result = self._ranked(query, terms, limit)
        self._recent[key] = result
        while len(self._recent) > RECENT_SEARCHES:
            self._recent.popitem(last=False)
        return result

    def _ranked(self, query: str, terms: list[str], limit: int) -> SearchResult:
        postings = [self._postings.get(t, ()) for t in terms]
        n = len(self._docs)
        idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in zip(terms, postings, strict=True)}
        coverage: Counter[int] = Counter()
        for p in postings:
            coverage.update(p)  # counted in C: how many of the query's words each text holds
        if not coverage:
            return SearchResult(query, self.edition, ())
        # Only the texts holding the most words can rank first: score those (at least enough to fill a page).
        levels = Counter(coverage.values())
        floor, kept = max(levels), 0
        for level in sorted(levels, reverse=True):
            floor, kept = level, kept + levels[level]
            if kept >= max(limit, CLOSENESS_OF):
                break
        asked = term_key(query)
        partial = self._partial
        scored = []
        for i, matched_count in coverage.items():
            if matched_count < floor:
                continue
            doc = self._docs[i]
            bm25 = sum(idf[t] * partial[t][i] for t in terms if t in doc.weights) * doc.boost
            scored.append((-(matched_count + (doc.heading == asked)), -bm25, i))
        scored.sort()
        # Among the best, words standing close together in the text rank it higher.
        head = [(m, s * (1.0 + _closeness(self._docs[i], [t for t in terms if t in self._docs[i].weights])), i)
                for m, s, i in scored[:CLOSENESS_OF]]
        scored = sorted(head) + scored[CLOSENESS_OF:]
        hits = tuple(SearchHit(self._docs[i].kind, self._docs[i].key, self._docs[i].text, s) for _m, s, i in
                     scored[:limit])
        note = ""
        if hits and -scored[0][0] < len(terms) and len(terms) > 1:
            note = "No rule contains every word; showing rules that contain some of them."
        return SearchResult(query, self.edition, hits, note)


def _closeness(doc: _Doc, matched: list[str]) -> float:
    """0..1: how close together the matched words stand in the text (the smallest window holding one of
    each, against the number of words); 1 when they are adjacent."""
    if len(matched) < 2:
        return 0.0
    events = sorted((p, t) for t in matched for p in doc.positions[t])
    need = len(matched)
    have: Counter[str] = Counter()
    best = math.inf
    left = 0
    for pos, t in events:
        have[t] += 1
        while len(have) == need:
            best = min(best, pos - events[left][0] + 1)
            lt = events[left][1]
            have[lt] -= 1
            if not have[lt]:
                del have[lt]
            left += 1
    return need / best if best != math.inf else 0.0


# Shared by every store of the process: an edition's content is fixed by its file hash, so two caches holding
# the same file (a rebuilt cache, a read-only copy) share one index.
_SHARED: OrderedDict[str, EditionIndex] = OrderedDict()
_BUILDING: dict[str, asyncio.Future[EditionIndex]] = {}  # one build of an edition at a time, for everyone


def forget_all() -> None:
    """Forget every index, as a process starting cold would (tests of what a first read meets)."""
    _SHARED.clear()


class Indexes:
    """The indexes of the editions looked up lately, by file hash (a few editions at most in memory)."""

    def __init__(self, store: Store, keep: int = 6) -> None:
        self.store = store
        self.keep = keep
        self._cache = _SHARED
        self._building = _BUILDING

    async def get(self, edition: Edition) -> EditionIndex:
        key = edition.sha256
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            if found.edition != edition:  # the same text under another label (current or not)
                found = copy.copy(found)
                found.edition = edition
            return found
        building = self._building.get(key)
        if building is not None:  # one build for every request that arrives while it runs
            return await asyncio.shield(building)
        building = self._building[key] = asyncio.get_running_loop().create_future()
        try:
            rules, glossary = await self.store.edition_contents(edition)
            # Built on a thread (about 0.3 s for a whole CR): the event loop keeps answering meanwhile.
            index = await asyncio.to_thread(EditionIndex, edition, rules, glossary)
        except BaseException as exc:
            building.set_exception(exc)
            building.exception()  # retrieved: waiters get it, nobody else needs to
            raise
        finally:
            del self._building[key]
        building.set_result(index)
        self._cache[key] = index
        while len(self._cache) > self.keep:
            self._cache.popitem(last=False)
        return index
