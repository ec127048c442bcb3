"""Reading an effect's sentences into operations: subject, "may", then one verb phrase per clause.

Why a grammar and not whole-sentence templates: draw text is compositional ("Target player draws two cards
and loses 2 life", "Draw a card, then discard a card", "If you do, draw cards equal to its power"), so a
sentence is split into clauses that keep the subject, each clause is read by a table of verb phrases, and a
clause that speaks of drawing but matches no phrase is reported as not understood. Clauses that don't draw
are kept as operations the engine knows (discard, life, mill, damage to a player) or as words (a note), so
nothing is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.effects import Op

NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
DRAWS = re.compile(r"\bdraw(?:s|n|ing)?\b(?! steps?\b)", re.I)
# "If you've drawn two or more cards this turn", "for each card you've drawn this turn": words that count the
# cards a player drew, as a condition or an amount of something else; they draw nothing, replace no draw and
# watch no draw, so an ability whose only words about drawing are these is not an ability about drawing
# (what it does is read, or kept as words, like any other ability's).
_COUNTED_DRAWS = re.compile(r"\b(?:you've|you have|they've|they have|an opponent has|a player has|that player has) "
                            r"drawn(?: [\w ]+?)? this turn\b", re.I)


def speaks_of_drawing(text: str) -> bool:
    """Whether words draw, replace or watch a draw (not only count the cards drawn this turn)."""
    return bool(DRAWS.search(_COUNTED_DRAWS.sub("", text)))

# Who a clause's subject is, from the ability's controller ("you") and the player it is about.
SUBJECTS: dict[str, str | None] = {
    "you": "you", "target player": "target", "target opponent": "target", "up to one target player": "target",
    "each player": "each_player", "each opponent": "each_opponent", "that player": "that_player",
    "its controller": "that_player", "its owner": "that_player", "each other player": "each_other_player",
    "defending player": "that_player", "the chosen player": "target", "that creature's controller": "that_player",
    "enchanted creature's controller": "that_player", "that spell's controller": "that_player",
    "you and target opponent each": "you_and_that_player", "you and that player each": "you_and_that_player",
    "you and target player each": "you_and_that_player", "the player": "that_player", "that opponent": "that_player",
    "they": None, "he or she": None, "it": "you", "~": "you",
    "that attacking player": "that_player", "the attacking player": "that_player",
    "you and the attacking player each": "you_and_that_player",
    "each of that player's opponents": "opponents_of_that_player",
    "an opponent": "opponent_of_you",
}
_SUBJECT = re.compile(r"^(" + "|".join(sorted(map(re.escape, SUBJECTS), key=len, reverse=True)) + r") ")
_VERBS = (r"draws?|discards?|loses?|gains?|mills?|puts?|creates?|returns?|exiles?|sacrifices?|scry|scries|"
          r"surveils?|shuffles?|reveals?|looks?|searches|search|deals?|taps?|untaps?|investigates?|connives?|"
          r"proliferates?|may|gets?|counters?|chooses?|choose|attaches?|plays?|casts?|copies|copy|adds?|pays?")
_SPLIT = re.compile(
    rf",? then |,? and then |; then |, and (?=(?:{_SUBJECT.pattern[2:-2]}) (?:{_VERBS})\b)|, and (?=(?:{_VERBS})\b)|"
    rf" and (?=(?:{_SUBJECT.pattern[2:-2]}) (?:{_VERBS})\b)| and (?=(?:draws?|discards?|loses?|gains?|mills?)\b)|"
    # "Draw two cards and create two Treasure tokens", "draw a card and put a +1/+1 counter on ~": two acts
    rf" and (?=creates? (?:a|an|one|two|three|four|five|x|\d+) )| and (?=puts? (?:a|an|one|two|three|x|\d+) "
    rf"[+\w/-]+ counters? on )| and (?=removes? (?:a|an|one|two|three|x|\d+) [+\w/-]+ counters? from )|"
    rf" and (?=(?:reveals? it|converts? ~)$)|"
    rf", (?=(?:draw|discard|lose|gain|mill)s? )")


def number(word: str) -> int | str:
    w = word.lower()
    if w.isdigit():
        return int(w)
    return "X" if w == "x" else _NUMBERS.get(w, 1)


@dataclass
class EffectReading:
    ops: list[Op] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)  # clauses about drawing that match no phrase


def _sentences(text: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "\"“”":
            depth ^= 1
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] in " \n"):
            out.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return [s for s in out if s]


_CONDITION = re.compile(r"^(if you do|if you don't|if they do|if that player does|if that player doesn't|"
                        r"if they don't|otherwise|when you do|if [^,]+|as long as [^,]+|unless [^,]+), (.+)$")


def read_effect(text: str, self_name: str) -> EffectReading:
    """Every sentence and clause of an effect (one ability's text after its cost or trigger). A modal effect
    ("choose one —" and its bullets) marks each mode's operations with the mode (``Op.mode``): one
    mode is carried out, chosen as the ability is put on the stack (700.2), never all of them."""
    out = EffectReading()
    low = self_named(text.lower().replace("’", "'"), self_name)
    lines = low.split("\n")
    rows = [i for i, line in enumerate(lines) if _DIE_ROW.match(line.strip())]
    if rows:
        _read_die_table(lines, rows, out)
        return out
    bullets = [i for i, line in enumerate(lines) if line.strip().startswith("•")]
    head = " ".join(lines[: bullets[0]]) if bullets else ""
    state = _Subjects()
    chooser = _CHOOSE_ONE.search(head.strip()) if bullets else None
    if bullets and not chooser:
        out.unread.append(head.strip())  # "choose two", "one or more": several modes, not read as one
    plain = lines[: bullets[0]] if bullets else lines
    for line in plain:
        line = _CHOOSE_ONE.sub("", line.strip()).strip() if bullets else line.strip()
        for sentence in _sentences(line):
            _read_sentence(sentence, out, state)
    for i in bullets:
        mode = re.sub(r"^[^—.:]{1,40} — ", "", lines[i].strip().lstrip("•").strip())  # a named mode's name
        part = EffectReading()
        for sentence in _sentences(mode):
            _read_sentence(sentence, part, _Subjects())
        out.unread += part.unread
        label = (RANDOM_MODE if chooser and chooser.group("random") else "") + mode.rstrip(".")[:80]
        out.ops += [replace(op, mode=label) for op in part.ops]
    out.ops = list(others_than_the_target(out.ops))
    return out


def others_than_the_target(ops: list[Op] | tuple[Op, ...]) -> tuple[Op, ...]:
    """"Target player draws two cards, then each other player draws a card": "each other player" after a target
    player is named means the players other than that target, not other than the ability's controller (it made
    the target draw three when the caster targeted an opponent)."""
    out: list[Op] = []
    targeted = False
    for op in ops:
        if op.who == "each_other_player" and targeted:
            op = replace(op, who="others_than_that_player")
        targeted = targeted or op.who == "target"
        out.append(op)
    return tuple(out)


_DIE_ROW = re.compile(r"^(\d+(?:[—–-]\d+)?) \| (.+)$")


def _read_die_table(lines: list[str], rows: list[int], out: EffectReading) -> None:
    """"Roll a d20. / 1—9 | Draw a card. / 10—20 | ...": the die decides which result happens (706.2), so
    each result is a mode chosen at random (RANDOM_MODE), never all of them; the roll itself moves nothing.
    Anything else before the table is read as usual; a table without its roll is not read."""
    head = " ".join(line.strip() for line in lines[: rows[0]])
    sentences = _sentences(head)
    if not sentences or not re.fullmatch(r"roll a d\d+", sentences[-1]) or rows != list(range(rows[0], len(lines))):
        out.unread.append(" / ".join(lines))
        return
    state = _Subjects()
    for sentence in sentences[:-1]:
        _read_sentence(sentence, out, state)
    for i in rows:
        m = _DIE_ROW.match(lines[i].strip())
        assert m is not None
        result = re.sub(r"^[^—.:|]{1,40} — ", "", m.group(2))  # a named result ("Trapped! — ...")
        part = EffectReading()
        for sentence in _sentences(result):
            _read_sentence(sentence, part, _Subjects())
        out.unread += part.unread
        label = f"{RANDOM_MODE}{m.group(1)} | {result.rstrip('.')}"[:90]
        out.ops += [replace(op, mode=label) for op in part.ops]


# "Choose one —", "choose one that hasn't been chosen —", "Choose one. If ..., choose both instead —" is not it
_CHOOSE_ONE = re.compile(r"(?:^|\. |, |— )choose one(?P<random> at random)?"
                         r"(?: that hasn't been chosen(?: this turn)?)? —$")
RANDOM_MODE = "at random|"  # marks the modes of "choose one at random": chosen by chance, not by a player


def self_named(text: str, name: str) -> str:
    """The card's own name in an event ("When Kiora enters", "this creature") as "~"."""
    full = name.lower()
    for form in (full, full.split(",")[0]):
        if len(form) >= 3:
            text = re.sub(rf"(?<!\w){re.escape(form)}(?!\w)", "~", text)
    return re.sub(r"\bthis (creature|artifact|enchantment|land|permanent|aura|equipment|vehicle|siege|planeswalker|"
                  r"battle|saga|class|case|room|card)\b", "~", text)


@dataclass
class _Subjects:
    """Who "they" is: the last player named other than "you" ("Target opponent sacrifices a creature. If they
    can't, they lose 2 life"), kept across the sentences of one effect."""

    third: str = "that_player"


# Keyword actions whose meaning draws (connive, 701.50; learn, 701.48) or makes a token that draws
# (investigate, 701.16): a clause with one of them that no phrase reads is a gap, never a note.
_DRAWING_WORDS = re.compile(r"\b(connives?|learns?|investigates?)\b")
_NAMES_PLAYER = re.compile(r"\b(target player|target opponent|that player|each opponent|each player)\b")
_NESTED_TRIGGER = re.compile(r"^(?:when|whenever|at the beginning of)\b")
_TRAILING_LATER = re.compile(r"(?!when|whenever|at\b)(.+?) (at the beginning of the next end step)")


def _read_sentence(sentence: str, out: EffectReading, state: _Subjects) -> None:
    """One sentence: its lead-ins first ("Then", "where X is", "If ...,", "For each ...,"), then its clauses."""
    condition = ""
    sentence = re.sub(r"^then,? ", "", sentence)
    where = re.search(r",? where x is (.+)$", sentence)
    x_note = ""
    if where and ", then " in where.group(1):
        # "Scry X, where X is the greatest mana value ..., then draw three cards": X belongs to the clause before
        words, rest = where.group(1).split(", then ", 1)
        before = EffectReading()
        _read_clauses(sentence[:where.start()], "", f"X = {words}", False, before, state)
        out.ops += before.ops
        out.unread += before.unread
        sentence = rest
        where = None
    if where and re.search(rf", and (?:{_SUBJECT.pattern[2:-2]}) (?:{_VERBS})\b", where.group(1)):
        # "mill X cards, where X is ..., and that player loses life equal to ...": another act joined to the
        # definition of X, never swallowed by it: not read
        out.unread.append(sentence)
        return
    if where:
        x_note, sentence = f"X = {where.group(1)}", sentence[:where.start()]
    if any(speaks_of_drawing(q) for q in re.findall(r"\"([^\"]*)\"", sentence)):
        # an ability granted in quotes ("it gains "When this creature dies, draw a card"") draws later, for the
        # object that has it: never this effect's draw (engine.oracle.granted reads the static forms)
        granted = _granted_for_later(sentence)
        if granted is None:
            out.unread.append(sentence)
        else:
            out.ops += granted
        return
    if sentence.startswith("when you do, "):
        # a reflexive triggered ability (603.12): it triggers on the "may" before it being done, and acts right
        # after this effect, so it is read as what happens "if you do"
        sentence = "if you do, " + sentence.removeprefix("when you do, ")
    later = _TRAILING_LATER.fullmatch(sentence)
    if later:  # "discard three cards at the beginning of the next end step": a delayed trigger (603.7a)
        sentence = f"{later.group(2)}, {later.group(1)}"
    if _NESTED_TRIGGER.match(sentence):
        # a triggered ability the effect creates ("Whenever you cast a spell this turn, draw a card"): its draw
        # happens later, on its own event; it is not read as this effect's draw. One whose event no answer
        # reaches (the next end step) moves nothing now, whatever it does then
        if acts_after_any_answer(sentence):
            out.ops.append(Op("later_ability", 1, "you", name="delayed", text=sentence))
        elif speaks_of_drawing(sentence):
            out.unread.append(sentence)
        else:
            out.ops.append(Op("note", 1, "you", text=sentence, words=True))
        return
    m = _CONDITION.match(sentence)
    if m and out.ops and out.ops[-1].do == "later_ability" and _condition(m.group(1)) in ("if_you_do", "if_you_dont"):
        # "At the beginning of that player's next end step, you draw a card if .... Otherwise, create ...": the
        # sentence goes on with the ability created for later, not with this effect: not read as this effect's
        out.unread.append(sentence)
        return
    if m:
        condition, sentence = _condition(m.group(1)), m.group(2)
    each = re.match(r"for each (.+?), (.+)$", sentence)
    if each:  # "For each land sacrificed this way, draw a card": the amount is X
        x_note, sentence = f"X = one for each {each.group(1)}", each.group(2)
    if not _instead(sentence, condition, out):
        _read_clauses(sentence, condition, x_note, bool(each), out, state)


# Events no resolution reaches: the engine answers one action (a draw, a spell, an ability, a permanent entering
# or dying) and never goes on to combat or to a later step, so an ability created now that waits for one of
# these changes nothing in the answer; waiting for anything else (a creature dying, a spell cast, a permanent
# entering) it could act within the answer, and is not read.
_LATER_EVENT = re.compile(r"\b(?:deals? combat damage|deal combat damage|attacks?|becomes? blocked|becomes? crewed)\b|"
                          r"^at the beginning of (?:the next |your next |each |your |that player's next )?"
                          r"(?:upkeep|end step|combat|draw step|(?:(?:precombat|postcombat|second) )?main phase)\b")


def acts_after_any_answer(ability: str) -> bool:
    """A triggered ability ("whenever that creature deals combat damage to a player this turn, draw a card")
    whose event no resolution reaches, and whose effect is read (so what it would do later is known)."""
    from engine.trigger_events import EventKind, event_kinds

    m = re.match(r"((?:when|whenever|at)\b[^,]+), (.+)$", ability.strip().rstrip("."), re.S)
    if m is None or not _LATER_EVENT.search(m.group(1)):
        return False
    kinds = set(event_kinds(m.group(1)))
    if "combat damage" in m.group(1):
        kinds.discard(EventKind.LOSE_LIFE)  # combat damage is dealt in a combat step, never in an answer
    # an ability an effect creates ("whenever that creature deals combat damage this turn") is read as waiting for a
    # later combat than the answer's; a combat told (engine/resolve/combat.py) doesn't carry one created by its own
    # attack triggers (a known limit)
    kinds -= {EventKind.ATTACK, EventKind.COMBAT_DAMAGE}
    kinds.discard(EventKind.DRAW_STEP)  # an ability created now waits for a later draw step than the answer's
    effect = EffectReading()
    for sentence in _sentences(m.group(2)):
        _read_sentence(sentence, effect, _Subjects())
    return not kinds and not effect.unread


def _granted_for_later(sentence: str) -> list[Op] | None:
    """"Until end of turn, target creature gains "Whenever this creature deals combat damage to a player, draw
    a card"", "You get an emblem with "At the beginning of your draw step, draw two additional cards"": each
    quoted ability becomes a later ability (when its event is one no answer reaches), and the words around
    the quotes are kept as words (carried out as nothing only when they change nothing counted)."""
    quotes = re.findall(r"\"([^\"]*)\"", sentence)
    if not all(acts_after_any_answer(q) for q in quotes):
        return None
    outside = re.sub(r"\"[^\"]*\"", "an ability", sentence).strip()
    emblem = re.fullmatch(r"you get an emblem with an ability(?: and an ability)*", outside)
    kind = "emblem" if emblem else "granted"
    if not emblem and not re.search(r"\b(?:gains?|has|have)\b(?:[\w ,+/-]*? and)? an ability", outside):
        return None
    words = [] if emblem else [Op("note", 1, "you", text=outside, words=True)]
    return [*words, *(Op("later_ability", 1, "you", name=kind, text=q.strip().rstrip(".")) for q in quotes)]


def _instead(sentence: str, condition: str, out: EffectReading) -> bool:
    """614.15: "Draw a card. If <condition>, draw two cards instead." changes the earlier operation."""
    instead = re.fullmatch(rf"(?:you )?(?:draws? {NUM} cards?|investigates? (twice|{NUM} times)) instead", sentence)
    kind = "draw" if instead and instead.group(1) else "token"
    if not (instead and condition.startswith("if:") and out.ops and out.ops[-1].do == kind
            and out.ops[-1].instead_amount is None):
        return False
    words = instead.group(1) or instead.group(2)
    amount = 2 if words == "twice" else number((words or "").split()[0]) if words else 1
    if not isinstance(amount, int):
        return False
    last = out.ops[-1]
    out.ops[-1] = Op(kind, last.amount, last.who, last.name, last.optional, last.text, amount, condition, last.note)
    return True


def _read_clauses(sentence: str, condition: str, x_note: str, for_each: bool, out: EffectReading,
                  state: _Subjects) -> None:
    """The clauses of a sentence, each with its subject (carried from the clause before) and "may"."""
    subject: str | None = "you"
    parts = re.split(f"({_SPLIT.pattern})", sentence)
    joined_by_and, last_optional = False, False
    for i, raw in enumerate(parts):
        if i % 2:  # a separator: "and" alone joins two verbs under one "may" ("you may draw and create")
            joined_by_and = raw.strip() == "and"
            continue
        clause = raw.strip()
        if not clause:
            continue
        clause = re.sub(r"^then ", "", clause)
        whole = clause
        sm = _SUBJECT.match(clause)
        if sm:
            subject = SUBJECTS[sm.group(1)] or state.third
            clause = clause[sm.end():]
        named = _NAMES_PLAYER.search(clause)
        if subject and subject not in ("you", "you_and_that_player"):
            state.third = subject
        elif named:
            state.third = SUBJECTS.get(named.group(1)) or state.third
        optional = clause.startswith("may ")
        if optional:
            clause = clause[4:]
        have = re.match(r"have (~|it|you|target player|target opponent|that player|each opponent|each player) (.+)$",
                        clause)
        # "that creature's controller may draw a card" (Fecundity): the player the words name decides the "may"
        chooser = "that_player" if optional and subject == "that_player" and not have else ""
        chosen = re.match(r"choose to (.+)$", clause)
        if chosen and optional and subject not in (None, "you"):  # "target opponent may choose to put those
            chooser, subject, clause = subject or "", "you", chosen.group(1)  # cards into your hand": yours
        if have and optional:  # "you may have target player draw a card": you choose; that player acts
            if have.group(1) == "you" and subject != "you":  # "target opponent may have you draw a card"
                chooser = subject or ""
            subject = subject if have.group(1) in ("~", "it") else SUBJECTS[have.group(1)]  # "have it deal": ~
            clause = have.group(2)
        # "each opponent may draw a card and create a token": the second verb is done only if the first was
        shares_may = joined_by_and and last_optional and not sm and not optional and not condition
        last_optional = optional or (last_optional and joined_by_and and not sm)
        op = read_clause(clause, subject or "you")
        if op is None:
            if speaks_of_drawing(clause) or _DRAWING_WORDS.search(clause):
                out.unread.append(clause)
                continue
            op = Op("note", 1, subject or "you", text=whole, words=True)
        if for_each and op.do in _COUNTED_ACTS and op.amount not in (1, "X") and not (
                op.who == "that_player" and _FOR_EACH_PLAYER.match(x_note)):
            # "for each ..., you lose 3 life": 3 times X, an amount not read ("for each opponent who doesn't,
            # that player loses 2 life" is 2 for each of those players: kept)
            out.unread.append(whole)
            continue
        # "For each opponent who does, you draw a card and you create a token": each act, once for each
        amount = "X" if for_each and op.do in _COUNTED_ACTS and op.amount == 1 else op.amount
        note = op.note or (x_note if amount == "X" else "")
        out.ops.append(Op(op.do, amount, op.who, op.name, optional or op.optional, op.text, op.instead_amount,
                          condition or op.condition or ("if_you_do" if shares_may else ""), note, op.words,
                          chooser=chooser))
        out.ops.extend(_keyword_action_rest(op))


_DISCARD_ONE_OF_A_KIND = re.compile(r"(?:you|they|that player|he or she) discards? (?:a|an) [\w -]+ card")
_COUNTED_ACTS = ("draw", "token", "lose_life", "gain_life", "mill", "discard", "damage")
# "for each opponent who doesn't, that player loses 2 life": the count is of players, each acting once; "for each
# card less than two a player draws this way, that player gains 2 life" counts cards (2 life times that number)
_FOR_EACH_PLAYER = re.compile(r"X = one for each (?:other )?(?:opponent|player)s?\b")


def _keyword_action_rest(op: Op) -> tuple[Op, ...]:
    """The rest of a keyword action read as its first operation: connive's discard (701.50a: draw, then
    discard as many), learn's draw after the discard (701.48a: "you may discard a card. If you do, draw")."""
    if op.note.startswith("connive"):
        return (Op("discard", op.amount, op.who, note="connive: discard as many cards as were drawn"),)
    if op.note.startswith("learn"):
        return (Op("draw", 1, op.who, condition="if_you_do"),)
    return ()


def _condition(words: str) -> str:
    return {"if you do": "if_you_do", "if they do": "if_you_do", "if that player does": "if_you_do",
            "when you do": "if_you_do", "if you don't": "if_you_dont", "if they don't": "if_you_dont",
            "if that player doesn't": "if_you_dont", "otherwise": "if_you_dont"}.get(
        words, f"if:{re.sub(r'^if ', '', words)}")


# Verb phrases, first match wins: (pattern on the clause after subject and "may", op, the group holding the
# amount (0: one), whether the op is optional). "X" amounts keep the words that define X in the op's text.
_PHRASES: tuple[tuple[str, str, int | str, bool], ...] = (
    (rf"draws? {NUM} (?:additional )?cards?(?: instead)?", "draw", 1, False),
    (rf"draws? up to {NUM} cards?", "draw", 1, True),
    (rf"draws? (?:up to )?{NUM} cards? at the beginning of the next turn's upkeep", "delayed_draw", 1, False),
    (rf"draws? (?:{NUM} )?(?:additional )?cards? for each (?P<x>.+)", "draw", "X", False),
    (rf"draws? (?:{NUM} )?cards? equal to (?P<x>.+)", "draw", "X", False),
    (r"draws? that many cards(?P<x> plus (?:a|one|two|\d+))?", "draw", "X", False),
    (r"draws? x cards?(?:,? where x is (?P<x>.+))?", "draw", "X", False),
    (rf"draws? {NUM} (?:additional )?cards?(?P<x>,? (?:if|unless) .+)", "draw", 1, False),
    (r"draws? another card(?P<x>,? (?:if|unless) .+)?", "draw", 0, False),
    (r"(?:(?:up to one )?target creature you control |each of (?P<each>\w+) target creatures you control |"
     r"that creature )?connives?(?: (?P<n>x|\d+))?", "connive", 0, False),
    (r"learns?", "learn", 0, False),
    (r"investigates?(?: (?P<times>twice|\w+ times|once for each .+))?", "token", 0, False),
    (r"discards? (?:your|their) hand|discards? all the cards in (?:your|their) hand", "discard_hand", 0, False),
    (rf"discards? {NUM} cards?(?: at random)?", "discard", 1, False),
    (rf"discards? {NUM} cards?(?P<x>,? unless .+)", "discard", 1, False),
    (rf"discards? {NUM} of them", "discard", 1, False),
    (r"discards? that many cards", "discard", "X", False),
    (r"shuffles? (?:your|their) hand and graveyard into (?:your|their) library", "shuffle_hand_graveyard", 0, False),
    (rf"puts? {NUM} cards? from (?:your|their) hand on top of (?:your|their) library(?: in any order)?", "put_back", 1,
     False),
    (rf"puts? {NUM} cards? from (?:your|their) hand on the bottom of (?:your|their) library(?: in any order)?",
     "put_bottom", 1, False),
    (r"puts? (?:a|an|one) (?P<kind>land|creature|artifact|enchantment|permanent|basic land|nonland permanent) card "
     r"(?:with [\w ]+? )?from (?:your|their) hand onto the battlefield(?: tapped)?", "hand_to_battlefield", 0, False),
    # "sacrifices a creature unless they discard a card": the "unless" is a choice of another act, not part
    # of what is sacrificed (never swallowed into the object's words)
    (r"sacrifices? (?P<sac>(?:a|an|another|one|two|three) (?:(?!or (?:discard|pay|exile|return|sacrifice|tap|put|"
     r"draw|lose|mill|reveal)\b|unless\b)[\w,-]+ ?)+?)", "sacrifice", 0, False),
    (r"shuffles? (?:the cards from )?(?:your|their) hand into (?:your|their) library", "shuffle_hand", 0, False),
    (r"destroy (?P<tgt>(?:up to one )?(?:other )?target [\w ,-]+?|enchanted creature|enchanted permanent)",
     "destroy_target", 0, False),
    (r"exile (?P<tgt>(?:another )?target [\w ,-]+?|enchanted creature|enchanted permanent)", "exile_target", 0,
     False),
    (r"return (?P<tgt>target [\w ,-]+?) to its owner's hand", "bounce_target", 0, False),
    (r"exchange control of (?P<tgt>two target [\w ]+?|target [\w ]+? and target [\w ]+?)", "exchange_control", 0,
     False),
    # "put target permanent on top of its owner's library", "the owner of target creature puts it into their
    # library second from the top or on the bottom": where it goes is kept as the op's text
    (r"put (?P<tgt>target [\w ,-]+?) (?P<place>on top of|on the bottom of|into) its owner's library"
     r"(?P<rest>(?: (?:second|third) from the top)?(?: or (?:on the bottom|on top|second from the top))?)",
     "library_target", 0, False),
    (r"the owner of (?P<tgt>target [\w ,-]+?) puts it (?P<place>on top of|on the bottom of|into) their library"
     r"(?P<rest>(?: (?:second|third) from the top)?(?: or (?:on the bottom|on top|second from the top))?)",
     "library_target", 0, False),
    (r"(?:loses?|pays?) (?P<per>a|an|one|two|three|four|five|\d+) life for each (?P<x>.+)", "lose_life", "X", False),
    (r"gains? (?P<per>a|an|one|two|three|four|five|\d+) life for each (?P<x>.+)", "gain_life", "X", False),
    (r"discards? any number of cards", "discard", "X", False),
    # "lose life equal to the number of cards in your hand": X counted as it resolves (608.2h)
    (r"loses? life equal to (?P<x>.+)", "lose_life", "X", False),
    (r"gains? life equal to (?P<x>.+)", "gain_life", "X", False),
    (rf"loses? {NUM} life", "lose_life", 1, False),
    (rf"pays? {NUM} life", "lose_life", 1, False),  # 119.4: a player who pays life loses that much life
    (rf"gains? {NUM} life", "gain_life", 1, False),
    (rf"mills? {NUM} cards?", "mill", 1, False),
    (r"exiles? (?:that card|it|those cards) from (?:your|their) graveyard", "exile_from_graveyard", 0, False),
    (rf"reveals? the top {NUM} cards? of (?:your|their) library", "reveal_top", 1, False),
    (r"puts? (?:those cards|them|the revealed cards) into (?:your|their) hand", "revealed_to_hand", 0, False),
    (r"puts? (?:those cards|them|the revealed cards) into (?:your|their) graveyard", "revealed_to_graveyard", 0,
     False),
    (rf"deals? {NUM} damage to (?P<to>target player|target opponent|that player|each opponent|you|each player)"
     r"(?P<pw> or planeswalker)?", "damage", 1, False),
    # "any target" (115.4): a player, or a creature or planeswalker, whose damage the resolver refuses
    (rf"deals? {NUM} damage to (?P<to>any target)", "damage", 1, False),
    (rf"gets? {NUM} poison counters?", "poison", 1, False),  # 122.1f
    (rf"creates? {NUM} (?:tapped )?(?P<token>clue|blood|food|treasure|map|gold|powerstone) tokens?", "token", 1, False),
    (rf"creates? {NUM} (?:tapped )?(?:[\dx]+/[\dx]+ )?(?:(?:white|blue|black|red|green|colorless|and),? )*"
     r"(?P<token>[a-z]+)(?: [a-z]+)? (?:artifact |enchantment )?creature tokens?(?: with (?:flying|haste|vigilance|"
     r"trample|lifelink|deathtouch|reach|menace|first strike|defender|prowess|changeling)(?:(?:,| and) \w+)*)?"
     r"(?: with \"[^\"]*\")?(?: for each (?P<x>.+))?", "token", 1,
     False),
)
_COMPILED = [(re.compile(p), do, amount, optional) for p, do, amount, optional in _PHRASES]


def _sacrificed(words: str) -> int:
    n = number(words.split()[0]) if words.split()[0] != "another" else 1
    return n if isinstance(n, int) else 1


def read_clause(clause: str, who: str) -> Op | None:
    """One clause; None when no phrase matches (the caller decides whether that is a gap)."""
    clause = clause.strip().rstrip(".")
    for rx, do, amount, optional in _COMPILED:
        m = rx.fullmatch(clause)
        if not m:
            continue
        if do == "connive":  # 701.50: draw a card, then discard a card (a note says the rest)
            n = m.groupdict().get("n") or m.groupdict().get("each")  # each of X target creatures: X connives
            # a creature connives: its controller draws ("target creature you control connives" is yours)
            drawer = "you" if "creature" in clause else who
            return Op("draw", number(n) if n else 1, drawer, note="connive (701.50): then discard as many; each "
                                                               "nonland discard puts a +1/+1 counter on the creature")
        if do == "learn":  # 701.48a: reveal a Lesson from outside the game, or discard a card to draw a card
            return Op("discard", 1, who, optional=True,
                      note="learn (701.48a): discard a card to draw a card (or take a Lesson: no draw)")
        if do == "token":
            times = m.groupdict().get("times") or ""
            count = 2 if times == "twice" else "X" if times.startswith("once for each") else \
                number(times.split()[0]) if times else number(m.group(1)) if amount else 1
            each = m.groupdict().get("x")
            return Op("token", "X" if each else count, who, name=(m.groupdict().get("token") or "clue").capitalize(),
                      note=f"X = one for each {each}" if each else "")
        if do == "library_target":
            place = {"on top of": "on top", "on the bottom of": "on the bottom"}.get(m.group("place"), "")
            return Op(do, 1, who, name=m.group("tgt"), text=f"{place}{m.group('rest')}".strip())
        if do.endswith("_target"):
            return Op(do, 1, who, name=m.group("tgt"))
        if do in ("hand_to_battlefield", "sacrifice"):
            return Op(do, 1 if do == "hand_to_battlefield" else _sacrificed(m.group("sac")), who,
                      name=m.groupdict().get("kind") or m.group("sac"), optional=optional)
        x = m.groupdict().get("x")
        value: int | str = "X" if amount == "X" else number(m.group(amount)) if amount else 1
        if do == "damage":
            to = m.group("to")
            pw = m.groupdict().get("pw")
            if pw and not to.startswith("target"):
                return None
            return Op("damage", value, {"target player": "target", "target opponent": "target", "that player":
                                        "that_player", "each opponent": "each_opponent", "you": "you",
                                        "each player": "each_player", "any target": "target"}[to],
                      note="its target may be a planeswalker" if pw else
                      "its target may be a creature or planeswalker" if to == "any target" else "")
        if isinstance(amount, int) and do in ("draw", "discard") and x and re.match(r",? (?:if|unless) ", x):
            kind = "unless" if re.match(r",? unless ", x) else "if"
            words = re.sub(r'^,? ?(?:if|unless) ', '', x)
            if do == "discard" and kind == "unless" and _DISCARD_ONE_OF_A_KIND.fullmatch(words):
                # "discard two cards unless you discard an artifact card": the player discards one card of that
                # kind instead (their decision, assumed and said), never nothing (Thirst for Knowledge kept all)
                return Op(do, value, who, instead_amount=1, condition=f"if:{words}")
            return Op(do, value, who, condition=f"{kind}:{words}")
        per = m.groupdict().get("per")
        if per and x:  # "loses 2 life for each Swamp you control": 2 × the count (608.2h)
            x = f"{number(per)} for each {x}"
        if do == "discard" and "any number" in clause:
            x = "any number of cards, chosen as it resolves"
        note = f"X = {x.strip()}" if amount == "X" and x else ("X = that many" if amount == "X" else "")
        return Op(do, value, who, optional=optional, note=note)
    return None
