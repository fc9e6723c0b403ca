"""Seats (step 2 of 3): every game's two player columns become its two seats, and back.

Seat "union" is held by the old union player, seat "confederate" by the old Confederate
player; a seat held by Archie's member row (username "archie") in a solo match becomes an
Archie seat at the match's level.  The reverse writes the holders back into the columns.
"""
from django.db import migrations

#: The member row that plays Archie (games.services.ARCHIE_USERNAME, copied: a migration
#: never imports the site's code).
ARCHIE_USERNAME = "archie"
SIDES = ("union", "confederate")


def players_to_seats(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    rows = (Game.objects.select_related("match", "union_player", "confederate_player")
            .order_by("pk").iterator(chunk_size=500))
    batch = []
    for game in rows:
        for side in SIDES:
            player = getattr(game, f"{side}_player")
            archie = (player is not None and player.username == ARCHIE_USERNAME
                      and bool(game.match.archie_level))
            batch.append(Seat(
                game_id=game.pk, name=side, side=side, role="",
                holder="archie" if archie else ("member" if player is not None else "vacant"),
                player=player, archie_level=game.match.archie_level if archie else ""))
        if len(batch) >= 1000:
            Seat.objects.bulk_create(batch)
            batch = []
    Seat.objects.bulk_create(batch)


def seats_to_players(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    holders: dict = {}
    for game_id, name, player_id in Seat.objects.values_list("game_id", "name", "player_id"):
        holders.setdefault(game_id, {})[name] = player_id
    for game_id, seats in holders.items():
        Game.objects.filter(pk=game_id).update(union_player_id=seats.get("union"),
                                               confederate_player_id=seats.get("confederate"))
    Seat.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_seats'),
    ]

    operations = [
        migrations.RunPython(players_to_seats, seats_to_players),
    ]
