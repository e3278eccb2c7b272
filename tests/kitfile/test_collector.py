"""The one pause of the cyclic garbage collector (kitfile/collector.py) that a build, a chunk of
records, a batch of simulated games and the Dask client's import take: paused inside, running
again after, and a caller's own pause kept."""
from __future__ import annotations

import gc

import pytest

from pnpkit.kitfile.collector import collector_paused


@pytest.fixture
def running():
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()   # as it was before the test, whatever the test left


def test_paused_inside_and_running_after_an_error_too(running):
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_decorated_function_is_paused_each_call(running):
    @collector_paused()
    def inside() -> bool:
        return gc.isenabled()
    assert inside() is False and inside() is False and gc.isenabled() and inside.__name__ == "inside"


def test_a_caller_s_own_pause_is_kept(running):
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
