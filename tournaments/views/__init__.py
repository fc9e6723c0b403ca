"""Pages of clubs, leagues and tournaments: one view and one template per page; the POST
views change things through tournaments.services and answer with a 303 to a page."""
