"""Combat told the way players tell it: "my Ophidian deals combat damage to opp", "3 of my creatures connect",
"I attack with Ophidian and it isn't blocked", "opp's 2 creatures hit me", "I swing with 3 creatures".

Why a module of its own: combat is the event most creature draw triggers wait for ("whenever ~ deals combat
damage to a player", "whenever ~ attacks"), and its telling has its own grammar: who attacks, with what (named
creatures, or a number of them), whom, and how far it went (declared, unblocked, blocked, damage dealt). Each
phrase becomes one ``combat`` action (engine/resolve/combat.py); what the words don't settle is said, never
guessed: attacking told with no word of damage or blocks is only the attack, and a story with an ability that
waits for combat damage then asks whether they got through.
"""

from __future__ import annotations

import re
from typing import Any

from engine.effects import EventTrigger
from engine.errors import Ambiguity, Clarification, NotThisPhrase, Option, SituationError
from engine.resolve.combat import waits_for_damage
from engine.situation.attach import GROUPS, Ctx
from engine.situation.facts import _in_play
from engine.situation.lexicon import read_number
from engine.situation.phrase_parts import POS, P, Phrase

# "3 creatures", "two guys", "a creature", "all 4 of my creatures", "3 of my creatures"
_SOME = re.compile(r"^(?:all )?(?P<n>\w+) (?:of (?:my|his|her|their|your|[\w-]+'s) )?(?:other )?(?:unblocked )?"
                   r"(?:creatures?|guys|dudes|attackers|things|dorks|tokens?|men|critters)$", re.I)
_UNBLOCKED = re.compile(r"\b(?:unblocked|(?:is|are|was|were|gets?|got|goes|go|went)(?:n't| not)? (?:through|"
                        r"in)|(?:isn't|aren't|wasn't|weren't|is not|are not|was not|were not|doesn't get|don't get|"
                        r"didn't get|never gets?|not) blocked|no blocks?|no blockers?|connects?|connected|hits?|"
                        # "opp doesn't block", "he didn't block": no blockers declared (509.1a)
                        r"(?:doesn't|does not|didn't|did not|don't|do not|can't|cannot|won't|couldn't) block)\b",
                        re.I)
_BLOCKED = re.compile(r"^(?:(?:it|they|he|she|both|all of them|both of them)(?:'s|'re)? )?(?:(?:is|are|was|were|gets?|"
                      r"got|get) )?(?:all |both )?(?:(?:gets?|got) )?blocked$|"
                      # "opp blocks it", "he blocked them": blockers declared (509.1a)
                      r"^(?:opp|opponent|my opponent|the opponent|he|she|they|[a-z]{2,23}) (?:blocks?|blocked)"
                      r"(?: (?:it|them|both|all of them|both of them|with \w+(?: \w+)?))?$", re.I)
_PLAYER_WORDS = re.compile(r"^(?:me|you|him|her|them|my opponent|the opponent|opp|opponent|your opponent|"
                           r"(?:player|opponent) \d{1,2}|[A-Z][a-z]{1,23})$")


def combat_damage(ctx: Ctx, g: dict[str, str]) -> None:
    """ "My Ophidian deals combat damage to opp", "3 of my creatures connect", "opp's 2 creatures hit me": the
    named or counted creatures deal combat damage to a player (510.2)."""
    _combat(ctx, g, "damage")


def combat_attack(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I attack with Ophidian and it isn't blocked", "I swing with 3 creatures": creatures attack (508.1); with
    words saying they got through, they deal combat damage too; "blocked", they deal none to the player."""
    rest = (g.get("rest") or g.get("rest2") or "").strip(" ,")
    if rest and _UNBLOCKED.search(rest):
        _combat(ctx, g, "attack_damage")
    elif rest and _BLOCKED.match(rest):
        _combat(ctx, g, "attack_damage", blocked=True)
    elif rest:
        raise SituationError(f"“{rest}” is not something the reader understands about the attack", ctx.clause,
                             "'and it isn't blocked' or 'and they're blocked'")
    else:
        _combat(ctx, g, "attack")


def _combat(ctx: Ctx, g: dict[str, str], stage: str, blocked: bool = False) -> None:
    if g.get("out"):  # "... with Edric out": a permanent on the battlefield, told in passing
        _in_play(ctx, {"cards": g["out"]})
    who = _attacker(ctx, g)
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("one player attacks at a time", ctx.clause, "'I attack with Ophidian'")
    what = (g.get("card") or "").strip()
    named, count = _creatures(ctx, what, who)
    action: dict[str, Any] = {"type": "combat", "player": who, "ability": stage, "count": count,
                              "attackers": named}
    if blocked and named:
        action["blocked"] = list(named)
    elif blocked:  # "I attack with 3 creatures and they're all blocked": none deals combat damage to a player
        action["ability"] = "attack"
        action["told_blocked"] = True
    defender = (g.get("def") or "").strip()
    if defender:
        if not _PLAYER_WORDS.match(defender):
            raise SituationError(f"“{defender}” is not a player the damage is dealt to", ctx.clause,
                                 "'to my opponent'")
        target = ctx.who(defender)
        if target == who or target in GROUPS or target.startswith("team:"):
            raise SituationError("combat damage here is dealt to one other player", ctx.clause, "'to my opponent'")
        action["targets"] = [target]
    for name in named:
        if name not in ctx.b.player(who).battlefield or ctx.b.player(who).battlefield.count(name) < named.count(name):
            ctx.b.player(who).battlefield.append(name)  # it was on the battlefield to attack
    if g.get("x") or g.get("x2"):  # "Xyris hits opp for 3": the combat damage dealt
        action["x"] = int(g.get("x") or g["x2"])
    ctx.b.set_action(action, ctx.clause)
    ctx.b.top.setdefault("step", "combat")  # not the main phase the answer would otherwise assume
    ctx.b.top["combat_words"] = what  # where "and they aren't blocked" goes, if it is asked


def _creatures(ctx: Ctx, what: str, who: str) -> tuple[list[str], int]:
    """The attacking creatures: a number of unnamed ones ("3 creatures"), or named cards ("Ophidian and Scroll
    Thief", "2 Ophidians")."""
    m = _SOME.match(what)
    if m:
        n = 1 if m.group("n").lower() in ("a", "an", "one") else read_number(m.group("n"))
        if n is None or n < 1 or n > 200:
            raise SituationError(f"“{m.group('n')}” is not a number of creatures", ctx.clause, "'3 creatures'")
        return [], n
    if not what:
        raise SituationError("say which creatures", ctx.clause, "'with Ophidian' or 'with 3 creatures'")
    names = ctx.card_list(what)
    if not names:
        raise Ambiguity("Which creatures?", what, ctx.clause, [])
    for name in names:
        card = ctx.b.cards.find(name)
        words = card.type_line.lower().split("//")[0] if card is not None else "creature"
        if "creature" not in words and "vehicle" not in words:  # "opp's Lightning Bolt hits me": no combat
            raise NotThisPhrase(f"{name} is not a creature: only creatures attack and deal combat damage (506.4)",
                                ctx.clause, "")
    return names, len(names)


def _attacker(ctx: Ctx, g: dict[str, str]) -> str:
    """Whose creatures: the words' player; with none ("Ophidian deals combat damage to me"), the one player whose
    battlefield the story put the creature on, else the asker."""
    if g.get("player"):
        return ctx.who(g["player"])
    whose = re.search(r"\bof (my|his|her|their|your|[\w-]+'s) ", g.get("card") or "", re.I)
    if whose:  # "3 of his creatures connect"
        return ctx.who(whose.group(1))
    found = ctx.b.cards.find((g.get("card") or "").strip())
    holders = [p.name for p in ctx.b.players.values() if found is not None and found.name in p.battlefield]
    return ctx.who(holders[0] if len(holders) == 1 else None)


def ask_combat_damage(doc: dict[str, Any], b: Any) -> None:
    """ "I swing with 3 creatures, Coastal Piracy out": an attack told with no word of blocks or damage, while an
    ability in the story waits for combat damage to a player, is asked about (unblocked, or blocked), never
    answered as if no damage were dealt."""
    action = doc.get("action", {})
    if action.get("type") != "combat":
        return
    asked = doc.get("asked") or {}
    if action.get("ability") != "attack" and "x" not in action and asked.get("player") != action.get("player") and (
            asked.get("kind") in ("lose", "win", "life") or asked.get("measure") == "life"):
        raise SituationError("the combat damage dealt changes life totals, and the story doesn't say how much (120.3a)",
                             b.action_clause, "say it: 'it hits my opponent for 3'")
    if action.get("ability") != "attack" or action.pop("told_blocked", False):
        return
    waiting = any(isinstance(e, EventTrigger) and waits_for_damage(e.event)
                  for p in doc["players"] for name in p.get("battlefield", [])
                  if (card := b.cards.find(name)) is not None for e in card.effects)
    clause, what = b.action_clause, str(b.top.get("combat_words", ""))
    at = clause.lower().find(what.lower()) if what else -1
    if not waiting or not clause or clause not in b.text or at < 0:
        return
    start = b.text.find(clause) + at + len(what)
    they = "it" if action.get("count", 1) == 1 else "they"
    isnt = "isn't" if they == "it" else "aren't"
    options = [Option(f"{they.capitalize()} {isnt} blocked: combat damage is dealt to the player",
                      f"{b.text[:start]} and {they} {isnt} blocked{b.text[start:]}"),
               Option(f"{they.capitalize()} {'is' if they == 'it' else 'are'} blocked: no combat damage to the player",
                      f"{b.text[:start]} and {they} {'is' if they == 'it' else 'are'} blocked{b.text[start:]}")]
    raise Clarification("Do the attacking creatures deal combat damage to the player? An ability here triggers on "
                        "it (510.2, 603.2).", options, clause, clause)


# the phrases (engine/situation/phrases.py lists them in its table)
_DEF = (r"(?!and |but |with |unblocked|not blocked)(?P<def>me|you|him|her|them|my opponent|the opponent|your opponent|"
        r"opp|opponent|player \d{1,2}|[\w\-]+)")
_OUT = r"(?:,? with (?P<out>.+?) (?:out|in play|on the battlefield|on board|on the board|around))?"
_REST = (r"(?:(?:,? (?:and|but) |, )(?P<rest>[\w' ]*?(?:blocked|through|blocks?(?: it| them)?|blockers|connects?|"
         r"connected))|"
         r",? (?P<rest2>unblocked|not blocked))?")
_X = r"(?:(?P<x>\d{1,3}) )?"
_FOR = r"(?: for (?P<x2>\d{1,3})(?: damage)?)?"
_ATTACKS = r"(?:attacks?|attacked|attacking|swings?|swung|swinging|goes in|go in|went in|sends? in|sent in)"
COMBAT_PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "combat damage",
        (
            rf"{POS} (?P<card>.+?) (?:deals?|dealt|did|does|do) {_X}(?:combat )?damage to {_DEF}{_OUT}",
            rf"(?P<card>.+?) (?:deals?|dealt) {_X}combat damage to {_DEF}{_OUT}",
            rf"(?P<card>.+?) (?:deals?|dealt) (?P<x>\d{{1,3}}) damage to {_DEF}{_OUT}",
            rf"{POS} (?P<card>.+?) (?:connects?|connected|hits?|hit|gets? through|got through|go through|went "
            rf"through)(?: (?:with|to|against) )?(?: {_DEF})?{_FOR}{_OUT}",
            rf"{P} (?:hits?|connects?|connected|got through|gets? through) (?:{_DEF} )?with (?P<card>.+?){_OUT}",
            rf"(?P<card>(?!i |we |you |he |she |they )[\w ,'\-]+?) (?:connects?|connected|hits|gets? through|got "
            rf"through)(?: (?:(?:with|to|against) )?{_DEF})?{_FOR}{_OUT}",
        ),
        combat_damage,
        "2 of my creatures deal combat damage to my opponent.",
        ("3 of my creatures connect", "opponent's 2 creatures hit me"),
    ),
    Phrase(
        "attacks",
        (
            rf"{P} {_ATTACKS}(?: {_DEF})? with (?P<card>.+?){_REST}{_OUT}",
            rf"{POS} (?P<card>.+?) {_ATTACKS}(?: {_DEF})?{_REST}{_OUT}",
            rf"(?P<card>(?!i |we |you |he |she |they )[\w ,'\-]+?) (?:attacks|attacked|swings|swung)(?: {_DEF})?"
            rf"{_REST}{_OUT}",
        ),
        combat_attack,
        "I attack with 3 creatures and they aren't blocked.",
        ("I swing with 2 creatures", "I attack with 2 creatures and they're blocked"),
    ),
)
