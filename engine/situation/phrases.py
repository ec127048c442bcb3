"""The phrase table: every fact the reader understands, as templates, and what each does to the story.

Why a phrase table: players write one fact per clause, in any order. Every phrase is listed once in ``PHRASES``
as a template in a tiny pattern language; the templates are compiled once and tried in order. The README's
reference of the language and the bot's help text are generated from the same table, so they cannot drift.
"""

from __future__ import annotations

import re

from engine.situation.activations import activated
from engine.situation.cast_trigger_told import cast_trigger_told
from engine.situation.combat_told import COMBAT_PHRASES
from engine.situation.facts import (
    _ability_target,
    _choice_apply,
    _choice_may,
    _choice_order,
    _controls,
    _in_play,
    _optional_cost,
    _several_control,
    _while_casting,
)
from engine.situation.facts_actions import (
    _cast,
    _dies,
    _draw,
    _draw_several,
    _draw_with,
    _enters,
    _mechanic,
    _move,
    _pays_life,
    _to_graveyard,
)
from engine.situation.loyalty import _loyalty
from engine.situation.nth_spell import nth_spell
from engine.situation.phrase_parts import (
    _TIME_WORDS,
    EMPTY,
    LOYALTY,
    MECH,
    MEM,
    MULTI,
    NAME,
    NOT,
    POS,
    POS2,
    N,
    P,
    Phrase,
)
from engine.situation.phrases_state import STATE_PHRASES
from engine.situation.taxes_said import _nobody_pays, _pays, _pays_for_card, _pays_times

PHRASES: tuple[Phrase, ...] = (
    *STATE_PHRASES,
    *COMBAT_PHRASES,
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
        "which spell of the turn",
        (rf"it(?:'s| is) {POS} (?P<ord>first|second) (?P<kind>(?:non-?)?(?:creature|artifact|enchantment|instant|"
         r"sorcery|planeswalker) )?spell(?: this turn)?",),
        nth_spell,
        "It is his first noncreature spell this turn.",
        ("it's my second spell this turn",),
    ),
    Phrase(
        "trigger on casting",
        (rf"(?:{POS} )?(?:the )?(?P<card>.+?)(?:'s|’s)? (?:trigger|triggers|triggered|triggered ability)"
         r"(?: (?:resolves|goes on the stack|is on the stack))?"
         r"(?: (?:off|off of|on|from|because of|for) (?P<caster>(?:my opponent|opponent|opp|[\w\-]+)'s|my|his|her|"
         r"their) (?P<spell>[\w ,'\-]+?))?",),
        cast_trigger_told,
        "My Mystic Remora triggers.",
        ("rhystic study trigger", "Rhystic Study triggered off my opponent's spell"),
    ),
    Phrase(
        "activation: the next draw",
        (rf"{P} (?:activates?|uses?) (?P<card>.+?) (?P<times>once|twice|thrice|(?:\d{{1,2}}|\w+) times)"
         r"(?: this turn)?",),
        activated,
        "I activate Words of Waste twice.",
        ("Alice activates Words of Waste once",),
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
         "I play Howling Mine", "opponent casts a noncreature spell"),
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
        (rf"{P} (?:draws?|draw cards?) (?:a card |an extra card |cards? |(?P<n>\w+) (?:cards? )?)?"
         rf"(?:with|off|off of|using|by casting) (?P<card>.+?)",),
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
        "nobody pays a tax",
        (r"no (?:pay|payment|tax paid)",
         r"(?:nobody|no one|noone|no player|none of them|neither player|neither of them) (?:pays?|paid)"
         r"(?: (?:for [\w' ]+|the tax|the \d+|\{\d+\}|\d+ mana|\d+))?",),
        _nobody_pays,
        "nobody pays for Smothering Tithe.",
    ),
    Phrase(
        "pay one card's tax",
        (
            rf"{P} (?:(?P<neg>don't|doesn't|dont|doesnt|do not|does not|didn't|didnt|did not) pay|pays?|paid) "
            r"(?:the tax )?(?:for )?"
            r"(?!(?:it|them|that|this|each|all|both|every|one|two|three|the|a|an|up|nothing|anything|mana|x|tax|"
            r"once|twice|thrice|\d)\b|\{)(?P<card>[\w' ,\-]+?)"
            r"(?:,? but (?:(?:not|doesn't|didn't|don't|does|did) )?(?:(?:pay|pays|paid) )?(?:for )?"
            r"(?P<other>[\w' ,\-]+?))?",
        ),
        _pays_for_card,
        "opponent pays for Mystic Remora but not for Rhystic Study.",
        ("he doesn't pay for Rhystic Study",),
    ),
    Phrase(
        "pay a tax some of the times",
        (
            rf"{P} (?:only )?(?:pays?|paid)(?: the tax)? (?:for )?(?P<times>one|two|three|four|five|\d{{1,2}}) of "
            r"(?:them|the (?:triggers|draws|taxes|cards|times))",
            rf"{P} (?:only )?(?:pays?|paid)(?: the tax| for it| for them)? (?P<times>once|twice|thrice|"
            r"(?:one|two|three|four|five|\d{1,2}) times)",
        ),
        _pays_times,
        "opponent pays for 2 of them.",
        ("I pay once",),
    ),
    Phrase(
        "pay a tax or not",
        (
            rf"{P} (?P<neg>don't|doesn't|do not|does not|can't|cannot|won't|will not|didn't|did not|declines? to|"
            r"declined to|chooses? not to|chose not to|decides? not to|decided not to|refuses? to|refused to) "
            r"pay(?: for (?:(?P<whose>my|his|her|their|opponent's|my opponent's) )?(?P<card>[\w' ]+)| it| the tax|"
            r" (?:the )?\{?(?P<amount>\d+)\}?(?: mana)?)?",
            # "he says no pay", "he says no to the tax": the tax not paid ("he declines" alone may be a "may" declined)
            rf"{P} (?P<neg>says no(?: to paying| to the tax| to paying the tax)?(?: pay| payment)?)",
            rf"{P} (?:pays?|paid) (?:for (?:(?P<whose>my|his|her|their|opponent's|my opponent's) )?(?P<card>(?!it\b)"
            r"[\w' ]+)|for it|the tax|(?:the )?\{?(?P<amount>\d+)\}?(?: mana)?)",
            # "I cast Brainstorm and pay", "he pays each time": the tax, the only payment a draw story asks for
            rf"{P} (?:pays?|paid)(?: (?:for (?:each|all|them|each one|every one|(?:all|each|every one) of them)|"
            r"each time|every time|up|all))?",
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
            # "she promises the gift to Bob" (702.174a), rewritten so: "gift" is no word of the reader's own (a
            # card's name ending with it, "Arwen's Gift", would lose it when the reader looks names up)
            rf"{P} (?P<neg>don't|doesn't|do not|does not|didn't|did not|chooses? not to) (?P<verb>promise) it",
            rf"{P} (?P<verb>promises?|promised) it",
        ),
        _optional_cost,
        "I cast Brainstorm and kick it.",
        ("I pay the kicker", "she bargains it", "I don't kick it", "she promises the gift"),
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
