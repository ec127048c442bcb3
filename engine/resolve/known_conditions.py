"""Conditions the game state decides ("if you have no cards in hand", "if you control three or more Elves", "unless
you attacked this turn", "if it was a creature card"): checked, not assumed (608.2c, 603.4).

Why a table of its own: an effect's condition in words is otherwise a decision stated as an assumption; a table
keyed by the words' form says which ones the situation already answers, each with the state it reads. A
condition whose answer the board doesn't show returns None and stays an assumption, said, the other case listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.oracle.clauses import number
from engine.resolve.amounts import card_is, controlled_at_most, controlled_count
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def known_condition(r: Resolver, words: str, you: str, that_player: str = "") -> bool | None:
    """Conditions the game state decides (hellbent, threshold, "if it's your turn"...), checked, not
    assumed; None when the words are about something the engine doesn't track. ``that_player``: who "that
    player" / "the player" is (the player a trigger is about), when the condition names them."""
    held = _known_for(r, words, you)  # the table's own forms first ("that player doesn't pay {1}")
    about = about_that_player(words) if held is None and that_player else None
    if about is not None:  # "that player has two or fewer cards in hand": "you have ..." for that player
        held = _known_for(r, about, that_player)
    if held is None:
        held = third_person_held(r, words, you, that_player)
    return held


def card_tax(r: Resolver, words: str, you: str, source: str) -> bool | None:
    """ "He pays for Remora but not for Rhystic": a tax said paid or not for one card's ability
    ("pays:<player>:<card>"), which decides "that player doesn't pay {N}" of that card's ability; None when the
    situation says nothing of that card."""
    m = re.fullmatch(r"that player (doesn't pay|pays) \{\w+\}", words)
    if m is None:
        return None
    said = [v for k, v in r.s.choices.items() if isinstance(v, bool) and k.startswith("pays:")
            and k.count(":") == 2 and k.endswith(f":{source}") and k.split(":")[1] != you]
    if len(said) != 1:
        return None
    return said[0] == (m.group(1) == "pays")


def whose_condition(words: str, you: str, that_player: str) -> str:
    """The player a condition is about, to say it: "that player" when the words name them, else "you"."""
    return that_player if that_player and _THIRD_PERSON.fullmatch(words) or (
        that_player and about_that_player(words) is not None) else you


def _known_for(r: Resolver, words: str, you: str) -> bool | None:
    p = r.player(you)
    for rx, test in _KNOWN_CONDITIONS:
        m = re.fullmatch(rx, words)
        if m:
            held = test(r, p, you, m)
            return None if held is None else bool(held)
    return None


# "that player has ..." said as "you have ...": the same conditions, about another player (each word pair is the
# third person's form and the second person's)
_THAT_PLAYER = (("that player has", "you have"), ("that player's", "your"), ("that player controls", "you control"),
                ("that player doesn't control", "you don't control"), ("that player is", "you are"),
                ("that player has drawn", "you've drawn"))


def about_that_player(words: str) -> str | None:
    """A condition about "that player" in the words of one about "you" (checked on that player), or None."""
    for theirs, yours in sorted(_THAT_PLAYER, key=lambda pair: -len(pair[0])):
        if words.startswith(theirs + " "):
            rest = words[len(theirs) + 1:].replace("their ", "your ")
            return f"{yours} {rest}"
    return None


_COUNT = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"

# "If the player is your opponent and has four or more cards in hand" (Fevered Visions), "if that player has no
# cards in hand" (Ghirapur Orrery): a condition about the player the trigger is about, said in the third person.
# Each part is checked for that player as the table checks "you" (603.4, 608.2c): assumed true, a controller's
# own end step dealt the damage meant for an opponent, and a hand of two was read as empty.
_THIRD_PERSON = re.compile(r"(?:that player|the player|that opponent|they)\s+(.+)")
_PERSON = (("doesn't", "don't"), ("has", "have"), ("controls", "control"), ("is", "are"), ("was", "were"))
_WHO = {  # "is your opponent": who the player is, to the ability's controller
    "is your opponent": lambda r, you, who: who in r.opponents(you),
    "is an opponent": lambda r, you, who: who in r.opponents(you),
    "isn't your opponent": lambda r, you, who: who not in r.opponents(you),
    "is you": lambda r, you, who: who == you,
}


def third_person_held(r: Resolver, words: str, you: str, that_player: str) -> bool | None:
    """A condition whose subject is "that player" the one-subject translation (``about_that_player``) doesn't
    take: each part joined by "and" ("is your opponent and has four or more cards in hand") checked for that
    player; None when the words aren't about that player or a part is one the state doesn't decide."""
    m = _THIRD_PERSON.fullmatch(words)
    if m is None or not that_player:
        return None
    held: list[bool | None] = []
    for part in re.split(r",? and (?=(?:is|isn't|has|doesn't|controls|was)\b)", m.group(1)):
        part = part.strip()
        if part in _WHO:
            held.append(bool(_WHO[part](r, you, that_player)))
            continue
        verb, _, rest = part.partition(" ")
        if re.search(r"\b(?:you|your)\b", rest):
            held.append(None)  # the controller named beside the player: not the table's one subject
            continue
        held.append(_known_for(r, f"you {dict(_PERSON).get(verb, verb)} {rest}".strip(), that_player))
    if False in held:
        return False
    return None if None in held else True


def _paid(r: Resolver, you: str, paid: bool, cost: str = "the tax") -> bool | None:
    """ "Unless that player pays {1}": what the situation says the other player did ("pays:<player>"), else
    unknown (assumed and said, the other line listed)."""
    counted = [(k[11:], v) for k, v in r.s.choices.items() if k.startswith("pays_times:") and k[11:] != you
               and isinstance(v, int) and not isinstance(v, bool)]
    if len(counted) == 1:  # "I pay for 1 of them": the first N taxes asked are paid, the rest not
        payer, times = counted[0]
        asked = r.taxes_asked.get(payer, 0)
        r.taxes_asked[payer] = asked + 1
        return (asked < times) == paid
    said = [v for k, v in r.s.choices.items() if k.startswith("pays:") and k[5:] != you and isinstance(v, bool)
            and ":" not in k[5:]]  # "pays:<player>:<card>" is one card's tax (card_tax)
    if len(said) == 1:
        return said[0] == paid
    payers = [n for n in r.opponents(you) if not r.player(n).lost]
    if len(payers) != 1:
        return None  # several opponents: "that player" is one of them; the condition is assumed and said
    # the payer's own decision (Smothering Tithe's "that player may pay {2}"): theirs, so the answer gives them
    # both lines ("Your choice"), not a condition about nobody
    payer = payers[0]
    key = f"pays:{payer}"
    pays = bool(r.choose(key, [False, True], False))
    if key not in r.s.choices:
        r.step(f"The answer assumes {payer} does not pay {cost} (the other choice is listed as an alternative).",
               r.rs.cite("if_you_do"), payer, "assumption")
    return pays == paid


_KNOWN_CONDITIONS: tuple[tuple[str, Callable[..., bool | None]], ...] = (
    (r"that player doesn't pay (\{\w+\})", lambda r, p, you, m: _paid(r, you, False, m.group(1))),
    (r"that player pays (\{\w+\})", lambda r, p, you, m: _paid(r, you, True, m.group(1))),
    (r"you have no cards in hand", lambda r, p, you, m: p.hand.size == 0),  # hellbent
    (rf"(?:there are )?{_COUNT} or more cards are in your graveyard|you have {_COUNT} or more cards in your "
     rf"graveyard|there are {_COUNT} or more cards in your graveyard",
     lambda r, p, you, m: p.graveyard.size >= _int_word(next(g for g in m.groups() if g))),  # threshold
    (r"it's your turn|it is your turn", lambda r, p, you, m: r.active == you),
    # how the spell being resolved was cast: the action says it (from its hand unless "from" says otherwise)
    (r"(?:this spell|~|it) was cast from (?:a|your) graveyard", lambda r, p, you, m: _cast_from(r, ("graveyard",))),
    (r"(?:this spell|~|it) was cast from exile", lambda r, p, you, m: _cast_from(r, ("exile",))),
    (r"you cast this spell during your main phase",
     lambda r, p, you, m: r.active == you and r.s.step in ("main1", "main2") if _cast_from(r, ()) is not None
     else None),
    (r"it's not your turn|it isn't your turn", lambda r, p, you, m: r.active != you),
    (r"your library has no cards in it|there are no cards in your library", lambda r, p, you, m: p.library.size == 0),
    (rf"you have {_COUNT} or fewer cards in hand", lambda r, p, you, m: p.hand.size <= _int_word(m.group(1))),
    (rf"you have {_COUNT} or more cards in hand", lambda r, p, you, m: p.hand.size >= _int_word(m.group(1))),
    (rf"you have exactly {_COUNT} cards in hand", lambda r, p, you, m: p.hand.size == _int_word(m.group(1))),
    (rf"you have fewer than {_COUNT} cards in hand", lambda r, p, you, m: p.hand.size < _int_word(m.group(1))),
    (rf"you have {_COUNT} or less life", lambda r, p, you, m: p.life <= _int_word(m.group(1))),
    # the cards drawn this turn, as the situation states them and the resolution draws (121.2)
    (rf"you've drawn {_COUNT} or more cards this turn",
     lambda r, p, you, m: p.drawn_this_turn >= _int_word(m.group(1))),
    (r"you've drawn more than one card this turn", lambda r, p, you, m: p.drawn_this_turn > 1),
    # after an exchange of control (or any operation on targets): the targets' controllers as they are now
    (r"you control neither (?:creature|permanent|of them|of those (?:creatures|permanents))",
     lambda r, p, you, m: you not in r.now_controls.values() if len(r.now_controls) >= 2 else None),
    # "if you control a Faerie" (Peppersmoke): the board decides it when it shows every permanent's types
    (r"you control (?:a|an|one or more|at least one) (.+)", lambda r, p, you, m: _controls(r, you, m.group(1), 1)),
    (rf"you control {_COUNT} or more (.+)",
     lambda r, p, you, m: _controls(r, you, m.group(2), _int_word(m.group(1)))),
    (r"you control no (.+)", lambda r, p, you, m: _negated(_controls(r, you, m.group(1), 1))),
    (r"you control another (.+)", lambda r, p, you, m: _controls(r, you, f"other {m.group(1)}", 1)),
    (r"you don't control (?:a|an|any) (.+)", lambda r, p, you, m: _negated(_controls(r, you, m.group(1), 1))),
    # 506.1, 508.1: a player attacks only in the combat of their own turn; before it, nobody has attacked yet
    (r"you(?:'ve)? attacked( with .+)? this (?:turn|combat)", lambda r, p, you, m: _attacked(r, you, m.group(1))),
    # "if it was a creature card": the card the effect's last target was, by its type line (608.2h)
    (r"(?:it was|it's|it is) an? ([\w ,/-]+?) card", lambda r, p, you, m: _target_is(r, m.group(1))),
    # "if an opponent has three or more poison counters" (corrupted): the counters the situation says (122.1f);
    # with none said for any opponent, the state doesn't show them and the condition stays an assumption
    (rf"(an|each) opponent has {_COUNT} or more poison counters",
     lambda r, p, you, m: _opponents_poisoned(r, you, m.group(1), _int_word(m.group(2)))),
    # 303.4: only an Aura enchants; with none on any battlefield nothing is enchanted, else it isn't known
    (r"(?:~|[\w ,'-]+) is enchanted", lambda r, p, you, m: None if _auras_out(r) else False),
)


def _cast_from(r: Resolver, zones: tuple[str, ...]) -> bool | None:
    """Whether the spell the action casts came from one of ``zones``; None when the action casts no spell."""
    a = r.s.action
    if a.type != "cast" or a.ability not in ("", "spell"):
        return None
    return a.from_zone in zones


def _controls(r: Resolver, you: str, kinds: str, at_least: int) -> bool | None:
    counted = controlled_count(r, you, kinds)
    if counted is None:  # "three or more creatures with different powers" with one creature: decided all the same
        most = controlled_at_most(r, you, kinds)
        return False if most is not None and most < at_least else None
    return counted >= at_least


_BEFORE_COMBAT = ("untap", "upkeep", "draw", "main1")


def _attacked(r: Resolver, you: str, with_what: str | None = None) -> bool | None:
    """"If you attacked this turn" (raid): false on another player's turn and before this turn's combat
    (the steps the situation says); true once the story's own attack happened (508.1), unless it asks what
    attacked ("with creatures with total power 6 or greater"); otherwise a record of the turn the engine doesn't
    keep."""
    if r.active != you:
        return False
    if EventKind.ATTACK in r.happened:
        return None if with_what else True
    if r.s.step in _BEFORE_COMBAT:
        return False
    return None


def _opponents_poisoned(r: Resolver, you: str, which: str, at_least: int) -> bool | None:
    counts = [r.player(o).poison for o in r.opponents(you)]
    if not any(counts):
        return None
    return (any if which == "an" else all)(c >= at_least for c in counts)


def _target_is(r: Resolver, kind: str) -> bool | None:
    taken = list(r.now_controls)
    return card_is(r, taken[-1], kind) if taken else None


def _negated(held: bool | None) -> bool | None:
    return None if held is None else not held


def _auras_out(r: Resolver) -> bool:
    for player in r.s.players:
        for name in player.battlefield:
            card = r.cards.find(name)
            if card is None or bool(card.has_type("aura")):
                return True  # an unknown card might be one
    return False


def _int_word(word: str) -> int:
    n = number(word)
    return n if isinstance(n, int) else 0


__all__ = ["known_condition", "third_person_held", "whose_condition"]
