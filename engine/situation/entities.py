"""Finding card names in what players type: exact names, typos, nicknames, counted copies.

Why strict: a spurious card hit puts a permanent in the story that nobody described. The finder accepts an
exact name, a nickname from ``data/card_aliases.json`` (each reviewed against its card), a close typo of a
whole name, or every typed word starting a word of exactly one name ("lab man"); several such names is a
question ("which Teferi?"), and anything else is None, never a guess.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from rapidfuzz import fuzz, utils
from rapidfuzz.distance import OSA

from engine.cards import CardDB
from engine.errors import Ambiguity, SituationError
from engine.situation.lexicon import COMMON_WORDS, read_number

ALIASES_FILE = Path(__file__).resolve().parents[2] / "data" / "card_aliases.json"
MAX_COPIES = 8
# a basic land's name (305.6) and its plural: the land a player means, never the start of another card's name
BASIC_LANDS = frozenset(w for n in ("plains", "island", "swamp", "mountain", "forest", "wastes")
                        for w in (n, n if n.endswith("s") else f"{n}s"))


@lru_cache(maxsize=1)
def aliases() -> dict[str, str]:
    """Nickname (as the matcher keys text: lower case, punctuation as spaces) → card name."""
    doc = json.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    return {utils.default_process(k): v for k, v in doc["aliases"].items()}


@lru_cache(maxsize=1)
def also_card_names() -> dict[str, str]:
    """Nickname → the other real card whose whole name it is ("study": Rhystic Study's nickname, and Study)."""
    doc = json.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    return {utils.default_process(k): v for k, v in doc.get("also_card_names", {}).items()}


@lru_cache(maxsize=1)
def last_words() -> dict[str, tuple[str, ...]]:
    """A one-word nickname that is the last word of draw cards' names ("archive") → every such card: one is a
    match, several a question (a test checks each list against the card data and the draw-card catalogue)."""
    doc = json.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    return {k: tuple(v) for k, v in doc.get("last_words", {}).items()}


_WORDS_OF: WeakKeyDictionary[CardDB, tuple[tuple[str, list[str]], ...]] = WeakKeyDictionary()


def _name_words(cards: CardDB) -> tuple[tuple[str, list[str]], ...]:
    """Each card's name and its words as the matcher keys them, worked out once per card data."""
    if cards not in _WORDS_OF:
        _WORDS_OF[cards] = tuple((name, utils.default_process(name).split()) for name in cards.names())
    return _WORDS_OF[cards]


def _prefix_matches(cards: CardDB, key: str) -> list[str]:
    """Names where every typed word starts a word of the name, in order, from its first word ("lab man",
    "jace wielder")."""
    words = key.split()
    if not words or all(w in COMMON_WORDS for w in words) or len(words[0]) < 3:
        return []
    lone_short = len(words) == 1 and len(words[0]) < 5  # "Jace" names Jaces; "She" names nothing
    found = []
    for name, name_words in _name_words(cards):
        if not name_words[0].startswith(words[0]) or (lone_short and name_words[0] != words[0]):
            continue  # a nickname starts where the name starts ("the Apocalypse" is not Sheoldred)
        i = 0
        for w in words:
            while i < len(name_words) and not name_words[i].startswith(w):
                i += 1
            if i == len(name_words):
                break
            i += 1
        else:
            found.append(name)
    return found


def _strip(text: str) -> str:
    return re.sub(r"^(?:an?|one|the|his|her|their|my|your)\s+(?!apocalypse)", "", text.strip(),
                  flags=re.I).strip(" .,'\"")


_FOUND: WeakKeyDictionary[CardDB, dict[str, list[str]]] = WeakKeyDictionary()
MAX_REMEMBERED = 4096


def candidates(cards: CardDB, text: str) -> list[str]:
    """Every card the words could name: one is a match, several a question, none not a card. Remembered per
    card data (both readers look the same words up; a fuzzy search is the costliest step of reading)."""
    found = _FOUND.setdefault(cards, {})
    if text not in found:
        if len(found) > MAX_REMEMBERED:
            found.clear()
        found[text] = _candidates(cards, text)
    return list(found[text])


def _candidates(cards: CardDB, text: str) -> list[str]:
    name = _strip(text)
    if not name or len(name) > 80:
        return []
    key = utils.default_process(name)
    if key in also_card_names():  # a nickname that is another card's whole name: both, whichever is known
        return [aliases()[key], also_card_names()[key]]
    exact = cards.find(name)
    if exact is not None:
        return [exact.name]
    if key in last_words():  # "archive out": every draw card whose name ends so
        return list(last_words()[key])
    singular = key[:-1] if re.search(r"\b[a-z]{3,}s$", key) else key  # "Sheoldreds", not "is"
    for k in (key, singular, key[:-2] if re.search(r"\b[a-z]{3,}(?:x|s|ch|sh)es$", key) else key):  # "boxes"
        alias = aliases().get(k)
        if alias:
            return [alias]
    exact = cards.find(singular) if singular != key else None
    if exact is not None:
        return [exact.name]
    if key in BASIC_LANDS:  # "I play an Island" is the basic land, never Island Sanctuary (a guess by prefix)
        return []
    if len(key) >= 5:
        card = cards.fuzzy(name, cutoff=85 if len(key) < 10 else 82)
        # a typo of the whole name, not a name with other words around it ("spirit of the labyrinth, I draw")
        if card is not None and abs(len(utils.default_process(card.name)) - len(key)) <= max(3, len(key) // 6) \
                and _word_by_word_typo(key, utils.default_process(card.name)):
            return [card.name]
    typo = _nickname_typo(key)
    if typo is not None:
        return [typo]
    found = _prefix_matches(cards, key)
    if not found and singular != key:
        found = _prefix_matches(cards, singular)
    return found


def _nickname_typo(key: str) -> str | None:
    """The card of the one nickname ``key`` is a typo of ("sphins rev" for "sphinx's rev"): the same edits a card
    name's typo may have, on a run long enough not to be another word (8 letters or more)."""
    if len(key) < 8:
        return None
    limit = 1 if len(key) < 9 else 2
    near = {aliases()[alias] for alias in aliases() if abs(len(alias) - len(key)) <= limit
            and OSA.distance(key, alias) <= limit and _word_by_word_typo(key, alias)}
    return near.pop() if len(near) == 1 else None


def _word_by_word_typo(typed: str, name: str) -> bool:
    """Whether ``typed`` is a typo of ``name`` word by word, when both have as many words: a word with more than
    a typo's edits is another word, and the run another card ("thought courier" is Thought Courier, not a typo of
    Thought Scour). A run with words joined or split ("labman", "spiritof the labyrinth") is judged whole."""
    typed_words, name_words = typed.split(), name.split()
    if len(typed_words) != len(name_words):
        return True
    return all(_typo_of(t, w) for t, w in zip(typed_words, name_words, strict=True))


def _typo_of(typed: str, word: str) -> bool:
    """A word typed for a name's word: one edit in a short word, two in a longer one, or a long word misspelt
    from the same start ("alhameret" for "alhammarret"); never another word ("courier", "misfortune")."""
    if OSA.distance(typed, word) <= (1 if len(word) <= 5 else 2):
        return True
    return len(word) >= 8 and typed[:2] == word[:2] and fuzz.ratio(typed, word) >= 78


def match_card(cards: CardDB, text: str, clause: str, context: str = "") -> str:
    """One card for the words, or the error that names them (unknown card) or asks (several cards)."""
    found = candidates(cards, text)
    if len(found) == 1:
        return _known(cards, found[0], clause)
    name = text.strip(" .,'\"")
    longer = _comma_name(cards, name, context or clause) if len(found) > 1 else None
    if longer is not None:  # "Jace, Memory Adept": a card the data lacks, looked up whole, never "which Jace?"
        found, name = [], longer
    if len(found) > 1:
        raise Ambiguity(f"Which card is “{name}”?", name, clause, [(n, n) for n in found[:10]])
    name = _WHOSE.sub("", name) or name  # "my Midnight Reaper", "a Toothy": the card is the rest
    cut = _BEFORE_NAME.sub("", _PAST_NAME.split(name, maxsplit=1)[0]) or name
    if len(candidates(cards, cut)) != 1:  # "Thoughtseize against Nike": the name the bot looks up, never a known one
        name = cut
    error = SituationError(f"“{name}” is not a card I know", clause, "a card name from the card data")
    error.unknown_card = name
    raise error


def _comma_name(cards: CardDB, name: str, clause: str) -> str | None:
    """The whole name when the words matched several cards only as the start of a longer name written with a
    comma and capitals ("I activate Jace, Memory Adept's 0 ability"): a card the data lacks, which the bot looks up
    whole; None when no such name follows, or it is a known card."""
    m = re.search(rf"(?<![\w']){re.escape(name)},\s+((?:[A-Z][\w'-]*|of|the)(?:\s+(?:[A-Z][\w'-]*|of|the)){{0,4}})",
                  clause)
    if m is None:
        return None
    whole = re.sub(r"(?:'s|’s|')$", "", f"{name}, {m.group(1)}").strip()
    return whole if whole.count(" ") >= 1 and not candidates(cards, whole) else None


# words after a card's name that are not part of it: a clause, a target, an X, a bug report's word
_PAST_NAME = re.compile(r"\s+(?=(?:when|whenever|if|unless|because|until|instead|while|despite|but|bug|bugged|against|"
                        r"targeting|on (?:my|his|her|their|your|the|an?|him|them|me)|with x\b|for x\b)\b)", re.I)


_BEFORE_NAME = re.compile(r"^(?:(?:my |the |your )?opponent|opp|i|he|she|they|we)\s+(?:has|have|had|controls?|"
                          r"controlled|casts?|played|plays?)\s+", re.I)


# words before a card's name that say whose it is or count it, never part of a name ("The" may be: "The Ur-Dragon")
_WHOSE = re.compile(r"^(?:(?:i|me|my|your|his|her|their|our|opponent's|my opponent's|the opponent's|a|an)\s+)+",
                    re.I)


def plural_of(typed: str, name: str) -> bool:
    """Whether ``typed`` is the card ``name`` in the plural, the whole name with "s" or "es" ("Howling Mines";
    never a nickname, "alms", "xyris", nor "Orcish Bowmasters", whose name ends so, nor "Howling Mine's")."""
    typed, name = " ".join(typed.lower().split()), name.lower()
    # "Rhystic Studies", "Sylvan Libraries": a last word in consonant + "y" takes "ies"
    ies = name[:-1] + "ies" if re.search(r"[^aeiou]y$", name) else None
    return typed in (name + "s", name + "es", ies)


ASKED_COUNTS = (2, 3, 4)  # the counts offered when a plural card name says none


def _counted(cards: CardDB, text: str) -> list[str] | None:
    """ "two Thought Reflections", "Howling Mine x2", "3 copies of Font of Mythos", "both Howling Mines"; a
    plural with no number ("my Howling Mines") is asked, never read as one copy."""
    t = re.sub(r"^(\d{1,2})\s*[x×]\s+", r"\1 ", text.strip())  # "2x Howling Mine": two copies
    times = 1
    m = re.fullmatch(r"(\w+)\s+(?:copies of\s+|x\s+)?(.+)", t)
    said = bool(m and m.group(1).lower() not in ("a", "an") and read_number(m.group(1)) is not None)
    if m and m.group(1).lower() == "both" and (found := candidates(cards, m.group(2))) and plural_of(m.group(2),
                                                                                                   found[0]):
        times, t, said = 2, m.group(2), True  # "both Howling Mines" (not "both Blood Scrivener and ...")
    elif said and m:
        times, t = read_number(m.group(1)) or 1, m.group(2)
    elif m and m.group(1).lower() in ("a", "an") and not candidates(cards, t):
        t = m.group(2)  # "a Toothy, Imaginary Friend": one of the card
    m = re.fullmatch(r"(.+?)\s*x(\d+)", t)
    if m:
        times, t = int(m.group(2)), m.group(1)
    found = candidates(cards, t)
    if len(found) > 1:
        raise Ambiguity(f"Which card is “{t.strip()}”?", t.strip(), text, [(n, n) for n in found[:10]])
    if found and not said and times == 1 and plural_of(t, found[0]) and not is_spell_name(cards, found[0]):
        raise Ambiguity(f"How many {t.strip()} are there?", t.strip(), text,
                        [(str(n), f"{n} {t.strip()}") for n in ASKED_COUNTS])
    return [_known(cards, found[0], text)] * max(1, min(times, MAX_COPIES)) if found else None


def is_spell_name(cards: CardDB, name: str) -> bool:
    """An instant's or a sorcery's name: its plural is no count of permanents ("opp brainstorms": the verb)."""
    card = cards.find(name)
    return card is not None and any(kind in card.type_line for kind in ("Instant", "Sorcery"))


def _known(cards: CardDB, name: str, clause: str) -> str:
    """A nickname can name a card the card data lacks: then it is an unknown card, fetched by its name."""
    if cards.find(name) is not None:
        return name
    error = SituationError(f"“{name}” is not a card I know", clause, "a card name from the card data", [])
    error.unknown_card = name
    raise error


def card_list(cards: CardDB, text: str, clause: str) -> list[str]:
    """Names separated by commas and "and"; a comma inside a name ("Sheoldred, the Apocalypse") is kept
    by trying the longest run of parts that names a card first. Each mention gives its cards once."""
    pieces = re.split(r"(,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)", text)
    parts, seps = pieces[0::2], pieces[1::2]
    out: list[str] = []
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            joined = parts[i] + "".join(seps[k] + parts[k + 1] for k in range(i, j - 1))
            found = _counted(cards, joined)
            if found:
                out.extend(found)
                i = j
                break
        else:
            name = _unknown_name(parts, seps, i)
            error = SituationError(f"“{name}” is not a card I know", clause, "a card name from the card data")
            error.unknown_card = name
            raise error
    return out


_TITLE = re.compile(r"^the [A-Z]")  # "Aminatou, the Fateshifter": a name's title after its comma


def _unknown_name(parts: list[str], seps: list[str], i: int) -> str:
    """The card name the data lacks at ``parts[i]``, as the bot looks it up: without the words that say whose
    it is ("opponent controls Baleful Strix" is Baleful Strix), with its title ("Aminatou, the Fateshifter",
    never "Aminatou", which names several cards)."""
    name = parts[i].strip()
    if i + 1 < len(parts) and seps[i].strip() == "," and _TITLE.match(parts[i + 1].strip()):
        name = f"{name}, {parts[i + 1].strip()}"
    return _WHOSE.sub("", _BEFORE_NAME.sub("", name)) or name


@lru_cache(maxsize=8)
def card_words(names: tuple[str, ...]) -> frozenset[str]:
    """Every word of every card name and nickname: the typo corrector never touches these."""
    words: set[str] = set()
    for name in (*names, *aliases(), *last_words()):
        words.update(re.findall(r"[a-z]+", name.lower()))
    return frozenset(words)
