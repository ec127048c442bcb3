"""The garbage collector's policy (bot/gc_policy.py): no collection while a burst is answered, one at the first
quiet moment after it (what survived is then frozen), and a hold never longer than ``MAX_HELD``."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from bot import gc_policy
from bot.gc_policy import MAX_HELD, QUIET_FOR, GcPolicy


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def collector() -> Iterator[None]:
    """The test process's collector as it was: enabled, and nothing this test froze left frozen."""
    was_enabled, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.enable()
    yield
    if not frozen:
        gc.unfreeze()
    (gc.enable if was_enabled else gc.disable)()


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_no_collection_while_loaded_and_one_when_quiet(collector: None) -> None:
    loaded, clock = True, Clock()
    policy = GcPolicy(lambda: loaded, clock)
    policy.check()
    assert policy.held and not gc.isenabled()
    garbage = Cycle()
    alive = Cycle()
    del garbage
    clock.now += 30
    policy.check()
    assert not gc.isenabled() and not policy.collections  # still loaded: held
    loaded = False
    policy.check()
    clock.now += QUIET_FOR / 2
    policy.check()
    assert policy.held and not policy.collections  # not quiet long enough
    clock.now += QUIET_FOR
    policy.check()
    assert not policy.held and gc.isenabled() and policy.times_held == 1
    assert len(policy.collections) == 1
    assert alive not in gc.get_objects()  # what survived the burst is frozen: later collections skip it
    assert not any(isinstance(o, Cycle) and o is not alive for o in gc.get_objects())


def test_a_burst_after_a_quiet_spell_is_held_again(collector: None) -> None:
    loaded, clock = True, Clock()
    policy = GcPolicy(lambda: loaded, clock)
    policy.check()
    loaded = False
    policy.check()
    clock.now += QUIET_FOR
    policy.check()
    assert gc.isenabled()
    loaded = True
    clock.now += 1
    policy.check()
    assert policy.held and not gc.isenabled() and policy.times_held == 2


def test_a_hold_ends_after_max_held_even_under_load(collector: None) -> None:
    clock = Clock()
    policy = GcPolicy(lambda: True, clock)
    policy.check()
    clock.now += MAX_HELD + 1
    policy.check()
    assert not policy.held and gc.isenabled() and not policy.collections  # memory before latency
    clock.now += MAX_HELD / 2
    policy.check()
    assert gc.isenabled()  # automatic collections for another MAX_HELD
    clock.now += MAX_HELD
    policy.check()
    assert policy.held and not gc.isenabled()


async def test_the_watch_holds_and_stop_gives_collections_back(collector: None,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gc_policy, "CHECK_EVERY", 0.01)
    policy = GcPolicy(lambda: True).start()
    for _ in range(200):
        if policy.held:
            break
        await asyncio.sleep(0.01)
    assert policy.held and not gc.isenabled()
    policy.stop()
    assert gc.isenabled() and not policy.held
