"""The phrase table: every fact the reader understands, as templates, and what each does to the story.

Why a phrase table: players write one fact per clause, in any order. Every phrase is listed once in ``PHRASES``
as a template in a tiny pattern language; the templates are compiled once and tried in order. The README's
reference of the language and the bot's help text are generated from the same table, so they cannot drift.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.effects import SpellText
from engine.errors import Ambiguity, SituationError
from engine.situation.attach import GROUPS, Ctx, agree, possessive
from engine.situation.lexicon import MAX_COUNT, STEP_WORDS, count, read_number
from engine.vocabulary import aliases as mechanic_aliases
from engine.vocabulary import mechanic


@dataclass(frozen=True)
class Phrase:
    """One kind of fact: the templates that say it, and what it does to the scenario."""

    topic: str
    templates: tuple[str, ...]
    apply: Callable[[Ctx, dict[str, str]], None]
    example: str
    more: tuple[str, ...] = ()  # other phrasings of the same fact, shown in the reference and tested


def _zone_key(word: str) -> str:
    w = word.lower()
    if w in ("library", "deck", "libraries", "decks"):
        return "library"
    if w in ("hand", "hands"):
        return "hand"
    if w == "memory":
        return "memory"
    return "graveyard"


def _each_target(ctx: Ctx, who: str) -> list[str]:
    if who == "each":
        return ["each"]
    if who == "each-opponent":
        return ["each-opponent"]
    if who.startswith("team:"):
        return [who]
    return [who]


def _zone_count(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g["n"], ctx.clause) if g.get("n") else 0
    for target in _each_target(ctx, who):
        ctx.b.set(target, _zone_key(g.get("zone") or "library"), n, ctx.clause)


def _zone_empty(ctx: Ctx, g: dict[str, str]) -> None:
    _zone_count(ctx, {**g, "n": "0"})


def _zone_cards(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say whose zone holds the card", ctx.clause, "'Golgari Thug is in my graveyard'")
    cards = ctx.card_list(g["cards"])
    p = ctx.b.player(who)
    if _zone_key(g["zone"]) == "library":
        p.library_top.extend(cards)
        ctx.b.note(f"{who}: {', '.join(cards)} on top of library", ctx.clause)
    else:
        p.graveyard_cards.extend(cards)
        ctx.b.note(f"{who}: {', '.join(cards)} in graveyard", ctx.clause)


def _life(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = read_number(g["n"].lstrip("-")) if g["n"].startswith("-") else read_number(g["n"])
    if n is None:
        raise SituationError(f"“{g['n']}” is not a life total", ctx.clause, "a number, e.g. 'I am at 5 life'")
    value = -n if g["n"].startswith("-") else n
    if abs(value) > MAX_COUNT:
        raise SituationError(f"{value} life is out of range", ctx.clause, f"a life total up to {MAX_COUNT:,}")
    for target in _each_target(ctx, who):
        ctx.b.set(target, "life", value, ctx.clause)


def _controls(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    cards = ctx.card_list(g["cards"])
    _permanents_only(ctx, cards)
    if who == "each":
        # "we both have Howling Mine": each player controls one
        ctx.b.group_permanents.extend(cards)
        ctx.b.note(f"each player controls {', '.join(cards)}", ctx.clause)
        return
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say which player controls the permanent", ctx.clause, "'Alice controls X'")
    ctx.b.player(who).battlefield.extend(cards)
    ctx.b.note(f"{who} {agree(who, 'control')} {', '.join(cards)}", ctx.clause)


def is_spell(card: Card) -> bool:
    """An instant or sorcery as the card data models it: spell text that is not an activated ability."""
    spells = card.of(SpellText)
    permanent_words = re.search(r"\benters\b|\bdies\b|^[^.\n]*: |\bAt the beginning\b|\bWhenever\b",
                                card.oracle, re.M)
    return (bool(spells) and not any(s.activated for s in spells) and len(spells) == len(card.effects)
            and permanent_words is None)


def _permanents_only(ctx: Ctx, cards: list[str]) -> None:
    for name in cards:
        card = ctx.b.cards.find(name)
        if card is not None and is_spell(card):
            raise SituationError(f"“{name}” is not a permanent: it is cast, it can't be on the battlefield",
                                 ctx.clause, f"'I cast {name}'")


def _in_play(ctx: Ctx, g: dict[str, str]) -> None:
    cards = ctx.card_list(g["cards"])
    _permanents_only(ctx, cards)
    if g.get("player"):
        _controls(ctx, {"player": g["player"], "cards": g["cards"]})
    else:
        ctx.b.unowned.extend((c, ctx.clause) for c in cards)


def _drawn(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    for target in _each_target(ctx, who):
        ctx.b.set(target, "drawn_this_turn", n, ctx.clause)


def _players(ctx: Ctx, g: dict[str, str]) -> None:
    n = count(g["n"], ctx.clause)
    if not 1 <= n <= 16:
        raise SituationError(f"{n} players is not a game I can set up", ctx.clause, "2 to 16 players")
    ctx.b.set("*", "player_count", n, ctx.clause)


def _seated(ctx: Ctx, g: dict[str, str]) -> None:
    """ "Alice and Bob are playing": the players of the game, named before anything happens to them."""
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]):
        if part.strip():
            ctx.who(part.strip())


def _format(ctx: Ctx, g: dict[str, str]) -> None:
    word = g["fmt"].lower()
    fmt = (
        "two-headed-giant"
        if ("two" in word or "2hg" in word or "2-headed" in word)
        else (
            "two-player"
            if ("1v1" in word or "two-player" in word or "1 v 1" in word or "duel" in word)
            else "multiplayer"
        )
    )
    ctx.b.set("*", "format", fmt, ctx.clause)
    if "commander" in word or "edh" in word:
        ctx.b.top["commander"] = True  # 903.7: players start at 40 life


def _one_player(ctx: Ctx, word: str | None) -> str:
    """Whose turn or step: "our" is the asker's (their team's in Two-Headed Giant)."""
    if word and word.lower().strip() in ("our", "we", "us"):
        ctx.b.mention("You")
        ctx.b.player("You")
        return "You"
    return ctx.who(word)


def _turn_of(ctx: Ctx, g: dict[str, str]) -> None:
    who = _one_player(ctx, g["player"])
    if who in ("each", "each-opponent"):
        raise SituationError("a turn belongs to one player", ctx.clause, "'it's my turn' or 'it's Bob's turn'")
    ctx.b.set("*", "active", who, ctx.clause)
    if g.get("n"):
        ctx.b.set("*", "turn", count(g["n"], ctx.clause), ctx.clause)
    if g.get("first"):
        ctx.b.set("*", "turn", 1, ctx.clause)


def _turn_number(ctx: Ctx, g: dict[str, str]) -> None:
    n = 1 if g.get("first") else count(g["n"], ctx.clause)
    if n < 1:
        raise SituationError("turns are numbered from 1", ctx.clause, "turn 1 or later")
    ctx.b.set("*", "turn", n, ctx.clause)


def _step(ctx: Ctx, g: dict[str, str]) -> None:
    step = STEP_WORDS.get(" ".join(g["step"].lower().split()))
    if step is None:
        raise SituationError(f"“{g['step']}” is not a step", ctx.clause, ", ".join(sorted(set(STEP_WORDS))))
    if g.get("player"):
        _turn_of(ctx, {"player": g["player"]})
    ctx.b.set("*", "step", step, ctx.clause)


def _draw_step(ctx: Ctx, g: dict[str, str]) -> None:
    who = _one_player(ctx, g.get("player"))
    if who.startswith("team:"):
        ctx.b.set("*", "format", "two-headed-giant", ctx.clause)
        ctx.b.set("*", "active_team", who[5:], ctx.clause)
    elif who in ("each", "each-opponent"):
        raise SituationError("a draw step belongs to one player", ctx.clause, "'it's my draw step'")
    else:
        ctx.b.set("*", "active", who, ctx.clause)
    if g.get("n"):
        ctx.b.set("*", "turn", count(g["n"], ctx.clause), ctx.clause)
    if g.get("first"):
        ctx.b.set("*", "turn", 1, ctx.clause)
    ctx.b.set("*", "step", "draw", ctx.clause)
    ctx.b.set_action({"type": "draw_step"}, ctx.clause)


def _draw(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    if g.get("empty"):
        for target in _each_target(ctx, who):
            ctx.b.set(target, "library", 0, ctx.clause)
    action: dict[str, Any] = {"type": "draw", "count": n}
    if g.get("may"):
        action["optional"] = True
    if g.get("mem") == "memory":
        action["into"] = "memory"
    if who == "each":
        action["player"] = "each"
    elif who == "each-opponent":
        action["player"] = "each-opponent"
    else:
        action["player"] = who
    ctx.b.set_action(action, ctx.clause)


def _draw_several(ctx: Ctx, g: dict[str, str]) -> None:
    names = [ctx.who(part) for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]) if part.strip()]
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "draw", "count": n, "player": "each", "players": names}, ctx.clause)


def _draw_with(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I draw with Brainstorm": casting a spell that draws (a permanent "with" is something one has)."""
    card = ctx.b.cards.find(ctx.card(g["card"]))
    if card is None or not is_spell(card):
        raise SituationError(f"“{g['card']}” is not a spell I know", ctx.clause, "'I cast Brainstorm'")
    ctx.b.assume(f"“{ctx.clause}” read as casting {card.name}")
    _cast(ctx, g)


def _draw_for_turn(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I draw a card during my draw step" is the turn's draw (504.1), said as an assumption."""
    _draw_step(ctx, g)
    ctx.b.assume(f"“{ctx.clause}” read as the draw of the draw step (504.1), not an extra draw")


def _cast(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    action: dict[str, Any] = {"type": "cast", "card": ctx.card(g["card"]), "player": who}
    if g.get("target"):
        action["targets"] = [ctx.who(g["target"])]
    if g.get("x"):
        action["x"] = count(g["x"], ctx.clause)
    ctx.b.set_action(action, ctx.clause)


def _move(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "move_to_hand", "player": who, "count": n}, ctx.clause)


def _mechanic(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    m = mechanic(g["mech"])
    if m is None:  # the template only admits known words; kept for safety
        raise SituationError(f"“{g['mech']}” is not a mechanic I know", ctx.clause, ", ".join(mechanic_aliases()))
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "mechanic", "name": m.name, "player": who, "count": n}, ctx.clause)


def _choose(ctx: Ctx, key: str, value: Any, fact: str) -> None:
    ctx.b.choices[key] = value
    ctx.b.note(fact, ctx.clause)


def _choice_apply(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"]) if g.get("card") else _dredged(ctx, who)
    yes = not g.get("neg")
    if g.get("verb", "").startswith("dredge") and who in ctx.b.players \
            and card not in ctx.b.players[who].graveyard_cards:
        # "I dredge Golgari Thug" says where the card is: in the dredging player's graveyard (702.52a).
        ctx.b.players[who].graveyard_cards.append(card)
        ctx.b.assume(f"{card} is in {possessive(who)} graveyard (it is dredged)")
    _choose(ctx, f"apply:{card}:{who}", yes, f"{who} chooses {'' if yes else 'not '}to apply {card}")


def _dredged(ctx: Ctx, who: str) -> str:
    """ "I dredge" with no card named: the one card said to be in that player's graveyard, or a question."""
    cards = list(dict.fromkeys(ctx.b.players[who].graveyard_cards)) if who in ctx.b.players else []
    if len(cards) == 1:
        return cards[0]
    if cards:
        raise Ambiguity("Which card is dredged?", "dredge", ctx.clause, [(c, f"dredge {c}") for c in cards])
    raise SituationError("say which card is dredged", ctx.clause, "'Golgari Thug is in my graveyard. I dredge it'")


def _choice_order(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"])
    _choose(ctx, f"order:{who}", card, f"{who} applies {card} first")


def _choice_may(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    yes = not g.get("neg")
    _choose(ctx, f"may_draw:{who}", yes, f"{who} chooses {'' if yes else 'not '}to draw")


def _game(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.set("*", "game", "grand-archive", ctx.clause)


def _edition(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.set("*", "edition", g["ed"], ctx.clause)


def _while_casting(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.top["while_casting"] = True
    ctx.b.note("the draw happens while a spell is being cast", ctx.clause)


def _team(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g["player"])
    ctx.b.player(who).team = g["team"].upper()
    ctx.b.note(f"{who} is on team {g['team'].upper()}", ctx.clause)


def _on_the(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I'm on the play": the asker started the game; "on the draw": another player did (103.1)."""
    who = _one_player(ctx, g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("one player is on the play", ctx.clause, "'I'm on the play'")
    ctx.b.set("*", "starting", who if g["side"].lower() == "play" else f"not:{who}", ctx.clause)


def _owner_is(ctx: Ctx, g: dict[str, str]) -> None:
    """ "Sheoldred is my opponent's" / "the Sheoldred is mine": who controls a permanent said in play."""
    _controls(ctx, {"player": g["player"], "cards": g["cards"]})


MULTI = (
    r"my opponent|the opponent|your opponent|my teammate|my partner|each player|each opponent|all players|"
    r"every opponent|all opponents|both players|both of us|each of us|all of us|we both|we all|"
    r"team [a-z0-9]|player \d{1,2}|opponent \d{1,2}"
)
P = rf"(?P<player>{MULTI}|[\w'\-]+)"
N = r"(?P<n>(?!again\b|more\b|too\b)-?[\w^*,]+(?: (?:thousand|million|billion))?)"
NAME = rf"(?:{MULTI}|[\w'\-]+)"
POS = rf"(?P<player>my|your|his|her|their|our|(?:{MULTI}|[\w\-]+)'s)"
POS2 = r"(?:my|your|his|her|their|our|[\w\-]+'s)"
ZONE = r"(?P<zone>library|deck|hand|graveyard|libraries|decks|hands|graveyards|yard|memory)"
MEM = r"(?: into (?:my |their |his |her )?(?P<mem>memory|hand))?"
EMPTY = r"(?P<empty> from (?:an |my |their |his |her |the )?empty (?:library|deck))?"
MECH = "(?P<mech>" + "|".join(re.escape(a) for a in mechanic_aliases()) + ")"

PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "game",
        (r"grand archive", r"(?:this is )?(?:a )?grand archive(?: game)?", r"ga"),
        _game,
        "Grand Archive: I have 1 card in my deck and draw 2.",
    ),
    Phrase(
        "edition",
        (
            r"(?:under )?(?:the )?(?:rules|edition|cr) (?P<ed>2008|1999|current|\d{4}-\d\d-\d\d)",
            r"(?:under )?(?:the )?(?P<ed>2008|1999|\d{4}-\d\d-\d\d) (?:rules|edition|cr)",
        ),
        _edition,
        "rules 2008: ...",
    ),
    Phrase(
        "players",
        (
            rf"{N} players?(?: game)?",
            rf"(?:a |an )?{N}-player game",
            rf"there are {N} players",
            rf"we are {N} players",
            rf"{N}-player multiplayer",
        ),
        _players,
        "4 players.",
    ),
    Phrase(
        "who plays",
        (rf"(?P<players>{NAME}(?:(?:, and |, | and ){NAME})+) (?:are playing|are in the game|play(?: a game)?)",),
        _seated,
        "Alice and Bob are playing.",
    ),
    Phrase(
        "format",
        (
            r"(?:in |it's |it is |playing )?(?:a )?(?P<fmt>two-headed giant|two headed giant|2hg|"
            r"multiplayer|free-for-all|commander|1v1|1 v 1|two-player|duel)(?: game)?",
        ),
        _format,
        "Two-Headed Giant.",
    ),
    Phrase("team", (rf"{P} (?:is|are) (?:on|in) team (?P<team>[a-z0-9])",), _team, "Bob is on team B."),
    Phrase(
        "draw step",
        (
            rf"(?:it's |it is |this is |during |in )?{POS} draw step(?: on turn {N}| on the "
            rf"(?P<first>first) turn)?",
            rf"(?:it's |it is )?the draw step of {P}(?: on turn {N})?",
            rf"{P} (?:is in|enters|begins) (?:their|his|her|my|our) draw step",
            rf"{P} (?:draws?|is drawing|drew) (?:a card |my card |their card |one )?for (?:the )?turn",
            rf"(?:it's |it is )?{POS} draw (?:for the turn|for turn)",
        ),
        _draw_step,
        "It's my draw step.",
        ("it's my opponent's draw step on turn 1", "It's team A's draw step", "I draw for turn"),
    ),
    Phrase(
        "draw for the turn",
        (rf"{P} (?:draws?|is drawing) (?:a card |one |1 )?(?:in|during) {POS2} draw step",),
        _draw_for_turn,
        "I draw a card during my draw step.",
    ),
    Phrase(
        "on the play",
        (rf"{P} (?:am|is|are|was|were) on the (?P<side>play|draw)", r"on the (?P<side>play|draw)"),
        _on_the,
        "I'm on the play.",
        ("my opponent is on the draw",),
    ),
    Phrase(
        "turn",
        (
            rf"(?:it's |it is |on |during )?{POS} (?:(?P<first>first) )?turn(?: (?:number )?{N})?",
            rf"(?:it's |it is )?{POS} turn {N}",
            rf"{P} (?:am|is|are) the active player",
        ),
        _turn_of,
        "It's Bob's turn.",
    ),
    Phrase(
        "turn number",
        (
            rf"(?:it's |it is |on |during )?turn (?:number )?{N}",
            r"(?:it's |it is |on |during )?the (?P<first>first) turn(?: of the game)?",
        ),
        _turn_number,
        "turn 1",
    ),
    Phrase(
        "step",
        (
            rf"(?:it's |it is |during |in )?{POS} (?P<step>upkeep|untap|(?:first |second |precombat |"
            rf"postcombat )?main phase|end step|cleanup|combat)(?: step)?",
            r"(?:it's |it is |during |in )?(?:the )?(?P<step>upkeep|untap|(?:first |second |precombat |"
            r"postcombat )?main phase|end step|cleanup|combat)(?: step)?",
        ),
        _step,
        "during my upkeep",
    ),
    Phrase(
        "zone empty",
        (
            rf"{POS} {ZONE} is empty",
            rf"{P} (?:has|have) (?:an )?empty {ZONE}",
            rf"{P} (?:has|have) no cards (?:left )?in (?:(?:my|their|his|her|the) )?{ZONE}",
        ),
        _zone_empty,
        "My library is empty.",
        ("I have no cards in hand",),
    ),
    Phrase(
        "zone count",
        (
            rf"{P} (?:has|have|has got|got) {N} (?:more )?(?:cards? )?(?:left )?in (?:(?:my|their|his|"
            rf"her|the|its) )?{ZONE}",
            rf"{P} (?:has|have) {N} cards? left",
            rf"{POS} {ZONE}(?: size)?(?: is| has|:)? {N}(?: cards?)?",
            rf"{ZONE}:? {N}",
            rf"{N} cards? (?:left )?in (?:(?:my|their|his|her|the) )?{ZONE}",
            rf"{P} (?:(?:has|have) )?(?:only )?{N} (?:more )?cards? (?:left )?in (?:(?:my|their|his|her|the) )?{ZONE}",
        ),
        _zone_count,
        "I have 2 cards in library.",
        ("my opponent has 3 cards left in their deck", "Alice: hand 0", "library: 5"),
    ),
    Phrase(
        "zone cards",
        (
            rf"{P} (?:has|have) (?P<cards>.+?) (?:on top of|on the top of|at the top of) "
            rf"(?:(?:my|their|his|her|the) )?{ZONE}",
            rf"(?:the )?top card of {POS} {ZONE} is (?P<cards>.+)",
            rf"{P} (?:has|have) (?P<cards>.+?) in (?:(?:my|their|his|her|the) )?"
            rf"(?P<zone>graveyard|yard)",
            rf"(?P<cards>.+?) (?:is|are) in {POS} (?P<zone>graveyard|yard)",
            rf"(?P<cards>.+?) (?:is|are) on top of {POS} (?P<zone>library|deck)",
        ),
        _zone_cards,
        "Golgari Thug is in my graveyard.",
        ("I have Terminus on top of my library", "the top card of my library is Terminus"),
    ),
    Phrase(
        "life",
        (
            rf"{P} (?:is|am|are) at (?P<n>-?[\w^*]+) life",
            rf"{P} (?:has|have) (?P<n>-?[\w^*]+) life",
            rf"{POS} life(?: total)?(?: is|:)? (?P<n>-?[\w^*]+)",
            r"life:? (?P<n>-?[\w^*]+)",
            r"(?:at )?(?P<n>-?[\w^*]+) life",
        ),
        _life,
        "My opponent is at 5 life.",
        ("I have 1 life", "life: 3"),
    ),
    Phrase(
        "drawn this turn",
        (
            rf"{P} (?:already )?(?:drew|has drawn|have drawn|has already drawn|have already "
            rf"drawn) {N} cards? (?:already )?this turn",
            rf"{P} (?:already )?(?:drew|has drawn|have drawn) (?:a card )?(?:already )?this "
            rf"turn",
            rf"{P} (?:already drew|(?:has|have) already drawn)(?: a card| {N} cards?)?",
        ),
        _drawn,
        "Bob already drew a card this turn.",
        ("I have drawn 2 cards this turn",),
    ),
    Phrase(
        "choice: apply",
        (
            rf"{P} (?P<neg>don't |doesn't |do not |does not )?(?:chooses? to |wants? to |will )?"
            rf"(?P<verb>dredges?|uses?|applies|apply) (?P<card>.+?)(?: instead)?",
            rf"{P} (?P<neg>don't |doesn't |do not |does not )?(?:chooses? to |wants? to |will )?dredges?(?: instead)?",
        ),
        _choice_apply,
        "I dredge Golgari Thug.",
    ),
    Phrase(
        "choice: order",
        (rf"{P} (?:applies|apply|chooses?) (?P<card>.+?) first",),
        _choice_order,
        "I apply Notion Thief first.",
    ),
    Phrase(
        "choice: may",
        (
            rf"{P} (?P<neg>don't |doesn't |do not |does not )?(?:chooses? to |wants? to )draw",
            rf"{P} chooses? (?P<neg>not )to draw",
        ),
        _choice_may,
        "I choose not to draw.",
    ),
    Phrase(
        "controls",
        (
            rf"{P} (?:controls?|has|have|has got) (?P<cards>.+?) (?:in play|on the battlefield|out)",
            rf"{P} (?:controls?|has a|has an|have a|have an) (?P<cards>.+)",
            rf"{P}:? (?:controls?) (?P<cards>.+)",
            rf"{P} (?:has|have|has got|got) (?P<cards>.+)",
        ),
        _controls,
        "My opponent controls Notion Thief.",
        ("I have Howling Mine in play", "Alice controls two Thought Reflections"),
    ),
    Phrase(
        "in play",
        (
            r"(?P<cards>.+?) (?:is|are) (?:in play|on the battlefield|out)(?: under {POS} control)?".replace(
                "{POS}", POS
            ),
            r"there (?:is|are) (?:an? )?(?P<cards>.+?) (?:in play|on the battlefield)",
            rf"(?:the )?(?P<cards>.+?) (?:is|are) (?P<player>mine|yours|his|hers|theirs|ours|(?:{MULTI}|[\w\-]+)'s)",
            rf"(?:the )?(?P<cards>.+?) (?:belongs? to|is controlled by|are controlled by) {P}",
            rf"(?:the )?(?P<cards>.+?) (?:(?:is|are) )?(?:in play|on the battlefield|out) under {POS} control",
            rf"{POS} (?P<cards>.+?) (?:(?:is|are) )?(?:in play|on the battlefield|out)",
            rf"(?P<cards>.+?) (?:(?:is|are) )?on {POS} side(?: of the (?:battlefield|board|table))?",
        ),
        _in_play,
        "Spirit of the Labyrinth is in play.",
        ("Sheoldred is on the battlefield under my opponent's control",),
    ),
    Phrase(
        "draw",
        (
            rf"{P} (?P<may>may )?(?:draws?|is drawing|would draw|will draw) {N}(?: more)?(?: cards?)?(?: again)?"
            rf"{MEM}{EMPTY}",
            rf"{P} (?P<may>may )?(?:draws?|would draw|will draw)(?: again)?{MEM}{EMPTY}",
            rf"(?P<may>may )?draw {N}(?: cards?)?{MEM}",
            r"draw",
        ),
        _draw,
        "Opponent draws 3.",
        (
            "I draw a card",
            "draw 2",
            "each player draws 7",
            "I may draw a card",
            "Grand Archive: I draw 2 into my memory",
        ),
    ),
    Phrase(
        "several draw",
        (
            rf"(?P<players>{NAME}(?:(?:, and |, | and ){NAME})+) (?:each |all |both )?draws?"
            r"(?: (?P<n>[\w]+)(?: cards?)?)?",
        ),
        _draw_several,
        "My teammate and I each draw 2.",
    ),
    Phrase(
        "cast",
        (
            rf"{P} (?:casts?|plays?|activates?|resolves?) (?P<card>.+?)(?: (?:targeting|on|for|at) "
            rf"(?P<target>[\w'’]+(?: [\w'’]+)?))?(?: (?:with|for) x ?(?:=|is|of) ?(?P<x>\w+))?",
            r"(?:cast|play) (?P<card>.+?)(?: (?:targeting|on) (?P<target>[\w'’]+(?: [\w'’]+)?))?",
        ),
        _cast,
        "I cast Opportunity targeting myself.",
        ("opponent casts Timetwister", "I cast Prosperity with X=3", "I activate Jace's Archivist"),
    ),
    Phrase(
        "draw with a spell",
        (rf"{P} (?:draws?|draw cards?) (?:a card |an extra card |cards? |\w+ (?:cards? )?)?(?:with|off|off of|using|"
         rf"by casting) (?P<card>.+?)",),
        _draw_with,
        "I draw with Brainstorm.",
    ),
    Phrase(
        "move to hand",
        (
            rf"{P} puts? the top (?:{N} )?cards? of (?:(?:my|their|his|her) )?library into "
            rf"(?:(?:my|their|his|her) )?hand",
            rf"{P} puts? the top (?:{N} )?cards? into (?:(?:my|their|his|her) )?hand",
        ),
        _move,
        "Bob puts the top card of his library into his hand.",
    ),
    Phrase(
        "mechanic",
        (rf"{P} {MECH}(?: {N}(?: times| cards?)?)?", rf"{MECH}(?: {N}(?: times)?)?"),
        _mechanic,
        "I loot.",
        ("opponent rummages", "I cycle a card", "I tutor", "everyone wheels", "I impulse draw"),
    ),
    Phrase(
        "while casting",
        (
            r"(?:this happens )?while (?:i'm |i am |he's |she's |they're |\w+ is )?casting "
            r"(?:a |another )?spell",
        ),
        _while_casting,
        "while casting a spell",
    ),
)

_COMPILED: list[tuple[Phrase, re.Pattern[str]]] = [
    (phrase, re.compile(t, re.IGNORECASE)) for phrase in PHRASES for t in phrase.templates
]
_EXAMPLES = [p.example for p in PHRASES]


def language_reference() -> list[tuple[str, str]]:
    """(topic, example) for every phrase of the table: the README and /help show this list."""
    return [(p.topic, p.example) for p in PHRASES]


def all_examples() -> list[str]:
    return [x for p in PHRASES for x in (p.example, *p.more)]


def reference_markdown() -> str:
    """The README's table of the language, made from the phrase table (a test keeps the README in step)."""
    lines = ["| what | example | also |", "|---|---|---|"]
    for p in PHRASES:
        also = ", ".join(f"`{x}`" for x in p.more)
        lines.append(f"| {p.topic} | `{p.example}` | {also} |")
    return "\n".join(lines)

