"""Operations on players: draws, winning and losing, life, tokens, notes."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.effects import EventTrigger, LifeGainProhibition, LifeGainReplacement, NotModelled, Op, OpKind
from engine.errors import ScenarioError
from engine.inert import inert
from engine.resolve.events import GameOver, OpContext
from engine.resolve.graveyard_casting import is_permission
from engine.trigger_events import EventKind
from engine.wording import counted

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def _skip(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    r.step(f"{ctx.that_player} skips that draw.", r.rs.cite("skip"), ctx.that_player, "skip")


def _draw(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """An instruction to draw. When it makes several players draw, they draw in turn order, the active
    player first (121.2c; the active team chooses its order in Two-Headed Giant, 121.2d)."""
    if len(targets) > 1:
        targets, rules = r.drawing_order(targets)
        r.step(f"{' and '.join(targets)} each draw {n}: {', then '.join(targets)}.", rules, kind="order")
    for name in targets:
        if r.player(name).lost:
            continue
        if op.instead_amount is not None and r.self_condition(op.condition, ctx.you):
            r.step(
                f"{ctx.source}'s own text changes the instruction: {name} draws {op.instead_amount} "
                f"instead of {n}, before any other replacement effect.",
                r.rs.cite("self_replacement"),
                name,
                "self_replacement",
            )
            n = op.instead_amount
        if ctx.replacing:
            r.step(
                f"Instead, {name} draws {n} card{'s' if n != 1 else ''}: new draws, one at a "
                f"time; {ctx.source} doesn't apply to them again, other replacements still may.",
                (*r.rs.cite("replacement_draws"), *r.rs.cite("replacement_completes"), *r.rs.cite("once_per_event")),
                name,
                "replacement_draw",
            )
        r.draw_instruction(
            name,
            n * ctx.times,
            ctx.source,
            ctx.applied,
            announce=not ctx.replacing,
            additional=op.text if op.text and not ctx.replacing else "",
        )


def _win(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        stopper = r.win_stopper(name)
        if stopper is not None:
            r.step(f"{name} would win the game, but {stopper} says its controller's opponents can't win.",
                   r.rs.cite("cant_lose"), name, "no_win", source=stopper)
            continue
        winner = r.player(name)
        mates = [q.name for q in r.s.players if q.name != name and winner.team is not None and q.team == winner.team]
        if mates:
            r.step(f"{name} wins the game, and with them their team ({', '.join(mates)}): a team wins only as a "
                   "team.", (*r.rs.cite("win_effect"), *r.rs.cite("team_result")), name, "win", ctx.source)
        else:
            r.step(f"{name} wins the game.", r.rs.cite("win_effect"), name, "win", ctx.source)
        for q in r.s.players:
            if q.name == name or (winner.team is not None and q.team == winner.team):
                q.won = True  # 810.8a: if either player on a team wins, the entire team wins
            else:
                q.lost = True
        raise GameOver


def _lose(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        r.player(name).attempted_empty_draw = False
        if not r.cant_lose(name):
            r.player(name).lost = True
            r.step(f"{name} loses the game.", ("104.3e",), name, "loss", ctx.source)


def _has_left(r: Resolver, name: str, ctx: OpContext) -> bool:
    """800.4a: a player who lost has left the game; nothing more happens to them, and the answer says so."""
    if not r.player(name).lost:
        return False
    r.step(f"{name} has left the game: {ctx.source}'s ability does nothing to them.", ("800.4a",), name, "left_game")
    return True


def _cant_gain_life(r: Resolver, name: str, ctx: OpContext) -> bool:
    """119.7, 101.2: a "can't gain life" effect that applies to the player stops the gain (the "can't" wins)."""
    for src in r.in_play():
        if isinstance(src.effect, LifeGainProhibition) and r.affects(src.effect.affects, src.controller, name):
            r.step(f"{name} can't gain life ({src.card.name}), so {ctx.source} gains them nothing.",
                   src.effect.rules, name, "prevented", src.card.name)
            return True
    return False


def _gain_replaced(r: Resolver, name: str, n: int) -> int:
    """614.1a, 616.1: each "gain twice that much life instead" that applies to the player multiplies the gain
    once (Alhammarret's Archive); the step says so."""
    for src in r.in_play():
        eff = src.effect
        if isinstance(eff, LifeGainReplacement) and r.affects(eff.affects, src.controller, name):
            r.step(f"{src.card.name}: {name} would gain {n} life, and gains {n * eff.factor} instead.", eff.rules,
                   name, "replaced_gain", src.card.name)
            n *= eff.factor
    return n


def _lose_life(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    # a player aimed at unsaid is chosen as the spell is cast or the ability put on the stack (player_target)
    if op.note.startswith("its target may be") and ctx.source == r.s.action.card and not r.s.action.targets \
            and r.card_targets:
        # aimed at a permanent, not a player: loyalty and lethal damage aren't followed, and its controller is not
        # dealt it
        what = "a creature or planeswalker" if "creature" in op.note else "a planeswalker"
        raise ScenarioError(f"{ctx.source}: damage to {what} is something the engine can't carry out yet",
                            "action.targets", "aim it at a player")
    for name in targets:
        if _has_left(r, name, ctx):
            continue
        sign = 1 if op.do == "gain_life" else -1
        if sign > 0 and _cant_gain_life(r, name, ctx):
            continue
        if sign > 0:
            n = _gain_replaced(r, name, n)
        r.change_life(name, sign * n * ctx.times)
        verb = {"lose_life": "loses", "gain_life": "gains", "damage": "is dealt"}[op.do]
        what = "damage" if op.do == "damage" else "life"
        team = r.player(name).team if r.s.format == "two-headed-giant" else None
        shared = f"; team {team}'s shared life total is now {r.player(name).life}" if team else ""
        r.step(
            f"{name} {verb} {n * ctx.times} {what} ({ctx.source}){shared}" + (f"; {op.note}." if op.note else "."),
            (*r.rs.cite("damage" if op.do == "damage" else "life"), *(("810.9",) if team else ())),
            name,
            op.do,
        )


def _poison(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        if _has_left(r, name, ctx):
            continue
        p = r.player(name)
        p.poison += n * ctx.times
        team = r.team_poison(name)
        shared = f"; team {p.team} has {team}" if r.s.format == "two-headed-giant" and p.team else ""
        r.step(
            f"{name} gets {n * ctx.times} poison counter{'s' if n * ctx.times != 1 else ''} ({ctx.source}): "
            f"{p.poison} in all{shared}.",
            r.rs.cite("poison"),
            name,
            "poison",
        )


def _token(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    if n * ctx.times:
        r.happened.update((EventKind.TOKEN, EventKind.ENTERS))
    for name in targets:
        p = r.player(name)
        if not n * ctx.times:  # "a token for each Forest you control" with none: no token is created
            r.step(f"{name} creates no {op.name or ''} token (the number is 0).".replace("  ", " "), r.rs.cite("token"),
                   name, "token")
            continue
        p.tokens[op.name or "token"] = p.tokens.get(op.name or "token", 0) + n * ctx.times
        made = counted(n * ctx.times, f"{op.name or 'token'} token").replace("token token", "token")
        r.step(f"{name} creates {made}.", r.rs.cite("token"), name, "token")


def _draw_equal_discarded(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    most = max(ctx.discarded.values(), default=0)
    for name in targets:
        r.draw_instruction(name, most, ctx.source, ctx.applied)


def _draw_half_library(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        r.draw_instruction(name, math.ceil(r.player(name).library.size / 2), ctx.source, ctx.applied)


def _lose_half_life(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        lost = math.ceil(max(p.life, 0) / 2)
        r.change_life(name, -lost)
        r.step(f"{name} loses {lost} life (half, rounded up).", r.rs.cite("life"), name, "lose_life")


def _win_if_library_at_most(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        size = r.player(name).library.size
        if n >= size:
            r.step(
                f"{name}'s devotion X = {n} is at least the {size} cards in their library.",
                r.rs.cite("resolve"),
                name,
                "check",
            )
            r.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=ctx.source)
        else:
            r.step(
                f"{name}'s devotion X = {n} is less than the {size} cards in their library: no win.",
                r.rs.cite("resolve"),
                name,
                "check",
            )


def _win_if_library_empty(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        if r.player(name).library.size == 0:
            r.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=ctx.source)


def _end_turn(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    r.step("The turn ends.", r.rs.cite("end_turn"), ctx.you, "end_turn")


# a payment of mana alone: "you may pay {1}", "pay {2}{U}" (never {X}: its amount is not said)
MANA_PAYMENT = re.compile(r"(?:you may )?pay (?:\{(?:\d+|[wubrgc]|[wubrg]/[wubrgp]|s)\})+", re.I)
_PUTS_COUNTERS = re.compile(r"^(?:put|puts|distribute|move)\b.*\bcounters?\b|^proliferate\b")
_SURVEIL = re.compile(r"surveil (one|two|three|\d+)")


def _surveil(r: Resolver, ctx: OpContext, n: int) -> None:
    """701.25a: look at the top N cards, put any number into the graveyard, the rest back on top: how many go is
    the player's decision (none unless said; the others are alternatives). Not a mill."""
    p = r.player(ctx.you)
    options = list(range(min(n, p.library.size) + 1))
    key = f"surveil:{ctx.source}:{ctx.you}"
    k = int(r.choose(key, options, 0))
    r.happened.add(EventKind.SURVEIL)  # "whenever you surveil": a watcher the engine doesn't carry out is refused
    if k:
        p.graveyard.add(p.library.take_top(k))
    said = "" if key in r.s.choices or len(options) == 1 else " (the answer assumes so; the others are alternatives)"
    r.step(f"{ctx.you} surveils {n}: {k} card{'s' if k != 1 else ''} into the graveyard, the rest back on top{said}.",
           ("701.25a",), ctx.you, "assumption" if said else "move")


def _note(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """Words kept as words: carried out as nothing only when they change nothing the engine counts; any
    other words stop the resolution with them, never a partial answer presented as whole."""
    if not op.text:
        return
    if COIN_FLIP.fullmatch(op.text):
        _flip(r, ctx)
        return
    if op.words and op.text.startswith(("activate only", "activate this ability only")):
        return  # checked as the ability was activated, before its costs (restrictions.py)
    if op.words and MANA_PAYMENT.fullmatch(op.text):
        # "you may pay {1}. If you do, draw a card" (Mind's Eye): paying mana changes nothing the engine counts;
        # paid, the "if you do" part follows (its "may" is the player's decision, the other line listed)
        r.step(f"{ctx.you} pays {op.text.split('pay ', 1)[1]} (the answer assumes the mana is available).",
               r.rs.cite("if_you_do"), ctx.you, "pay")
        return
    if op.words and is_permission(op.text):
        return  # "jump-start", "flashback—{1}{u}, pay 3 life": paid as it was cast (graveyard_casting.py)
    surveil = _SURVEIL.fullmatch(op.text)
    if op.words and surveil:
        _surveil(r, ctx, {"one": 1, "two": 2, "three": 3}.get(surveil.group(1)) or int(surveil.group(1)))
        return
    if op.words and op.text == "exile ~" and ctx.source in r.player(ctx.you).stack.cards:
        # a resolving spell's "Exile Game Plan.": it leaves the stack for exile, never reaching a graveyard
        r.exiled_itself.add(ctx.source)
        return
    if op.words and not inert(op.text):
        raise ScenarioError(f"{ctx.source}: the engine can't carry out “{op.text}” yet", "action.card",
                            card_words(r.cards.find(ctx.source), op.text))
    if op.text.startswith("the ring tempts"):
        r.happened.add(EventKind.RING)
    if _PUTS_COUNTERS.search(op.text):  # 122.6: "whenever a +1/+1 counter is put on ..." may see it
        r.happened.add(EventKind.COUNTER)
    if "damage" in op.text:
        _refuse_if_a_death_matters(r, op, ctx)
        r.notes.append(f"{ctx.source}: {op.text} (whether a creature dies of it depends on its toughness, which "
                       "the engine doesn't track)")
    else:
        r.notes.append(f"{ctx.source}: {op.text}")


_DEATH_WATCH = re.compile(r"\bdies\b|\bdie\b|put into (?:a|your|an opponent's) graveyard from the battlefield|"
                          r"leaves? the battlefield|is dealt damage|deals damage")


def _refuse_if_a_death_matters(r: Resolver, op: Op, ctx: OpContext) -> None:
    """Damage to a creature changes no count by itself, but whether the creature dies does when an ability
    waits for a death (its own "when this dies", "whenever a creature dies") or for the damage: then the
    engine, which doesn't know toughness, refuses instead of leaving that trigger out."""
    targets = [r.cards.find(t.card) for t in r.s.action.card_targets]
    watchers = [src.card.name for src in r.in_play() if isinstance(src.effect, EventTrigger | NotModelled)
                and _DEATH_WATCH.search(getattr(src.effect, "event", "") or getattr(src.effect, "text", "").lower())]
    watchers += [c.name for c in targets if c is not None and any(
        _DEATH_WATCH.search(e.event) for e in c.of(EventTrigger))]
    if watchers:
        raise ScenarioError(f"{ctx.source}: whether the creature dealt damage dies decides whether "
                            f"{', '.join(dict.fromkeys(watchers))} triggers, and the engine doesn't know its "
                            "toughness yet", "action.card", card_words(r.cards.find(ctx.source), op.text))


COIN_FLIP = re.compile(r"(?:you )?flip a coin")
# "if you win the flip", "if you lost the flip": the conditions a coin flip decides
FLIP_RESULT = re.compile(r"(?:(?:you|that player) (?P<result>win|won|lose|lost) the flip|"
                         r"(?:it|the coin) comes? up (?P<side>heads|tails))")


def flip_met(flip: re.Match[str], coin: str) -> bool:
    """Whether a condition on the flip holds: a win is read as heads's side, a loss as tails's (705.2)."""
    wanted = "win" if (flip.group("result") or "") in ("win", "won") or flip.group("side") == "heads" else "lose"
    return coin == wanted


def _flip(r: Resolver, ctx: OpContext) -> None:
    """705.1: a coin flip is random; both results are lines of the answer, never both at once: the answer
    follows one (a win unless said) and the other comes back as an alternative."""
    key = f"coin:{ctx.source}"
    ctx.coin = str(r.choose(key, ["win", "lose"], "win"))
    said = "the flip is said to be" if key in r.s.choices else "the answer follows"
    result = "a win (heads)" if ctx.coin == "win" else "a loss (tails)"
    r.step(f"{ctx.you} flips a coin: {said} {result}; the other result is listed as an alternative.",
           r.rs.cite("coin_flip"), ctx.you, "random")


def card_words(card: Card | None, words: str) -> str:
    """The line of the card's Oracle text that holds ``words`` (the card's own text, for a refusal)."""
    if card is None:
        return words
    key = words.lower()[:24]
    lines = card.oracle.split("\n")
    return next((ln for ln in lines if key in ln.lower().replace("’", "'")), card.oracle)[:400]


def _delayed_draw(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        r.step(f"{name} will draw {n} card{'s' if n != 1 else ''} at the beginning of the next turn's upkeep "
               f"({ctx.source}): a delayed triggered ability; nothing is drawn now.", r.rs.cite("delayed"), name,
               "delayed", source=ctx.source)


_LATER_RULES = {"delayed": ("603.7", "603.7a"), "granted": ("611.2", "113.1a"), "emblem": ("114.4", "113.1a")}
_LATER_WHAT = {"delayed": "a delayed triggered ability", "granted": "an ability granted to a permanent",
               "emblem": "an emblem's ability"}


def _later_ability(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """An ability the effect creates whose event no resolution reaches (combat damage, an attack, a later
    step): creating it moves no card, and what it does happens only on that event, after this answer."""
    r.step(f"{ctx.source} creates {_LATER_WHAT.get(op.name, 'an ability')}: “{op.text}”. It acts only when that "
           "happens, later in the game: nothing is drawn or moved by it now.",
           _LATER_RULES.get(op.name, ("603.7",)), ctx.you, "delayed")


HANDLERS = {
    OpKind.SKIP: _skip,
    OpKind.DRAW: _draw,
    OpKind.WIN: _win,
    OpKind.LOSE: _lose,
    OpKind.LOSE_LIFE: _lose_life,
    OpKind.GAIN_LIFE: _lose_life,
    OpKind.DAMAGE: _lose_life,
    OpKind.POISON: _poison,
    OpKind.DELAYED_DRAW: _delayed_draw,
    OpKind.TOKEN: _token,
    OpKind.DRAW_EQUAL_DISCARDED: _draw_equal_discarded,
    OpKind.DRAW_HALF_LIBRARY: _draw_half_library,
    OpKind.LOSE_HALF_LIFE: _lose_half_life,
    OpKind.WIN_IF_LIBRARY_AT_MOST: _win_if_library_at_most,
    OpKind.WIN_IF_LIBRARY_EMPTY: _win_if_library_empty,
    OpKind.END_TURN: _end_turn,
    OpKind.LATER_ABILITY: _later_ability,
    OpKind.NOTE: _note,
}
