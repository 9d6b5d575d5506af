"""test_hako.py — the Python module hako: levels and collections, solve
(every mode, limits, the GIL released), Game, deadlock(), dead_squares()
and the exceptions with line and column. Run by test/e2e_python.sh."""
import os
import threading
import time

import pytest

import hako

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "data", "levels", "boxoban_sample.txt")
ONE = "#####\n#@$.#\n#####\n"
STUCK = "; stuck\n#####\n#$ .#\n#@  #\n#####\n"
# The README's example: the right box pushed into the corner is dead.
ROOM = "#######\n#@ .  #\n# $ $ #\n#   . #\n#######\n"


def replay(level, lurd):
    game = hako.Game(level)
    for step in lurd:
        game.step(step)
    return game


def test_read_collection():
    levels = hako.read_collection(SAMPLE)
    assert len(levels) == 20
    assert levels[0].title == "0"
    assert (levels[0].width, levels[0].height, levels[0].boxes) == (10, 10, 4)
    assert levels[0].valid
    assert str(levels[0]).startswith("##########\n")


def test_read_collection_errors(tmp_path):
    with pytest.raises(OSError):
        hako.read_collection(str(tmp_path / "missing.xsb"))
    bad = tmp_path / "bad.xsb"
    bad.write_text("; one\n#####\n#@X.#\n#####\n")
    with pytest.raises(hako.ParseError) as caught:
        hako.read_collection(str(bad))
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert str(caught.value).startswith(str(bad) + ":3:3: ")
    assert isinstance(caught.value, ValueError)


def test_level_from_text():
    level = hako.Level("; tiny\n" + ONE)
    assert level.title == "tiny"
    with pytest.raises(hako.ParseError) as caught:
        hako.Level("#####\n#@X.#\n#####\n")
    assert (caught.value.line, caught.value.column) == (2, 3)
    with pytest.raises(TypeError):
        hako.solve(42)


@pytest.mark.parametrize("optimal", [None, "pushes", "moves"])
def test_solve_replays(optimal):
    level = hako.read_collection(SAMPLE)[2]
    result = hako.solve(level, optimal=optimal, time=30)
    assert result.status == "solved"
    assert result.optimal == optimal
    assert result.nodes > 0
    # The fast mode names the search that solved it; the optimal modes do not.
    if optimal is None:
        assert result.engine in (
            "fess", "bidir", "order", "bidir-newest", "bidir-hf", "fess-plain")
        assert result.lower_bound is None
    else:
        assert result.engine is None
        # Solved: the proven bound is the optimum itself.
        assert result.lower_bound == (result.pushes if optimal == "pushes" else result.moves)
    game = replay(level, result.solution)
    assert game.solved
    assert (game.moves, game.pushes) == (result.moves, result.pushes)


def test_solve_optimal_is_no_longer():
    level = hako.read_collection(SAMPLE)[0]
    fast = hako.solve(level)
    pushes = hako.solve(level, optimal="pushes")
    moves = hako.solve(str(level), optimal="moves")
    assert pushes.pushes <= fast.pushes
    assert moves.moves <= fast.moves and moves.moves <= pushes.moves


def test_solve_outcomes():
    assert hako.solve(STUCK).status == "unsolvable"
    assert hako.solve(STUCK).solution is None
    assert hako.solve(ONE, threads=2).status == "solved"
    hard = hako.read_collection(SAMPLE)[1]
    assert hako.solve(hard, optimal="moves", nodes=1).status in ("node-limit", "solved")
    # Stopped early, the optimal modes still prove a lower bound: never
    # above the optimum.
    for optimal in ("pushes", "moves"):
        full = hako.solve(hard, optimal=optimal)
        cut = hako.solve(hard, optimal=optimal, nodes=20)
        best = full.pushes if optimal == "pushes" else full.moves
        assert full.lower_bound == best
        assert 0 < cut.lower_bound <= best
    assert hako.solve(STUCK, optimal="pushes").lower_bound is None
    with pytest.raises(ValueError):
        hako.solve(ONE, optimal="fastest")
    with pytest.raises(ValueError):
        hako.solve(ONE, memory=0)


def test_invalid_level_raises_with_line():
    text = "; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@$$.#\n######\n"
    with pytest.raises(hako.LevelError) as caught:
        hako.solve(text.split("\n\n")[1])
    assert caught.value.line == 3  # the first box in excess (issue 10)
    assert "boxes" in caught.value.message


def test_gil_released_while_solving():
    levels = hako.read_collection(SAMPLE)
    done = threading.Event()

    def work():
        for level in levels:
            hako.solve(level, optimal="moves", time=30)
        done.set()

    thread = threading.Thread(target=work)
    ticks = 0
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    assert ticks >= 5  # this thread ran while the other was solving


def test_game_steps_undo_redo():
    game = hako.Game(ONE)
    assert game.player == (1, 1)
    with pytest.raises(hako.Error):
        game.step("l")  # a wall
    assert game.step("r") is True
    assert game.solved and (game.moves, game.pushes) == (1, 1)
    assert game.lurd() == "R"
    assert game.undo() is True and not game.solved
    assert game.undo() is False
    assert game.redo() is True and game.solved
    game.restart()
    assert game.moves == 0
    with pytest.raises(ValueError):
        game.step("x")


def test_game_deadlock():
    game = hako.Game(ROOM)
    assert game.deadlock() == ("none", [])
    for step in "rrdR":  # the right box into the corner of the wall
        game.step(step)
    kind, boxes = game.deadlock()
    assert kind != "none"
    assert (5, 2) in boxes
    assert "$" in str(game)
    position = game.position()
    assert hako.solve(position).status == "unsolvable"


def test_dead_squares():
    dead = hako.dead_squares(ROOM)
    assert (1, 1) in dead and (5, 2) in dead
    assert (3, 1) not in dead  # a goal
    with pytest.raises(hako.LevelError):
        hako.dead_squares(STUCK.replace("$", "$$"))
