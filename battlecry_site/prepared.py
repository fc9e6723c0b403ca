"""A read by primary key, an insert and an update whose SQL is written once per process, not
once per request.

Every action locks its game row and reads the match, the scenario and both players with
it (the page drawn after the action shows them).  Compiling that query (seven models, over
a hundred columns) costs the ORM several times what the database spends answering it, and
it is the same query every time but for the game's id.  :class:`PreparedGet` compiles a
queryset once per database alias with a placeholder id, then runs the kept SQL with the
real id through the connection's usual cursor (so query logging and counting see it) and
builds the instances, related ones included, as the queryset itself would.

The action's two writes (its log row, the game's new state) are the same two statements
every time too: :class:`PreparedInsert` and :class:`PreparedUpdate` write their SQL once
and pass each value through its field's own conversion (``pre_save`` included, so
``auto_now`` dates are set), sending no model signals (none is listened to for these models).
"""
from __future__ import annotations

from django.db import connections, transaction
from django.db.models.query import get_related_populators

#: The id the query is compiled with, replaced by the real one when it runs.
_PLACEHOLDER = -7_654_321


class PreparedGet:
    """``PreparedGet(lambda: queryset).get(pk)``: the one instance of ``queryset.filter(pk=pk)``,
    or None; ``PreparedGet(lambda: queryset, field="game_id").all(id)``: every instance of
    ``queryset.filter(game_id=id)``, in the queryset's order.  The queryset must filter on
    nothing else (its SQL has the id as its only parameter); a locking one must be run
    inside a transaction."""

    def __init__(self, make_queryset, field: str = "pk"):
        self.make_queryset = make_queryset
        self.field = field
        self._compiled: dict[str, tuple] = {}

    def _compile(self, using: str) -> tuple:
        queryset = self.make_queryset().using(using).filter(**{self.field: _PLACEHOLDER})
        with transaction.atomic(using=using, savepoint=False):   # a locking query compiles only in one
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
        if list(params) != [_PLACEHOLDER]:
            raise ValueError("a prepared read takes the primary key as its only parameter")
        info = compiler.klass_info
        start, end = info["select_fields"][0], info["select_fields"][-1] + 1
        init_list = [col[0].target.attname for col in compiler.select[start:end]]
        compiled = (sql, compiler, info["model"], start, end, init_list,
                    get_related_populators(info, compiler.select, using))
        self._compiled[using] = compiled
        return compiled

    def get(self, pk, using: str = "default"):
        found = self.all(pk, using)
        return found[0] if found else None

    def all(self, value, using: str = "default") -> list:
        compiled = self._compiled.get(using) or self._compile(using)
        sql, compiler, model, start, end, init_list, populators = compiled
        value = model._meta.pk.get_prep_value(value)          # ValueError, TypeError: not an id
        with connections[using].cursor() as cursor:
            cursor.execute(sql, [value])
            rows = cursor.fetchall()
        found = []
        for row in compiler.results_iter([rows]):
            obj = model.from_db(using, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            found.append(obj)
        return found


class _PreparedWrite:
    def __init__(self, model, field_names: tuple):
        self.model, self.field_names = model, field_names
        self._sql: dict[str, str] = {}

    def fields(self) -> list:
        return [self.model._meta.get_field(name) for name in self.field_names]

    def _run(self, sql_of, params: list, using: str) -> None:
        connection = connections[using]
        sql = self._sql.get(using)
        if sql is None:
            sql = self._sql[using] = sql_of(connection.ops.quote_name)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


class PreparedInsert(_PreparedWrite):
    """``PreparedInsert(Model, fields).run(instance)``: insert an unsaved instance's fields
    (its id is left to the database and not read back)."""

    def run(self, obj, using: str = "default") -> None:
        fields, connection = self.fields(), connections[using]
        params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
        self._run(lambda q: (f"INSERT INTO {q(self.model._meta.db_table)} "
                             f"({', '.join(q(f.column) for f in fields)}) "
                             f"VALUES ({', '.join(['%s'] * len(fields))})"), params, using)


class PreparedUpdate(_PreparedWrite):
    """``PreparedUpdate(Model, fields).run(instance)``: save those fields of a stored instance."""

    def run(self, obj, using: str = "default") -> None:
        fields, connection, pk = self.fields(), connections[using], self.model._meta.pk
        params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
        params.append(pk.get_db_prep_value(obj.pk, connection))
        self._run(lambda q: (f"UPDATE {q(self.model._meta.db_table)} SET "
                             f"{', '.join(f'{q(f.column)} = %s' for f in fields)} "
                             f"WHERE {q(pk.column)} = %s"), params, using)
