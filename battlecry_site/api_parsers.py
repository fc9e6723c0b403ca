"""The REST API's JSON parser: DRF's, with the checks of battlecry_site/untrusted_json.py,
so a hostile body gets a 400 with a reason instead of an error 500."""
from __future__ import annotations

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from battlecry_site import untrusted_json


class CheckedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = stream.read().decode(encoding)
            return untrusted_json.loads(text)
        except UnicodeDecodeError:
            raise ParseError("The body is not valid UTF-8 text.") from None
        except untrusted_json.UnsafeJSON as exc:
            raise ParseError(f"JSON parse error: the body {exc}") from None
