"""The Oracle-text reader: builds the engine's effect model from a card's text alone.

Stages: ``abilities`` (split a card into its abilities, by the rules' own kinds) → ``reader`` (each ability
read by its kind through a table) → ``clauses`` (an effect's sentences and clauses: subject, "may", verb
phrase) with ``templates`` (the exact forms of the hand-made card data). ``bench/oracle_reader.py`` measures
it over a card file in Scryfall's shape.
"""

from engine.oracle.reader import Reading, read_oracle, reproduces
from engine.oracle.templates import modelled, read_line

__all__ = ["Reading", "modelled", "read_line", "read_oracle", "reproduces"]
