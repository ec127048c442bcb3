"""What each phrase does to the story: the handlers the phrase table points at.

Why apart from the table: the table is the language (what players may say), these are the facts it
records (who has what, whose turn it is, what happens now); a handler checks what a template cannot, such
as a spell said to be on the battlefield, and raises a ``SituationError`` that names the words.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import Card
from engine.effects import SpellText
from engine.errors import Ambiguity, SituationError
from engine.situation.activations import how_many_activations
from engine.situation.attach import CARD_PRONOUNS, GROUPS, Ctx
from engine.situation.described import agree
from engine.situation.dredges import not_dredge
from engine.situation.lexicon import MAX_COUNT, STEP_WORDS, count, read_number
from engine.wording import possessive


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
    _whose_zone_agrees(ctx, who, g)
    n = count(g["n"], ctx.clause) if g.get("n") else 0
    for target in _each_target(ctx, who):
        ctx.b.set(target, _zone_key(g.get("zone") or "library"), n, ctx.clause)


def _whose_zone_agrees(ctx: Ctx, who: str, g: dict[str, str]) -> None:
    """ "Opponent has 2 cards in my library" (a subject carried from the part before): the zone the words
    name is not the subject's, so this is not the reading (another one, or the parts reader, reads it)."""
    poss = (g.get("poss") or "the").lower()
    if poss not in ("the", "its") and (poss == "my") != (who == "You") and who not in GROUPS:
        raise SituationError(f"“{poss}” zone said of {who}", ctx.clause, "'I have 2 cards in my library'")


def _zone_empty(ctx: Ctx, g: dict[str, str]) -> None:
    _zone_count(ctx, {**g, "n": "0"})


def _zone_cards(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say whose zone holds the card", ctx.clause, "'Golgari Thug is in my graveyard'")
    _whose_zone_agrees(ctx, who, g)
    if _zone_key(g["zone"]) == "library" and _top_of_a_type(ctx, who, g["cards"]):
        return
    cards = ctx.card_list(g["cards"])
    p = ctx.b.player(who)
    if _zone_key(g["zone"]) == "library":
        p.library_top.extend(cards)
        ctx.b.note(f"{who}: {', '.join(cards)} on top of library", ctx.clause)
    else:
        p.graveyard_cards.extend(cards)
        ctx.b.note(f"{who}: {', '.join(cards)} in graveyard", ctx.clause)


_A_TYPE = re.compile(r"(?P<no>not )?an? (?P<type>creature|land|artifact|enchantment|instant|sorcery|planeswalker|"
                     r"battle)(?: card)?", re.I)


def _top_of_a_type(ctx: Ctx, who: str, said: str) -> bool:
    """ "The top card of my library is a creature card": what a reveal asks of an unnamed card (Enduring
    Renewal's "if it's a creature card"), the decision the resolver would otherwise assume (and say)."""
    m = _A_TYPE.fullmatch(said.strip())
    if m is None:
        return False
    card_type, yes = m.group("type").lower(), not m.group("no")
    ctx.b.choices[f"top_is_{card_type}:{who}"] = yes
    ctx.b.note(f"{who}: the top card of the library is {'' if yes else 'not '}a {card_type} card", ctx.clause)
    return True


def _which_zone(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I have 40 cards": in the library or in the hand? The reader asks (without "left", which says
    library, a count of cards names no zone)."""
    ctx.who(g.get("player"))
    count(g["n"], ctx.clause)  # a number, or this phrase is not what was said
    words = f"{g['n']} {g['what']}"
    raise Ambiguity(f"Where are the {words}: in the library or in the hand?", words, ctx.clause,
                    [(f"{words} in library", f"{words} in library"), (f"{words} in hand", f"{words} in hand")])


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


def _no_permanents(ctx: Ctx, g: dict[str, str]) -> None:
    """ "My opponent controls no permanents": an empty battlefield, as every player's is until a card is told
    (a permanent told for that player later is a contradiction the reader refuses)."""
    who = ctx.who(g.get("player"))
    if who in ctx.b.players and ctx.b.players[who].battlefield:
        raise SituationError(f"{who} was said to control {', '.join(ctx.b.players[who].battlefield)}", ctx.clause,
                             "one account of what each player controls")
    ctx.b.note(f"{who} controls no permanents", ctx.clause)


def _poison(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = read_number(g["n"])
    if n is None:
        raise SituationError(f"“{g['n']}” is not a number of poison counters", ctx.clause,
                             "a number, e.g. 'I have 9 poison counters'")
    if n > MAX_COUNT:
        raise SituationError(f"{g['n']} poison counters is too large a number", ctx.clause,
                             f"a number up to {MAX_COUNT:,}")
    for target in _each_target(ctx, who):
        ctx.b.set(target, "poison", n, ctx.clause)


_EACH_CONTROLS = {"each": "each player", "we": "each of us", "each-opponent": "each opponent"}


_OWNED_AFTER = re.compile(r"\s*(?:,|\+|&|\band\b|\bplus\b)\s*(?=(?:my|his|her|their|your|(?:my |the )?opponent's)\s)",
                          re.I)


def _controls(ctx: Ctx, g: dict[str, str]) -> None:
    head, *owned = _OWNED_AFTER.split(g["cards"])
    if owned:
        # "opp's Notion Thief and my Alms Collector": a card after the list's first with a possessive of its own
        # is that player's, never the first possessive's
        _controls(ctx, {**g, "cards": head})
        for tail in owned:
            _in_play(ctx, {"cards": tail})
        return
    who = ctx.who(g.get("player"))
    cards = _permanent_named_last(ctx, g["cards"]) or ctx.card_list(g["cards"])
    _permanents_only(ctx, cards)
    if who == "we" and not re.search(r"\b(?:both|each|all)\b", ctx.clause, re.I):
        # "we have Howling Mine": one permanent, one of us controls it; asked about if it matters
        ctx.b.unowned.extend((card, ctx.clause) for card in cards)
        return
    if who in _EACH_CONTROLS:
        # "we both have Howling Mine", "both opps have Sphinx": each of them controls one
        ctx.b.group_permanents.extend((who, card) for card in cards)
        ctx.b.note(f"{_EACH_CONTROLS[who]} controls {', '.join(cards)}", ctx.clause)
        return
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say which player controls the permanent", ctx.clause, "'Alice controls X'")
    for card in cards:
        if (who, card) in ctx.b.placed:
            ctx.b.placed.remove((who, card))  # read there already from a draw off it: the same permanent, told
        else:
            ctx.b.player(who).battlefield.append(card)
    ctx.b.note(f"{who} {agree(who, 'control')} {', '.join(cards)}", ctx.clause)


def _permanent_named_last(ctx: Ctx, text: str) -> list[str]:
    """ "Does Bowmasters trigger when opp casts Brainstorm? I control it": what a player controls is a permanent,
    so "it" is the permanent named last, past a spell named after it (said); [] when that is not the case."""
    if text.strip().lower() not in CARD_PRONOUNS or not ctx.b.last_cards:
        return []
    last = ctx.b.cards.find(ctx.b.last_cards[-1])
    if last is None or not is_spell(last):
        return []
    for name in reversed(ctx.b.last_cards):
        card = ctx.b.cards.find(name)
        if card is not None and not is_spell(card):
            ctx.b.assume(f"“{text.strip()}” read as {name}, the permanent named last ({last.name} is a spell)")
            return [name]
    return []


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


_WHOSE = re.compile(r"^(?P<player>my|his|her|their|your|(?:my )?opponent's)\s+(?P<cards>.+)$", re.I)


def _in_play(ctx: Ctx, g: dict[str, str]) -> None:
    whose = _WHOSE.match(g["cards"].strip())
    if whose and not g.get("player"):  # "My Sheoldred was on the board": a possessive says who controls it
        _controls(ctx, {"player": whose.group("player"), "cards": whose.group("cards")})
        return
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
    names = [ctx.who(part.strip()) for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]) if part.strip()]
    ctx.b.note(f"players: {', '.join(names)}", ctx.clause)
    ctx.b.top.setdefault("seat_order", names)  # the seats in the order said: the turn order (seating)


def _format(ctx: Ctx, g: dict[str, str]) -> None:
    word = g["fmt"].lower()
    # two-player first: "two-player" also holds "two", which must not make it Two-Headed Giant
    fmt = (
        "two-player"
        if ("1v1" in word or "two-player" in word or "1 v 1" in word or "duel" in word)
        else "two-headed-giant" if ("two" in word or "2hg" in word or "2-headed" in word) else "multiplayer"
    )
    ctx.b.set("*", "format", fmt, ctx.clause)
    if g.get("n"):
        _players(ctx, {"n": g["n"]})
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


def _several_control(ctx: Ctx, g: dict[str, str]) -> None:
    """ "My opponent and I both control Notion Thief": each of them controls one."""
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]):
        if part.strip():
            _controls(ctx, {"player": part.strip(), "cards": g["cards"]})


def _ability_target(ctx: Ctx, g: dict[str, str]) -> None:
    """ "Niv-Mizzet targets Player 2": the player a permanent's triggered or activated ability targets (601.2c,
    603.3d), the choice its controller makes as it goes on the stack (the answer to "which player?")."""
    card = ctx.card(g["card"])
    who = ctx.who(g["target"])
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("an ability targets one player", ctx.clause, f"'{card} targets my opponent'")
    _choose(ctx, f"target:{card}", who, f"{card} targets {who}")


def _choose(ctx: Ctx, key: str, value: Any, fact: str) -> None:
    ctx.b.choices[key] = value
    ctx.b.note(fact, ctx.clause)


def _choice_apply(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    yes = not (g.get("neg") or g.get("neg2"))
    if g.get("instead") or g.get("verb", "dredge").lower().startswith("dredge"):
        # "I dredge X (instead of drawing)" is about a draw (702.52a): one card, unless the story says more
        ctx.b.implied_action = ({"type": "draw", "count": 1, "player": who}, ctx.clause)
    if not g.get("card"):
        ctx.b.pending_dredges.append((who, yes, ctx.clause))  # which card: known once the story is read
        return
    card = ctx.card(g["card"])
    if not_dredge(ctx, g, card):
        ctx.b.pending_dredges.append((who, yes, ctx.clause))  # "cast Brainstorm and dredge it": not Brainstorm
        return
    if yes and not g.get("verb", "").lower().startswith("dredge"):
        how_many_activations(ctx, g, card)  # "uses Words of Waste": each activation replaces one draw
    if g.get("verb", "").startswith("dredge") and who in ctx.b.players \
            and card not in ctx.b.players[who].graveyard_cards:
        # "I dredge Golgari Thug" says where the card is: in the dredging player's graveyard (702.52a).
        ctx.b.players[who].graveyard_cards.append(card)
        ctx.b.assume(f"{card} is in {possessive(who)} graveyard (it is dredged)")
    _choose(ctx, f"apply:{card}:{who}", yes, f"{who} {agree(who, 'choose')} {'' if yes else 'not '}to apply {card}")


def _choice_order(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"])
    _choose(ctx, f"order:{who}", card, f"{who} {agree(who, 'apply')} {card} first")


def _choice_may(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    yes = not g.get("neg")
    _choose(ctx, f"may_draw:{who}", yes, f"{who} {agree(who, 'choose')} {'' if yes else 'not '}to draw")


def pay_said(who: str, yes: bool) -> str:
    """ "pays" / "doesn't pay", agreeing with the player: how a cost or a tax paid or not is said."""
    return agree(who, "pay") if yes else agree(who, "do") + "n’t pay"


def _optional_cost(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I cast X and kick it", "I pay the kicker", "she bargains it": the caster's choice
    of an optional additional cost (601.2b), which the resolver otherwise takes as not paid, and says."""
    who = ctx.who(g.get("player"))
    yes = not g.get("neg")
    kind = {"k": "kicked", "b": "bargained", "p": "gift"}[g["verb"][0].lower()]
    cost = {"kicked": "kicker", "bargained": "bargain cost", "gift": "gift (promised)"}[kind]
    _choose(ctx, f"{kind}:{who}", yes, f"{who} {pay_said(who, yes)} the spell's {cost} (601.2b)")


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
    ctx.b.note(f"{'you are' if who == 'You' else who + ' is'} on team {g['team'].upper()}", ctx.clause)


def _on_the(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I'm on the play": the asker started the game; "on the draw": another player did (103.1). "We're on
    the play" (a team, Two-Headed Giant): the asker's team did, said through the asker."""
    who = _one_player(ctx, g.get("player"))
    if who == "we":
        who = "You"
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("one player is on the play", ctx.clause, "'I'm on the play'")
    ctx.b.set("*", "starting", who if g["side"].lower() == "play" else f"not:{who}", ctx.clause)

