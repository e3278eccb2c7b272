"""Forest Fire before its first round, as the web table asks it (scorer/game.py: `opening`): each
player's role and start space on the ring, then the caller's Firebreak rolls and the setup's fire
rolls (two dice each, down then across), written into the record's `players` and `setup`."""
from __future__ import annotations

from pnpkit.scorer.play import Ask, Dice


def _ring(n: int) -> tuple[str, ...]:
    """The ring's spaces, `down across`: one coordinate 0 or n+1, the other 1..n (no corners)."""
    edge = [f"0 {a}" for a in range(1, n + 1)] + [f"{n + 1} {a}" for a in range(1, n + 1)]
    sides = [f"{d} 0" for d in range(1, n + 1)] + [f"{d} {n + 1}" for d in range(1, n + 1)]
    return tuple(edge + sides)


def asks(kit, names: list[str]) -> list[Ask]:
    params, players = kit.params, len(names)
    roles = [r.id for r in params.roles]
    ring = _ring(params.grid)
    out: list[Ask] = []
    for i, name in enumerate(names):
        role = roles[i % len(roles)]
        out.append(Ask(f"players.{i}.role", f"{name}'s role", tuple(roles), default=role))
        out.append(Ask(f"players.{i}.start", f"{name}'s start: a space of the ring, down across (a pilot has none)",
                       ("",) + ring, default="" if params.role(role).kind == "air" else ring[(i * 7) % len(ring)]))
    breaks = min(players, params.firebreaks)
    out.append(Ask("setup.firebreaks", f"The Firebreak rolls (up to {breaks}; the difficulty says how many)",
                   dice=Dice(("down", "across"), faces=params.grid, rolls=breaks, fewest=0)))
    k = params.setup_rounds
    out.append(Ask("setup.fires", f"The setup's fire rolls: {k} rounds' worth, one per player each ({k * players})",
                   dice=Dice(("down", "across"), faces=params.grid, rolls=k * players)))
    return out


def record(kit, names: list[str], answers: dict[str, str]) -> dict:
    players = []
    for i, name in enumerate(names):
        entry: dict = {"name": name, "role": answers.get(f"players.{i}.role", "")}
        start = answers.get(f"players.{i}.start", "").split()
        if start:
            if len(start) != 2 or not all(x.isdigit() for x in start):
                raise ValueError(f"{name}'s start is a space of the ring, `down across`")
            entry["start"] = [int(x) for x in start]
        players.append(entry)
    setup = {}
    for ask in asks(kit, names):
        if ask.dice is not None:
            try:
                setup[ask.field.split(".")[1]] = ask.dice.read(answers.get(ask.field, ""))
            except ValueError as e:
                raise ValueError(f"{ask.label}: {e}") from None
    return {"game": "forest-fire", "players": players, "setup": setup}
