"""The scenario editor: drafts drawn in the browser, checked by the engine, tried, and
published as versions (docs/editor.md).

The modules without Django (``shape``, ``draft_view``, ``tools``, ``regions``, ``checks``)
work on a draft's data, the scenario file format of docs/scenarios.md; ``drafts`` is the
service that changes drafts, ``publishing`` the one that turns them into versions.
"""
