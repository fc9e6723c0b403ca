"""Typed errors of the engine.

``IllegalAction`` and ``ScenarioError`` are errors for users: their message is meant
to be shown to a player or a scenario editor as it is.  Anything else raised by the
engine means a bug.
"""


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``str(err)`` says why in plain words."""


class ScenarioError(ValueError):
    """A scenario file that breaks the format or the rules of set-up.

    ``errors`` lists every problem found, each naming the field and, where there is
    one, the hex.
    """

    def __init__(self, errors):
        if isinstance(errors, str):
            errors = [errors]
        self.errors = list(errors)
        super().__init__("; ".join(self.errors))
