"""Ctrl-C reaches Python during a long all-pairs sweep or throughput interval: a timer thread
interrupts the main thread (as SIGINT would) and KeyboardInterrupt arrives within a second."""
import _thread
import threading
import time

import pytest

import shiftfly


# 163,840 vertices of equal eccentricity: all pairs, and iFUB too, sweep for seconds on one thread.
LARGE = [64, 64, 40]


@pytest.mark.parametrize("make,run", [
    (lambda: shiftfly.torus(dims=LARGE), lambda g: shiftfly.all_pairs_stats(g, threads=1)),
    (lambda: shiftfly.torus(dims=LARGE), lambda g: shiftfly.exact_diameter(g, threads=1)),
    # the (1+eps) interval on 200 random routers: some 1,300 rounds of about 15 ms, 18 s in all
    (lambda: shiftfly.jellyfish(routers=200, degree=4, seed=1),
     lambda g: shiftfly.throughput(g, epsilon=0.01, threads=1)),
], ids=["all_pairs_stats", "exact_diameter", "throughput"])
def test_keyboard_interrupt_stops_a_long_computation(make, run):
    g = make()
    fired = []

    def interrupt():
        fired.append(time.perf_counter())
        _thread.interrupt_main()

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run(g)
    arrived = time.perf_counter()
    timer.join()
    assert fired and arrived - fired[0] < 1.0
    # the library is usable afterwards
    assert shiftfly.all_pairs_stats(shiftfly.torus(dims=[4, 4])).diameter == 4


def test_a_sweep_releases_the_gil():
    # While another thread sweeps, this one runs Python code: it could not, were the GIL held.
    g = shiftfly.torus(dims=[20, 20, 20])
    worker = threading.Thread(target=shiftfly.all_pairs_stats, args=(g,), kwargs={"threads": 1})
    loops = 0
    worker.start()
    while worker.is_alive():
        loops += 1
    worker.join()
    assert loops > 1000


def test_keyboard_interrupt_stops_the_tables_between_sections():
    # A section has no progress hook: Ctrl-C during "sharing" (about half a second) is raised
    # when that section ends, and "operations" after it does not run.
    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        shiftfly.table_details(only=["sharing", "operations"])
    timer.join()
