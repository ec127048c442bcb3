"""The first half of the phrase table: the state of the game a story tells (the game and its rules edition, the
players and format, the turn and step, zone counts and cards, life, poison, cards drawn this turn). Tried before
the second half (``phrases``: what happens), in this order.
"""

from __future__ import annotations

from engine.situation.devotion import COLOURS, _only_coloured
from engine.situation.facts import (
    _draw_step,
    _drawn,
    _edition,
    _format,
    _game,
    _life,
    _no_permanents,
    _on_the,
    _players,
    _poison,
    _seated,
    _step,
    _team,
    _turn_number,
    _turn_of,
    _which_zone,
    _zone_cards,
    _zone_count,
    _zone_empty,
)
from engine.situation.facts_actions import (
    _draw_for_turn,
)
from engine.situation.phrase_parts import (
    NAME,
    POS,
    POS2,
    ZONE,
    N,
    P,
    Phrase,
)
from engine.situation.spell_count import ORDINAL, spells_cast

_COLOURS = "|".join(COLOURS)
# a card's words, a comma name too ("Narset, Parter of Veils"), but never a clause before it ("X resolves, Y")
_A_CARD = r"(?P<card>(?:(?!\b(?:resolves?|is|are|has|have|casts?|controls?)\b)[\w',\- ])+?)"

STATE_PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "game",
        (r"grand archive", r"(?:this is |in |playing |we're playing |we are playing )?(?:a )?grand archive(?: game)?",
         r"ga"),
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
    Phrase("team", (rf"{P} (?:is|are|am) (?:on|in) team (?P<team>[a-z0-9])",), _team, "Bob is on team B."),
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
        "spells cast this turn",
        (
            rf"(?:it|this|that)(?: is| was|'s|s) {POS} (?P<ord>{ORDINAL}) spell(?: (?:this|of the) turn)?",
            rf"{P} (?:already cast|(?:has|have|had) (?:already )?cast) (?:{N}|a) (?:other )?spells?(?: already)?"
            rf"(?: earlier)? this turn",
            rf"{P} cast (?:{N}|a) (?:other )?spells? earlier this turn",
        ),
        spells_cast,
        "It is my second spell this turn.",
        ("Bob already cast a spell this turn", "I cast my second spell this turn", "I have cast 2 spells this turn"),
    ),
    Phrase(
        "no permanents",
        (rf"{P} (?:controls?|has|have) no (?:permanents|cards on the battlefield|nonland permanents)"
         rf"(?: on the battlefield)?",
         rf"{P} (?:controls?|has|have) nothing(?: on the battlefield| in play| out)?",),
        _no_permanents,
        "My opponent controls no permanents.",
    ),
    Phrase(
        "only permanent of a colour",
        (
            rf"{_A_CARD} is {POS} only (?P<colour>{_COLOURS}) permanent(?: on the battlefield)?",
            rf"{_A_CARD} is the only (?P<colour>{_COLOURS}) permanent {P} (?:controls?|has|have)",
            rf"{POS} only (?P<colour>{_COLOURS}) permanent is {_A_CARD}",
        ),
        _only_coloured,
        "Thassa's Oracle is my only blue permanent.",
        ("my only blue permanent is Thassa's Oracle",),
    ),
)
