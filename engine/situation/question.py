"""Reading the question asked: "do I lose?", "how many do I draw?", "does Bowmasters trigger?".

Why a stage of its own: a question describes the same situation as a statement but wants a different first
word in the answer (Yes/No, a number, both lines of a choice). The normaliser keeps the facts a question
carries ("can I dredge it?" still says what happens); this stage keeps *which* question it was, as an
``engine.question.Asked`` the answer leads with. The question forms are a table keyed by ``AskedKind``, tried
in order: the first form that matches the last question sentence decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.errors import SituationError
from engine.question import Asked, AskedKind, asked_of
from engine.question_words import CHOOSER_WORDS
from engine.situation.attach import POSSESSIVE_WHO, Builder, resolve_player
from engine.situation.entities import candidates

WHO = r"(?P<player>i|we|he|she|they|you|my opponent|the opponent|opponent|my teammate|[A-Z][\w\-]{1,23})"


@dataclass(frozen=True)
class QuestionForm:
    """One way of asking: its kind, the pattern (with optional ``player``/``card`` groups), an example."""

    kind: AskedKind
    pattern: str
    example: str
    opening: bool = False  # only when the question is the text's first sentence (nothing told before it)


# A question that is one word after the story ("triggers?", "lethal?"): its kind, its words, an example. A count
# of what a card makes ("counters?") names the card that makes them, when one of the story does (else the ruling
# answers); "legal?" and "allowed?" get the ruling as it is, which says what is drawn and what stops it (a "No"
# could read as "you can't cast it", which no draw rule says).
BARE_QUESTIONS: tuple[tuple[AskedKind, str, str], ...] = (
    (AskedKind.TRIGGER, r"(?P<noun>triggers?)|(?:does it|do they|will it) trigger", "triggers?"),
    (AskedKind.LOSE, r"lethal|(?:is (?:it|that|this)|that's|thats) lethal|game over", "lethal?"),
    (AskedKind.COUNT, r"how many (?P<noun>counters|pings|tokens|treasures)|(?P<bare>counters|pings|tokens|treasures)",
     "counters?"),
    (AskedKind.WHAT, r"(?:is (?:it|that|this) )?(?:legal|allowed|possible|valid)",
     "legal?"),
)
QUESTION_FORMS: tuple[QuestionForm, ...] = (
    # "What happens if both players have 3 cards and I cast Wheel?" opening the text: the "if" tells the whole
    # situation, and the question asks for its ruling; after a story, "what happens if I take 2?" is a line
    QuestionForm(AskedKind.WHAT, r"^(?:so )?what (?:happens|would happen|will happen) if\b",
                 "What happens if both players have 3 cards in library and I cast Wheel of Fortune?", opening=True),
    QuestionForm(AskedKind.WHAT_IF, r"\bwhat (?:if|about if|happens if|would happen if) (?P<rest>.+)",
                 "what if I take the 2 extra?"),
    QuestionForm(AskedKind.TRIGGER, r"\bhow (?:many times|often) (?:does|do|will|would|did) (?P<card>[\w',\- ]{2,60}?) "
                                    r"(?:still )?(?:trigger|triggers)\b", "how many times does Rhystic Study trigger?"),
    QuestionForm(AskedKind.COUNT, rf"\bhow many(?: cards?)?(?: (?:do|does|did|will|would|can|should) {WHO})? "
                                  r"(?:\w+ )?(?:draw|draws|get|gets|end up with|ends? with|have)\b",
                 "how many do I draw?"),
    # "how many cards in hand does opp have after?": the zone between the noun and the player (answered for the
    # asker, it was)
    QuestionForm(AskedKind.COUNT, rf"\bhow many cards? (?:(?:left )?in (?:(?:my|his|her|their|the) )?(?:hand|library|"
                                  rf"graveyard|deck) )?(?:do|does|will|would|did) {WHO}\b",
                 "how many cards does he get?"),
    QuestionForm(AskedKind.COUNT, r"\bhow many (?:\w+ )?(?P<noun>pings?|treasures?|counters?|snakes?|tokens?|"
                                  r"triggers?)\b", "how many pings?"),
    # "who draws how many?": every player's count, the ruling line (it was "how many?" alone: the asker's count)
    QuestionForm(AskedKind.WHAT, r"\bwho (?:draws|gets)\b.*\bhow many\b", "who draws how many?"),
    # "who decides if he pays?", "who chooses the order the triggers go on the stack?": the player who decides
    QuestionForm(AskedKind.WHAT, CHOOSER_WORDS, "who decides whether he pays?"),
    QuestionForm(AskedKind.COUNT, r"\bhow many\b", "how many cards?"),
    # "how much life does he lose?" asks for the life lost, not whether he loses the game
    QuestionForm(AskedKind.LIFE, rf"\bhow much (?:life|damage)(?: (?:do|does|did|will|would|should) {WHO})?\b",
                 "how much life does he lose?"),
    QuestionForm(AskedKind.TRIGGER,
                 r"\b(?:does|do|will|would|did) (?P<card>[\w',\- ]{2,60}?) (?:still )?(?:trigger|triggers)\b",
                 "does Bowmasters trigger?"),
    # "can he lose?", "is it possible for my opponent to win?": whether the player loses or wins, not an act
    QuestionForm(AskedKind.LOSE, rf"\b(?:(?:do|does|did|will|would|should|am|is|are|can|could|might) |is it possible "
                                 rf"for ){WHO} (?:to )?(?:\w+ )?(?:lose|die|dies|"
                                 r"deck out|decks out|dead|lost|loses|out|ok|okay|safe|fine|alive|deck|decked|done|"
                                 r"toast|deck myself|survive)\b",
                 "do I lose?"),
    QuestionForm(AskedKind.LOSE, r"\bwho (?:loses|dies|decks out|is dead)\b", "who loses?"),
    # "whos left?", "who's still alive": the players who remain, answered by who loses
    QuestionForm(AskedKind.LOSE, r"\bwho(?:'s|s| is) (?:still )?(?:left|alive|standing|remaining)\b", "who's left?"),
    # "anyone dead?", "does someone lose?": about no one player (the answer names who loses, if anyone)
    QuestionForm(AskedKind.LOSE, r"\b(?:(?:does|do|did|will|would|is) )?(?:any ?one|any ?body|some ?one|some ?body|"
                                 r"any player)(?: (?:lose|loses|die|dies|dead|lost|decked|decks out))\b",
                 "anyone dead?"),
    QuestionForm(AskedKind.WIN, rf"\b(?:(?:do|does|did|will|would|should|can|could|might) |is it possible for )"
                                rf"{WHO} (?:to )?(?:\w+ )?(?:win|wins|won)\b",
                 "do I win?"),
    # "gg for us?": is the game over for that player, their loss asked (a "gg?" alone asks who wins)
    QuestionForm(AskedKind.LOSE, r"\bgg for (?P<player>me|us|him|her|them|my team|our team|opp|my opponent)\b",
                 "gg for us?"),
    QuestionForm(AskedKind.WIN, r"\bwho wins\b|^gg\b|\bgg\?", "who wins?"),
    QuestionForm(AskedKind.CAN, r"\b(?:does|do|will|would|can) (?P<card>[\w',\- ]{2,60}?) (?:stop|prevent|replace|"
                                r"affect|counter|block)\b", "does Narset stop me?"),
    QuestionForm(AskedKind.CAN, rf"\b(?:can|could|may|do|does|did|will|would|should|must) {WHO} (?:still )?"
                                r"(?:\w+ )?(?:draw|dredge|cast|use|take|get|apply|replace|keep)\b", "can I dredge it?"),
    QuestionForm(AskedKind.CAN, rf"\b(?:can|could|may) {WHO} (?:still )?\w+", "can I miracle it?"),
    QuestionForm(AskedKind.CAN, r"\b(?:does|do|will|would|can) (?:it|this|that|they) (?:still )?(?:work|happen|"
                                r"apply)\b", "does it work?"),
    QuestionForm(AskedKind.WHAT, r"\bwho (?:draws|gets)\b", "who draws what?"),
    # "life?", "life after?", "whats his life": the ruling, led by the life total (the answer reads the words)
    QuestionForm(AskedKind.WHAT, r"(?:^|, ?)(?:(?P<player>my|his|her|their) )?life(?: total)?(?: after(?:wards)?)?"
                                 r"\W*$", "life after?"),
    # "what is Alice's life total?": a player named by the possessive is the one asked about (it was no question)
    QuestionForm(AskedKind.WHAT, r"\bwhat(?:'s|s| is| are| will be) (?P<player>my|his|her|their|our|the|"
                                 r"(?:my |the )?opponent's|[A-Z][\w\-]{1,23}'s) life\b", "what's his life?"),
    # "whats his hand size after?": the hand's size after the action, a number (it was no question at all)
    QuestionForm(AskedKind.COUNT, r"\b(?:what(?:'s|s| is| will be| would be)|how big is) (?P<player>my|his|her|their|"
                                  r"opponents|opponent's|my opponent's) hand(?: (?:size|count)\b|(?= after\b)|\W*$)",
                 "what's his hand size after?"),
    QuestionForm(AskedKind.WHAT, r"\b(?:what happens|what would happen|what's the ruling|what is the ruling|"
                                 r"how does (?:this|that|it) (?:work|resolve)|what now|how does it go)\b",
                 "what happens?"),
    # "hes dead right?", "so i'm decked, correct?": the player's loss said as a claim to confirm
    QuestionForm(AskedKind.LOSE, rf"\b{WHO} (?:is|are|am) (?:dead|decked|toast|done)\b"
                                 r"(?:,? (?:right|correct|yes|no)\b)?\W*$", "he's dead, right?"),
    QuestionForm(AskedKind.WIN, rf"\b{WHO} (?:win|wins|won)\b,? (?:right|correct)\W*$", "I win, right?"),
    # a bare "dead?" or "win?" after the story: about the asker (tried last: a form naming a player comes first)
    QuestionForm(AskedKind.LOSE, r"(?:^|, ?)(?:dead|decked|lose|lost)\W*$", "dead?"),
    QuestionForm(AskedKind.WIN, r"(?:^|, ?)(?:win|won)\W*$", "win?"),
    QuestionForm(AskedKind.CAN, r"(?:^|, ?)(?:can i )?miracle(?: it)?\W*$", "miracle?"),
    *(QuestionForm(kind, rf"(?:^|[,:;] ?|\s[-—] )(?:{words})\W*$", example) for kind, words, example in BARE_QUESTIONS),
)
_COMPILED = tuple((form, re.compile(form.pattern, re.I)) for form in QUESTION_FORMS)
_QUESTION_START = re.compile(r"^(?:so |and |but |then |ok |okay )?(?:do|does|did|can|could|will|would|should|"
                             r"am|is|are|what|whats|what's|how|who|which|must|may)\b", re.I)


# "..., can i miracle it even tho its a sorcery": a question after the story, in the same sentence, without "?"
_MID_QUESTION = re.compile(r",\s*(?:so )?(?:(?:can|could|do|does|did|will|would|am|is|are)\s+(?:i|we|he|she|they)\b|"
                           r"how many\b|how much\b|who (?:wins|loses|draws)\b|"
                           # "opp cast an instant, does my remora trigger": a card's trigger asked after the story
                           r"(?:does|do|will|would|did)\s+[\w' \-]{2,60}?\s+trigger\b|"
                           r"what(?:'s|s| is| will be) (?:my|his|her|their|our) (?:hand (?:size|count)|life)\b)", re.I)


def question_sentences(sentences: list[str]) -> list[str]:
    """The sentences that are questions: ending with "?", opening like one ("do I lose") or with one after a
    comma ("..., can I miracle it")."""
    return [s for s in sentences if s.rstrip().endswith("?") or _QUESTION_START.match(s.strip())
            or _MID_QUESTION.search(s)]


_SEATED_LATER = ("You", "Opponent", "Teammate")


def player_of(b: Builder, words: str | None, clause: str) -> str | None:
    """The player a question names, when that player is in the story; otherwise None (asked of nobody)."""
    if not words:
        return None
    words = re.sub(r"'s$", "", words) if words.lower() not in ("his", "her", "my") else words  # "Alice's"
    if words.lower() in ("opponents", "opps"):  # "whats opps hand": "opps" read as "opponents", the possessive
        words = "opponent"
    told = {name.lower(): name for name in b.players}
    if words.lower() in told:  # "how many does alice draw?": the story's Alice, typed in lower case in a question
        return told[words.lower()]
    try:
        name = resolve_player(b, words, b.subject, clause)
    except SituationError:  # an ambiguous "he" or a word that is not a player: the question is about nobody
        return None
    if name == "we":
        return "You"
    # the opponent of a two-player game, and the teammate of Two-Headed Giant, are players even when the story
    # never named them (seated later): "how many does my teammate draw?" is asked of the teammate, not the asker
    return name if name in b.players or name in _SEATED_LATER else None


def _card(b: Builder, words: str | None) -> str | None:
    """The card a question names: one the story named whose name holds its words first ("does sphinx trigger?"
    with Consecrated Sphinx in play is that Sphinx, not the card its nickname would name alone)."""
    if not words:
        return None
    said = set(re.findall(r"[\w']+", words.lower())) - {"the", "my", "his", "her", "their", "opponent's"}
    named = {c for c in b.last_cards if said and said <= set(re.findall(r"[\w']+", c.lower()))}
    if len(named) == 1:
        return named.pop()
    found = candidates(b.cards, words) or candidates(b.cards, _OWNER.sub("", words))  # "opponent's rhystic"
    return found[0] if len(found) == 1 else None


_OWNER = re.compile(r"^(?:my|his|her|their|(?:my )?opponent's|[\w\-]+'s)\s+", re.I)


# "how many pings?", "how many treasures?": the word in a card's triggered ability that makes them
_MADE_BY: dict[str, str] = {"ping": "damage", "treasure": "treasure", "counter": "counter", "snake": "snake",
                            "token": "token", "trigger": "whenever"}


# "does either trigger?", "does it trigger?": the one card of the story that could
_ANY_CARD = re.compile(r"(?:either|either one|either of them|it|they|any|any of them|one of them|both|that)", re.I)


def _card_making(b: Builder, noun: str | None) -> str | None:
    """The one card of the story whose triggered ability makes what the question counts ("how many pings?"
    with Orcish Bowmasters in play); None when no card or several could."""
    if not noun:
        return None
    made = _MADE_BY.get(noun.lower().rstrip("s"))
    found = {name for name in b.last_cards if (card := b.cards.find(name)) is not None
             and "whenever" in card.oracle.lower() and made and made in card.oracle.lower()}
    return found.pop() if len(found) == 1 else None


# "how many cards in his library?", "how many in opp's hand after?": the zone's owner is the player asked about
_ZONE_OWNER = re.compile(r"\b(?:in|of) (?P<who>my|his|her|their|[\w]+'s) (?:library|hand|graveyard|deck)\b", re.I)


def _zone_owner(words: str) -> str | None:
    m = _ZONE_OWNER.search(words)
    if m is None:
        return None
    who = m.group("who").lower()
    return POSSESSIVE_WHO.get(who) or who.removesuffix("'s")


def read_question(b: Builder, sentences: list[str]) -> Asked | None:
    """The question asked, from the last question sentence that has one of the known forms; None when no
    sentence asks in a known form (the answer then is the ruling as it is)."""
    questions = question_sentences(sentences)
    opening = [s for s in sentences if s.strip()][:1]
    for sentence in reversed(questions):
        words = sentence.strip()
        for form, rx in _COMPILED:
            m = rx.search(words)
            if m is None or (form.opening and sentence not in opening):
                continue
            groups = m.groupdict()
            player = player_of(b, groups.get("player"), words)  # "who loses?": about nobody in particular
            if player is None and form.kind is AskedKind.COUNT and not groups.get("player"):
                player = player_of(b, _zone_owner(words), words)  # "how many cards in his library?"
            # "how many do they draw?" with two opponents: no one player to answer for, so the ruling line,
            # which says every player's count, answers it (never the asker's count in their place)
            plural = (groups.get("player") or "").lower() == "they"
            # "do they die?" stays a yes/no question: the answer names who loses (or says nobody does)
            kind = (AskedKind.WHAT if plural and player not in b.players and form.kind is not AskedKind.LOSE
                    else form.kind)
            noun = groups.get("noun") or groups.get("bare") or (
                "trigger" if _ANY_CARD.fullmatch(groups.get("card") or "") else None)
            card = _card(b, groups.get("card")) or _card_making(b, noun)
            return asked_of(kind, player, card, words[m.start():][:300])
    return None  # a "?" on a statement ("Peer into the Abyss on myself?") asks for no particular answer


def question_reference() -> list[tuple[str, str]]:
    """(kind, example) for each question form: the language reference lists them."""
    return [(form.kind.value, form.example) for form in QUESTION_FORMS]


# "do we lose?", "how many does my team draw?", "our life?": words that speak for the asker's team
_TEAM_WORDS = re.compile(r"\b(?:we|us|our|ours|we're|my team|our team|my side)\b", re.I)


def asker_team(asked: Asked, doc: dict[str, object]) -> Asked:
    """In Two-Headed Giant "we", "us" and "my team" are the asker's team, which wins, loses and draws as one
    (810.8, 810.9): the question keeps its players, so the answer counts for both teammates. Elsewhere "we"
    stays every player ("how many do we draw?" in a duel)."""
    players = doc.get("players")
    if doc.get("format") != "two-headed-giant" or not _TEAM_WORDS.search(asked.words) or not isinstance(players,
                                                                                                        list):
        return asked
    mine = next((p.get("team") for p in players if p.get("name") == "You"), None)
    team = tuple(str(p["name"]) for p in players if mine is not None and p.get("team") == mine)
    if len(team) < 2 or asked.player not in (None, "You"):
        return asked
    return replace(asked, player="You", team=team)


_BARE = re.compile("|".join(f"(?:{words})" for _kind, words, _example in BARE_QUESTIONS).replace("?P<noun>", "?:")
                   .replace("?P<bare>", "?:"), re.I)


def is_bare_question(clause: str) -> bool:
    """A clause that is only a one-word question ("triggers", "lethal", "legal"): the question stage reads it."""
    return _BARE.fullmatch(clause.strip(" ,?!.")) is not None


_TRAILING = re.compile(r"^(?P<story>.+?)\s*(?:[,:;]|\s[-—])\s*(?P<question>[^,:;]+?)[\s?!.]*$")


def trailing_bare_question(clause: str) -> tuple[str, str] | None:
    """ "opp has sheoldred and I cast Brainstorm, triggers?": (the story, the one-word question after it), or None
    when the clause doesn't end with one."""
    m = _TRAILING.match(clause)
    if m is None or not is_bare_question(m.group("question")):
        return None
    return m.group("story"), m.group("question")
