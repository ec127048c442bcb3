"""The resolver package: walks a draw situation one event at a time, as a judge does, citing each rule it uses.

Stages, one module each: ``actions`` (what the scenario starts with), ``drawing`` (an instruction, then each
single draw: prohibitions, replacements, the draw, triggers), ``ops`` (what effects do), ``priority`` (state-based
actions and the stack), ``choices``, ``compression``, ``result`` and ``branches`` (alternatives, differences).

The loop: an instruction to draw N is first offered to replacements of the whole instruction (121.2a), then
performed as N single draws (121.2). Each single draw is checked against prohibitions first (614.17, 101.2),
then the applicable replacements are applied one at a time in the affected player's order, each once
(616.1, 614.5); draws a replacement creates are new draws (121.7) that the remaining replacements may still
modify. Triggered abilities are collected and put on the stack the next time a player would receive priority
(603.3b); state-based actions (704.5a, 704.5b) are checked before that.

Why compression works: a long run of identical draws is detected by its "regime" (the few facts that decide
how a draw goes: is the library empty, is the hand empty, is this the first card of the turn...). Once two
consecutive draws in the same regime change the state by the same amounts, the rest of the run is that change
times k, where k is how long the regime lasts. The one-at-a-time path is the same code with compression off,
and tests check both agree.
"""

from engine.errors import ScenarioError
from engine.resolve.branches import differences_from_today, resolve
from engine.resolve.core import second_person
from engine.resolve.events import ChoicePoint
from engine.resolve.resolver import Resolver

__all__ = ["ChoicePoint", "Resolver", "ScenarioError", "differences_from_today", "resolve", "second_person"]
