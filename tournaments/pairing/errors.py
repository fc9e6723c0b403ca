"""The one error of the pairing package."""


class PairingError(ValueError):
    """The input cannot be paired or ranked (e.g. a player listed twice, an unknown metric).

    ``str(error)`` is written for the organiser.
    """
