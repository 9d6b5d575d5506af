#!/usr/bin/env python3
"""bench/bound_gap.py — how far the move-optimal search's lower bound is
from the truth along an optimal solution, and what two other walk bounds
would give there.

    python3 bench/bound_gap.py [--hako PATH] [--no-lp] FILE LEVEL SOLUTION

FILE is an .xsb collection, LEVEL its 1-based level, SOLUTION a LURD
solution of it (a move-optimal one: then every position on it needs
exactly the moves the solution has left). Before each push and at the
end it prints, for the position reached:

  left     moves, pushes and walks (moves that push nothing) still to go
  hako     the move-optimal search's bound at that position: the root's f
           of `hako solve -O moves --nodes 1` (pushes' bound + walks')
  push     the push-optimal search's root bound (`-O pushes`), the pushes'
           part alone
  lp       the best walk bound of the potential kind bound_walk.c uses,
           over every potential on the real floor, not only sums of a
           column and a row function: the optimum of the linear program
             max  f(t) - f(player) + sum over boxes f - sum over goals f
             s.t. |f(p) - f(q)| <= 1 for neighbouring floor squares,
                  2 f(s) <= f(s-d) + f(s+d) for every push s-d, s, s+d,
                  t any square the last push can leave the player on
           (needs python3-scipy; "-" without it or with --no-lp)
  tour     a bound of another kind on all the moves: the boxes off goals
           each need a first push, from a side where the box can go on;
           ordered by those first pushes, the player walks from where the
           last one left it (the box's square) to the next one's side,
           at least the walls-only distance; the assignment relaxation of
           that shortest path plus one move a box

It is an analysis tool (BENCH.md, "Move-optimal: what holds the last
four levels back"), not part of the solver; the checks on the levels and
the solution are only what it needs to run.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import deque

DIRS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
STEPS = list(DIRS.values())
INF = 10**6


def read_levels(path):
    """The boards of an .xsb collection, in order (lines of # @ + $ * . and
    floor; anything else ends a board)."""
    levels, current = [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.strip() and "#" in line and set(line) <= set(" #@+$*.-_pPbB"):
                current.append(line)
            elif current:
                levels.append(current)
                current = []
    if current:
        levels.append(current)
    return levels


class Level:
    def __init__(self, rows):
        self.walls, self.goals, boxes, player = set(), set(), set(), None
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch == "#":
                    self.walls.add((r, c))
                if ch in ".+*":
                    self.goals.add((r, c))
                if ch in "$*bB":
                    boxes.add((r, c))
                if ch in "@+pP":
                    player = (r, c)
                if ch == "B" or ch == "P":
                    self.goals.add((r, c))
        if player is None:
            sys.exit("bound_gap: the level has no player")
        self.start_boxes, self.start_player = frozenset(boxes), player
        self.height, self.width = len(rows), max(len(x) for x in rows)
        self.floor = self.flood(player, set())
        self.live = self.live_squares()
        self.dist = {s: self.bfs(s) for s in self.floor}
        # Where the last push can leave the player: a box came from t onto
        # a goal, the player from t - d to t.
        self.finals = set()
        for g in self.goals:
            for dr, dc in STEPS:
                t, behind = (g[0] - dr, g[1] - dc), (g[0] - 2 * dr, g[1] - 2 * dc)
                if t in self.floor and behind in self.floor and t in self.live:
                    self.finals.add(t)

    def inside(self, s):
        return 0 <= s[0] < self.height and 0 <= s[1] < self.width

    def flood(self, start, blocked):
        seen, todo = {start}, [start]
        while todo:
            x = todo.pop()
            for dr, dc in STEPS:
                y = (x[0] + dr, x[1] + dc)
                if self.inside(y) and y not in self.walls and y not in blocked and y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen

    def live_squares(self):
        """Squares from which a box alone can reach a goal (pulled back from
        the goals)."""
        live, todo = set(self.goals), deque(self.goals)
        while todo:
            r, c = todo.popleft()
            for dr, dc in STEPS:
                box, player = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if box in self.floor and player in self.floor and box not in live:
                    live.add(box)
                    todo.append(box)
        return live

    def bfs(self, start):
        dist, todo = {start: 0}, deque([start])
        while todo:
            x = todo.popleft()
            for dr, dc in STEPS:
                y = (x[0] + dr, x[1] + dc)
                if y in self.floor and y not in dist:
                    dist[y] = dist[x] + 1
                    todo.append(y)
        return dist

    def xsb(self, boxes, player):
        out = []
        for r in range(self.height):
            row = ""
            for c in range(self.width):
                s = (r, c)
                goal = s in self.goals
                if s in self.walls:
                    row += "#"
                elif s == player:
                    row += "+" if goal else "@"
                elif s in boxes:
                    row += "*" if goal else "$"
                else:
                    row += "." if goal else " "
            out.append(row.rstrip())
        return "\n".join(out) + "\n"


def hungarian(cost):
    """Least total of a perfect assignment on a square matrix."""
    n = len(cost)
    u, v, p, way = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        p[0], j0 = i, 0
        minv, used = [float("inf")] * (n + 1), [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = p[j0], float("inf"), 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    return -v[0]


def tour_bound(level, boxes, player):
    todo = sorted(b for b in boxes if b not in level.goals)
    if not todo:
        return 0
    sides = {}
    for b in todo:
        sides[b] = [
            (b[0] - dr, b[1] - dc)
            for dr, dc in STEPS
            if (b[0] - dr, b[1] - dc) in level.floor and (b[0] + dr, b[1] + dc) in level.live
        ]
        if not sides[b]:
            return INF  # a box that cannot be pushed at all: dead

    def leg(x, b):
        return min(level.dist[x].get(e, INF) for e in sides[b])

    # Rows: where a leg starts (the player now, or a box's square after
    # its first push); columns: the box pushed next, or the end.
    starts, k = [player] + todo, len(todo)
    cost = [[0] * (k + 1) for _ in range(k + 1)]
    for i, x in enumerate(starts):
        for j in range(k + 1):
            if j == k:
                cost[i][j] = INF if i == 0 else 0
            elif i > 0 and starts[i] == todo[j]:
                cost[i][j] = INF
            else:
                cost[i][j] = leg(x, todo[j])
    return k + hungarian(cost)


class PotentialLP:
    def __init__(self, level):
        import numpy  # noqa: F401 (scipy needs it)
        from scipy.optimize import linprog
        from scipy.sparse import lil_matrix

        self.linprog, self.level = linprog, level
        squares = sorted(level.floor)
        self.index = {s: i for i, s in enumerate(squares)}
        rows, bounds = [], []
        for s in squares:
            for dr, dc in [(0, 1), (1, 0)]:
                after, before = (s[0] + dr, s[1] + dc), (s[0] - dr, s[1] - dc)
                if after in level.floor:
                    rows.append({self.index[after]: 1, self.index[s]: -1})
                    bounds.append(1)
                    rows.append({self.index[s]: 1, self.index[after]: -1})
                    bounds.append(1)
                if (before in level.floor and after in level.floor and s in level.live and
                        (after in level.live or before in level.live)):
                    rows.append({self.index[s]: 2, self.index[before]: -1, self.index[after]: -1})
                    bounds.append(0)
        n = len(squares)
        for t in level.finals:
            rows.append({n: 1, self.index[t]: -1})
            bounds.append(0)
        self.matrix = lil_matrix((len(rows), n + 1))
        for i, row in enumerate(rows):
            for j, value in row.items():
                self.matrix[i, j] = value
        self.matrix = self.matrix.tocsr()
        self.bounds, self.n = bounds, n

    def value(self, boxes, player):
        import numpy

        if all(b in self.level.goals for b in boxes):
            return 0.0
        n = self.n
        objective = numpy.zeros(n + 1)
        objective[n] = -1
        objective[self.index[player]] += 1
        for b in boxes:
            objective[self.index[b]] -= 1
        for g in self.level.goals:
            objective[self.index[g]] += 1
        limits = [(None, None)] * (n + 1)
        limits[self.index[player]] = (0, 0)
        result = self.linprog(objective, A_ub=self.matrix, b_ub=self.bounds, bounds=limits,
                              method="highs")
        return -result.fun


def hako_bound(hako, level, boxes, player, mode):
    with tempfile.NamedTemporaryFile("w", suffix=".xsb", delete=False) as f:
        f.write(level.xsb(boxes, player))
        name = f.name
    try:
        out = subprocess.run([hako, "solve", "-O", mode, "-q", "--json", "--nodes", "1", "-j", "1",
                              name], capture_output=True, text=True, check=False).stdout
        return json.loads(out.splitlines()[0]).get("lower_bound", "-")
    finally:
        os.unlink(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hako", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                    "release", "hako"))
    ap.add_argument("--no-lp", action="store_true", help="skip the linear program")
    ap.add_argument("file")
    ap.add_argument("level", type=int)
    ap.add_argument("solution")
    a = ap.parse_args()
    levels = read_levels(a.file)
    if not 1 <= a.level <= len(levels):
        sys.exit(f"bound_gap: {a.file} has {len(levels)} levels, not {a.level}")
    level = Level(levels[a.level - 1])
    lp = None
    if not a.no_lp:
        try:
            lp = PotentialLP(level)
        except ImportError:
            print("bound_gap: no scipy (apt-get install python3-scipy): lp column '-'",
                  file=sys.stderr)
    sol = a.solution.strip()
    boxes, player = set(level.start_boxes), level.start_player
    pushes_left = sum(ch.isupper() for ch in sol)
    print("moves  left: moves pushes walks   hako  push      lp  tour")
    for i in range(len(sol) + 1):
        if i == 0 or i == len(sol) or sol[i - 1].isupper():
            moves_left = len(sol) - i
            lp_value = "%7.1f" % lp.value(boxes, player) if lp else "      -"
            print("%5d  %11d %6d %5d  %5s %5s %s %5d" %
                  (i, moves_left, pushes_left, moves_left - pushes_left,
                   hako_bound(a.hako, level, boxes, player, "moves"),
                   hako_bound(a.hako, level, boxes, player, "pushes"), lp_value,
                   tour_bound(level, boxes, player)))
        if i == len(sol):
            break
        ch = sol[i]
        if ch.lower() not in DIRS:
            sys.exit(f"bound_gap: move {i + 1} of the solution is {ch!r}, not one of lurdLURD")
        dr, dc = DIRS[ch.lower()]
        step = (player[0] + dr, player[1] + dc)
        beyond = (step[0] + dr, step[1] + dc)
        if step not in level.floor:
            sys.exit(f"bound_gap: move {i + 1} of the solution walks into a wall")
        if step in boxes:
            if not ch.isupper() or beyond not in level.floor or beyond in boxes:
                sys.exit(f"bound_gap: move {i + 1} of the solution is not a legal push")
            boxes.remove(step)
            boxes.add(beyond)
            pushes_left -= 1
        elif ch.isupper():
            sys.exit(f"bound_gap: move {i + 1} of the solution pushes nothing")
        player = step
    if not all(b in level.goals for b in boxes):
        sys.exit("bound_gap: the solution does not solve the level")


if __name__ == "__main__":
    main()
