"""The judge service: every command's job, front-end neutral (used by the Discord bot, the console, the CLI).

Why one service: `/rule 121.2b` in Discord and in the console must give the same answer. The service turns a
request into engine or store calls and returns typed answers (``bot.answers``) in a ``Reply``; the renderer
table (``bot.render.table``) lays them out for each front end.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from rapidfuzz import utils
from rapidfuzz.distance import OSA

from bot.answers import (
    About,
    CardShown,
    GlossaryFound,
    Help,
    Question,
    RuleDiffs,
    RuleFound,
    RuleTexts,
    SearchFound,
    TooLarge,
)
from bot.cards.lookup import PRELOAD_HINT, CardLookup, CardsOffline, UnreadableCard, with_learned_cards
from bot.cards.rulings import CardFace, LookupPending
from bot.draw.answer import draw_answer
from bot.draw.engine_pool import EngineRunner, WhatIfKey
from bot.recovery import CacheRecovery, recovering, with_notice  # noqa: F401
from bot.recovery import valid_arg as _valid_arg
from bot.render.marks import Said, valid_text, words
from bot.render.reply import Reply, error_reply
from bot.render.text import links_to_today
from bot.rules.bootstrap import no_rules_sentence, rules_missing_for_player
from bot.rules.index import Indexes
from bot.store import (
    Edition,
    NoCurrentRules,
    Store,
    StoreDamaged,
    StoreError,
    StoreInputError,
    StoreLocked,
    StoreUnavailable,
)
from bot.store.db import rule_key
from engine.cards import CardDB, default_cards
from engine.describe import draw_abilities
from engine.errors import Clarification, MissingValue, OutOfTime, ScenarioError, SituationError
from engine.model import Resolution
from engine.oracle import read_oracle
from engine.situation import Situation, language_reference

VERSION = "0.1.0"
RULE_NUMBER = re.compile(r"\d{3}(?:\.\d{1,3}[a-z]?)?\.?", re.IGNORECASE)  # 121, 121.2, 121.2b (what /rulediff takes)
GAMES = {"mtg": "Magic: The Gathering", "grand-archive": "Grand Archive"}


# Abbreviations players use for glossary terms ("/define SBA").
GLOSSARY_ABBREVIATIONS = {"SBA": "State-Based Actions", "SBAS": "State-Based Actions", "ETB": "Enters the Battlefield",
                          "LTB": "Leaves the Battlefield", "MV": "Mana Value", "CMC": "Mana Value",
                          "APNAP": "Active Player, Nonactive Player Order", "P/T": "Power", "EOT": "End Step"}


# Words a player's question is made of that say nothing about its subject (dropped from a suggested /search).
QUESTION_WORDS = frozenset("can could does do did is are was a an the i my me you your it its if what how when "
                           "happens happen would will".split())
# Words of a card-draw situation: a text with none of them that the reader can't read is off-topic for /draw.
DRAW_WORDS = re.compile(r"\b(draw\w*|drew|library|libraries|deck|hand|mill\w*|dredge\w*|cast\w*|lose|loses|win|"
                        r"wins|graveyard|discard\w*|cards?|life|turn|upkeep|cycle|cycling|tutor\w*)\b", re.I)
_FIELD_PATH = re.compile(r"[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)+|[a-z]+_[a-z_]+")
_JSON_OR_COMMAND = re.compile(r'"\w+"\s*:|[{}]|`')


def off_topic(situation: str, exc: SituationError) -> bool:
    """A text the reader couldn't read that says nothing of drawing: a rules question for /search or /rule."""
    return exc.out_of_scope or (not exc.unknown_card and exc.message.startswith("I didn't understand")
                                and not DRAW_WORDS.search(situation))


def situation_error_reply(exc: ScenarioError) -> Reply:
    """What could not be read, in a player's words: never a field name ("action.x"), JSON or a command the
    player can't run (those go to the operator: the log and the terminal)."""
    where = "" if _FIELD_PATH.fullmatch(exc.where.strip()) else exc.where
    hint = "" if _JSON_OR_COMMAND.search(exc.hint) else exc.hint
    message = _FIELD_PATH.sub("a value", exc.message) if _FIELD_PATH.match(exc.message) else exc.message
    return error_reply(words(Said(message, 600)), words(Said(hint, 400)) if hint else
                       "see /help for the phrases the bot understands", str(getattr(exc, "operator", "")),
                       words(Said(where, 300)) if where else "")


MISSING_VALUE_OPTIONS = (1, 2, 3, 5, 10)


def missing_value_reply(exc: MissingValue, given: Situation) -> Reply:
    """A value the card needs and nobody said (X) is a question with answers to click: each answer is the
    situation with the value said after the card's name ("I cast Prosperity for 3"), its options kept."""
    card, situation = exc.card or "", given.text
    at = re.search(re.escape(card), situation, re.I) if card else None
    question = f"What is {exc.what} for {card}?" if card else f"What is {exc.what}?"
    if at is None:
        return error_reply(words(Said(question, 200)), words("say it in the situation, e.g. “I cast ", Said(card, 100),
                                                             " for 3”") if card else
                           "say it in the situation, e.g. “for 3” after the card's name")
    options = tuple((f"{exc.what} = {n}", given.with_text(f"{situation[:at.end()]} for {n}{situation[at.end():]}"))
                    for n in MISSING_VALUE_OPTIONS)
    return Reply(Question(question, card, options, words("Pick an answer, or ask again saying it (“", Said(card, 100),
                                                         " for 4”).")), ephemeral=True)


def clarification_reply(exc: Clarification, given: Situation) -> Reply:
    """A question with its options: numbered in text, buttons in Discord; each answer is the situation in
    other words, with the same options."""
    options = tuple((o.label, given.with_text(o.text)) for o in exc.options)
    return Reply(Question(exc.question, exc.where, options), ephemeral=True)


def too_large_reply(exc: OutOfTime) -> Reply:
    """A question past its time budget: what is certain so far, and that the rest was not resolved."""
    steps = tuple((s.text, tuple(s.rules)) for s in exc.steps[:12])
    return Reply(TooLarge(exc.budget, tuple(exc.understood), tuple(exc.assumed), steps, exc.step_count),
                 ephemeral=True)


def card_not_here(exc: CardsOffline | LookupPending) -> Reply:
    """A card the cache lacks: Scryfall down (at once, with how to preload), or slow (being fetched)."""
    if isinstance(exc, CardsOffline):
        return error_reply(words("“", Said(exc.name, 150), "” is not in the card cache, and Scryfall can't be "
                                 "reached right now to read its text."),
                           "ask again later, or describe its effect with cards the bot knows", PRELOAD_HINT)
    return error_reply(words("“", Said(exc.name, 150), "” is not in the card cache yet and Scryfall is slow to "
                             "answer; its text is being fetched now."), "ask again in a few seconds",
                       "preload cards with `drawjudge cards load`")


def edition_error(exc: StoreError) -> Reply:
    """An edition that can't be used: on a first run without network, where the current rules come from and
    how to load them, and what works meanwhile; else the store's own words. Damage, a lock or a closed cache
    is raised on, for ``recovering`` to answer through (the edition look-up is often the first to meet it)."""
    if isinstance(exc, StoreDamaged | StoreLocked | StoreUnavailable | StoreInputError):
        raise exc
    if isinstance(exc, NoCurrentRules):
        return error_reply(rules_missing_for_player(), "/rule 423.2 edition:2008 answers from the rules shipped "
                                                       "with drawjudge", no_rules_sentence())
    return error_reply(_for_player(str(exc)), "/about lists the editions in the cache")


_OPERATOR_COMMAND = re.compile(r";?\s*\(?(?:or |run )*`[^`]*drawjudge[^`]*`\)?")


def _for_player(text: str) -> str:
    """The store's words without the commands only an operator can run."""
    return _OPERATOR_COMMAND.sub("", text).strip()


@dataclass
class Judge:
    store: Store
    cards: CardDB = field(default_factory=default_cards)
    # Finds the Oracle text of a card the card data lacks (the rulings cache, then Scryfall).
    card_lookup: CardLookup | None = None

    # Where the engine runs: a thread by default; the bot passes its worker processes.
    engine: EngineRunner = field(default=None)  # type: ignore[assignment]
    # One recovery at a time for everything that shares this store.
    recovery: CacheRecovery = field(default=None)  # type: ignore[assignment]
    # A card's mana cost and image link, from the card record fetched for the look-ups (None: not shown).
    card_face: Callable[[str], Awaitable[CardFace | None]] | None = None

    def __post_init__(self) -> None:
        if self.recovery is None:
            self.recovery = CacheRecovery(self.store)
        self.indexes = Indexes(self.store)
        if self.engine is None:
            self.engine = EngineRunner(self.cards)

    async def warm(self) -> None:
        """Read the current edition into memory before the first question (the bot calls this at start)."""
        try:
            await self.indexes.get(await self._edition(None))
        except StoreError:
            pass  # no current edition yet: the first look-up builds it

    # ------------------------------------------------------------- editions

    async def _edition(self, edition: str | None, game: str = "mtg") -> Edition:
        ed = await self.store.edition(edition, game)
        if edition is not None and ed.kind == "cr":
            latest = await self.store.edition(None, game)
            if latest.id != ed.id:
                return dataclasses.replace(ed, current=False)
        return ed

    # ---------------------------------------------------------------- rules

    @recovering
    async def rule(self, number: str, edition: str | None = None, game: str = "mtg") -> Reply:
        try:
            ed = await self._edition(edition, game)
        except StoreError as exc:
            return edition_error(exc)
        number = number.strip()
        if not number or len(number) > 60:
            return error_reply("Give a rule number such as 121.2b.", "/rule number:121.2b")
        index = await self.indexes.get(ed)
        result = index.rule(number)
        if not result.found and game == "mtg" and not any(ch.isdigit() for ch in number):
            # "/rule dredge": a term, not a number: the rule its glossary entry points to ("See rule 702.52")
            term = index.define(GLOSSARY_ABBREVIATIONS.get(number.upper(), number)[:100])
            seen = re.search(r"See rule (\d{3}(?:\.\d+[a-z]?)?)", " ".join(term.entry.senses)) if term.entry else None
            if term.entry is not None and term.exact and seen:
                result = index.rule(seen.group(1))
        if not result.found:
            hint = ("nearest: " + ", ".join(result.suggestions)) if result.suggestions else \
                "/search finds rules by words"
            return error_reply(words("No rule “", Said(number, 60), f"” in {ed.label}."), hint)
        return Reply(RuleFound(ed, result), edition=ed.name, game=game)

    @recovering
    async def search(self, query: str, edition: str | None = None, game: str = "mtg") -> Reply:
        try:
            ed = await self._edition(edition, game)
        except StoreError as exc:
            return edition_error(exc)
        if not query.strip():
            return error_reply("Give some words to search for.", "/search query:draw from empty library")
        result = (await self.indexes.get(ed)).search(query[:200], limit=15)
        if not result.hits:
            return error_reply(words(f"Nothing in {ed.label} matches “", Said(query, 100), "”."),
                               "fewer or other words")
        return Reply(SearchFound(query, ed, tuple(result.hits), result.note), edition=ed.name, game=game)

    @recovering
    async def define(self, term: str, edition: str | None = None) -> Reply:
        try:
            ed = await self._edition(edition)
        except StoreError as exc:
            return edition_error(exc)
        term = GLOSSARY_ABBREVIATIONS.get(term.strip().upper(), term)
        index = await self.indexes.get(ed)
        result = index.define(term[:100])
        close = [x for x in result.suggestions if OSA.distance(term.lower(), x.lower()) <= 2] if (
            result.entry is None and len(term) >= 4) else []
        if close:  # "drwa": a typo of one term is that term, said as the closest one
            result = dataclasses.replace(index.define(close[0]), exact=False)
        if result.entry is None:
            hint = ("did you mean: " + ", ".join(result.suggestions)) if result.suggestions else "/search"
            return error_reply(words("No glossary entry for “", Said(term, 100), "”."), hint)
        entry = result.entry
        return Reply(GlossaryFound(term, entry.heading, tuple(entry.senses), result.exact, ed.label), edition=ed.name)

    @recovering
    async def rulediff(self, number: str, old: str | None = None, new: str | None = None) -> Reply:
        number = number.strip()
        if not RULE_NUMBER.fullmatch(number):  # "%" or "1" diffed the whole rules document
            return error_reply(words("“", Said(number, 60), "” is not a rule number."),
                               "/rulediff number:121.2 (a section such as 121, a rule such as 121.2 or 121.2b)")
        try:
            new_ed = await self._edition(new)
            if old:
                old_ed = await self._edition(old)
            else:
                crs = [e for e in await self.store.editions("mtg") if e.kind == "cr" and e.id != new_ed.id]
                if not crs:
                    return error_reply("Only one edition of the Comprehensive Rules is loaded on this bot, so there "
                                       "is nothing to compare it with.",
                                       words("/rule ", Said(number, 60), " shows today's text"),
                                       "load another with `drawjudge rules update --file PATH`")
                old_ed = crs[-1]
        except StoreError as exc:
            return edition_error(exc)
        diffs = await self.store.rule_diff_tree(number, old_ed, new_ed)
        return Reply(RuleDiffs(number, old_ed, new_ed, tuple(diffs)))

    @recovering
    async def rule_texts(self, numbers: list[str], edition: str | None = None, game: str = "mtg") -> Reply:
        """The full texts of cited rules (the /draw answer's button)."""
        try:
            ed = await self._edition(edition, game)
        except StoreError as exc:
            return edition_error(exc)
        found = (await self.indexes.get(ed)).rules_by_numbers(numbers)
        texts = tuple((n, rule.text if (rule := found.get(n.lower())) else None) for n in numbers)
        return Reply(RuleTexts(ed, texts), ephemeral=True, edition=ed.name, game=game)

    # ----------------------------------------------------------------- draw

    @recovering
    async def draw(self, situation: str | Situation, game: str | None = None, edition: str | None = None, *,
                   what_if: WhatIfKey = None) -> Reply:
        """A /draw answer; ``what_if`` (choices, an assumption key) answers one of its "What if" lines. The game
        and the edition go to the reader as data beside the player's words, never written into them."""
        given = Situation.of(situation)
        if game is not None or edition is not None:
            given = Situation(given.text, game or given.game, edition or given.edition)
        situation = given.text
        try:
            resolution = await with_learned_cards(lambda extra: self.engine.judge(given, extra, what_if), self.cards,
                                                 self.card_lookup)
        except OutOfTime as exc:
            return too_large_reply(exc)
        except (CardsOffline, LookupPending) as exc:
            return card_not_here(exc)
        except UnreadableCard as exc:
            return error_reply(words(Said(exc.name, 150), "'s text is not yet understood by the engine:"),
                               "describe its effect with cards the bot knows, or ask a judge",
                               quoted=words(Said(exc.text, 800)))
        except Clarification as exc:
            return clarification_reply(exc, given)
        except MissingValue as exc:
            return missing_value_reply(exc, given)
        except SituationError as exc:
            if off_topic(situation, exc):
                return await self.off_topic_reply(situation, exc.scope_rule)
            return situation_error_reply(exc)
        except ScenarioError as exc:
            return situation_error_reply(exc)
        try:
            ed = await self._edition(None if resolution.edition == "current" else resolution.edition,
                                     resolution.game)
            resolution.edition = ed.name
        except StoreError:
            ed = None
        return self.render_resolution(resolution, ed, given)

    async def off_topic_reply(self, situation: str, rule: str | None = None) -> Reply:
        """A rules question about something other than drawing: where it is answered, with the words filled in
        (/search with them, /rule with the rule of its topic, else the number the rules index finds first)."""
        words = " ".join(w for w in re.findall(r"[\w'-]+", situation) if w.lower() not in QUESTION_WORDS)[:100]
        hint: list[str | Said] = ["/search query:", Said(words, 100)]
        if rule is None:
            try:
                hits = list((await self.indexes.get(await self._edition(None))).search(words, limit=1).hits)
            except StoreError:
                hits = []
            rule = hits[0].key if hits and hits[0].kind == "rule" else None
        if rule:
            hint.append(f" — or /rule number:{rule}")
        return error_reply("That looks like a rules question about something other than drawing cards: /draw "
                           "resolves card-draw situations.", tuple(hint))

    def render_resolution(self, res: Resolution, ed: Edition | None, situation: Situation | str = "") -> Reply:
        answer = draw_answer(res, situation, edition_label=ed.label if ed else f"rules edition {res.edition}",
                             links=ed is not None and links_to_today(ed))
        # the Rule texts button shows the deciding rules first
        numbers = list(dict.fromkeys([*answer.ruling_rules, *res.rules]))
        return Reply(answer, rule_numbers=numbers, edition=ed.name if ed else None, game=res.game)

    # ----------------------------------------------------------------- cards

    async def card(self, name: str) -> Reply:
        """A card as the engine sees it: its Oracle text and type line, a Scryfall link, and the draw abilities
        the engine read from it (or the text it could not read), so a player can check the reading."""
        name = valid_text(name).strip()[:150]
        if not name:
            return error_reply("Give a card name.", "/card name:Notion Thief")
        card, unread = self.cards.fuzzy(name), []  # exact first, then a close spelling
        if card is None and self.card_lookup is not None:
            try:
                found = await self.card_lookup(name)
            except (CardsOffline, LookupPending) as exc:
                return card_not_here(exc)
            if found is not None:
                real, oracle, type_line = found[:3]
                reading = await asyncio.to_thread(read_oracle, real, oracle, type_line)  # off the event loop
                card, unread = reading.card(oracle, type_line, found[3] if len(found) > 3 else ""), \
                    reading.not_understood
        if card is None:
            near = self.cards.suggest(name)
            return error_reply(words("No card named “", Said(name, 150), "”."),
                               ("did you mean: " + ", ".join(near)) if near else "check the spelling")
        face = await self.card_face(card.name) if self.card_face is not None else None
        closest = utils.default_process(card.name) != utils.default_process(name)
        abilities = tuple((text, tuple(rules)) for text, rules in draw_abilities(card))
        return Reply(CardShown(card, abilities, tuple(unread), name, closest, face.mana_cost if face else "",
                               face.image if face else None), game="mtg")

    # ----------------------------------------------------------------- meta

    @recovering
    async def about(self) -> Reply:
        editions = await self.store.editions()
        return Reply(About(VERSION, tuple((e, e.source) for e in editions), len(self.cards),
                           self.store.degraded or ""), ephemeral=True)

    def help(self) -> Reply:
        return Reply(Help(tuple(language_reference())), ephemeral=True)

    # --------------------------------------------------------- autocomplete

    async def rule_choices(self, prefix: str, edition: str | None = None, game: str = "mtg") -> list[str]:
        """Autocomplete from memory: every keystroke is answered from the edition's index, not the store
        (autocompletes are the most frequent interaction of all)."""
        return [n for n, _label in await self.rule_choice_labels(prefix, edition, game)]

    async def rule_choice_labels(self, prefix: str, edition: str | None = None,
                                 game: str = "mtg") -> list[tuple[str, str]]:
        """Autocomplete choices with the start of each rule's text: (number, "121.2b — Players usually ...")."""
        try:
            index = await self.indexes.get(await self._edition(_valid_arg(edition), game))
        except StoreError:  # autocomplete stays quiet; the command itself explains
            return []
        out = []
        for rule in index.rules_starting(rule_key(valid_text(prefix).strip()[:20]), 25):
            text = " ".join(rule.text.split())
            label = f"{rule.number} — {text}" if text else rule.number
            out.append((rule.number, label if len(label) <= 100 else label[:99] + "…"))
        return out

    async def term_choices(self, prefix: str, edition: str | None = None) -> list[str]:
        """Autocomplete of glossary terms, from the edition's index."""
        try:
            headings = (await self.indexes.get(await self._edition(_valid_arg(edition)))).headings
        except StoreError:
            return []
        prefix = valid_text(prefix)
        p = prefix.strip().lower()
        starts = [h for h in headings if h.lower().startswith(p)]
        contains = [h for h in headings if p in h.lower() and h not in starts]
        return (starts + contains)[:25]

    def card_choices(self, prefix: str) -> list[str]:
        p = prefix.strip().lower()
        names = self.cards.names()
        if not p:
            return sorted(names)[:25]
        starts = [n for n in names if n.lower().startswith(p)]
        rest = [n for n in self.cards.suggest(prefix, limit=25) if n not in starts]
        return (starts + rest)[:25]
