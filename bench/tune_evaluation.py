"""Fit the weights of Archie's evaluation for one ruleset on positions from self-play.

Usage:
  python bench/tune_evaluation.py --ruleset advanced --games 200 --seed 34 \
      [--scenarios antietam,shiloh,...] [--out bench/weights/advanced.json]

1. Positions: ``--games`` games of the recruit (greedy play; ``--level`` and ``--iterations``
   name another level or policy and its budget) against itself, both sides with hands, over
   the scenarios in turn, each seeded from ``--seed`` and its number. At every
   turn's end (where the search evaluates) the evaluation's terms (``evaluation.features``)
   are taken for both sides; a drawn game (the turn cap) gives none.
2. Labels: 1 for the side that went on to win the game, 0 for the other.
3. Fit: logistic regression of the label on the terms, without an intercept (the terms are
   each side's less the other's), by Newton's method, with the search's own squash: the
   chance of a win is 0.5 + 0.5 tanh(value / SCALE), so a weight is SCALE / 2 times its
   coefficient, and the fitted values sit on the scale the search's exploration constant
   was set for. A ridge penalty pulls each coefficient toward the hand-set weight's
   (RIDGE, in units of each term's spread), which keeps a term the games rarely move near
   its hand-set value.
4. Check: every fifth round of the scenarios (games 0-9, 50-59, ...) is held out of the fit; the log-loss of the hand-set and of the
   fitted weights on its positions is printed and kept in the file.

Same seed, same games, same positions, same weights: nothing else is random. The output is
a weights table (``games/ai/weights.py``); it is in force only once copied into
``games/ai/fitted/`` (docs/archie.md, *A tuned evaluation*). Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.ai import Budget, choose  # noqa: E402
from games.ai.evaluation import features  # noqa: E402
from games.ai.search import SCALE  # noqa: E402
from games.ai.weights import HAND_SET, TERMS  # noqa: E402
from games.engine import DEFAULT_RULESET, RULESETS, Game, load_scenario  # noqa: E402
from games.engine import other  # noqa: E402
from games.engine.core import derive_seed  # noqa: E402

DEFAULT_SCENARIOS = ("antietam", "belmont", "cedar-mountain", "first-bull-run", "fredericksburg",
                     "gaines-mill", "kernstown", "mcdowell", "shiloh", "wilsons-creek")
TURN_CAP = 150
#: The ridge penalty's weight: about as many positions' worth of belief in the hand-set values.
RIDGE = 20.0
NEWTON_STEPS = 50
HOLD_OUT = 5            # every fifth round of the scenarios checks the fit instead of feeding it

Position = tuple[tuple[float, ...], int]


def scenario(slug: str):
    return load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


def game_positions(ruleset: str, slug: str, seed: int, level: str = "recruit",
                   budget: Budget | None = None) -> list[Position]:
    """One game of ``level`` against itself (with ``budget`` in place of the level's own):
    the terms at each turn's end for both sides, labelled with the result (none if nobody
    won)."""
    game = Game.new(scenario(slug), ruleset=ruleset, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[str, tuple[float, ...]]] = []
    turn = game.current.number
    while game.outcome is None and game.current.number <= TURN_CAP:
        side = game.active_side
        game.apply(choose(game, side, level, rng.getrandbits(63), budget))
        if game.current.number != turn and game.outcome is None:
            turn = game.current.number
            for s in (side, other(side)):
                seen.append((s, features(game, s)))
    winner = (game.outcome or {}).get("winner")
    if winner is None:
        return []
    return [(f, 1 if s == winner else 0) for s, f in seen]


def positions(ruleset: str, games: int, seed: int, scenarios=DEFAULT_SCENARIOS,
              progress=None, level: str = "recruit",
              budget: Budget | None = None) -> list[list[Position]]:
    """The positions of each of ``games`` self-play games (a list per game)."""
    out = []
    for i in range(games):
        out.append(game_positions(ruleset, scenarios[i % len(scenarios)], derive_seed(seed, i),
                                  level, budget))
        if progress:
            progress(i + 1, games)
    return out


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def to_coefficients(weights) -> list[float]:
    """Weights (evaluation points) as logistic coefficients under the search's squash."""
    return [2 * w / SCALE for w in weights]


def log_loss(weights, data: list[Position]) -> float:
    """Mean negative log-likelihood of the results under ``weights`` (lower fits better)."""
    beta = to_coefficients(weights)
    total = 0.0
    for x, y in data:
        p = min(1 - 1e-12, max(1e-12, _sigmoid(sum(b * v for b, v in zip(beta, x)))))
        total -= math.log(p if y else 1 - p)
    return total / max(1, len(data))


def fit(data: list[Position], prior=HAND_SET, ridge: float = RIDGE,
        held: frozenset = frozenset()) -> tuple[float, ...]:
    """The weights that fit ``data`` best (ridge toward ``prior``), by Newton's method with a
    step halved until the penalized loss falls (some terms reach thousands of points). The
    terms numbered in ``held`` keep their ``prior`` weight."""
    k = len(prior)
    n = max(1, len(data))
    spread = [math.sqrt(sum(x[j] ** 2 for x, _ in data) / n) or 1.0 for j in range(k)]
    pull = [ridge * s * s for s in spread]
    base = to_coefficients(prior)

    def loss(beta: list[float]) -> float:
        total = 0.5 * sum(p * (b - b0) ** 2 for p, b, b0 in zip(pull, beta, base))
        for x, y in data:
            z = sum(b * v for b, v in zip(beta, x))
            total += math.log1p(math.exp(-abs(z))) + max(z, 0.0) - (z if y else 0.0)
        return total

    beta = list(base)
    current = loss(beta)
    for _ in range(NEWTON_STEPS):
        grad = [pull[j] * (beta[j] - base[j]) for j in range(k)]
        hess = [[pull[i] if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in data:
            p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
            r, w = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += r * x[i]
                wx = w * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += wx * x[j]
        for j in held:                 # no step for a held term
            grad[j] = 0.0
            for i in range(k):
                hess[i][j] = hess[j][i] = 0.0
            hess[j][j] = 1.0
        step = solve(hess, grad)
        slope = sum(g * s for g, s in zip(grad, step))
        t = 1.0
        while True:
            trial = [b - t * s for b, s in zip(beta, step)]
            value = loss(trial)
            if value <= current - 1e-4 * t * slope or t < 1e-6:
                break
            t /= 2
        if value > current:
            break
        beta, done = trial, current - value < 1e-10 * max(1.0, abs(current))
        current = value
        if done:
            break
    return tuple(round(b * SCALE / 2, 6) for b in beta)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def tune(ruleset: str, games: int, seed: int, scenarios=DEFAULT_SCENARIOS, progress=None) -> dict:
    """Play, fit and check: the weights table for ``ruleset`` with how it was made."""
    per_game = positions(ruleset, games, seed, scenarios, progress)
    return fitted_table(ruleset, per_game, seed, scenarios)


def held_out(game: int, scenarios) -> bool:
    """Whether game number ``game`` checks the fit: every fifth round of the scenarios, so
    that every scenario is in both parts."""
    return (game // len(scenarios)) % HOLD_OUT == 0


def fitted_table(ruleset: str, per_game: list[list[Position]], seed: int, scenarios,
                 held: tuple[str, ...] = (), played: str = "recruit self-play") -> dict:
    """The weights fitted on the positions of ``per_game`` (a list per game), with the fit's
    figures; the terms named in ``held`` keep their hand-set weights."""
    games = len(per_game)
    train = [p for i, g in enumerate(per_game) if not held_out(i, scenarios) for p in g]
    check = [p for i, g in enumerate(per_game) if held_out(i, scenarios) for p in g]
    weights = fit(train, held=frozenset(TERMS.index(t) for t in held))
    return {
        "ruleset": ruleset, "weights": dict(zip(TERMS, weights)),
        "hand_set": dict(zip(TERMS, HAND_SET)),
        "method": (f"logistic regression of the result on the evaluation's terms at each turn's "
                   f"end, squash 0.5 + 0.5 tanh(value / {SCALE:g}), ridge {RIDGE:g} toward the "
                   f"hand-set weights; {played}, both sides with hands"),
        "held_at_hand_set": list(held),
        "games": games, "seed": seed, "scenarios": list(scenarios),
        "decided_games": sum(1 for g in per_game if g),
        "positions": {"fit": len(train), "held_out": len(check)},
        "held_out_log_loss": {"hand_set": round(log_loss(HAND_SET, check), 4),
                              "fitted": round(log_loss(weights, check), 4)},
        "fit_log_loss": {"hand_set": round(log_loss(HAND_SET, train), 4),
                         "fitted": round(log_loss(weights, train), 4)},
    }


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default=DEFAULT_RULESET, choices=sorted(RULESETS))
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=34)
    p.add_argument("--scenarios", default=",".join(DEFAULT_SCENARIOS))
    p.add_argument("--level", default="recruit",
                   help="the level or policy that plays the games against itself (default "
                        "recruit; e.g. search with --iterations 100 for stronger games)")
    p.add_argument("--iterations", type=int, default=None,
                   help="search iterations a decision in place of the level's time budget")
    p.add_argument("--hold", default="",
                   help="terms, comma-separated, that keep their hand-set weights (e.g. "
                        "exposure,general: rare events the games fitted on say little about)")
    p.add_argument("--positions", type=pathlib.Path, default=None,
                   help="keep the positions in this file (JSON) and read them from it when it "
                        "exists, so the fit can be run again without playing the games again")
    p.add_argument("--out", type=pathlib.Path, default=None,
                   help="where to write the table (default bench/weights/<ruleset>.json)")
    args = p.parse_args(argv)
    out = args.out or ROOT / "bench" / "weights" / f"{args.ruleset}.json"
    scenarios = [s for s in args.scenarios.split(",") if s]
    if args.positions and args.positions.exists():
        per_game = [[(tuple(x), y) for x, y in g] for g in json.loads(args.positions.read_text())]
    else:
        budget = Budget(iterations=args.iterations) if args.iterations else None
        per_game = positions(args.ruleset, args.games, args.seed, scenarios,
                             progress=lambda i, n: print(f"  game {i}/{n}", file=sys.stderr,
                                                         flush=True) if i % 10 == 0 else None,
                             level=args.level, budget=budget)
        if args.positions:
            args.positions.write_text(json.dumps(per_game))
    held = tuple(t for t in args.hold.split(",") if t)
    unknown = [t for t in held if t not in TERMS]
    if unknown:
        p.error(f"unknown terms {unknown}; the terms are {', '.join(TERMS)}")
    played = f"{args.level} self-play" + (f" at {args.iterations} iterations a decision"
                                           if args.iterations else "")
    table = fitted_table(args.ruleset, per_game, args.seed, scenarios, held, played)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2) + "\n")
    print(json.dumps({k: table[k] for k in ("weights", "decided_games", "positions",
                                             "held_out_log_loss", "fit_log_loss")}, indent=2))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
