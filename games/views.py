from django.shortcuts import render


def scenario_list(request):
    """The shipped battles. A placeholder until scenarios are loaded into the database."""
    return render(request, "games/scenario_list.html")
