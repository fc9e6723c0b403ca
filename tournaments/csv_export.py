"""CSV downloads safe to open in a spreadsheet program.

A cell of text that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return)
would be read by a spreadsheet as a formula, so a member named ``=HYPERLINK(...)`` could
plant one in an organiser's sheet: such cells go out with a single quote in front, the
usual way of saying "this is text". Numbers go out as they are.

``?bom=1`` adds a UTF-8 byte-order mark at the start, for spreadsheet programs (Excel) that
otherwise read the file in a legacy code page and garble accented names.
"""
from __future__ import annotations

import csv

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


def neutralised(cell):
    """``cell`` as it may go into a spreadsheet: formula-looking text quoted."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SafeWriter:
    """A ``csv.writer`` whose rows have their formula-looking text cells quoted."""

    def __init__(self, stream):
        self._writer = csv.writer(stream)

    def writerow(self, row):
        return self._writer.writerow([neutralised(cell) for cell in row])


def csv_download(request, filename: str) -> tuple[HttpResponse, SafeWriter]:
    """An attachment response named ``filename`` and the writer to fill it with; with a
    byte-order mark when the request asks ``?bom=1``."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    if request.GET.get("bom") == "1":
        response.write(BOM)
    return response, SafeWriter(response)
