"""Views of the games app, one module per area (scenarios.py: the scenario pages)."""
from .scenarios import scenario_detail, scenario_download, scenario_import, scenario_list

__all__ = ["scenario_detail", "scenario_download", "scenario_import", "scenario_list"]
