"""Models of the campaigns app."""
