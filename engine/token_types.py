"""The token names the engine creates and the types they have ("Sacrifice an artifact", "creatures you control").

Why its own module: paying a cost (engine/resolve/paying.py) and counting permanents of a kind
(engine/resolve/amounts.py) both read it, and each of those uses the other; the data sits below both.
"""

from __future__ import annotations

TOKEN_TYPES = {"clue": "artifact clue", "food": "artifact food", "treasure": "artifact treasure",
               "blood": "artifact blood", "map": "artifact map", "powerstone": "artifact powerstone",
               "gold": "artifact gold", "thopter": "artifact creature thopter", "faerie": "creature faerie",
               "spirit": "creature spirit", "zombie": "creature zombie", "saproling": "creature saproling",
               "army": "creature army"}

__all__ = ["TOKEN_TYPES"]
