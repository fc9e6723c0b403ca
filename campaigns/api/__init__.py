"""The campaigns' REST endpoints under /api/v1/ (docs/api.md, "Campaigns")."""
