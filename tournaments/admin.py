"""Admin of the tournaments app: every model here gets registered."""
