"""Normalising text before it is read: the way players type, turned into the reader's plain statements.

Why a stage of its own: players wrap facts in questions ("If I..., what happens?"), greet the judge, use
contractions, abbreviations ("opp", "lib", "GY", "T1"), numbers in words ("a dozen") and typos in ordinary
words ("libary"). Each rewrite here is small, listed in a table, and recorded, so the answer can say how the
text was read ("read 'libary' as 'library'"). Typos are corrected only against the reader's own closed
vocabulary, never towards or away from a card name, and never in a capitalised word (a name).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from engine.situation.person import generic_you, unaddressed

_CLEAN = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\t": " ", "`": "'",
                        "~": " ", "|": " "})
_EMPHASIS = re.compile(r"(?<!\d)\*+|\*+(?!\d)|(?<![\w])_+|_+(?![\w])")


_SPACES = re.compile(r"[^\S\n]+")
_LINE_BREAKS = re.compile(r" ?\n[\s]*")
_ASCII_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def collapse(text: str) -> str:
    """Runs of whitespace become one space (one line break where the run held one), first of all: every later
    stage then reads in time linear in the words, however many spaces a pasted text carries. (Spaces first:
    then a run around a line break is at most one space long, and the second pass is linear too.)"""
    return _LINE_BREAKS.sub("\n", _SPACES.sub(" ", text)).strip()


def clean(text: str) -> str:
    """NFKC, curly quotes straightened, whitespace runs collapsed, control and zero-width characters, emoji and
    Markdown emphasis (``**I draw 3**``) removed; ``10**3`` keeps its stars."""
    text = collapse(unicodedata.normalize("NFKC", text).translate(_CLEAN))
    if text.isascii():  # the common case: only ASCII control characters to drop, no emoji
        text = _ASCII_CONTROL.sub("", text)
    else:
        text = "".join(ch for ch in text if ch in "\n" or unicodedata.category(ch)[0] != "C"
                       and unicodedata.category(ch) != "So")
    return _EMPHASIS.sub("", text)


@dataclass
class Normalized:
    """The text as the reader reads it, and what was changed on the way (shown in the answer)."""

    text: str
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (typed, read as): typos only
    dropped: list[str] = field(default_factory=list)  # greetings and questions that state no fact
    sentences: list[str] = field(default_factory=list)  # the sentences as typed (cleaned): the question stage
    from_questions: set[str] = field(default_factory=set)  # clauses read out of a question ("can I dredge it?")
    claims: list[str] = field(default_factory=list)  # outcomes the player expects ("..., it will draw two"): said
    asides: list[str] = field(default_factory=list)  # words skipped because no draw depends on them: said
    seen: list[str] = field(default_factory=list)  # what the player saw happen ("but it did not trigger"): said


# --------------------------------------------------------------------------- sentences that state no fact

_QUESTION_TAIL = (
    r"(?:so |and |then |now |but )?(?:what happens|what would happen|what happens now|what happens next|"
    r"what's the ruling|what is the ruling|how does (?:this|that|it) (?:work|resolve)|who wins|who loses|"
    r"who draws|who gets (?:the cards|them|the draws?|what)|do i (?:lose|die|win|deck out|lose the game)|"
    r"does (?:it|that|this) work|am i dead|is (?:that|this) (?:right|correct)|am i right|right|correct|"
    r"can i do (?:that|this)|thanks|thank you|ty|thx|help|please|pls|any ideas|"
    r"(?:does|do|will|would|did) (?!it\b|that\b|this\b)[\w',\- ]{2,60}? (?:still )?triggers?(?: \w+){0,4}|"
    r"do i (?:still )?(?:get to )?draw(?: a card| anything)?|"
    r"(?:does|do|will|would|can|could) (?!it\b|that\b|this\b)[\w',\- ]{2,60}? (?:stop|prevent|affect|replace|hose|"
    r"shut off|turn off|matter for|apply to) (?:me|him|her|them|us|it|that|this|my \w+|his \w+|the \w+)|"
    r"(?:do|does|did|will|would) (?:i|you|he|she|they|we|[\w']+(?: [\w']+)?) (?:lose|die|win|deck out|"
    r"lose the game|win the game|survive|live)(?: (?:due to|because of|to|by|from) [\w' ]{1,30}?)?"
    r"(?: immediately| instantly| right there| on the spot| at once)?|"
    r"(?:how many|how much|who|what|which|why)\b[^,.;!?]{0,80})"
    r"(?: here| now| then| in this case| right away| at all)?"
)
_FILLER_SENTENCE = re.compile(rf"^(?:{_QUESTION_TAIL}|(?:a |one )?(?:(?:quick|dumb|simple|rules|short|stupid|"
                              r"weird|judge) )+(?:question|q)|(?:i was |we were |i'm |we're )?play(?:ing|ed) .{1,60} "
                              r"(?:last night|yesterday|today|earlier|this week|at fnm|at my lgs|online)"
                              r"|(?:hey|hi|hello)(?: judges?| all| guys| folks)?)[\s?!.]*$", re.I)
_LEADING_FILLER = re.compile(
    r"^(?:(?:hey|hi|hello)(?: judges?| all| guys| folks)?[,!:\-]\s*|(?:a |one |quick |dumb |simple |rules )?"
    r"(?:question|q)\s*[:,\-]\s*|(?:(?:quick|dumb|simple|rules|short|stupid|weird|judge) )+(?:question|q)\b"
    r"[:,\-]?\s*|"
    r"(?:so|ok|okay|um|uh|well|alright|judge|ruling|help|please|help please|pls)\s*[,:!\-]\s*|"
    r"(?:so|ok|okay|ok so|okay so|alright so|well(?! of\b)|um|uh)\s+)",
    re.I,
)
_TRAILING_QUESTION = re.compile(rf"(?:[,\-]\s*|\s+)(?:{_QUESTION_TAIL})[\s?!.]*$", re.I)
_END = r"[\s?!.]*$"
# "If A, what happens?" / "When A, do I lose?" → A
_IF_THEN_QUESTION = re.compile(rf"^(?:so |and )?(?:if|when) (?P<facts>.+?),?\s+(?:then\s+)?(?:{_QUESTION_TAIL}){_END}",
                               re.I)
# "Does Sheoldred trigger if A?" → "Sheoldred is in play. A" (the card is kept: whose it is may be asked)
_DOES_CARD_IF = re.compile(
    r"^(?i:does|do|will|would) (?P<card>[A-Z][\w',\- ]{1,60}?) (?i:trigger|work|apply|do anything|replace it|"
    rf"stop it|stop the draw|replace the draws?)\b[^,]{{0,30}}?\b(?i:if|when) (?P<facts>.+?){_END}",
)
# "Can my opponent draw a card if A?" → "A. my opponent draw a card"; "do I lose if A?" → A
_AUX_IF = re.compile(rf"^(?:can|could|does|do|did|will|would|should|must|may) (?P<head>.+?) (?:if|when) "
                     rf"(?P<facts>.+?){_END}", re.I)
_OUTCOME = re.compile(r"^(?:[\w']+(?: [\w']+)?) (?:lose|win|die|deck out|survive|live|get|have to|still)\b|"
                      r"^(?:it|this|that) (?:work|happen)", re.I)
_AUX_ONLY = re.compile(rf"^(?:is|are|am|can|could|does|do|did|will|would|should|must|may) (?P<head>.+?){_END}",
                       re.I)
# "Is it legal to brainstorm with 1 card in library if I have lab man?" → "I have lab man. I brainstorm with ..."
_LEGAL_TO = re.compile(r"^(?:is it|am i|is he|is she|are they) (?:legal|allowed|ok|okay|possible|able) "
                       r"(?:for (?P<who>me|him|her|them|my opponent|opponent) )?to (?P<head>.+?)"
                       rf"(?: (?:if|when) (?P<facts>.+?))?{_END}", re.I)
_SUBJECTS = {"me": "I", "him": "he", "her": "she", "them": "they", "my opponent": "my opponent",
             "opponent": "my opponent"}
# "How many cards does my opponent draw if A?" → A
_WH_IF = re.compile(rf"^(?:how many|how much|who|what|which|why|where)\b[^,]{{0,80}}?\b(?:if|when) "
                    rf"(?P<facts>.+?){_END}", re.I)
# "If A, can I B?" / "If A, B?" → "A. B"
_IF_COMMA = re.compile(rf"^(?:so |and )?if (?P<facts>.+?),\s*(?:then\s+)?(?P<rest>.+?){_END}", re.I)
# "With X out, can I B if A?" → "With X out, A, B"
_MID_AUX_IF = re.compile(r",\s*(?:can|could|do|does|will|would|should|must|may) (?P<head>[^,]+?) (?:if|when) "
                         rf"(?P<facts>.+?){_END}", re.I)


# "I draw 3 do I lose", "...draw 51 would I lose due to deck out or could I still...": a question run on after
# the facts without a stop starts at an inverted auxiliary; not after a word that makes it part of the clause
_RUN_ON_QUESTION = re.compile(r"\s(?P<q>(?:would|do|does|did|will|can|could|should|am) (?:i|he|she|they|we|"
                              r"my opponent|opponent|opp)\b)", re.I)
_NOT_BEFORE_QUESTION = frozenset({"if", "when", "whether", "that", "so", "and", "or", "but", "then", "what", "how",
                                  "many", "much", "who", "which", "why", "where", "also", "to"})
_WH_IN_CLAUSE = re.compile(r"\b(?:how|what|who|which|why|where)\b", re.I)


def _run_on_question(sentence: str) -> list[str]:
    """A sentence with a question run on after its facts, as two sentences (the question ending with "?")."""
    for m in _RUN_ON_QUESTION.finditer(sentence):
        before = sentence[: m.start()].rstrip()
        words = before.split()
        if len(words) < 2 or words[-1].lower().strip(",;:") in _NOT_BEFORE_QUESTION or before.endswith(",") \
                or _WH_IN_CLAUSE.search(before):
            continue
        question = sentence[m.start("q"):].rstrip(" .!")
        return [before + ".", question if question.endswith("?") else question + "?"]
    return [sentence]


def _sentences(text: str) -> list[str]:
    """Sentences with their end marks kept, so that a question is still recognisable as one (a question run on
    after the facts is a sentence of its own)."""
    return [part for s in re.findall(r"[^.;!?\n]+[.;!?\n]*|[.;!?\n]+", text) if s.strip(" .;!?\n")
            for part in _run_on_question(s.strip())]


def _statement(head: str) -> str:
    """A question's own clause as a statement: "can I cast Brainstorm" → "I cast Brainstorm"."""
    m = re.match(r"^(?:can|could|do|does|will|would|should|must|may) (.+)$", head, re.I)
    return m.group(1) if m else head


# "Do I draw on turn 1?", "does he draw in his draw step?": whether the turn's draw happens (504.1, 103.8a)
_TURN_DRAW_QUESTION = re.compile(
    r"^(?:so |and )?(?:do|does|did|will|would|can|could|should|must) (?P<who>i|we|he|she|they|you|my opponent|"
    r"opponent|[A-Z][a-z]+) (?:still |even |get to |have to )*draw(?: a card| anything| at all| for (?:the |my |"
    r"his |her |their |our )?turn)?(?P<when> on (?:the )?(?:turn \d{1,3}|first turn)| in (?:my|his|her|their|our) "
    r"(?:first )?draw step)?[\s?!.]*$", re.I)
_POSSESSIVES = {"i": "my", "we": "our", "he": "his", "she": "her", "they": "their", "you": "your",
                "my opponent": "my opponent's", "opponent": "opponent's"}


def _turn_draw_question(s: str, bare: bool = False) -> str | None:
    """ "Do I draw on turn 1?" → "it's my draw step on turn 1." A bare "do I draw?" is turned so only with
    ``bare`` (by the reader, once the story is read and nothing else happens in it)."""
    m = _TURN_DRAW_QUESTION.match(s)
    if not m or not (bare or m.group("when")):
        return None
    who = m.group("who")
    whose = _POSSESSIVES.get(who.lower(), f"{who}'s")
    when = (m.group("when") or "").strip()
    turn = re.search(r"turn \d{1,3}|first turn", when)
    return f"it's {whose} draw step" + (f" on {turn.group(0)}" if turn else "") + "."


# facts that tell the turn's structure: "do I draw" with them asks whether the turn's draw happens
_TURN_FACTS = re.compile(r"\b(?:go|goes|went|going|play|plays|played|start|starts|started) first\b|\bon the (?:play|"
                         r"draw)\b|\bturn \d{1,3}\b|\bfirst turn\b|\bdraw step\b|\bt[1-9]\b", re.I)
_IF_TURN_DRAW = re.compile(r"^(?:so |and )?(?:if|when) (?P<facts>.+?),?\s+(?P<q>(?:do|does|did|will|would|can|could)"
                           r" (?:i|we|he|she|they|you|my opponent|opponent) (?:still |even |get to )*draw\b.*)$", re.I)


def _turn_draw_if(s: str) -> str | None:
    """ "If I go first, do I draw?", "do I draw if I'm on the play?": facts that tell the turn's structure, and
    the question whether its draw happens (not a draw of one card by an effect)."""
    m = _IF_TURN_DRAW.match(s)
    if m:
        facts, asked = m.group("facts"), m.group("q")
    else:
        m = _AUX_IF.match(s)
        if m is None:
            return None
        facts, asked = m.group("facts"), s[: m.end("head")]
    # "do I draw (a card) in a 2 player game?": what follows the draw is a fact of the game, not of the draw
    tail = re.match(r"(?P<q>.*?\bdraw\b(?: a card)?)\s+(?P<more>(?:in|at|for) (?!my|the|his|her|their|our|your)"
                    r"[^?]+?)\s*\?*$", asked.strip(), re.I)
    if tail:
        facts, asked = f"{facts}, {tail.group('more')}", f"{tail.group('q')}?"
    bare = _TURN_FACTS.search(facts) is not None
    statement = _turn_draw_question(asked.strip(), bare=bare)
    return f"{facts}. {statement}" if statement else None


# "Does player 1 draw a card in commander?", "does the starting player draw?": the player who goes first, asked
# about the turn's draw (103.8); read as the asker going first, which the reading shows
_STARTING_PLAYER = re.compile(
    r"^(?:does|will|would|can) (?:player (?:1|one)|the (?:first|starting) player|the player (?:who goes|going) first|"
    r"the player on the play|whoever goes first) (?P<rest>(?:still |even |get to )*draw\b[^?]*)\?$", re.I)


def _question_forms(s: str, question: bool) -> str | None:
    """The facts of a question, or None when the sentence is not one of the known question forms."""
    s = _STARTING_PLAYER.sub(lambda m: f"if I go first, do I {m.group('rest').strip()}?", s)
    if question and _turn_draw_question(s):
        return _turn_draw_question(s)
    if question and _turn_draw_if(s):
        return _turn_draw_if(s)
    m = _DOES_CARD_IF.match(s)
    if m:
        return f"{m.group('card')} is in play. {m.group('facts')}."
    m = _IF_THEN_QUESTION.match(s)
    if m:
        return m.group("facts") + "."
    m = _AUX_IF.match(s)
    if m:
        head = m.group("head")
        return m.group("facts") + "." if _OUTCOME.match(head) else f"{m.group('facts')}. {head}."
    m = _WH_IF.match(s)
    if m:
        return m.group("facts") + "."
    m = _LEGAL_TO.match(s)
    if m and question:
        act = f"{_SUBJECTS.get((m.group('who') or 'me').lower(), 'I')} {m.group('head')}."
        return f"{m.group('facts')}. {act}" if m.group("facts") else act
    m = _IF_COMMA.match(s)
    if m and question:
        rest = m.group("rest")
        if re.match(r"^(?:how|who|what|which|why)\b", rest, re.I) or _OUTCOME.match(_statement(rest)):
            return m.group("facts") + "."
        return f"{m.group('facts')}. {_statement(rest)}."
    m = _MID_AUX_IF.search(s)
    if m and question:
        return f"{s[: m.start()]}, {m.group('facts')}, {m.group('head')}."
    m = _AUX_ONLY.match(s)
    if m and question and not _FILLER_SENTENCE.match(s):
        head = m.group("head")
        # "Is it a draw?" states nothing; "Can my opponent draw a card?" states what happens
        return "" if _OUTCOME.match(head) or re.match(r"^(?:it|that|this|there|they all)\b", head, re.I) \
            else head + "."
    return None


# "If A, I will each draw one card", "When I cycle X, there should be a trigger": a statement whose consequence is
# told with a modal is the poster's expectation of the ruling, not a fact; A is read, the expectation is said
_CLAIMED = re.compile(r"^(?:so |and )?(?:if|when|whenever) (?P<facts>[^,]+(?:,[^,]+)*?),\s*(?:then\s+)?"
                      r"(?P<claim>(?:[\w']+ ){0,4}?(?:will|would|should|must|shall|won't|wouldn't|shouldn't|"
                      r"\w+'ll)\b[^?]*)$", re.I)


_ACTS = re.compile(r"\b(?:cast|casts|casting|draws?|drawing|drew|cycles?|cycling|activates?|activating|plays?|"
                   r"playing|resolves?|resolving|wheels?)\b", re.I)


def _claimed(s: str, claims: list[str]) -> str | None:
    """The facts of a statement whose last part is the expected outcome ("If A, B will happen"); the expectation
    is kept apart, to be said in the answer (the ruling works it out)."""
    m = _CLAIMED.match(s.rstrip(" .!"))
    if m is None or not _ACTS.search(m.group("facts")):
        return None  # "If opp has Notion Thief, I will draw 2": with nothing happening in A, B is what happens
    if not _names_told(m.group("claim"), m.group("facts")):
        return None  # "..., my opponent's Notion Thief will replace the draws": B tells of a card A doesn't
    claims.append(m.group("claim").strip())
    return m.group("facts") + "."


def _unwrap(sentence: str, dropped: list[str], claims: list[str] | None = None) -> str:
    """One sentence without greetings and question wrappers; '' when it states no fact at all."""
    s = sentence.strip()
    while True:
        m = _LEADING_FILLER.match(s)
        if not m or m.end() == len(s):
            break
        dropped.append(m.group(0).strip(" ,:-"))
        s = s[m.end():].lstrip()
    question = s.rstrip().endswith("?")
    facts = _question_forms(s, question)
    if facts == "":
        dropped.append(s.strip(" ?!."))
    if facts is not None:
        return facts
    if _FILLER_SENTENCE.match(s):
        dropped.append(s.strip(" ?!."))
        return ""
    m = _TRAILING_QUESTION.search(s)
    if m and m.start() > 0:
        dropped.append(m.group(0).strip(" ,-?!."))
        s = s[: m.start()] + "."
    facts = None if question or claims is None else _claimed(s, claims)
    if facts is not None:
        return facts
    # "If two players each control ..., it's my turn": a situation put as a hypothesis states its facts
    s = re.sub(r"^(?:so |and )?(?:if|suppose|supposing|say|imagine|let's say)\s+", "", s, flags=re.I)
    if question:
        s = re.sub(r"^(?:can|could|may|should|do|must) i\s+", "I ", s, flags=re.I)
    return s.rstrip("?! ") if question else s


# ------------------------------------------------------------------- contractions, symbols, abbreviations

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), to)
    for rx, to in (
        (r"\s+(?:\+|&)\s+", " and "),
        # "Midnight Reaper — I sacrificed it": a heading before a dash opening the text is a sentence of its own
        (r"^([A-Z][\w',]*(?: [\w',]+){0,5}) -+ (?=[A-Z])", r"\1. "),
        (r"\s+-+\s+", ", "),
        (r"\bw/o\b", "without"),
        (r"\bw/(?=\s|\w)", "with "),
        (r"\b(?:i'm|im)\b(?=\s+(?:at|on|in|playing|casting|the|a|dead|safe|alive|done|winning|losing)\b)", "I am"),
        # "it's my opponent who has the empty library": the player the sentence is about
        (r"\bit(?:'s| is) (my opponent|opponent|opp|he|she|they|[A-Z][a-z]+) (?:who|that)\b", r"\1"),
        (r"\bit(?:'s| is) (?:me|i) (?:who|that)\b", "I"),
        (r"\bi'm\b", "I am"),
        (r"\bi've got\b", "I have"),
        (r"\bi've\b", "I have"),
        (r"\bi'll\b", "I will"),
        (r"\b(they|we|you)'re\b", r"\1 are"),
        (r"\b(they|we|you)re\b(?=\s+(?:at|on|in|casting)\b)", r"\1 are"),
        (r"\b(he|she)'s got\b", r"\1 has"),
        (r"\b(he|she)'s\b(?=\s+(?:at|on|in|casting|the)\b)", r"\1 is"),
        (r"\b([A-Za-z]+)'s got\b", r"\1 has"),
        (r"\bits\b(?=\s+(?:my|your|his|her|their|our|the|team|turn|[A-Z]\w*'s)\b)", "it's"),
        (r"\bit ?s\b(?=\s+(?:my|your|his|her|their|our|the)\b)", "it's"),
        (r"\bdont\b", "don't"),
        (r"\bdoesnt\b", "doesn't"),
        (r"\bcant\b", "can't"),
        (r"\bthere's\b", "there is"),
        (r"\bthat's\b", "that is"),
        # a question in the middle of a sentence: "..., what happens when I draw" → "..., I draw"
        (r"(?:,\s*|\s+)(?:so\s+)?(?:what happens|what would happen|who wins|do i (?:lose|win|die)|does it work)"
         r" (?:when|if) ", ", "),
        # "Opponent at 2 life draws 3" → "Opponent is at 2 life and Opponent draws 3"
        (r"\b(I|opponent|my opponent|opp|[A-Z][a-z]+) at (-?\w+) life,? (?=(?:draws?|casts?|has|have|controls?)\b)",
         r"\1 is at \2 life and \1 "),
        (r"\s+(?:too|as well)(?=\s*(?:[.,;!?]|$))", ""),
        (r"\b(I|opponent|my opponent|[A-Z][a-z]+) \((?:at |on )?(-?\d+) life\)", r"\1 is at \2 life and \1"),
        (r"\b(-?\d+|\w+) (?:hp|health|life points|lp)\b", r"\1 life"),
        (r"\b(?:just|actually|now|then also)\s+(?=(?:cast|casts|drew|draws?|played|plays?|resolved?)\b)", ""),
        (r"\b(both|all of us|each of us|both players|everyone|each player) with\b", r"\1 have"),
        (r"\b(?:have|had|need|needs|got) to draw\b", "draw"),
        (r"\bhas to draw\b", "draws"),
        # ways of saying a player draws: "is forced to draw", "I make my opponent draw", "am I allowed to draw"
        (r"\b(?:is|are|am) (?:forced|made|instructed|told|asked) to draw\b", "draws"),
        (r"\bI (?:make|force|have) (my opponent|opponent|opp|[A-Z][a-z]+|him|her|them) draw\b", r"\1 draws"),
        (r"^(?:am|are|is) (i|we|he|she|they|my opponent|opponent|opp) (?:allowed|able) to\b", r"\1"),
        (r"\ban opponent's\b", "my opponent's"),
        (r"\bon (?:the )?(?:field|board|table)\b", "on the battlefield"),
        # abbreviations players use at the table
        (r"\boppo?'s\b", "opponent's"),
        (r"\boppos?\b(?!')", "opponent"),
        (r"\bopps\b", "opponents"),
        (r"\bopp\b", "opponent"),
        (r"\blibs\b", "libraries"),
        (r"\blib\b", "library"),
        (r"\bgy\b", "graveyard"),
        (r"\byard\b", "graveyard"),
        (r"\bbf\b", "battlefield"),
        (r"\betbs?\b", "enters the battlefield"),
        (r"\bt(\d{1,2})\b", r"turn \1"),
        (r"\bturn(\d{1,2})\b", r"turn \1"),
        (r"\b2 ?hg\b", "two-headed giant"),
        (r"\bedh\b", "commander"),
        (r"\bffa\b", "free-for-all"),
        (r"\bcmdr\b", "commander"),
        (r"\b(?:1|one) ?v(?:s)? ?(?:1|one)\b", "1v1"),
        # numbers players say in words
        (r"\bhalf a dozen\b", "6"),
        (r"\ba dozen\b", "12"),
        (r"\bdozen\b", "12"),
        (r"\ba single\b", "1"),
        (r"\ba couple of\b", "2"),
        (r"\ba pair of\b", "2"),
        # scare quotes around a word or two ('I "flash in" Notion Thief', 'I had already "drawn"'); a longer
        # quote may be a card's text ('its own "draw one card" effect') and keeps its marks
        (r'"([^"\s]+(?: [^"\s]+)?)"', r"\1"),
        # "tapped four mana and cast X": paying mana decides no draw
        (r"\b(?:tapped|taps|tap|tapping|paid|pays|pay|paying|spent|spends|spend|spending) (?:out|(?:\w+ )?mana)"
         r"(?: (?:and|to|for))? (?=(?:cast|casts|casting|play|plays|played|activate|activated|activates)\b)", ""),
        # "Gitaxian Probe ..., paid with mana": a cost paid in mana is what the card data assumes already
        (r",?\s*\b(?:paid|paying|pay|pays) (?:for )?(?:it |that )?(?:with|using|in) "
         r"(?:its |regular |normal |blue )?mana\b", ""),
        # "No card draw if you go first in commander - which you should": whether the turn's draw happens, asked
        (r"(?:^|(?<=[.!?] ))(?:so )?(?:no|there(?:'s| is) no|you get no|(?:you|i) don't get (?:a|the)) (?:card |turn )?"
         r"draw(?: step)? (?P<when>(?:if|when) [^.?!,;]+?)(?:,? which (?:you|i|he|she|they) (?:should|shouldn't|do|"
         r"don't|would|wouldn't))?(?=[.?!]|$)", r"do you draw \g<when>?"),
        # "you use some form of card draw": a draw of one card, the least any draw effect does
        (r"\b(?:use|uses|using|cast|casts|casting|play|plays|playing) (?:some|any|a|an) (?:form|kind|sort|type|source) "
         r"of (?:card )?draw(?:ing)?\b", "draw a card"),
        # "activated his Aether Vial vialing in Spirit of the Labyrinth": put onto the battlefield at instant
        # speed, as "flash in" (the Vial's own ability draws nothing)
        (r"\b(?:activate[sd]?|activating|use[sd]?|using|tap(?:s|ped)?) (?:my|his|her|their|an?|the) (?:aether )?vial"
         r",? (?:to put in|to put|putting in|putting|vialing in|vialing|and put in|and puts in|and put|for)\b",
         "flashes in"),
        (r"\b(?:vial(?:s|ed|ing)?) (?:in )?(?=[A-Z]|a |an |the |my |his |her |their )", "flashes in "),
        # "took natural draw", "drew the card of the turn": the turn's draw, in the draw step (504.1)
        (r"\b(?:took|take|takes|taking|made|make|did|do|had) (?:my |his |her |their |the |a |our )?(?:natural|normal|"
         r"regular) draw(?: for (?:the |my |his |her |their )?turn)?\b", "drew for the turn"),
        (r"\b(draw|draws|drew|drawing) (?:the|my|his|her|their|our) (?:card|draw) (?:of|for) the turn\b",
         r"\1 for the turn"),
        # "my last opponent", "my only remaining opponent": the one opponent left in the game
        (r"\b(?:my|the) (?:last|only|sole|one|last remaining|only remaining|remaining) opponent\b(?!s)", "my opponent"),
        # "{Laboratory Maniac}": braces around a card's name, as [[Card]] (a mana symbol, "{U}", "{2}{U/P}", has
        # no lower-case letter and stays as it is)
        (r"\{([A-Z0-9][^{}\n]{0,78}[a-z][^{}\n]{0,78})\}", r"[[\1]]"),
        # "When Sheoldred on board, ...", "while Notion Thief in play, ...": a state said as the time of the story
        (r"(?:^|(?<=[.!?\n] ))(?:when|while|whilst|with) ([^,.;!?\n]{1,80}? (?:on the battlefield|in play|is out|"
         r"are out|out)),", r"\1,"),
        # "the first of the three cards drawn being X": the first card drawn
        (r"\bthe first of (?:the |those |these )?(?:\w+ )?cards(?= (?:drawn|i draw)\b)", "the first card"),
    )
)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COMPOUND = re.compile(rf"\b({'|'.join(_TENS)})[- ]({'|'.join(_UNITS)})\b", re.I)


def _rewrite(text: str) -> str:
    for rx, to in _REWRITES:
        text = rx.sub(to, text)
    return _COMPOUND.sub(lambda m: str(_TENS[m.group(1).lower()] + _UNITS[m.group(2).lower()]), text)


# ---------------------------------------------------------------------------------------------- typos


@lru_cache(maxsize=1)
def reader_vocabulary() -> frozenset[str]:
    """Every ordinary word the reader itself uses: the phrase table's templates and the lexicon."""
    from engine.situation.lexicon import known_words
    from engine.situation.phrases import PHRASES
    from engine.situation.tokens import reader_words

    words: set[str] = set(known_words()) | {w for w in reader_words() if w.isalpha()}
    for phrase in PHRASES:
        for template in phrase.templates:
            for w in re.findall(r"[a-z]{2,}\??", re.sub(r"\(\?P<\w+>", "(", template)):
                words.update((w.rstrip("?"), w[:-2]) if w.endswith("?") else (w,))
    return frozenset(w for w in words if w not in {"p", "n", "s", "w", "d"})


@lru_cache(maxsize=8)
def _sorted_words(words: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(words))


@lru_cache(maxsize=8)
def _card_only(card_words: frozenset[str], vocabulary: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(card_words - vocabulary))


@lru_cache(maxsize=4096)
def _correction(word: str, vocabulary: frozenset[str], card_words: frozenset[str]) -> str | None:
    """The one reader word a typo stands for, or None. Short words only by swapped letters ("drwa").
    Distances are computed by rapidfuzz over the whole vocabulary at once, and each word once per process:
    a long text of unknown words stays linear and fast."""
    low = word.lower()
    if len(low) < 4 or low in vocabulary or low in card_words or not low.isalpha():
        return None
    limit = 1 if len(low) < 9 else 2
    near = {v: int(d) for v, d, _ in process.extract(low, _sorted_words(vocabulary), scorer=OSA.distance,
                                                     score_cutoff=limit, limit=None)}
    best = [v for v in near if len(low) > 5 or sorted(v) == sorted(low)]
    if not best:
        return None
    # the fewest edits, then the most letters in common ("controll" is "control", not "controls")
    closest = min(near[v] for v in best)
    best = [v for v in best if near[v] == closest]
    score = {v: fuzz.ratio(low, v) for v in best}
    top = max(score.values())
    best = [v for v in best if score[v] == top]
    if len(best) != 1:
        return None
    if process.extractOne(low, _card_only(card_words, vocabulary), scorer=OSA.distance, score_cutoff=limit) is not None:
        return None  # as close to a card's word: the card matcher decides
    return best[0]


def _fix_typos(text: str, card_words: frozenset[str], corrections: list[tuple[str, str]]) -> str:
    vocabulary = reader_vocabulary()

    def fix(m: re.Match[str]) -> str:
        word, apostrophe, tail = m.group(0).partition("'")
        if apostrophe and tail.lower() != "s":
            return m.group(0)  # a contraction ("hadn't", "they're") is never a typo of "hand"
        start_of_sentence = m.start() == 0 or text[: m.start()].rstrip().endswith((".", "?", "!", ";", ":"))
        if word[0].isupper() and not start_of_sentence:
            return m.group(0)  # a capitalised word inside a sentence is a name: never corrected
        fixed = _correction(word, vocabulary, card_words)
        if fixed is None:
            return m.group(0)
        corrections.append((word, fixed))
        return fixed + apostrophe + tail

    return re.sub(r"[A-Za-z]+(?:'[A-Za-z]+)?", fix, text)


_MORE_THAN = re.compile(r"\b(?:more than|over) (\d{1,6})\b(?! life)", re.I)


def _at_least(text: str, corrections: list[tuple[str, str]]) -> str:
    """ "I draw more than 50": the least number that is more (what decides a loss from an empty library is
    whether one draw too many happens), said as a reading."""
    def least(m: re.Match[str]) -> str:
        read = str(int(m.group(1)) + 1)
        corrections.append((m.group(0), read))
        return read

    return _MORE_THAN.sub(least, text)


# Words of a story that change no draw, each with why; skipped and said in the answer (``Normalized.asides``)
_ASIDES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(rx, re.I), why) for rx, why in (
    # "Noel passes priority back to Adel.": who may act next; what resolves is told apart
    (r"(?:^|(?<=[.!?;] ))(?:[A-Za-z']+ |my opponent |the opponent )?(?:pass(?:es|ed)?|passing) priority"
     r"(?: back)?(?: to (?:[A-Za-z']+|my opponent|the opponent))?\s*(?:[.!?;]+|$)",
     "passing priority decides no draw (117.3d); what resolves is told apart"),
))


# "I sacrificed Midnight Reaper but it did not trigger", "I cycle a card but Rielle doesn't trigger": what the
# player saw happen (a bug report's result), the ruling's to work out: said, never read as a fact
_OBSERVED = re.compile(r",?\s?\bbut\s(?P<obs>(?:[\w',]+\s){0,5}?(?:does not|doesn't|doesnt|did not|didn't|didnt|"
                       r"is not|isn't|was not|wasn't|never|won't|wouldn't)\s(?:seem to\s|actually\s|even\s)?"
                       r"(?:trigger|triggers|triggering|triggered|work|works|fire|draw|draws|get to draw)\b[^.;!?\n]*)",
                       re.I)


def _names_told(said: str, elsewhere: str) -> bool:
    """Whether every capitalised name in ``said`` (a card, a player) is in ``elsewhere`` too: words dropped as
    what the player expects or saw must not take a card out of the story."""
    names = [w for w in re.findall(r"\b[A-Z][\w']+", said) if w != "I"]
    return all(re.search(rf"\b{re.escape(w.rstrip('s').rstrip(chr(39)))}", elsewhere, re.I) for w in names)


def _observed(text: str, seen: list[str]) -> str:
    """The text without what the player saw happen (``seen``), when every name in it is told elsewhere in the
    text: "... but Platinum Angel didn't work" alone would leave the Angel out of the story."""
    def drop(m: re.Match[str]) -> str:
        if not _names_told(m.group("obs"), text[: m.start()] + text[m.end():]):
            return m.group(0)
        seen.append(m.group("obs").strip())
        return ""

    return _OBSERVED.sub(drop, text)


def _skip_asides(text: str, asides: list[str]) -> str:
    for rx, why in _ASIDES:
        for m in rx.finditer(text):
            asides.append(f"“{m.group(0).strip(' .!?;')}” skipped: {why}")
        text = rx.sub("", text)
    return text


def normalize_text(text: str, card_words: frozenset[str] = frozenset()) -> Normalized:
    """The whole normalising stage: clean, unwrap questions, rewrite, correct typos."""
    result = Normalized("")
    story = _observed(_skip_asides(_rewrite(unaddressed(clean(text))), result.asides), result.seen)
    result.sentences = _sentences(generic_you(story, result.corrections))
    sentences = []
    for typed in result.sentences:
        read = _unwrap(typed, result.dropped, result.claims)
        sentences.append(read)
        if typed.rstrip().endswith("?"):
            result.from_questions.update(" ".join(c.split()) for c in re.split(r"[.;!?\n]+", read) if c.strip(" ,"))
    joined = " ".join(s if s.endswith((".", ";", "!", "?")) else s + "." for s in sentences if s.strip(" .?!"))
    result.text = _at_least(_fix_typos(joined, card_words, result.corrections), result.corrections)
    return result


def normalize(text: str) -> str:
    """The cleaned text alone (kept for callers that only need the Unicode clean-up)."""
    return clean(text)
