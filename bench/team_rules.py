"""Team games for the load bench: the test suite's four-seat skirmish (two seats a side, its
rules and kit under tests/) registered in the bench's server and seeding process, because no
shipped ruleset seats several players a side yet.  The site needs nothing else to play it:
the rules plug in through the registries (docs/architecture.md, "Adding a ruleset")."""
from __future__ import annotations


def register() -> tuple[str, dict]:
    """Register the four-seat rules and their kit; their name and a scenario file of theirs."""
    from tests.toy.pages import TOY_FILE
    from tests.toy.presenter import register_toy_kit
    from tests.toy.rules import TOY

    register_toy_kit()
    return TOY.name, dict(TOY_FILE)
