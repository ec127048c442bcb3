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
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.situation.aside import claimed, denied_draws, observed, skip_asides, triggered_when
from engine.situation.introductions import introduced
from engine.situation.kind_into import kinds_cast_into
from engine.situation.person import generic_you, unaddressed, vocative
from engine.situation.question_facts import fact_after, fact_tail
from engine.situation.rewrites import rewrite
from engine.situation.spell_count import told_spell_numbers
from engine.situation.step_trigger_told import step_trigger_told
from engine.situation.told_draws import told_draws
from engine.situation.typos import fix_typos, reader_vocabulary
from engine.vocabulary import mechanic

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
    text = _EMPHASIS.sub("", text)
    # "OPP HAS SHEOLDRED IM AT 4": a text typed all in capitals is read as lower case (its capitals name nobody)
    # (no lower-case letter first: most texts have one at once, and counting the capitals costs a pass)
    return text.lower() if not any(map(str.islower, text)) and sum(map(str.isupper, text)) > 8 else text


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
    unformatted_teams: list[str] = field(default_factory=list)  # teams said without their format: asked


# --------------------------------------------------------------------------- sentences that state no fact

_QUESTION_TAIL = (
    r"(?:so |and |then |now |but )?(?:what happens|what would happen|what happens now|what happens next|"
    r"what's the ruling|what is the ruling|how does (?:this|that|it) (?:work|resolve)|who wins|who loses|"
    r"who draws|who gets (?:the cards|them|the draws?|what)|do i (?:lose|die|win|deck out|lose the game)|"
    r"does (?:it|that|this) work|am i dead|is (?:that|this) (?:right|correct)|am i right|right|correct|"
    r"can i do (?:that|this)|thanks|thank you|ty|thx|help|please|pls|any ideas|gg|life(?: total)? after(?:wards)?|"
    r"(?:does|do|will|would|did) (?!it\b|that\b|this\b)[\w',\- ]{2,60}? (?:still )?triggers?(?: \w+){0,4}|"
    r"do (?:i|we) (?:still )?(?:get to )?draw(?: a card| anything)?|"
    # "can I miracle it?", "miracle?": a question about the draw told before it, no fact of its own
    r"(?:can|could|may|do|does) (?:i|we|he|she|they|you|[A-Z][a-z]{1,23}) (?:still )?(?:get to )?miracle"
    r"(?: (?:it|that|this|"
    r"him|her|[\w']+(?: [\w']+){0,3}))?(?: even tho(?:ugh)? .{1,60})?|"
    r"(?:does|do|will|would|can|could) (?!it\b|that\b|this\b)[\w',\- ]{2,60}? (?:stop|prevent|affect|replace|hose|"
    r"shut off|turn off|matter for|apply to) (?:me|him|her|them|us|it|that|this|my \w+|his \w+|the \w+)|"
    r"(?:do|does|did|will|would) (?:i|you|he|she|they|we|[\w']+(?: [\w']+)?) (?:lose|die|win|deck out|"
    r"lose the game|win the game|survive|live)(?: (?:due to|because of|to|by|from) [\w' ]{1,30}?)?"
    r"(?: immediately| instantly| right there| on the spot| at once)?|"
    # "... targeting opp who has 7 cards": "who has", "who controls" after a player is a relative clause (facts)
    # "..., which is tapped": "which is", "which has" after a comma is a relative clause too (its fact was dropped)
    r"(?:how many|how much|whats|whos|what|why|"
    r"(?:who|which)(?! (?:has|have|had|controls?|was|still|only)\b| is (?:at|on)\b)"
    r"(?<!,\swhich(?= is\b| are\b| has\b| had\b)))"
    r"\b[^,.;!?]{0,80})"
    r"(?: here| now| then| in this case| right away| at all)?"
)
_FILLER_SENTENCE = re.compile(rf"^(?:{_QUESTION_TAIL}|miracle|(?:a |one )?(?:(?:quick|dumb|simple|rules|short|stupid|"
                              r"weird|judge) )+(?:question|q)|(?:i was |we were |i'm |we're )?play(?:ing|ed) .{1,60} "
                              r"(?:last night|yesterday|today|earlier|this week|at fnm|at my lgs|online)"
                              r"|(?:hey|hi|hello)(?: judges?| all| guys| folks)?"
                              # "Thanks in advance!", "Newbie here.", "Sorry for the dumb question.": courtesy
                              r"|(?:thanks|thank you|thx|ty|cheers)(?: (?:in advance|a lot|so much|all|guys|everyone))*"
                              r"|(?:total |complete )?(?:newbie|noob|new player|beginner) here"
                              r"|sorry (?:for the|if this is an?) (?:dumb|stupid|noob|basic|silly|obvious) question)"
                              r"[\s?!.]*$", re.I)
_LEADING_FILLER = re.compile(
    r"^(?:(?:hey|hi|hello)(?: judges?| all| guys| folks)?[,!:\-]\s*|(?:a |one |quick |dumb |simple |rules )?"
    r"(?:question|q)\s*[:,\-]\s*|(?:(?:quick|dumb|simple|rules|short|stupid|weird|judge) )+(?:question|q)\b"
    r"[:,\-]?\s*|"
    r"(?:so|ok|okay|um|uh|well|alright|judge|ruling|help|please|help please|pls)\s*[,:!\-]\s*|"
    # "Just to be clear, ...", "Real quick, ...", "TL;DR: ...", "Sorry for the dumb question, but ...": courtesy
    r"(?:just )?to be clear\s*[,:\-]\s*|(?:real |really )?quick(?: one)?\s*[,:\-]\s*|(?:just )?(?:curious|wondering)"
    r"\s*[,:\-]\s*|"
    r"sorry (?:for the|if this is an?) (?:dumb|stupid|noob|basic|silly|obvious) question\s*[,:\-]?\s*(?:but\s+)?|"
    r"(?:so|ok|okay|ok so|okay so|alright so|well(?! of\b)|um|uh|yo)\s+)",
    re.I,
)
_TRAILING_QUESTION = re.compile(rf"(?:[,\-]\s*|\s+)(?:{_QUESTION_TAIL})[\s?!.]*$", re.I)
_END = r"[\s?!.]*$"
_QUESTION_THEN_FACT = re.compile(rf"^(?P<q>{_QUESTION_TAIL})\s*,\s*(?P<rest>[^,]+?){_END}", re.I)
# "If A, what happens?" / "When A, do I lose?" → A
_IF_THEN_QUESTION = re.compile(rf"^(?:so |and )?(?:if|when) (?P<facts>.+?),?\s+(?:then\s+)?(?:{_QUESTION_TAIL}){_END}",
                               re.I)
# "Does Sheoldred trigger if A?" → "Sheoldred is in play. A" (the card is kept: whose it is may be asked)
_DOES_CARD_IF = re.compile(
    r"^(?i:does|do|will|would) (?P<card>(?i:(?!(?:it|that|this|they|those|he|she|i|you|we|anything|something)\b))"
    r"[\w',\- ]{1,60}?) (?i:trigger|work|apply|do anything|replace it|"
    rf"stop it|stop the draw|replace the draws?)\b[^,]{{0,30}}?\b(?i:if|when) (?P<facts>.+?){_END}",
)  # the card typed in lower case too ("does bowmasters trigger when ..."): a word that is no card is said so
# "Does it trigger when A?" (a card told before) → A
_DOES_IT_IF = re.compile(rf"^(?:does|do|will|would) (?:it|that|this|they|those) (?:still |even )?(?:trigger|work|"
                         rf"apply|do anything|replace it|stop it|stop the draw|replace the draws?)\b[^,]{{0,30}}?\b"
                         rf"(?:if|when|whenever) (?P<facts>.+?){_END}", re.I)
# "Can my opponent draw a card if A?" → "A. my opponent draw a card"; "do I lose if A?" → A
_AUX_IF = re.compile(rf"^(?:can|could|does|do|did|will|would|should|must|may) (?P<head>.+?) (?:if|when) "
                     rf"(?P<facts>.+?){_END}", re.I)
_OUTCOME = re.compile(r"^(?:[\w']+(?: [\w']+)?) (?:lose|win|die|deck out|survive|live|get|have to|still|dead|"
                      r"decked|toast|alive|safe|fine|done|okay|ok)\b|"
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
_WH_IF = re.compile(rf"^(?P<head>(?:how many|how much|who|what(?:s|'s)?|which|why|where)\b[^,]{{0,80}}?)\b(?:if|when) "
                    rf"(?P<facts>.+?){_END}", re.I)
# "whats opps hand after his draw step if ...": the step the question is about is what happens
_WH_STEP = re.compile(r"\b(?:after|in|during|on) (my|his|her|their|opp's|opponent's|the opponent's) draw(?: step)?\b",
                      re.I)
# "how many cards do i draw off windfall if ...": the card the draws come from, said in the question (it was
# dropped with the question, and nothing happened); a zone ("from my library") is no card
_WH_SOURCE = re.compile(r"\b(?P<who>i|we|he|she|they|opp|my opponent|opponent|(?-i:[A-Z][a-z]+)) (?:draws?|gets?) "
                        r"(?:(?:\w+ )?cards? )?(?:off|from|with|thanks to) (?!(?:(?:my|his|her|their|the|your|a|an) )?"
                        r"(?:library|lib|deck|top|hand|graveyard|gy|yard)\b)(?P<src>[\w' ,-]{3,50}?)\s*$", re.I)
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
# "if I draw, do I lose": the comma closes a condition the question depends on (read with it, not split off)
_SUBORDINATE = re.compile(r"^(?:so |and |but )?(?:if|when|whenever|after|once|suppose|say|assuming|given|while|as)\b",
                          re.I)
_WH_IN_CLAUSE = re.compile(r"\b(?:how|what|who|which|why|where)\b", re.I)


def _run_on_question(sentence: str) -> list[str]:
    """A sentence with a question run on after its facts, as two sentences (the question ending with "?")."""
    for m in _RUN_ON_QUESTION.finditer(sentence):
        before = sentence[: m.start()].rstrip()
        words = before.split()
        if len(words) < 2 or words[-1].lower().strip(",;:") in _NOT_BEFORE_QUESTION or _WH_IN_CLAUSE.search(before) \
                or before.endswith(",") and (_SUBORDINATE.match(before) or not fact_tail(sentence[m.start("q"):])):
            continue  # "..., do I lose with 2 left": split only for the fact the question goes on to tell
        question = sentence[m.start("q"):].rstrip(" .!")
        return [before.rstrip(" ,") + ".", question if question.endswith("?") else question + "?"]
    return [sentence]


# "question about sotl: if i havent drawn ..., do i get 1 card?": a heading that says what the question is about
# closes a sentence of its own, so the question after it is read as one from its start ("if ..., do I ...")
_HEADING = re.compile(r"^(?P<head>(?:[\w'+&-]+ ){0,5}?(?:question|q|ruling|rules q|interaction)"
                      r"(?: (?:about|on|re|regarding|with|for|concerning) [^:.?!]{1,60})?)\s*:\s+", re.I)


_BARE_HEADING = re.compile(r"(?:quick |rules |judge |a )*(?:question|q|ruling|interaction)", re.I)  # says nothing


def _sentences(text: str) -> list[str]:
    """Sentences with their end marks kept, so that a question is still recognisable as one (a question run on
    after the facts is a sentence of its own)."""
    text = _HEADING.sub(lambda m: "" if _BARE_HEADING.fullmatch(m["head"]) else m["head"] + ". ", text, count=1)
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
    r"his |her |their |our )?turn)?(?P<when> (?:on|during|in) (?:the |my |his |her |their |our |your )?(?:turn "
    r"\d{1,3}|(?:very )?first turn)| in (?:my|his|her|their|our) (?:first )?draw step(?: (?:on|of) (?:turn \d{1,3}|"
    r"(?:the|my|his|her|their|our) first turn))?"
    # "in the draw step of turn 1", "in Alice's draw step": the turn's own draw asked of (whoever's turn it is),
    # never a draw of one card by an effect (103.8, 504.1)
    r"| (?:in|during) the draw step (?:of|on) (?:the |my |his |her |their |our |your |(?P<owner>[a-z]+)'s )?"
    r"(?:turn \d{1,3}|(?:very )?first turn)"
    r"| (?:in|during) (?P<owner2>[a-z]+)'s (?:first )?draw step(?: on turn \d{1,3})?)?[\s?!.]*$", re.I)
_NOT_OWNERS = frozenset({"it", "that", "this", "one", "player", "everyone", "someone", "team"})
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
    owner = m.group("owner") or m.group("owner2")
    if owner is not None and owner.lower() not in _NOT_OWNERS:
        whose = f"{owner}'s"  # "does Bob draw in Alice's draw step?": Alice's step, Bob asked about
    when = (m.group("when") or "").strip()
    turn = re.search(r"turn \d{1,3}|first turn", when)
    return f"it's {whose} draw step" + (f" on {turn.group(0)}" if turn else "") + "."


# "do I lose on turn 1 on the play?" with an empty library and nothing happening: whether the turn's draw happens
_TURN_LOSE_QUESTION = re.compile(r"^(?:so )?(?:(?:do|does|will|would|am|is|are|can|could) |is it possible for )"
                                 r"(?P<who>i|we|he|she|they|my opponent|opponent) (?:to )?(?:still |even |actually )?"
                                 r"(?:lose|die|deck out|dead|decked|win)\b", re.I)


def turn_loss_question(s: str, story: str) -> str | None:
    """ "It's turn 1, I'm on the play, my library is empty. Do I lose?": a loss (or a win: "can he win?") asked of
    a story that tells the turn's structure ("on the play", "turn 1", "at the start of his turn") and nothing
    happening is asked of the turn's draw (504.1, 103.8a): "it's my draw step."."""
    m = _TURN_LOSE_QUESTION.match(s)
    if m is None or not (_TURN_FACTS.search(story) or _BEFORE_THE_DRAW.search(story)):
        return None
    return f"it's {_POSSESSIVES.get(m.group('who').lower(), 'my')} draw step."


# "whats opps hand after his draw step?", "how many cards will I have after my draw step?": the step asked of
_AFTER_DRAW_STEP = re.compile(r"^(?:so )?(?:what|whats|what's|how|does|do|will|would|is|am)\b.*?\b(?:after|by the end "
                              r"of|at the end of|once|when) (?P<whose>my|his|her|their|our|your|opponent's|"
                              r"my opponent's) draw step(?: (?:is over|ends|resolves|finishes))?(?: if [^?]+)?"
                              r"[\s?!.]*$", re.I)


def draw_step_question(s: str) -> str | None:
    """ "whats opps hand after his draw step?" with nothing happening in the story: that player's draw step is
    what happens (504.1), "it's his draw step."."""
    m = _AFTER_DRAW_STEP.match(s)
    return f"it's {m.group('whose').lower()} draw step." if m else None


# the steps before the draw step: a loss or a win asked there, with nothing happening, is asked of the draw to come
_BEFORE_THE_DRAW = re.compile(r"\b(?:upkeep|untap step)\b", re.I)
# facts that tell the turn's structure: "do I draw" with them asks whether the turn's draw happens
_TURN_FACTS = re.compile(r"\b(?:go|goes|went|going|play|plays|played|start|starts|started) first\b|\bon the (?:play|"
                         r"draw)\b|\bturn \d{1,3}\b|\bfirst turn\b|\bdraw step\b|\bt[1-9]\b|"
                         r"\b(?:start|beginning) of (?:the |my |his |her |their |our |your |\w+'s )?turn\b", re.I)
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


def _question_forms(s: str, question: bool, told_before: bool = False) -> str | None:
    """The facts of a question, or None when the sentence is not one of the known question forms."""
    s = _STARTING_PLAYER.sub(lambda m: "if I go first, do I " + re.sub(
        r"\b(?:their|his|her)\b", "my", m.group("rest").strip()) + "?", s)
    if question and _turn_draw_question(s):
        return _turn_draw_question(s)
    if question and _turn_draw_if(s):
        return _turn_draw_if(s)
    m = _DOES_CARD_IF.match(s)
    if m:
        return f"{m.group('card')} is in play. {m.group('facts')}."
    m = _DOES_IT_IF.match(s) if told_before else None
    if m:  # "I have Consecrated Sphinx. Does it trigger when my opponent draws 3?": the card told before
        return m.group("facts") + "."
    m = _IF_THEN_QUESTION.match(s)
    if m:
        return m.group("facts") + "."
    m = _AUX_IF.match(s)
    if m:
        head = m.group("head")
        return m.group("facts") + "." if _OUTCOME.match(head) else f"{m.group('facts')}. {head}."
    m = _WH_IF.match(s)
    if m:
        src, step = _WH_SOURCE.search(m.group("head")), _WH_STEP.search(m.group("head"))
        return m.group("facts") + "." + (f" {src.group('who')} draw off {src.group('src')}." if src else "") + (
            f" it's {step.group(1)} draw step." if step and not src else "")
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


def without_leading_filler(sentence: str) -> str:
    """The sentence without the greetings and courtesy before it ("Just wondering, do I draw?")."""
    s = sentence.strip()
    while (m := _LEADING_FILLER.match(s)) and m.end() < len(s):
        s = s[m.end():].lstrip()
    return s


def _kept(tail: str) -> str:
    return f"{tail}." if tail else ""


def _unwrap(sentence: str, dropped: list[str], claims: list[str] | None = None, told_before: bool = False,
            story: str = "") -> str:
    """One sentence without greetings and question wrappers; '' when it states no fact at all."""
    s = sentence.strip()
    while True:
        m = _LEADING_FILLER.match(s)
        if not m or m.end() == len(s):
            break
        dropped.append(m.group(0).strip(" ,:-"))
        s = s[m.end():].lstrip()
    question = s.rstrip().endswith("?")
    facts = _question_forms(s, question, told_before)
    if facts == "":
        dropped.append(s.strip(" ?!."))
        return _kept(fact_tail(s))  # "do I lose with 2 cards in library?": the question asks, its tail tells
    if facts is not None:
        return facts
    if _FILLER_SENTENCE.match(s):
        dropped.append(s.strip(" ?!."))
        return _kept(fact_tail(s))
    m = _QUESTION_THEN_FACT.match(s) if question else None
    if m:  # "how many do I draw, considering opp has Narset?": the question asks, the words after its comma tell
        dropped.append(m.group("q"))
        return _kept(fact_after(m.group("rest")))
    m = _TRAILING_QUESTION.search(s)
    if m and m.start() > 0:
        dropped.append(m.group(0).strip(" ,-?!."))
        tail = fact_tail(m.group(0))
        s = s[: m.start()] + "." + (f" {tail}." if tail else "")
    facts = None if question or claims is None else claimed(s, claims, story)
    if facts is not None:
        return facts
    # "If two players each control ..., it's my turn": a situation put as a hypothesis states its facts
    s = re.sub(r"^(?:so |and )?(?:if|suppose|supposing|say|imagine|let's say|let's assume|let us say|let us assume|"
               r"assume|assuming)\s+(?:that\s+)?", "", s, flags=re.I)
    if question:
        s = re.sub(r"^(?:can|could|may|should|do|must) i\s+", "I ", s, flags=re.I)
        # "opp has 20 cards in library, can i peer him?": the question after the facts, of the same act
        s = re.sub(r",\s*(?:can|could|may|should) i\s+(?=\S+[\s\w']*\?*$)", ", I ", s, flags=re.I)
    return s.rstrip("?! ") if question else s


# ---------------------------------------------------------------------------------------------- typos


_MORE_THAN = re.compile(r"\b(?:more than|over) (\d{1,6})\b(?! life)", re.I)


def _at_least(text: str, corrections: list[tuple[str, str]]) -> str:
    """ "I draw more than 50": the least number that is more (what decides a loss from an empty library is
    whether one draw too many happens), said as a reading."""
    def least(m: re.Match[str]) -> str:
        read = str(int(m.group(1)) + 1)
        corrections.append((m.group(0), read))
        return read

    return _MORE_THAN.sub(least, text)


# "can i wheel him out?": the act's target said with "out" (its draws or life loss make the player lose); the
# question reads "out" (engine.question_words), the story reads the act: after a kind of draw or a spell's name
_OUT = re.compile(r"\b(?P<act>[A-Za-z']+) (?P<who>him|her|them|opp|opponent|my opponent|me|us) out\b")


def _acted_out(text: str, corrections: list[tuple[str, str]]) -> str:
    def act(m: re.Match[str]) -> str:
        if mechanic(m.group("act")) is None and not m.group("act")[:1].isupper():
            return m.group(0)  # "i got him out", "lab man out": not an act on a player
        read = m.group("act") if mechanic(m.group("act")) is not None else f"{m.group('act')} {m.group('who')}"
        corrections.append((m.group(0), read))  # a spell keeps its target ("i Peer into the Abyss him")
        return read

    return _OUT.sub(act, text)


def normalize_text(text: str, card_words: frozenset[str] = frozenset(),
                   card_kind: Callable[[str], str | None] = lambda name: None) -> Normalized:
    """The whole normalising stage: clean, unwrap questions, rewrite, correct typos. ``card_kind`` tells a card's
    name from other words ("spell" or "permanent", else None), for the forms that name one."""
    result = Normalized("")
    told = vocative(clean(text), card_words, reader_vocabulary(), result.asides)
    story = introduced(kinds_cast_into(told_spell_numbers(told_draws(rewrite(unaddressed(told))))), result.asides,
                       card_words, result.unformatted_teams)
    story = observed(skip_asides(step_trigger_told(story), result.asides), result.seen)
    story = triggered_when(denied_draws(story, result.claims, card_kind), result.seen, card_kind)
    result.sentences = _sentences(generic_you(story, result.corrections))
    sentences = []
    for i, typed in enumerate(result.sentences):
        read = _unwrap(typed, result.dropped, result.claims, told_before=i > 0, story=story)
        sentences.append(read)
        if typed.rstrip().endswith("?"):
            result.from_questions.update(" ".join(c.split()) for c in re.split(r"[.;!?\n]+", read) if c.strip(" ,"))
    joined = " ".join(s if s.endswith((".", ";", "!", "?")) else s + "." for s in sentences if s.strip(" .?!"))
    joined = _acted_out(joined, result.corrections)
    result.text = _at_least(fix_typos(joined, card_words, result.corrections), result.corrections)
    return result


def normalize(text: str) -> str:
    """The cleaned text alone (kept for callers that only need the Unicode clean-up)."""
    return clean(text)
