"""The resolver: one class assembled from the stages, each in its own module."""

from __future__ import annotations

from engine.resolve.actions import ActionsMixin
from engine.resolve.choices import ChoicesMixin
from engine.resolve.compression import CompressionMixin
from engine.resolve.drawing import DrawingMixin
from engine.resolve.ops import OpsMixin
from engine.resolve.priority import PriorityMixin
from engine.resolve.replacement import ReplacementMixin
from engine.resolve.result import ResultMixin
from engine.resolve.zone_changes import ZoneChangeMixin


class Resolver(ActionsMixin, ZoneChangeMixin, ChoicesMixin, DrawingMixin, ReplacementMixin, CompressionMixin,
               PriorityMixin, OpsMixin, ResultMixin):
    """Resolves one scenario. ``compress=False`` gives the straightforward one-card-at-a-time path."""
