"""Templates of the Oracle reader: the exact forms of the hand-made card data's static, replacement and
draw-trigger abilities. The reader (``engine.oracle.reader``) tries them on each ability first, so the
hand-made models are reproduced; ``bench/oracle_score.py`` measures how many exactly.
"""

from __future__ import annotations

import re

from engine.effects import (
    CantLose,
    CastTrigger,
    DrawCondition,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    Effect,
    Miracle,
    MultiDrawReplacement,
    NotModelled,
    Op,
    SpellText,
)
from engine.inert import inert
from engine.oracle.clauses import others_than_the_target, self_named

_NUM: dict[str, int | str] = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": "X"}
# Who an effect applies to, by the card's words (from its controller's point of view).
AFFECTED = {"you": "you", "an opponent": "opponents", "a player": "each", "each player": "each",
            "target player": "opponents", "each opponent": "opponents", "players": "each", "opponents": "opponents",
            "your opponents": "opponents", "another player": "opponents"}
_EXCEPT = r"(?: except the first one (?:they|you) draws? (?:in each of (?:their|your) draw steps|in (?:their|your) " \
          r"draw step each turn))?"


def _n(word: str) -> int | str:
    w = word.lower()
    if w.isdigit():
        return int(w)
    return _NUM.get(w, 1)


def _ops(text: str, drawer_is: str) -> tuple[Op, ...] | None:
    """The "instead"/effect part of an ability, as ops; None if not understood. ``drawer_is`` names who
    "that player" is from the controller's point of view."""
    t = text.strip().rstrip(".").lower()
    t = re.sub(r"^instead,? ", "", t)
    t = re.sub(r",? instead$", "", t)
    parts = re.split(r",? and (?=you |that player |each |they |lose |draw |gain )|\. then |, then |\. ", t)
    ops: list[Op] = []
    for part in parts:
        part = part.strip()
        m = re.fullmatch(r"(?:that player skips that draw|they skip that draw|skip that draw)", part)
        if m:
            ops.append(Op("skip"))
            continue
        m = re.fullmatch(r"(you|that player|they) (?:draws?|draw) (a|an|one|two|three|four|\d+) (?:additional )?cards?"
                         r"(?: instead)?", part)
        if m:
            who = "you" if m.group(1) == "you" else "that_player"
            ops.append(Op("draw", _n(m.group(2)), who))
            continue
        m = re.fullmatch(r"(?:instead )?you and that player each draw (a|an|one|two|three|four|\d+) cards?", part)
        if m:
            ops.append(Op("draw", _n(m.group(1)), "you_and_that_player"))
            continue
        m = re.fullmatch(r"draw (a|an|one|two|three|four|\d+) cards?(?: instead)?", part)
        if m:
            ops.append(Op("draw", _n(m.group(1)), "you"))
            continue
        m = re.fullmatch(r"exile the top card of (?:your|their|that player's) library(?: face down)?", part)
        if m:
            ops.append(Op("exile_top", 1, drawer_is))
            continue
        m = re.fullmatch(r"if you do, (.+)", part)
        if m and ops and ops[-1].do == "skip" and inert(m.group(1)):
            # what the skip buys that moves no card ("you can't be attacked except by ..."): said, not counted
            ops.append(Op("note", 1, "you", text=m.group(1), words=True))
            continue
        m = re.fullmatch(r"you win the game(?: instead)?", part)
        if m:
            ops.append(Op("win", 1, "you"))
            continue
        m = re.fullmatch(r"(you|they|that player|each opponent) (gain|gains|lose|loses) (\d+|a|one|two|three) life",
                         part)
        if m:
            who = {"you": "you", "each opponent": "each_opponent"}.get(m.group(1), "that_player")
            ops.append(Op("gain_life" if m.group(2).startswith("gain") else "lose_life", _n(m.group(3)), who))
            continue
        m = re.fullmatch(r"lose (\d+|a|one|two) life", part)
        if m:
            ops.append(Op("lose_life", _n(m.group(1)), "you"))
            continue
        m = re.fullmatch(r"[\w ,'-]+ deals (\d+|one|two) damage to that player", part)
        if m:
            ops.append(Op("damage", _n(m.group(1)), "that_player"))
            continue
        m = re.fullmatch(r"you may draw (a|two|three|\d+) cards?", part)
        if m:
            ops.append(Op("draw", _n(m.group(1)), "you"))
            continue
        m = re.fullmatch(r"(?:you )?create (?:a|an|one) (?:tapped )?(?:\d+/\d+ [\w ]+? )?(\w+)(?: creature| artifact)? "
                         r"token(?: with [^.]*)?(?:\. \(.*)?", part)
        if m:
            ops.append(Op("token", 1, "you", name=m.group(1).capitalize()))
            continue
        m = re.fullmatch(r"each opponent mills (a|one|two|three|\d+) cards?", part)
        if m:
            ops.append(Op("mill", _n(m.group(1)), "each_opponent"))
            continue
        m = re.fullmatch(r"put (?:a|an|one|two|three|four|five|\d+) [\w+/-]+ counters? on [\w ,'-]+", part)
        if m:
            ops.append(Op("note", 1, "you", text=part))
            continue
        m = re.fullmatch(r"each opponent discards (a|one|two|\d+) cards?", part)
        if m:
            ops.append(Op("discard", _n(m.group(1)), "each_opponent"))
            continue
        m = re.fullmatch(r"[\w ,'-]+ deals (\d+|one|two) damage to any target", part)
        if m:
            # one target (115.4), never each opponent: aimed like any other target, said
            ops.append(Op("damage", _n(m.group(1)), "target", note="its target may be a creature or planeswalker"))
            continue
        m = re.fullmatch(r"each player returns a permanent they control to its owner's hand", part)
        if m:
            ops.append(Op("note", 1, "you", text="each player returns a permanent they control to its owner's hand"))
            continue
        m = re.fullmatch(r"look at the top (three|two|\d+) cards of your library", part)
        if m:
            ops.append(Op("look_keep", _n(m.group(1)), "you"))
            continue
        if part == "put one into your hand and the rest into your graveyard" and ops and ops[-1].do == "look_keep":
            continue
        return None
    return tuple(ops) if ops else None


# A draw-step trigger's intervening "if" (603.4) is kept (it was dropped whatever it said: "if that player has two
# or fewer cards in hand" drew for a hand of seven); the permanent's own "is untapped" (Howling Mine) is a state the
# scenario tells ("tapped"), any other condition is checked as the ability triggers and resolves
_OWN_UNTAPPED = re.compile(r"~ is untapped")


def _affects(word: str) -> str | None:
    return AFFECTED.get(word.lower())


def read_line(line: str, name: str) -> list[Effect] | None:
    """One ability line; None when no template matches."""
    text = re.sub(r"\s*\([^)]*\)", "", line).strip()  # reminder text
    # an ability word or flavor word before a dash has no rules meaning (207.2c): "Binding Contract — If ..."
    text = re.sub(r"^(?![IVX]+(?:, [IVX]+)* —)[A-Z][\w',-]*(?: [\w',-]+){0,4} — (?=[A-Z])", "", text)
    low = text.lower().replace("this creature", name.lower()).replace("’", "'")
    if not low:
        return []
    # Keywords that carry no draw meaning.
    if re.fullmatch(r"(flying|flash|deathtouch|trample|haste|vigilance|lifelink|reach|defender|indestructible)"
                    r"(, (flying|flash|deathtouch|trample|haste|vigilance|lifelink|reach))*", low):
        return []
    m = re.fullmatch(r"miracle (\{[^}]+\}(?:\{[^}]+\})*)", low)
    if m:
        return [Miracle(m.group(1).upper())]
    m = re.fullmatch(r"dredge (\d+)", low)
    if m:
        return [("dredge", int(m.group(1)))]  # type: ignore[list-item]
    m = re.fullmatch(r"(each player|each opponent|players) can't draw more than one card each turn\.?", low)
    if m:
        return [DrawProhibition("each" if m.group(1) != "each opponent" else "opponents", 1)]
    m = re.fullmatch(r"(players|each player|each opponent|your opponents) can't draw cards\.?", low)
    if m:
        return [DrawProhibition("opponents" if "opponent" in m.group(1) else "each", 0)]
    if low.rstrip(".") == "you can't lose the game and your opponents can't win the game":
        return [CantLose()]
    m = re.fullmatch(r"if an opponent would draw two or more cards, instead you and that player each draw a card\.?",
                     low)
    if m:
        return [MultiDrawReplacement("opponents", 2, (Op("draw", 1, "you_and_that_player"),))]
    m = re.fullmatch(rf"(?:until end of turn, )?if (you|an opponent|a player|target player) would draw a card"
                     rf"(?P<during> during (?:your|their) draw step)?(?P<exc>{_EXCEPT})"
                     rf"(?: while (?P<cond>your library has no cards in it|you have no cards in hand))?"
                     rf", (?P<may>you may )?(?P<rest>.+)", low)
    if m:
        affects = _affects(m.group(1))
        rest = m.group("rest")
        may = bool(m.group("may")) or rest.startswith("instead you may ")
        rest = re.sub(r"^instead you may ", "", rest)
        ops = _ops(rest, "that_player")
        if ops is None or affects is None:
            return None
        cond = DrawCondition(
            in_draw_step=True if m.group("during") else None,
            except_first_in_draw_step=bool(m.group("exc")),
            library_empty=True if m.group("cond") and "library" in m.group("cond") else None,
            hand_empty=True if m.group("cond") and "hand" in m.group("cond") else None,
        )
        if affects == "opponents" and ops[0].do != "skip" and "that player" not in rest and any(
                op.do == "token" for op in ops):
            ops = (Op("skip"), *ops)  # "instead you create a Treasure": the draw does not happen
        return [DrawReplacement(affects, ops, cond, optional=may)]
    m = re.fullmatch(rf"whenever (you|an opponent|a player) draws? a card(?P<exc>{_EXCEPT}), "
                     rf"(?P<may>you may )?(?P<rest>.+)", low)
    if m:
        affects = _affects(m.group(1))
        rest = m.group("rest")
        if m.group("may"):
            rest = "you " + rest
        ops = _ops(rest, "that_player")
        if ops is None or affects is None:
            return None
        cond = DrawCondition(except_first_in_draw_step=bool(m.group("exc")))
        return [DrawTrigger(affects, ops, cond, optional=bool(m.group("may")))]
    m = re.fullmatch(r"at the beginning of (each player's|your) draw step, (?:if (?P<cond>[^,]+), )?(that player|you) "
                     r"draws? (an|a|one|two|three) additional cards?\.?", low)
    if m:
        affects = "each" if m.group(1) == "each player's" else "you"
        who = "that_player" if m.group(3) == "that player" else "you"
        said = m.group("cond") or ""
        own = bool(_OWN_UNTAPPED.fullmatch(self_named(said, name)))
        return [DrawStepTrigger(affects, (Op("draw", _n(m.group(4)), who),), intervening="" if own else said,
                                untapped_only=own)]
    m = re.fullmatch(r"(target player|each player|you) draws? (a|an|one|two|three|four|five|six|seven|x|\d+) cards?\.?",
                     low)
    if m:
        who = {"target player": "target", "each player": "each_player", "you": "you"}[m.group(1)]
        return [SpellText((Op("draw", _n(m.group(2)), who),), targets_player=m.group(1) == "target player")]
    m = re.fullmatch(r"\{1\}: the next time you would draw a card this turn, (?P<rest>.+)", low)
    if m:
        ops = _ops(m.group("rest"), "that_player")
        return [DrawReplacement("you", ops, optional=True, per_activation=True)] if ops else None
    m = re.fullmatch(r"whenever (an opponent) casts an? (noncreature )?spell, you may draw a card unless that player "
                     r"pays (\{\d+\})\.?", low)
    if m:
        # the caster decides first whether to pay (the card's rulings), a decision said with its other line
        paid = f"if:that player doesn't pay {m.group(3)}"
        return [CastTrigger("opponents", (Op("draw", 1, "you", condition=paid),), optional=True,
                            noncreature=bool(m.group(2)))]
    m = re.fullmatch(r"at the beginning of (each player's|your) draw step, (?P<rest>.+)", low)
    if m:
        affects = "each" if m.group(1) == "each player's" else "you"
        ops, optional = _sentence_ops(m.group("rest"), "that_player" if affects == "each" else "you")
        return [DrawStepTrigger(affects, ops, optional=optional)] if ops else None
    ops, _optional = _sentence_ops(low, "you")
    if ops:
        return [SpellText(ops, targets_player=any(op.who == "target" for op in ops))]
    return None


# A clause of a spell or trigger sentence: (pattern, op, amount: "group" = the pattern's first group, or a
# number); an empty op reads the clause as part of the previous one ("then shuffles their library").
_SENTENCE_OPS: tuple[tuple[str, str, str | int], ...] = (
    (r"draws? (a|an|one|two|three|four|five|six|seven|x|\d+) (?:additional )?cards?(?: instead)?", "draw", "group"),
    (r"draws? that many cards", "", 0),
    (r"draws? cards equal to the greatest number of cards a player discarded this way", "draw_equal_discarded", 1),
    (r"draws? cards equal to half the number of cards in their library", "draw_half_library", 1),
    (r"loses? half their life", "lose_half_life", 1),
    (r"discards? their hand", "discard_hand", 1),
    (r"discards? (a|one|two|three|\d+) cards?", "discard", "group"),
    (r"shuffles? their hand and graveyard into their library", "shuffle_hand_graveyard", 1),
    (r"put (a|one|two|three|\d+) cards? from your hand on top of your library(?: in any order)?", "put_back", "group"),
    (r"mills? (a|one|two|three|\d+) cards?", "mill", "group"),
    (r"gains? (x|\d+) life", "gain_life", "group"),
    (r"loses? (x|\d+) life", "lose_life", "group"),
    (r"puts? the cards in their hand on the bottom of their library in any order", "hand_to_bottom_draw_that_many", 1),
    (r"searches-and-puts", "search_to_hand", 1),
    (r"shuffles(?: their library)?", "", 0),
    (r"if you do, choose two cards in your hand drawn this turn", "sylvan", 2),
    (r"for each of those cards, pay 4 life or put the card on top of your library", "", 0),
)


def _sentence_ops(text: str, default_who: str) -> tuple[tuple[Op, ...], bool]:
    """A spell's or trigger's sentences ("Each player discards their hand, then draws seven cards."), as ops."""
    who_map = {"you": "you", "target player": "target", "each player": "each_player", "that player": "that_player",
               "each other player": "each_other_player", "they": None, None: None}
    t = re.sub(r"\s*round up each time\.?", "", text.strip().rstrip(".")).strip().rstrip(".")
    # a series of one player's acts: "loses 3 life, searches their library for a card, puts it into their
    # hand, then shuffles" (the search and the put are one act: search_to_hand)
    t = re.sub(r"searches their library for a card, puts it into their hand", "searches-and-puts", t)
    clauses = [c.strip() for c in re.split(r",? then |\. |, and (?=\w+s )| and (?=loses |gains |draws? )|"
                                           r", (?=(?:loses|gains|draws|discards|mills|searches)\b)", t)
               if c.strip()]
    ops: list[Op] = []
    optional = False
    subject = default_who
    for c in clauses:
        m = re.match(r"(you|target player|each player|each other player|that player|they) ", c)
        if m:
            mapped = who_map[m.group(1)]
            subject = mapped or subject
            c = c[m.end():]
        if c.startswith("may "):
            optional = True
            c = c[4:]
        for pattern, do, amount in _SENTENCE_OPS:
            mm = re.fullmatch(pattern, c)
            if mm:
                if do:
                    ops.append(Op(do, _n(mm.group(1)) if amount == "group" else int(amount), subject))
                break
        else:
            return (), False
    return others_than_the_target(ops), optional


def modelled(effects: tuple[Effect, ...] | list[Effect]) -> list[Effect]:
    """The effects that change a resolution (what a comparison of models looks at). Spell text kept only as
    the card's words (Terminus's "Put all creatures on the bottom...") acts only by refusing what reaches it,
    as a card without spell text does: the same model."""
    return [e for e in effects if not isinstance(e, NotModelled) and not (
        isinstance(e, SpellText) and all(op.do == "note" and op.words for op in e.ops))]
