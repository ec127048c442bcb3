"""The suggestions Discord shows while an option is typed: rule numbers, editions, glossary terms, cards.

Why apart from the client: each kind of option (``Complete``) has one builder in a table, and every builder
answers an empty list when its look-up fails; a suggestion list can carry no error, and Discord rejects
anything but choices (at most 25, each at most 100 characters, cut here by construction).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.commands import Complete, Services, nickname_choices

log = logging.getLogger("drawjudge")

Autocomplete = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


def _choices(values: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label[:100], value=value[:100]) for value, label in values[:25]]


def _rule_numbers(services: Services) -> Autocomplete:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Each choice shows the start of its rule's text ("121.2b — Players usually draw ..."); the value is
        the number."""
        edition = getattr(interaction.namespace, "edition", None)
        game = getattr(interaction.namespace, "game", None) or "mtg"
        return _choices(await services.judge.rule_choice_labels(current, edition, game))
    return complete


def _editions(services: Services) -> Autocomplete:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or "mtg"
        editions = await services.judge.store.editions(game)
        return _choices([(e.name, e.name) for e in editions if current.lower() in e.name.lower()])
    return complete


def _terms(services: Services) -> Autocomplete:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _choices([(t, t) for t in await services.judge.term_choices(current)])
    return complete


def _cards(services: Services) -> Autocomplete:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        current = current.strip().lstrip("[!").rstrip("]")  # "[[lab m" while typing the chat habit
        names = await services.card_names(current) if services.card_names else services.judge.card_choices(current)
        names = list(dict.fromkeys(nickname_choices(current) + names))  # "lab man" → Laboratory Maniac first
        return _choices([(n, n) for n in names])
    return complete


def _quiet(make: Callable[[Services], Autocomplete]) -> Callable[[Services], Autocomplete]:
    """An autocomplete that answers an empty list when its look-up fails (a damaged or closed cache, Scryfall
    down): a suggestion list can't carry an error, and Discord rejects anything else."""
    def build(services: Services) -> Autocomplete:
        inner = make(services)

        async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            try:
                return await inner(interaction, current)
            except Exception as exc:  # noqa: BLE001 - any failure is "no suggestions", logged
                log.warning("autocomplete of /%s failed: %s", interaction.command.name if interaction.command
                            else "?", exc)
                return []
        return complete
    return build


AUTOCOMPLETES: dict[Complete, Callable[[Services], Autocomplete]] = {
    kind: _quiet(make) for kind, make in {
        Complete.RULE_NUMBER: _rule_numbers, Complete.EDITION: _editions, Complete.TERM: _terms,
        Complete.CARD: _cards}.items()
}
