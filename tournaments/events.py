"""What the tournaments app tells the apps above it, without importing them.

``result_settled(sender=Pairing, pairing=<Pairing>)``
    Sent inside the transaction that makes a pairing's result count (confirmed, decided,
    corrected, forfeited, played on the site), so a receiver's writes commit or roll back
    with it.  Sent again on every later correction.
"""
from django.dispatch import Signal

result_settled = Signal()
