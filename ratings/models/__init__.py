from .pool import Pool
from .rating import Rating, RatingChange
from .result import RatedResult

__all__ = ["Pool", "RatedResult", "Rating", "RatingChange"]
