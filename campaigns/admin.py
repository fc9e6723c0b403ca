"""Admin of the campaigns app: every model here gets registered."""
