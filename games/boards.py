"""Board renderers by board kind (a ruleset's ``capabilities.board``): "hex" draws a Battle
Cry view (``games.board_svg``), "square" a grid in the shape ``games.board_square``
documents.  The ruleset's kit (``Presenter.board``) gives the renderer its input; the page
only asks ``draw_board`` for the ruleset's kind.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from games.board_square import render_square
from games.board_svg import render_board
from games.engine import rulesets

#: A renderer: the board's input, then the page's ``viewer``, ``highlights``,
#: ``cell_attrs``, ``selected`` and ``marks`` (keywords), to an SVG string.
Renderer = Callable[..., str]


def _hex(board: Mapping, *, cell_attrs=None, **kw: Any) -> str:
    return render_board(board, hex_attrs=cell_attrs, **kw)


_RENDERERS: dict[str, Renderer] = {"hex": _hex, "square": render_square}


def register_renderer(kind: str, renderer: Renderer) -> Renderer:
    """Draw boards of ``kind`` with ``renderer`` (a new kind, or a replacement)."""
    _RENDERERS[kind] = renderer
    return renderer


def renderer_for(kind: str) -> Renderer:
    """The renderer of the board kind ``kind``; ValueError naming the known kinds otherwise."""
    try:
        return _RENDERERS[kind]
    except KeyError:
        raise ValueError(f"no board renderer for {kind!r} (known: {', '.join(sorted(_RENDERERS))})") from None


def board_kind(ruleset: str) -> str:
    """The board kind of the ruleset named ``ruleset``."""
    return rulesets()[ruleset].capabilities.board


def draw_board(ruleset: str, board: Mapping, **kw: Any) -> str:
    """``board`` (the ruleset's kit's ``board(view)``) drawn by its board kind's renderer."""
    return renderer_for(board_kind(ruleset))(board, **kw)
