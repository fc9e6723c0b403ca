"""Admin of the games app: every model here gets registered."""
