""" "Mystic Remora trigger, opp doesn't pay": an ability that triggers on a spell being cast, told by its trigger
alone, tells of the spell too: a player of the kind its words name cast a spell of the kind it names (603.2).

Why: players ask about Rhystic Study and Mystic Remora by their trigger ("my rhystic study triggers, he doesn't
pay the 1"), never naming the spell; the reader could not take "trigger" into account and refused. The spell is
a stand-in said by its kind (engine.stand_ins): its casting is judged, what it does is said not to be. A card
whose abilities don't trigger on a cast is not read here (the next phrase is tried, NotThisPhrase).
"""

from __future__ import annotations

from engine.errors import Ambiguity, NotThisPhrase, SituationError
from engine.resolve.cast_triggers import cast_trigger_said
from engine.situation.attach import GROUPS, POSSESSIVE_WHO, Ctx
from engine.situation.described import agree
from engine.stand_ins import stand_in_name, with_stand_ins


def cast_trigger_told(ctx: Ctx, g: dict[str, str]) -> None:
    """The card on its controller's battlefield (said, told before, or the asker's, said as read), and the
    spell that made it trigger cast by the player its words name."""
    name = ctx.card(g["card"])
    card = ctx.b.cards.find(name)
    said = cast_trigger_said(card) if card is not None else None
    if card is None or said is None:
        raise NotThisPhrase(f"“{ctx.clause}” tells of no trigger on casting", ctx.clause)
    who, kind = said
    controller = _controller(ctx, g, card.name)
    if g.get("caster"):  # "triggered off my opponent's spell"
        caster = ctx.who(POSSESSIVE_WHO.get(g["caster"].lower(), g["caster"].removesuffix("'s")))
    elif who == "you":
        caster = controller
    elif who == "a player":  # "Whenever a player casts ...": whose spell it was is asked, each option reading
        told = ctx.clause.strip().rstrip(".")
        words = f"{kind} spell" if kind else "spell"
        raise Ambiguity(f"Who cast the spell that made {card.name} trigger?", told, ctx.clause,
                        [(f"you cast the {words}", f"{told} off my {words}"),
                         (f"an opponent cast the {words}", f"{told} off my opponent's {words}")])
    else:
        caster = ctx.who("me" if controller != "You" else "opponent")
    spell = _spell(ctx, g.get("spell"), kind)
    ctx.b.set_action({"type": "cast", "card": spell, "player": caster}, ctx.clause)


def _spell(ctx: Ctx, said: str | None, kind: str) -> str:
    """The spell that was cast: the one the words name ("off opp's Brainstorm", "off his noncreature spell"),
    else a stand-in of the kind the trigger names ("off opp's spell" says no kind: the one the trigger names, never
    any spell, which Mystic Remora couldn't judge)."""
    if said and said.strip().lower() in ("spell", "own spell"):
        said = None
    if said and (named := stand_in_name(f"a {said}")) is None:
        return ctx.card(said)
    spell = named if said and named else _spell_of_kind(kind)
    ctx.b.cards = with_stand_ins(ctx.b.cards, [spell])
    return spell


def _spell_of_kind(kind: str) -> str:
    """The stand-in for a spell of the kind a trigger names ("noncreature", "", "instant or sorcery"), its noun
    already said when it names a mana value ("spell with mana value 3 or greater")."""
    spell = stand_in_name(f"a {kind}" if kind.startswith("spell") or " spell " in kind
                          else f"a {kind} spell" if kind else "a spell")
    assert spell is not None  # the trigger's own words are a kind of spell
    return spell


def cast_for_tax(ctx: Ctx, card_name: str, payer: str) -> None:
    """ "If opp doesn't pay for my rhystic, do I have to draw?": a tax said of a card that triggers on casting, with
    no action told before it, tells of the spell too: cast by the player asked to pay, by the kind the trigger
    names (a spell told after it, by that player, is that spell)."""
    card = ctx.b.cards.find(card_name)
    said = cast_trigger_said(card) if card is not None else None
    if ctx.b.action is not None or said is None:
        return
    spell = _spell_of_kind(said[1])  # the same as "<card> triggers" (it asserted on a kind with a mana value)
    ctx.b.cards = with_stand_ins(ctx.b.cards, [spell])
    ctx.b.set_action({"type": "cast", "card": spell, "player": payer}, ctx.clause)
    ctx.b.action_by_tax = True
    ctx.b.action_from_question = False  # "if opp doesn't pay ..., do I have to draw?": what is supposed happens
    ctx.b.assume(f"“{ctx.clause}” read as {payer} casting a spell that made {card_name} trigger")


def _controller(ctx: Ctx, g: dict[str, str], card: str) -> str:
    """Whose the triggering permanent is: the player the words name, the one it was told on, else the asker."""
    if g.get("player"):
        who = ctx.who(g["player"])
        if who in GROUPS or who.startswith("team:"):
            raise SituationError(f"say whose {card} triggers", ctx.clause, f"'my {card} triggers'")
    else:
        told = [p for p, state in ctx.b.players.items() if card in state.battlefield]
        who = told[0] if len(told) == 1 else "You"
        if not told:
            ctx.b.assume(f"{card} read as yours: “{ctx.clause}” doesn't say whose it is")
    if card not in ctx.b.player(who).battlefield:
        ctx.b.player(who).battlefield.append(card)
        ctx.b.note(f"{who} {agree(who, 'control')} {card}", ctx.clause)
    return who
