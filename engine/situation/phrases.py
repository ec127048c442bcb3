"""The phrase table: every fact the reader understands, as templates, and what each does to the story.

Why a phrase table: players write one fact per clause, in any order. Every phrase is listed once in ``PHRASES``
as a template in a tiny pattern language; the templates are compiled once and tried in order. The README's
reference of the language and the bot's help text are generated from the same table, so they cannot drift.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.situation.attach import Ctx
from engine.situation.facts import (
    _ability_target,
    _choice_apply,
    _choice_may,
    _choice_order,
    _controls,
    _draw_step,
    _drawn,
    _edition,
    _format,
    _game,
    _in_play,
    _life,
    _on_the,
    _optional_cost,
    _pays,
    _players,
    _poison,
    _seated,
    _several_control,
    _step,
    _team,
    _turn_number,
    _turn_of,
    _which_zone,
    _while_casting,
    _zone_cards,
    _zone_count,
    _zone_empty,
)
from engine.situation.facts_actions import (
    _cast,
    _dies,
    _draw,
    _draw_for_turn,
    _draw_several,
    _draw_with,
    _enters,
    _mechanic,
    _move,
    _pays_life,
    _to_graveyard,
)
from engine.situation.loyalty import _loyalty
from engine.vocabulary import aliases as mechanic_aliases


@dataclass(frozen=True)
class Phrase:
    """One kind of fact: the templates that say it, and what it does to the scenario."""

    topic: str
    templates: tuple[str, ...]
    apply: Callable[[Ctx, dict[str, str]], None]
    example: str
    more: tuple[str, ...] = ()  # other phrasings of the same fact, shown in the reference and tested


MULTI = (
    r"my opponent|the opponent|your opponent|my teammate|my partner|each player|each opponent|all players|"
    r"every opponent|all opponents|both players|both of us|each of us|all of us|we both|we all|"
    r"team [a-z0-9]|player \d{1,2}|opponent \d{1,2}"
)
P = rf"(?P<player>{MULTI}|[\w'\-]+)"
# "on his turn", "during my upkeep": when the cast happens, never its target
_TIME_WORDS = r"[\w'’]+ (?:turn|upkeep|end step|draw step|main|main phase|combat|end)\b"
N = r"(?P<n>(?!again\b|more\b|too\b)-?[\w^*,]+(?: (?:thousand|million|billion))?)"
NAME = rf"(?:{MULTI}|[\w'\-]+)"
POS = rf"(?P<player>(?:{MULTI}|[\w\-]+)'s|my|your|his|her|their|our)"
POS2 = r"(?:my|your|his|her|their|our|[\w\-]+'s)"
ZONE = r"(?P<zone>library|deck|hand|graveyard|libraries|decks|hands|graveyards|yard|memory)"
MEM = r"(?: into (?:my |their |his |her )?(?P<mem>memory|hand))?"
EMPTY = r"(?P<empty> from (?:an |my |their |his |her |the )?empty (?:library|deck))?"
LOYALTY = (r"(?P<loyalty>[+−-]\d{1,2}|0|ultimate|ult|ulti)(?: ability)?"
           r"(?: (?:targeting|on|at) (?P<target>(?!\d)[\w'’]+(?: [\w'’]+)?))?")
NOT = (r"(?P<neg>don't |doesn't |do not |does not |won't |will not )?(?:(?:chooses?|decides?|wants?) "
       r"(?P<neg2>not )?to |will )?")
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
        (rf"(?P<players>{NAME}(?:(?:, and |, | and ){NAME})+) (?:are playing|are in the game|play(?: a game)?)",
         rf"(?:the )?players(?: are)?:? (?P<players>{NAME}(?:(?:, and |, | and ){NAME})+)"),
        _seated,
        "Alice and Bob are playing.",
    ),
    Phrase(
        "format",
        (
            r"(?:in |it's |it is |(?:we are |i am |we're |i'm )?playing )?(?:a )?(?P<fmt>two-headed giant|"
            r"two headed giant|2hg|multiplayer|free-for-all|commander|1v1|1 v 1|two-player|duel)(?: game)?",
            rf"(?:in |it's |it is |(?:we are |i am )?playing )?(?:a |an )?{N}[- ]player (?P<fmt>commander|"
            r"multiplayer|free-for-all|two-headed giant)(?: game)?",
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
            rf"(?:it's |it is )?{POS} turn {N} draw step",
            rf"(?:it's |it is )?{POS} (?P<first>first) draw step",
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
            rf"(?:it's |it is |during |in |at )?(?:the (?:beginning|start) of )?{POS} (?P<step>upkeep|untap|"
            rf"(?:first |second |precombat |postcombat )?main phase|end step|cleanup|combat)(?: step)?",
            r"(?:it's |it is |during |in |at )?(?:the (?:beginning|start) of )?(?:the )?(?P<step>upkeep|untap|"
            r"(?:first |second |precombat |postcombat )?main phase|end step|cleanup|combat)(?: step)?",
        ),
        _step,
        "during my upkeep",
    ),
    Phrase(
        "zone empty",
        (
            rf"{POS} {ZONE} is empty",
            rf"{P} (?:has|have) (?:an )?empty {ZONE}",
            rf"{P} (?:has|have) no cards (?:left )?in (?:(?P<poss>my|their|his|her|the) )?{ZONE}",
            rf"(?:an? |my |their |his |her )?empty {ZONE}",
        ),
        _zone_empty,
        "My library is empty.",
        ("I have no cards in hand",),
    ),
    Phrase(
        "zone count",
        (
            rf"{P} (?:has|have|has got|got) {N} (?:more )?(?:cards? )?(?:left )?in (?:(?P<poss>my|their|his|"
            rf"her|the|its) )?{ZONE}",
            rf"{P} (?:has|have) {N} cards? left",
            rf"{POS} {ZONE}(?: size)?(?: is| has|:)? {N}(?: cards?)?",
            rf"{ZONE}:? {N}",
            rf"{N} cards? (?:left )?in (?:(?P<poss>my|their|his|her|the) )?{ZONE}",
            rf"{P} (?:(?:has|have) )?(?:only )?{N} (?:more )?cards? (?:left )?in (?:(?P<poss>my|their|his|her|the) )?"
            rf"{ZONE}",
        ),
        _zone_count,
        "I have 2 cards in library.",
        ("my opponent has 3 cards left in their deck", "Alice: hand 0", "library: 5"),
    ),
    Phrase(
        "which zone",
        (rf"{P} (?:has|have|has got|got) (?P<n>\d+|[a-z]+) (?P<what>cards?)",),
        _which_zone,
        "I have 40 cards.",
    ),
    Phrase(
        "zone cards",
        (
            rf"{P} (?:has|have) (?P<cards>.+?) (?:on top of|on the top of|at the top of) "
            rf"(?:(?P<poss>my|their|his|her|the) )?{ZONE}",
            rf"(?:the )?top card of {POS} {ZONE} is (?P<cards>.+)",
            rf"{P} (?:has|have) (?P<cards>.+?) in (?:(?P<poss>my|their|his|her|the) )?"
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
            rf"{P} at (?P<n>-?[\w^*]+) life",
        ),
        _life,
        "My opponent is at 5 life.",
        ("I have 1 life", "life: 3"),
    ),
    Phrase(
        "poison",
        (
            rf"{P} (?:has|have|got|has got|have got) (?P<n>[\w^*]+) poison(?: counters?)?",
            rf"{P} (?:is|am|are) (?:at|on) (?P<n>[\w^*]+) poison(?: counters?)?",
            rf"{POS} poison(?: counters?| count)?(?: is|:)? (?P<n>[\w^*]+)",
            r"(?:at |on )?(?P<n>[\w^*]+) poison(?: counters?)?",
        ),
        _poison,
        "My opponent has 9 poison counters.",
        ("I am at 8 poison", "opp has 9 poison"),
    ),
    Phrase(
        "drawn this turn",
        (
            rf"{P} (?:already )?(?:drew|has drawn|have drawn|has already drawn|have already "
            rf"drawn) {N} cards? (?:already )?this turn",
            rf"{P} (?:already )?(?:drew|has drawn|have drawn) (?:a card )?(?:already )?this "
            rf"turn",
            rf"{P} (?:already drew|(?:has|have) already drawn)(?: a card| {N} cards?)?(?: for (?:the |my |his |her |"
            rf"their )?turn)?",
        ),
        _drawn,
        "Bob already drew a card this turn.",
        ("I have drawn 2 cards this turn",),
    ),
    Phrase(
        "loyalty ability",
        (
            rf"{P} (?:activates?|uses?|pops?|does|goes for|fires? off)(?: the| its| his| her)? {LOYALTY}"
            r"(?: (?:of|on|from) (?P<card>.+?))?",
            rf"{P} (?:activates?|uses?|pops?|does|goes for|fires? off) (?P<card>.+?)(?:'s|')? {LOYALTY}",
            rf"(?P<card>.+?)(?:'s|')? {LOYALTY}(?: (?:is )?(?:activated|used|resolves))?",
        ),
        _loyalty,
        "I activate Jace, Wielder of Mysteries's -8.",
        ("I use Jace, Wielder of Mysteries's ultimate", "Jace, Wielder of Mysteries -8"),
    ),
    Phrase(
        "choice: apply",
        (
            rf"{P} {NOT}(?P<verb>dredges?|uses?|applies|apply) (?P<card>.+?)(?: instead(?P<instead> of drawing)?)?",
            rf"{P} {NOT}(?P<verb>dredges?)(?: instead(?P<instead> of drawing)?)?",
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
            rf"{P} (?:controls?|has|have|has got|have got|got) (?P<cards>.+?) (?:in play|on the battlefield|out)",
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
            r"(?P<cards>.+?) (?:in play|on the battlefield|out)",
            rf"{POS} (?P<cards>.+?) (?:(?:is|are) )?(?:in play|on the battlefield|out)",
            rf"(?P<cards>.+?) (?:(?:is|are) )?on {POS} side(?: of the (?:battlefield|board|table))?",
            rf"{POS} (?P<cards>.+)",
        ),
        _in_play,
        "Spirit of the Labyrinth is in play.",
        ("Sheoldred is on the battlefield under my opponent's control",),
    ),
    Phrase(
        "draw",
        (
            rf"{P} (?:each |all |both )?(?P<may>may )?(?:draws?|is drawing|would draw|will draw) {N}(?: more)?"
            rf"(?: cards?)?(?: again)?(?: each)?{MEM}{EMPTY}",
            rf"{P} (?:each |all |both )?(?P<may>may )?(?:draws?|would draw|will draw)(?: again)?{MEM}{EMPTY}",
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
        "several control",
        (rf"(?P<players>{NAME}(?:(?:, and |, | and ){NAME})+) (?:each |all |both )?(?:controls?|have|has) "
         rf"(?:an? )?(?P<cards>.+?)(?: each)?",),
        _several_control,
        "My opponent and I both control Notion Thief.",
    ),
    Phrase(
        "ability's target",
        (
            r"(?P<card>.+?)(?:'s|’s)? (?:trigger|ability|triggered ability) targets "
            r"(?P<target>(?!\d)[\w'’]+(?: [\w'’]+)?)",
            r"(?P<card>.+?) targets (?P<target>(?!\d)[\w'’]+(?: [\w'’]+)?)",
        ),
        _ability_target,
        "Orcish Bowmasters targets my opponent.",
        ("Orcish Bowmasters's trigger targets me",),
    ),
    Phrase(
        "cast",
        (
            # from a graveyard, by its own keyword (702.34a flashback): "I cast X from my graveyard", "I flashback X"
            rf"{P} (?P<verb>casts?|flashbacks?|flashes back) (?P<card>.+?) (?P<from>from (?:my|his|her|their|the) "
            r"(?:graveyard|yard)|with (?:its )?flashback|using (?:its )?flashback|for its flashback cost)"
            rf"(?: (?:targeting|on) (?!{_TIME_WORDS})(?P<target>[\w'’]+(?: [\w'’]+)?))?",
            rf"{P} (?P<verb>flashbacks?|flashes back) (?P<card>.+?)"
            rf"(?: (?:targeting|on) (?!{_TIME_WORDS})(?P<target>[\w'’]+(?: [\w'’]+)?))?",
            rf"{P} (?P<verb>casts?|plays?|activates?|resolves?|cycles?|taps?) (?!an? card\b|\w+ cards\b)(?P<card>.+?)"
            rf"(?: (?:targeting|on|for|at) (?!{_TIME_WORDS})"
            rf"(?P<target>(?!\d)[\w'’]+(?: [\w'’]+)?))?(?: (?:with|for) x ?(?:=|is|of|equal to|equals|being) ?"
            rf"(?P<x>\w+)| for (?P<x2>\d{{1,6}}))?",
            rf"(?P<verb>cast|play) (?P<card>.+?)"
            rf"(?: (?:targeting|on) (?!{_TIME_WORDS})(?P<target>[\w'’]+(?: [\w'’]+)?))?",
        ),
        _cast,
        "I cast Opportunity targeting myself.",
        ("opponent casts Timetwister", "I cast Prosperity with X=3", "I activate Jace's Archivist",
         "I play Howling Mine"),
    ),
    Phrase(
        "life paid",
        (rf"{P} (?:pays?|paid|paying) (?P<n>\d{{1,2}}|two|four|six|eight) life for (?P<card>it|that|the spell|.+?)"
         r"(?:'s)?(?: phyrexian mana)?",),
        _pays_life,
        "I pay 2 life for Gitaxian Probe.",
        ("opponent casts Gitaxian Probe paying 2 life",),
    ),
    Phrase(
        "enters",
        (
            rf"(?P<card>.+?) enters(?: the battlefield)? under {POS} control",
            rf"{P} puts? (?P<card>.+?) onto the battlefield",
            r"(?P<card>.+?) enters(?: the battlefield)?",
        ),
        _enters,
        "Alms Collector enters under my control.",
        ("my opponent puts Notion Thief onto the battlefield",),
    ),
    Phrase(
        "dies",
        (
            rf"{POS} (?P<card>.+?) dies",
            rf"{P} (?P<sac>sacrifices?|sacrificed) (?P<card>.+)",
            r"(?P<card>.+?) dies",
        ),
        _dies,
        "My Psychosis Crawler dies.",
        ("I sacrifice Platinum Angel",),
    ),
    Phrase(
        "to the graveyard",
        (
            rf"(?P<card>.+?) is (?:put into|milled into) {POS} graveyard from {POS2} (?P<zone>library|hand)",
            rf"{P} (?P<zone>discards?|mills?) (?P<card>(?!an? card\b|\w+ cards?\b).+)",
        ),
        _to_graveyard,
        "Golgari Thug is put into my graveyard from my library.",
        ("I discard Terminus",),
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
        "pay a tax or not",
        (
            rf"{P} (?P<neg>don't|doesn't|do not|does not|can't|cannot|won't|will not|didn't|did not|declines? to|"
            r"chooses? not to) pay(?: for [\w' ]+| it| the tax| the \d+| \{\d+\}| \d+(?: mana)?)?",
            rf"{P} (?:pays?|paid) (?:for it|the tax|the \d+|\{{\d+\}}|\d+ mana|\d+)",
            # "I cast Brainstorm and pay", "he pays each time": the tax, the only payment a draw story asks for
            rf"{P} (?:pays?|paid)(?: (?:for (?:each|all|them|each one|every one)|each time|every time|up|all))?",
        ),
        _pays,
        "opponent doesn't pay for Rhystic Study.",
        ("I cast Brainstorm and don't pay", "he pays the 1"),
    ),
    Phrase(
        "an optional additional cost paid or not",
        (
            rf"{P} (?P<neg>don't|doesn't|do not|does not|didn't|did not|chooses? not to) (?P<verb>kick|bargain)"
            r"(?: it| the spell| that spell)?",
            rf"{P} (?P<verb>kicks?|kicked|bargains?|bargained) (?:it|the spell|that spell)",
            rf"{P} (?:pays?|paid) (?:the|its) (?P<verb>kicker)(?: cost)?",
        ),
        _optional_cost,
        "I cast Brainstorm and kick it.",
        ("I pay the kicker", "she bargains it", "I don't kick it"),
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
