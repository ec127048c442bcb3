"""The effect vocabulary: what a card's text does to draws, as data the resolver interprets.

Why a vocabulary instead of card-by-card code: dozens of cards share a handful of templates ("If [player]
would draw a card[ except the first ...], instead ...", "can't draw more than one card each turn",
"Whenever [player] draws a card ..."). Cards become data (``data/cards/cards.toml``), the Oracle reader can
build the same objects from text, and the resolver stays one general loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

# Who an effect refers to, relative to its controller ("you") and the drawing player ("that_player").
AFFECTS = ("you", "opponents", "each")
WHO = ("you", "that_player", "each_opponent", "each_player", "each_other_player", "target", "opponent_of_you",
       "you_and_that_player", "opponents_of_that_player", "others_than_that_player")

# a planeswalker's loyalty ability as its Oracle line starts ("+1: Draw a card.", "−8: ..."), on any line of a text
LOYALTY_LINE = re.compile(r"^[+\-−]?(?:\d+|x):", re.M | re.I)

SELF_CONDITIONS = ("your_turn", "hand_empty", "library_empty", "life_10_or_less", "always")

OP_KINDS = {
    "draw": "the player draws N cards (a new instruction: 121.7)",
    "skip": "the draw does not happen (614.10)",
    "win": "the player wins the game (104.2b)",
    "lose": "the player loses the game (104.3e)",
    "mill": "the player mills N cards (701.17a)",
    "lose_life": "the player loses N life (119.3)",
    "gain_life": "the player gains N life (119.3)",
    "damage": "the source deals N damage to the player (120.3)",
    "poison": "the player gets N poison counters (122.1f)",
    "token": "the player creates N tokens named `name` (111.1)",
    "discard": "the player discards N cards (701.9)",
    "discard_hand": "the player discards their hand (701.9)",
    "to_hand_from_library": "N cards from the library are put into hand: not a draw (121.5)",
    "look_keep": "look at the top N cards, put one into hand (not a draw), the rest into the graveyard",
    "return_self": "return the replacing card from the graveyard to hand (dredge, 702.52a)",
    "chains": "discard a card; if you do, draw a card; if not, mill one (Chains of Mephistopheles)",
    "put_back": "put N cards from hand on top of the library",
    "shuffle_hand_graveyard": "shuffle hand and graveyard into the library (701.24)",
    "hand_to_bottom_draw_that_many": "put the hand on the bottom of the library, then draw that many",
    "draw_equal_discarded": "draw as many cards as the greatest number discarded this way",
    "draw_half_library": "draw half the library, rounded up",
    "lose_half_life": "lose half the life total, rounded up",
    "sylvan": "choose up to N cards drawn this turn; for each pay 4 life or put it back on top",
    "exile_top": "exile the top card of the library",
    "exile_from_graveyard": "exile N cards from the player's graveyard (\"exile that card from your graveyard\")",
    "search_to_hand": "search the library for a card and put it into hand: not a draw (121.5)",
    "reveal_to_hand": "reveal cards until one of a kind; put it into hand (not a draw), the rest on the bottom",
    "win_if_library_empty": "if the library has no cards, the player wins (Jace, Wielder of Mysteries)",
    "win_if_library_at_most": "if the library has N or fewer cards, the player wins (Thassa's Oracle, N = devotion)",
    "end_turn": "end the turn (723)",
    "reveal_sort": "reveal the top N cards; those with card type `name` go to hand (not drawn), the rest to the "
                   "bottom (Sages of the Anima)",
    "reveal_top_or_draw": "reveal the top card; with card type `name` it goes to the graveyard, otherwise the "
                          "player draws it (Enduring Renewal)",
    "counter": "put N +1/+1 counters on the permanent `name` the player controls (122.1a)",
    "amass": "amass N: a 0/0 Army token `name` if the player has none, then N +1/+1 counters on it (701.47a)",
    "put_bottom": "put N cards from hand on the bottom of the library (401.4)",
    "hand_to_battlefield": "put N cards of the kind `name` from hand onto the battlefield (not cast, not played)",
    "sacrifice": "sacrifice N permanents of the kind `name` the player controls (701.21a)",
    "destroy_target": "destroy the target permanent `name` (701.8a): to its owner's graveyard",
    "exile_target": "exile the target card `name` (701.13a), from the battlefield or a graveyard",
    "bounce_target": "return the target permanent `name` to its owner's hand (not a draw)",
    "exchange_control": "exchange control of the two target permanents (701.12b): nothing moves between zones; "
                        "controlled by one player, nothing happens",
    "reveal_top": "reveal the top N cards of the library (701.20a): they stay on top until \"those cards\" are "
                  "moved by a later operation of the same effect",
    "revealed_to_hand": "put the cards revealed by the effect's reveal_top into the hand (not a draw)",
    "revealed_to_graveyard": "put the cards revealed by the effect's reveal_top into the graveyard",
    "library_target": "put the target permanent `name` into its owner's library at the place(s) `text` names "
                      "(\"on top\", \"second from the top or on the bottom\": the owner's choice; 401.4)",
    "shuffle_hand": "shuffle the hand into the library (701.24); \"that many\" is the number of cards shuffled",
    "delayed_draw": "draw N at a later time (a delayed triggered ability, 603.7): reported, not carried out now",
    "later_ability": "an ability the effect creates (`name`: delayed 603.7a, granted until end of turn 611.2, an "
                     "emblem's 114.4) whose event (`text`) is one no resolution reaches (combat, attacks, a later "
                     "step): reported, nothing happens now",
    "note": "an effect outside the draw model, reported but not simulated",
}



class OpKind(StrEnum):
    """The operations as an enum: the resolver dispatches on it through a table (one handler each)."""

    DRAW = "draw"
    SKIP = "skip"
    WIN = "win"
    LOSE = "lose"
    MILL = "mill"
    LOSE_LIFE = "lose_life"
    GAIN_LIFE = "gain_life"
    DAMAGE = "damage"
    POISON = "poison"
    TOKEN = "token"
    DISCARD = "discard"
    DISCARD_HAND = "discard_hand"
    TO_HAND_FROM_LIBRARY = "to_hand_from_library"
    LOOK_KEEP = "look_keep"
    RETURN_SELF = "return_self"
    CHAINS = "chains"
    PUT_BACK = "put_back"
    SHUFFLE_HAND_GRAVEYARD = "shuffle_hand_graveyard"
    HAND_TO_BOTTOM_DRAW_THAT_MANY = "hand_to_bottom_draw_that_many"
    DRAW_EQUAL_DISCARDED = "draw_equal_discarded"
    DRAW_HALF_LIBRARY = "draw_half_library"
    LOSE_HALF_LIFE = "lose_half_life"
    SYLVAN = "sylvan"
    EXILE_TOP = "exile_top"
    EXILE_FROM_GRAVEYARD = "exile_from_graveyard"
    SEARCH_TO_HAND = "search_to_hand"
    REVEAL_TO_HAND = "reveal_to_hand"
    WIN_IF_LIBRARY_EMPTY = "win_if_library_empty"
    WIN_IF_LIBRARY_AT_MOST = "win_if_library_at_most"
    END_TURN = "end_turn"
    REVEAL_SORT = "reveal_sort"
    REVEAL_TOP_OR_DRAW = "reveal_top_or_draw"
    AMASS = "amass"
    COUNTER = "counter"
    DELAYED_DRAW = "delayed_draw"
    PUT_BOTTOM = "put_bottom"
    HAND_TO_BATTLEFIELD = "hand_to_battlefield"
    SACRIFICE = "sacrifice"
    SHUFFLE_HAND = "shuffle_hand"
    DESTROY_TARGET = "destroy_target"
    EXILE_TARGET = "exile_target"
    BOUNCE_TARGET = "bounce_target"
    LIBRARY_TARGET = "library_target"
    EXCHANGE_CONTROL = "exchange_control"
    REVEAL_TOP = "reveal_top"
    REVEALED_TO_HAND = "revealed_to_hand"
    REVEALED_TO_GRAVEYARD = "revealed_to_graveyard"
    LATER_ABILITY = "later_ability"
    NOTE = "note"


@dataclass(frozen=True)
class Op:
    do: str
    amount: int | str = 1  # a number, or "X" (the action's X), or "half"
    who: str = "that_player"
    name: str = ""
    optional: bool = False
    text: str = ""
    instead_amount: int | None = None  # 614.15 self-replacement: "draw N. If <condition>, draw M instead"
    # for instead_amount: your_turn | hand_empty | library_empty | life_10_or_less; otherwise the condition the
    # op is carried out under: if_you_do | if_you_dont (the previous optional op) | if:<words> | unless:<words>
    condition: str = ""
    note: str = ""  # what the card's words say about the op ("X = the number of cards in your hand")
    # a "note" that is the card's own words the Oracle reader kept unread (not a hand-made or engine note):
    # carried out as nothing only when the words change nothing the engine counts (engine.inert)
    words: bool = False
    # the mode of a modal ability ("choose one —") this op belongs to: only the chosen mode's ops happen (700.2)
    mode: str = ""
    # who decides an optional op when it is not the effect's controller ("target opponent may have you draw a
    # card": the opponent decides, you draw; 101.4, 608.2d), by the same references as ``who``
    chooser: str = ""

    @staticmethod
    def from_dict(raw: dict[str, Any], where: str) -> Op:
        unknown = set(raw) - {"do", "amount", "who", "name", "optional", "text", "instead_amount", "condition", "note"}
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {sorted(unknown)} in an op")
        do = raw.get("do")
        if do not in OP_KINDS:
            raise ValueError(f"{where}: unknown op {do!r}; expected one of {', '.join(OP_KINDS)}")
        who = raw.get("who", "that_player")
        if who not in WHO:
            raise ValueError(f"{where}: unknown player reference {who!r}; expected one of {', '.join(WHO)}")
        amount = raw.get("amount", 1)
        if not (isinstance(amount, int) and amount >= 0) and amount not in ("X",):
            raise ValueError(f"{where}: amount must be a whole number or 'X', not {amount!r}")
        instead = raw.get("instead_amount")
        if instead is not None and not (isinstance(instead, int) and instead >= 0):
            raise ValueError(f"{where}: instead_amount must be a whole number")
        condition = str(raw.get("condition", ""))
        if instead is not None and condition not in SELF_CONDITIONS:
            raise ValueError(f"{where}: condition must be one of {', '.join(SELF_CONDITIONS)}")
        return Op(do, amount, who, str(raw.get("name", "")), bool(raw.get("optional", False)),
                  str(raw.get("text", "")), instead, condition, str(raw.get("note", "")))


class Relation(StrEnum):
    """The drawing player seen from an effect's controller: what "you", "an opponent", "each player" mean."""

    YOU = "you"
    OPPONENT = "opponent"
    TEAMMATE = "teammate"  # Two-Headed Giant: neither "you" nor an opponent


@dataclass(frozen=True)
class DrawFacts:
    """What an effect may ask about one card draw, as it is about to happen (121.2): each effect answers
    "do I apply to this event?" from these facts itself (614, 616), as the rules and XMage's effects do, so
    the resolver never needs to know how any one card decides."""

    source: str  # what made the player draw: a card's name, "the draw step", "cycling"
    in_draw_step: bool  # a draw in the drawing player's own draw step
    library: int
    hand: int
    drawn_this_turn: int  # before this draw
    drawn_this_draw_step: int  # before this draw

    @property
    def first_in_draw_step(self) -> bool:
        """The first card the player draws in their draw step ("except the first one they draw in each of their
        draw steps", Notion Thief, Spirit of the Labyrinth's kind)."""
        return self.in_draw_step and self.drawn_this_draw_step == 0


def affects_player(affects: str, relation: Relation) -> bool:
    """"you" / "opponents" / "each": whether an effect that names those players applies to this one."""
    return affects == "each" or (relation is Relation.YOU if affects == "you" else relation is Relation.OPPONENT)


@dataclass(frozen=True)
class DrawCondition:
    """When a replacement or trigger applies to one draw."""

    except_first_in_draw_step: bool = False  # "except the first one they draw in each of their draw steps"
    library_empty: bool | None = None  # "while your library has no cards in it"
    hand_empty: bool | None = None  # "while you have no cards in hand"
    min_library: int = 0  # dredge N: impossible with fewer than N cards in library (702.52b)
    source: str = ""  # only draws caused by this kind of source ("cycling": Unpredictable Cyclone)
    nth_each_turn: int = 0  # "whenever you draw your second card each turn": only that card (2)
    in_draw_step: bool | None = None  # "if you would draw a card during your draw step"

    def holds(self, draw: DrawFacts) -> bool:
        """Whether this draw is one the effect is about."""
        return not (
            (self.except_first_in_draw_step and draw.first_in_draw_step)
            or (self.source and self.source != draw.source)
            or (self.library_empty is not None and (draw.library == 0) != self.library_empty)
            or (self.hand_empty is not None and (draw.hand == 0) != self.hand_empty)
            or draw.library < self.min_library
            or (self.in_draw_step is not None and draw.in_draw_step != self.in_draw_step)
            or (self.nth_each_turn and draw.drawn_this_turn + 1 != self.nth_each_turn))


@dataclass(frozen=True)
class DrawReplacement:
    """A replacement effect on one card draw (614.1a, 614.11, 121.6)."""

    affects: str
    instead: tuple[Op, ...]
    condition: DrawCondition = field(default_factory=DrawCondition)
    optional: bool = False  # "you may ... instead" (dredge, Abundance)
    zone: str = "battlefield"  # where the card must be: "graveyard" for dredge
    rules: tuple[str, ...] = ("614.1a", "614.11", "121.6")
    kind: str = "draw_replacement"
    # "{1}: The next time you would draw a card this turn, ... instead" (Words of Waste): each activation is a
    # replacement of its own that applies to one draw; the choice "activations:<card>:<player>" says how many
    per_activation: bool = False

    def applies_to(self, draw: DrawFacts, relation: Relation) -> bool:
        """614.1a: whether this replacement can replace this draw. A graveyard ability (dredge) replaces only
        its owner's draws, and only with enough cards in the library (702.52b)."""
        if self.zone == "graveyard" and relation is not Relation.YOU:
            return False
        if self.zone != "graveyard" and not affects_player(self.affects, relation):
            return False
        return self.condition.holds(draw)


@dataclass(frozen=True)
class MultiDrawReplacement:
    """A replacement on an instruction to draw several cards, applied before the single draws (121.2a, 616.1g)."""

    affects: str
    min_count: int
    instead: tuple[Op, ...]
    rules: tuple[str, ...] = ("121.2a", "616.1g", "614.1a")
    kind: str = "multi_draw_replacement"


@dataclass(frozen=True)
class DrawProhibition:
    """"Can't draw cards" (max_per_turn 0) or "can't draw more than one card each turn" (1): 121.2b, 614.17."""

    affects: str
    max_per_turn: int
    rules: tuple[str, ...] = ("614.17", "101.2")
    kind: str = "draw_prohibition"

    def stops(self, draw: DrawFacts, relation: Relation) -> bool:
        """614.17, 121.2b: whether this "can't" stops this draw: always, or once a card was drawn this turn."""
        if not affects_player(self.affects, relation):
            return False
        return self.max_per_turn == 0 or (self.max_per_turn == 1 and draw.drawn_this_turn >= 1)


@dataclass(frozen=True)
class LifeGainProhibition:
    """"Can't gain life" (119.7): a life gain for an affected player doesn't happen. Read beside a draw
    prohibition ("Players can't draw cards or gain life"), so the card's whole sentence acts."""

    affects: str
    rules: tuple[str, ...] = ("119.7", "101.2")
    kind: str = "life_gain_prohibition"


@dataclass(frozen=True)
class LifeGainReplacement:
    """"If you would gain life, you gain twice that much life instead" (614.1a, Alhammarret's Archive): each
    life gain of an affected player is multiplied; two such effects each apply once (616.1), so 4 times."""

    affects: str
    factor: int = 2
    rules: tuple[str, ...] = ("614.1a", "616.1")
    kind: str = "life_gain_replacement"


@dataclass(frozen=True)
class DrawTrigger:
    """"Whenever [player] draws a card[ except the first ...], ..." (603.2)."""

    affects: str
    ops: tuple[Op, ...]
    condition: DrawCondition = field(default_factory=DrawCondition)
    optional: bool = False
    rules: tuple[str, ...] = ("603.2",)
    kind: str = "draw_trigger"

    def triggers_on(self, draw: DrawFacts, relation: Relation) -> bool:
        """603.2: whether this draw is an event this ability waits for."""
        return affects_player(self.affects, relation) and not (
            (self.condition.except_first_in_draw_step and draw.first_in_draw_step)
            or (self.condition.nth_each_turn and draw.drawn_this_turn + 1 != self.condition.nth_each_turn))


@dataclass(frozen=True)
class DrawStepTrigger:
    """"At the beginning of [each player's | your] draw step, ..." (504.2, 603.2)."""

    affects: str
    ops: tuple[Op, ...]
    optional: bool = False
    rules: tuple[str, ...] = ("504.2", "603.2")
    kind: str = "draw_step_trigger"
    intervening: str = ""  # "if that player has two or fewer cards in hand" (603.4): checked as it triggers
    untapped_only: bool = False  # "if Howling Mine is untapped" (603.4): a tapped copy doesn't trigger


@dataclass(frozen=True)
class CastTrigger:
    """"Whenever [player] casts a [noncreature] spell, ..." (603.2): Rhystic Study, Mystic Remora."""

    affects: str
    ops: tuple[Op, ...]
    optional: bool = False
    noncreature: bool = False
    rules: tuple[str, ...] = ("603.2",)
    kind: str = "cast_trigger"


@dataclass(frozen=True)
class CantLose:
    """"You can't lose the game and your opponents can't win the game" (104.3, Platinum Angel)."""

    opponents_cant_win: bool = True
    rules: tuple[str, ...] = ("104.3", "104.2")
    kind: str = "cant_lose"


@dataclass(frozen=True)
class SpellText:
    """What the card does when cast or activated, as ops in order (the caster is "you")."""

    ops: tuple[Op, ...]
    targets_player: bool = False
    activated: bool = False  # an activated ability (Jace's Archivist), not a spell: no "cast" triggers
    mode: str = ""  # one mode of a modal spell ("• Draw two cards."): each mode is its own SpellText
    cost: str = ""  # an activated ability's cost (602.1a), a loyalty cost (606), or cycling's (from the hand)
    rules: tuple[str, ...] = ("608.2",)
    kind: str = "spell"
    # one half of a split card (709.3: only that half is cast), named in ``mode``; an aftermath half is cast
    # only from a graveyard (702.127a): "graveyard"
    zone: str = ""
    # who chooses the mode (700.2): "" its caster, "opponent" ("an opponent chooses one —"), "random"
    chooser: str = ""


@dataclass(frozen=True)
class EventTrigger:
    """"When/whenever/at <event>, <effect>" for an event outside drawing itself (enters, dies, attacks, the
    beginning of a step...): the effect is read; the event is kept in words until it is asked about."""

    event: str
    ops: tuple[Op, ...]
    rules: tuple[str, ...] = ("603.2",)
    kind: str = "event_trigger"

    @property
    def intervening(self) -> str:
        """The condition of an intervening "if" ("when ~ enters, if you have fewer than four cards in hand"):
        the ability triggers only if it holds, and does nothing if it no longer does as it resolves (603.4)."""
        m = re.search(r", if (.+)$", self.event)
        return m.group(1) if m else ""


@dataclass(frozen=True)
class SkipDrawStep:
    """"Skip your draw step" (614.10, 614.1b): the draw step, with its draw, doesn't happen."""

    affects: str
    rules: tuple[str, ...] = ("614.1b", "614.10")
    kind: str = "skip_draw_step"


@dataclass(frozen=True)
class GraveyardAbilitiesLost:
    """"Cards in graveyards lose all abilities" (Yixlid Jailer): a dredge card in a graveyard has no dredge."""

    rules: tuple[str, ...] = ("613.1f", "702.52a")
    kind: str = "graveyard_abilities_lost"


@dataclass(frozen=True)
class Miracle:
    """Miracle: may be cast for its miracle cost when drawn as the first card this turn (702.94a)."""

    cost: str
    rules: tuple[str, ...] = ("702.94a",)
    kind: str = "miracle"


@dataclass(frozen=True)
class AdditionalCost:
    """"As an additional cost to cast this spell, <cost>" (601.2b, 601.2f): paid as the spell is cast."""

    cost: str
    rules: tuple[str, ...] = ("601.2b", "601.2h")
    kind: str = "additional_cost"


@dataclass(frozen=True)
class NotModelled:
    """Text of the card that does not touch the draw model (combat damage, mana...), kept for honesty."""

    text: str
    kind: str = "not_modelled"


Effect = (DrawReplacement | MultiDrawReplacement | DrawProhibition | LifeGainProhibition | LifeGainReplacement
          | DrawTrigger | DrawStepTrigger
          | CastTrigger | CantLose | SpellText | EventTrigger | SkipDrawStep | GraveyardAbilitiesLost | Miracle
          | AdditionalCost | NotModelled)
