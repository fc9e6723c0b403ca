"""The site's WSGI application with the bench's team rules registered (bench/team_rules.py):
what gunicorn serves when ``bench/load.py --teams`` runs team games."""
from battlecry_site.wsgi import application

from bench.team_rules import register

register()

__all__ = ["application"]
