"""Operations: what an effect does once it applies (draw, lose life, create a token...)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.effects import Op, OpKind
from engine.errors import MissingValue, ScenarioError
from engine.inert import inert
from engine.model import CHANCE
from engine.oracle.clauses import RANDOM_MODE
from engine.resolve import ops_players, ops_reveal, ops_targets, ops_zones
from engine.resolve.amounts import count_x, small_number, the_difference
from engine.resolve.events import OpContext
from engine.resolve.known_conditions import card_tax, known_condition, whose_condition
from engine.resolve.optional_costs import cost_paid, optional_cost, unpaid_cost
from engine.resolve.player_target import TargetNeeded
from engine.resolve.unless_acts import unless_act
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver



def resolve_who(r: Resolver, who: str, you: str, that_player: str) -> list[str]:
    if who == "you":
        return [you]
    if who in ("that_player", "target"):
        return [that_player]
    if who == "each_opponent":
        return [n for n in r.apnap() if n in r.opponents(you) and not r.player(n).lost]
    if who == "opponent_of_you":
        return [an_opponent(r, you)]
    if who == "each_player":
        return [n for n in r.apnap() if not r.player(n).lost]
    if who == "you_and_that_player":
        return list(dict.fromkeys([you, that_player]))
    if who == "opponents_of_that_player":  # "each of that player's opponents"
        return [n for n in r.apnap() if n in r.opponents(that_player) and not r.player(n).lost]
    if who == "each_other_player":
        return [n for n in r.apnap() if n != you and not r.player(n).lost]
    if who == "others_than_that_player":  # "target player draws two cards, then each other player draws a card"
        return [n for n in r.apnap() if n != that_player and not r.player(n).lost]
    return [that_player]


def an_opponent(r: Resolver, you: str) -> str:
    """"An opponent" (a gift promised, "an opponent draws a card"): one opponent, chosen by the effect's
    controller; with several, the first in turn order unless said, noted, the others as alternatives."""
    others = [n for n in r.apnap() if n in r.opponents(you) and not r.player(n).lost] or r.opponents(you)

    def note(pick: str) -> None:
        said = f"“An opponent” of {you}: the answer takes {pick} (the others are listed as alternatives)."
        if said not in r.notes:
            r.notes.append(said)
    return pick_opponent(r, others, f"opponent:{you}", note)


def pick_opponent(r: Resolver, others: list[str], key: str, say: Callable[[str], None]) -> str:
    """One of ``others`` (an opponent an effect names without naming which): the only one, or a decision under
    ``key`` whose default, the first, ``say`` states when the scenario didn't fix it (the others come back as
    alternatives)."""
    if len(others) == 1:
        return others[0]
    pick = str(r.choose(key, others, others[0]))
    if key not in r.s.choices:
        say(pick)
    return pick


def self_condition(r: Resolver, condition: str, you: str) -> bool:
    if condition.startswith("if:"):
        return decide_condition(r, condition[3:], you)
    p = r.player(you)
    return {
        "your_turn": r.active == you,
        "hand_empty": p.hand.size == 0,
        "library_empty": p.library.size == 0,
        "life_10_or_less": p.life <= 10,
        "always": True,
    }.get(condition, False)


# "that player doesn't pay {1}": the tax of "... unless that player pays {1}" (Rhystic Study), said as paid
_UNPAID = re.compile(r".+? (?:doesn't|does not|don't|do not) pay (\S+)")


def decide_condition(r: Resolver, words: str, you: str, that_player: str = "", source: str | None = None) -> bool:
    """A condition in the card's words: checked when the game state decides it, else a decision whose
    default (true) is stated in a step and whose other case comes back as an alternative; an optional
    additional cost ("if this spell was kicked") defaults to not paid, the plain cast (601.2b). A condition
    about "that player" (a draw-step trigger's "if that player has two or fewer cards in hand") is checked on
    that player, as a condition about "you" would be on the controller."""
    cost = optional_cost(words)
    if cost is not None:
        return cost_paid(r, cost, words, you)
    negated = unpaid_cost(words)
    if negated is not None:
        return not cost_paid(r, negated[0], negated[1], you)
    known = card_tax(r, words, you, source) if source else None
    if known is None:
        known = known_condition(r, words, you, that_player)
    if known is False:  # said, so the answer shows why the part under it did or didn't happen (608.2c)
        who = whose_condition(words, you, that_player)
        paid = _UNPAID.fullmatch(words)
        r.step(f"{who} paid {paid.group(1)}, so what {source}'s ability does only if it isn't paid doesn't happen."
               if paid and source else f"The condition “{words}” doesn't hold for {who} in this situation.",
               r.rs.cite("if_you_do"), who, "why_not", source=source)
    if known is not None:
        return known
    met = bool(r.choose(f"condition:{words}", [True, False], True))
    r.step(f"The answer assumes “{words}” is {'true' if met else 'false'} (the other case is listed as an "
           "alternative).", r.rs.cite("if_you_do"), you, "assumption")
    return met


def _own_x(r: Resolver, source: str) -> bool:
    """Whether the card has an X of its own that it doesn't define ("Draw X cards": X chosen as it is cast)."""
    card = r.cards.find(source) if source else None
    text = card.oracle if card is not None else ""
    return bool(re.search(r"\bX\b", text)) and not re.search(r"\bwhere X is\b|\bX is (?:the|equal)", text)


def amount(r: Resolver, op: Op, x: int | None, you: str = "", *, say: bool = False, source: str = "",
           targets: list[str] | None = None) -> int:
    """The number an operation uses: a fixed one, X as given, or X counted from the board when the card
    defines it (608.2h: counted as the effect resolves); never guessed. "If X is greater than or equal to the
    number of cards in your library" needs no X when the library is empty: X is never below 0 (107.1b)."""
    if op.amount != "X":
        return int(op.amount)
    # X the card defines from the board is counted (608.2h) whenever the board shows it: a card with several
    # such amounts (one per land type) can't take one given X for all of them
    # "~" in the definition is the card itself ("cards named ~ in your graveyard")
    named = op.note.replace("~", source.lower()) if source else op.note
    counted = count_x(r, named, you) if you and op.note.startswith("X = ") else None
    if counted is not None:
        if say:
            r.step(f"X is {counted}: {op.note.removeprefix('X = ')}, counted as the ability resolves.",
                   r.rs.cite("amount_on_resolution"), you, "amount")
        return counted
    if x is not None:
        if say and op.note.startswith("X = ") and _own_x(r, source):
            # the spell's own X was given, and this amount is another number the card defines ("a token for
            # each card type among cards discarded this way"): not counted here, so taken as X and said
            r.step(f"“{op.note.removeprefix('X = ')}” can't be counted from what the situation says: the answer "
                   f"takes it as {x}, the X given; say the number to change it.", r.rs.cite("amount_on_resolution"),
                   you, "assumption")
        return x
    if op.do == "win_if_library_at_most" and targets and all(r.player(t).library.size == 0 for t in targets):
        if say:
            r.step(f"X needn't be known: {' and '.join(targets)} {'has' if len(targets) == 1 else 'have'} no "
                   "cards in library, and X is at least 0.", r.rs.cite("no_negative_numbers"), you, "amount")
        return 0
    what = op.note.removeprefix("X = ") if op.note.startswith("X = ") else ""
    raise MissingValue(f"X ({what})" if what else "X", source or r.s.action.card, "action.x",
                       "say how many, e.g. \"x\": 3" + _x_words(r, source or r.s.action.card or "", what))


def _x_words(r: Resolver, source: str, what: str) -> str:
    """The card's sentence that X comes from, quoted with the question, so the player sees which number it is
    ("You draw X cards and you lose X life, where X is your devotion to black")."""
    card = r.cards.find(source) if source else None
    if card is None:
        return ""
    sentences = re.split(r"(?<=[.!?])\s+|\n", card.oracle)
    key = what.lower().replace("~", card.name.lower())
    line = next((t for t in sentences if key and key in t.lower()), None) or \
        next((t for t in sentences if re.search(r"\bX\b", t)), "")
    return f" — the card's words: “{line.strip()[:200]}”" if line.strip() else ""


def run_ops(r: Resolver, ops: tuple[Op, ...], *, you: str, that_player: str, source: str,
            applied: frozenset[str] = frozenset(), replacing: bool = False, times: int = 1,
            x: int | None = None, condition: str = "") -> None:
    """Carry out an effect's operations in order, each through its handler (one per OpKind); ``condition``: the
    intervening "if" of the trigger they belong to (what "the difference" is the difference of)."""
    ctx = OpContext(you, that_player, source, applied, replacing, times, x)
    ctx.mays = sum(op.optional for op in ops)
    if replacing:
        # 121.7: the parts of the event that aren't draws happen first, then the draws one at a time.
        ops = tuple(op for op in ops if op.do != "draw") + tuple(op for op in ops if op.do == "draw")
    ops = _chosen_mode(r, ops, source, you)
    if any(op.note == "X = the difference" for op in ops):
        ops = tuple(replace(op, note=the_difference(op.note, op.condition or condition)) for op in ops)
    gave = False
    for op in ops:
        targets = resolve_who(r, op.who, you, ctx.that_player)
        if not _carried_out(r, op, ctx, targets):
            continue
        handler = OP_HANDLERS[OpKind(op.do)]
        # "that many": the number of cards the operation before moved (608.2h), whatever X was given
        plus = _that_many_plus(op.note)  # "that many" (0), "that many plus one" (1); None for other amounts
        minus = _minus_that_many(op.note)  # "two minus that many": the difference (107.1b: never below 0)
        if minus is not None and ctx.last_count is not None:
            plus = max(0, minus - ctx.last_count) - ctx.last_count  # the count taken, as an offset from it
        that_many = plus is not None and ctx.last_count is not None
        own = dict(ctx.counts) if that_many and len(targets) > 1 and set(targets) <= set(ctx.counts) else None
        ctx.counts = {}
        if own is not None:  # each player's own "that many" (608.2h), in turn order as the targets are
            for name in targets:
                handler(r, op, ctx, [name], own[name] + (plus or 0))
            continue
        each = None if that_many else _counted_for_each(r, op, targets)
        if each is not None:  # "each player loses 1 life for each card in their graveyard": each their own
            for name in targets:
                r.step(f"X is {each[name]} for {name}: {op.note.removeprefix('X = ')}, counted as the ability "
                       "resolves.", r.rs.cite("amount_on_resolution"), name, "amount")
                handler(r, op, ctx, [name], each[name])
            continue
        n = (ctx.last_count + (plus or 0) if that_many and ctx.last_count is not None
             else amount(r, op, x, you, say=True, source=source, targets=targets))
        if op.do != "draw" and op.instead_amount is not None and self_condition(r, op.condition, you):
            n = op.instead_amount  # 614.15: the card's own "instead" (a draw says so in its own step)
        if op.optional or op.condition != "if_you_dont":
            # "if you don't, put those cards into your graveyard and draw five": both under it. Set before
            # the handler, which says when the act didn't happen after all (no creature to sacrifice, no
            # card to discard: "if you do" is not met, 608.2c)
            ctx.did = True
        handler(r, op, ctx, targets, n)
        if op.do == "draw":  # "draw a card for each Island, then discard that many": the number drawn
            ctx.last_count = n * ctx.times
        if op.note.startswith("gift"):
            gave = True
    if gave:  # 702.174c: the spell or gift ability has resolved with its gift given
        gift_given(r, you)


def _minus_that_many(note: str) -> int | None:
    """"X = two minus that many": the number that many is taken from; None for any other amount."""
    m = re.fullmatch(r"X = (\w+) minus that many", note)
    return None if m is None else small_number(m.group(1))


def _that_many_plus(note: str) -> int | None:
    """"Draw that many cards" (0 more) or "that many cards plus one" (1 more): what to add to the number the
    operation before moved (608.2h); None for any other amount. "N minus that many" (the difference) is -N,
    told apart by ``_minus_that_many``."""
    if note == "X = that many":
        return 0
    m = re.fullmatch(r"X = plus (a|one|two|three|\d+)", note)
    return None if m is None else {"a": 1, "one": 1, "two": 2, "three": 3}.get(m.group(1)) or int(m.group(1))


_THEIR = re.compile(r"\b(?:their|that player's)\b")


def _counted_for_each(r: Resolver, op: Op, targets: list[str]) -> dict[str, int] | None:
    """An amount counted in each affected player's own zone ("cards in their graveyard", "creature cards in
    that player's graveyard"): counted for each of them (608.2h), or None when it isn't such an amount or the
    board doesn't show it (then X is taken as usual)."""
    if op.amount != "X" or not op.note.startswith("X = ") or not _THEIR.search(op.note) or "this way" in op.note:
        return None
    mine = _THEIR.sub("your", op.note)
    counts = {name: count_x(r, mine, name) for name in targets}
    return None if not targets or any(v is None for v in counts.values()) else \
        {k: v for k, v in counts.items() if v is not None}


_GIFT_EVENT = re.compile(r"whenever (?P<who>you|a player|an opponent) gives? a gift")


def gift_given(r: Resolver, giver: str) -> None:
    """702.174c: "whenever you give a gift" triggers as the spell whose gift was promised resolves, or as the
    permanent's gift ability resolves."""
    from engine.effects import EventTrigger

    r.happened.add(EventKind.GIFT)
    for src in r.in_play():
        eff = src.effect
        m = _GIFT_EVENT.fullmatch(eff.event) if isinstance(eff, EventTrigger) else None
        if m is None:
            continue
        r.evaluated_events.add(eff.event)
        who = m.group("who")
        if who == "a player" or (who == "you") == (src.controller == giver):
            r.add_trigger(src.card.name, src.controller, giver, eff.ops, False, ("702.174c", "603.2"),
                          condition=eff.intervening)


def _chosen_mode(r: Resolver, ops: tuple[Op, ...], source: str, you: str) -> tuple[Op, ...]:
    """A modal ability ("choose one —"): its controller chooses one mode as it is put on the stack (700.2);
    only that mode's operations are carried out. Unsaid, the first mode that draws is chosen, said, and
    the others are listed as alternatives."""
    modes = list(dict.fromkeys(op.mode for op in ops if op.mode))
    if not modes:
        return ops
    drawing = [m for m in modes if any(op.do == "draw" and op.mode == m for op in ops)]
    key = f"mode:{source}"
    labels = [m.removeprefix(RANDOM_MODE) for m in modes]
    chooser = CHANCE if all(m.startswith(RANDOM_MODE) for m in modes) else you
    pick = modes[labels.index(r.choose(key, labels, (drawing or modes)[0].removeprefix(RANDOM_MODE), chooser))]
    shown = pick.removeprefix(RANDOM_MODE)
    if pick.startswith(RANDOM_MODE) and re.match(r"\d+(?:[—–-]\d+)? \| ", shown):
        r.step(f"{source}: the die roll decides the result (706.2); this answer follows “{shown}”, and each other "
               "result is listed as an alternative.", (*r.rs.cite("modes"), "706.2"), you, "choice")
        _die_rolled(r, you)
    elif pick.startswith(RANDOM_MODE):
        r.step(f"{source} chooses one of its {len(modes)} modes at random; this answer follows “{shown}”, and "
               "each other mode is listed as an alternative.", r.rs.cite("modes"), you, "choice")
    else:
        said = "chooses" if key in r.s.choices else "is assumed to choose"
        r.step(f"{you} {said} the mode “{shown}” of {source} (one mode of a modal ability; the others are "
               "listed as alternatives).", r.rs.cite("modes"), you, "choice")
    return tuple(op for op in ops if not op.mode or op.mode == pick)


_ROLL_EVENT = re.compile(r"whenever you roll (?:one or more dice|a die)")


def _die_rolled(r: Resolver, roller: str) -> None:
    """Rolling a die is an event (706.1): "whenever you roll one or more dice" abilities of the roller's
    permanents trigger (603.2); any other ability about rolls is refused by its kind, never left out."""
    from engine.effects import EventTrigger

    r.happened.add(EventKind.DIE_ROLL)
    for src in r.in_play():
        eff = src.effect
        if isinstance(eff, EventTrigger) and _ROLL_EVENT.fullmatch(eff.event):
            r.evaluated_events.add(eff.event)
            if src.controller == roller:
                r.add_trigger(src.card.name, src.controller, roller, eff.ops, False, ("603.2", "706.1"),
                              condition=eff.intervening)


def _carried_out(r: Resolver, op: Op, ctx: OpContext, targets: list[str]) -> bool:
    """Whether an operation happens: "if you do" follows the previous "may" (608.2c), a condition in
    words is a decision stated in a step (its other case becomes an alternative), and a "may draw" goes
    through the one gate of 121.2b and 121.3."""
    if op.instead_amount is None and op.condition in ("if_you_do", "if_you_dont"):
        if ctx.did != (op.condition == "if_you_do"):
            r.step(f"{ctx.source}: “{'if you do' if op.condition == 'if_you_do' else 'if you don’t'}” — "
                   f"the condition isn't met, so this part does nothing.", r.rs.cite("if_you_do"),
                   ctx.you, "why_not")
            return False
    elif op.instead_amount is None and op.condition.startswith(("if:", "unless:")):
        words = op.condition.split(":", 1)[1]
        flip = ops_players.FLIP_RESULT.fullmatch(words)
        if (flip is None or ctx.coin is None) and re.search(r"\b(?:flips?|heads|tails|die|roll(?:ed|s)?)\b", words):
            # a random result the engine didn't make: never two random lines assumed true at once
            raise ScenarioError(f"{ctx.source}: the engine can't decide “{words}” yet", "action.card", words)
        act = unless_act(r, ctx, words) if op.condition.startswith("unless:") else None
        met = act if act is not None else ops_players.flip_met(flip, ctx.coin) if flip and ctx.coin else \
            decide_condition(r, words, ctx.you, ctx.that_player, ctx.source)
        if met == op.condition.startswith("unless:"):
            ctx.did = False
            return False
    if not op.optional:
        return True
    try:
        n = amount(r, op, ctx.x, ctx.you)
    except MissingValue:
        n = 1  # X not known yet: asked when the operation is carried out, if the player takes the "may"
    if op.do == "draw" and any(r.draw_forbidden(who, n, ctx.you) for who in targets):
        ctx.did = False
        return False
    drawer = r.player(targets[0]) if targets else None
    keeps_alive = op.do != "draw" or drawer is None or drawer.library.size >= n
    if op.do == "note" and op.words and not inert(op.text) and not ops_players.MANA_PAYMENT.fullmatch(op.text):
        keeps_alive = False  # words the engine can't carry out: the line it can is the one answered
    key = _may_key(r, op, ctx)
    chooser = _chooser(r, op, ctx)
    wanted = r.choose(key, [True, False], keeps_alive, chooser=chooser)
    what = op.note or op.text or op.do.replace("_", " ")
    if key not in r.s.choices:  # not said by the player: an assumption, said, with the other case listed
        r.step(f"{ctx.source}'s “may” ({what}): the answer assumes {chooser} "
               f"{'does' if wanted else 'does not'} (the other choice is listed as an alternative).",
               r.rs.cite("resolve"), chooser, "assumption")
    elif not wanted:
        r.step(f"{chooser} chooses not to: {ctx.source}'s “may” ({what}).", r.rs.cite("resolve"), chooser,
               "choice")
    elif chooser != ctx.you:
        r.step(f"{chooser} chooses to: {ctx.source}'s “may” ({what}).", r.rs.cite("resolve"), chooser, "choice")
    ctx.did = bool(wanted)
    return bool(wanted)


def _may_key(r: Resolver, op: Op, ctx: OpContext) -> str:
    """The choice that answers a "may": ``may:<card>:<what it does>``; when the effect has only one "may", a
    "may" choice said for that card means it, whatever act it names."""
    key = f"may:{ctx.source}:{op.do}"
    if key in r.s.choices or ctx.mays != 1:
        return key
    said = [k for k in r.s.choices if k.startswith(f"may:{ctx.source}:")]
    return said[0] if len(said) == 1 else key


def _chooser(r: Resolver, op: Op, ctx: OpContext) -> str:
    """Who decides a "may": the effect's controller, or the player its words name ("target opponent may have
    you draw a card"): a target opponent is the one opponent, or the one its controller targets (601.2c),
    asked when there are several."""
    if not op.chooser:
        return ctx.you
    if op.chooser != "target":
        return resolve_who(r, op.chooser, ctx.you, ctx.that_player)[0]
    others = [n for n in r.opponents(ctx.you) if not r.player(n).lost]
    if len(others) > 1 and f"target:{ctx.source}" not in r.s.choices:
        raise TargetNeeded(ctx.source, others)  # 601.2c: its controller picks; no pick is more natural: asked
    return pick_opponent(r, others, f"target:{ctx.source}", lambda pick: r.step(
        f"{ctx.source} targets an opponent: the answer takes {pick} (the others are listed as alternatives).",
        r.rs.cite("target"), ctx.you, "assumption"))


OP_HANDLERS = {**ops_players.HANDLERS, **ops_zones.HANDLERS, **ops_reveal.HANDLERS, **ops_targets.HANDLERS}
