"""Playing the stepper to its last step stops the player: the toggle is off again.

The player moves one step every ``interval`` ms while the toggle is on; at the result
(position n) it stops and the toggle goes back to "▶ Play", so a second press starts
from the first decision again.
"""

import asyncio

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import PruningStepper


def test_playing_to_the_end_turns_the_toggle_off():
    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], interval=1)
    assert app.n_steps == 5

    async def play_out():
        app.play.value = True
        assert app.play.description == "⏸ Pause"
        await asyncio.wait_for(app._player, timeout=30)

    asyncio.run(play_out())
    assert app.position == 5 and app.current is None
    assert app.play.value is False and app.play.description == "▶ Play"
    assert app.status.startswith("done: ")
    assert [b.disabled for b in app.buttons.values()] == [False, False, True, True]


def test_a_press_at_the_end_plays_again_from_the_first_decision():
    X, y = dt.load_play_tennis()
    app = PruningStepper(dt.ID3Classifier().fit(X, y), X[::2], y[::2], interval=1)
    app.goto(app.n_steps)

    async def press():
        app.play.value = True
        started = app.position
        await asyncio.wait_for(app._player, timeout=30)
        return started

    assert asyncio.run(press()) == 0
    assert app.position == app.n_steps and app.play.value is False
