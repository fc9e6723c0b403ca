"""Every list is paginated: ``?page=N`` (from 1) and ``?page_size=N`` (1 to 200, default 50).
A value that is not such a number is refused (400 ``invalid``), as the schema says; a page
past the last is ``404 not_found``."""
from rest_framework import pagination

from .errors import ApiError


def _whole_number(request, name: str, lowest: int, highest: int | None = None) -> int | None:
    text = request.query_params.get(name)
    if text is None:
        return None
    bounds = f"from {lowest} to {highest}" if highest else f"of {lowest} or more"
    if not (text.isascii() and text.isdigit() and len(text) <= 18
            and int(text) >= lowest and (highest is None or int(text) <= highest)):
        message = f"Give a whole number {bounds}."
        raise ApiError("invalid", f"{name}: {message}", errors=[{"field": name, "message": message}])
    return int(text)


class PageNumberPagination(pagination.PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        size = _whole_number(request, self.page_size_query_param, 1, self.max_page_size)
        return self.page_size if size is None else size

    def paginate_queryset(self, queryset, request, view=None):
        _whole_number(request, self.page_query_param, 1)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": self.max_page_size}
        return parameters
