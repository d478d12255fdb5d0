"""Plain result objects completed in one pass instead of field by field (ADR 0065).

graphql-core completes every field of an answer alike: a path, a resolve info, the field's
resolver (for a strawberry field without one, ``getattr`` behind two calls), the checks of
``complete_value``, the leaf's coercion. A search's page (ten hits with their places and
salaries, six facets with up to a hundred values each) is several hundred such fields, and that
machinery was the largest part of an uncached search's CPU after strawberry's own entry.

An object type is *plain* when it has no ``is_type_of`` (no interfaces) and every field is a
basic strawberry field (no resolver, no field extension or permission, no arguments; strawberry
marks its resolver ``_is_default``) whose type is a scalar, an enum or a plain object, in lists
and non-nulls or not. :class:`LeanCompletion` completes a value of a plain type itself: the
same collected fields (graphql-core's own ``collect_subfields``: aliases, fragments,
``@include``/``@skip``), the same attribute read (the field's default resolver), the same leaf
coercion (``coerce_output_value``), in the same order; so the answer is the same, key for key.
Anything it does not expect (a null where the schema says non-null, a value a scalar refuses,
a list that is not a list or tuple, a source without the attribute, a deferred fragment,
resolver middleware) makes it hand the object back to graphql-core's completion, which answers
the same errors it always did (plain fields have no side effects, so completing again is safe).
"""

from __future__ import annotations

import math
import operator
import weakref
from collections.abc import Callable
from typing import Any

from graphql import (
    GRAPHQL_MAX_INT,
    GRAPHQL_MIN_INT,
    GraphQLBoolean,
    GraphQLEnumType,
    GraphQLFloat,
    GraphQLID,
    GraphQLInt,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLResolveInfo,
    GraphQLScalarType,
    GraphQLString,
    Undefined,
)
from graphql.execution.collect_fields import FieldDetailsList
from graphql.pyutils import Path
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

DEFINITION_BACKREF = "strawberry-definition"  # strawberry's GraphQLCoreConverter.DEFINITION_BACKREF

# a completer: (executor, value, the field's collected nodes) -> the completed value
Completer = Callable[["LeanCompletion", Any, FieldDetailsList], Any]
# a plain type's fields: GraphQL name -> (read the attribute, complete it)
Plan = dict[str, tuple[Callable[[Any], Any], Completer]]


class _NotPlain(Exception):
    """A value the lean path does not complete: graphql-core completes the object instead."""


_UNKNOWN: Any = object()
# per schema type, built on its first completion (a schema's types live as long as the process)
_plans: weakref.WeakKeyDictionary[GraphQLObjectType, Plan | None] = weakref.WeakKeyDictionary()
# the types whose plans are being built: a type that contains itself is taken as plain meanwhile
# (its fields are looked at all the same)
_building: weakref.WeakSet[GraphQLObjectType] = weakref.WeakSet()


def plan_of(object_type: GraphQLObjectType) -> Plan | None:
    """The type's fields as the lean path reads them, or None when the type is not plain."""
    plan = _plans.get(object_type, _UNKNOWN)
    if plan is not _UNKNOWN:
        return plan  # type: ignore[no-any-return]
    _building.add(object_type)
    try:
        plan = _build_plan(object_type)
    finally:
        _building.discard(object_type)
    _plans[object_type] = plan
    return plan


def _build_plan(object_type: GraphQLObjectType) -> Plan | None:
    if object_type.is_type_of is not None:
        return None
    plan: Plan = {}
    for name, field in object_type.fields.items():
        definition = (field.extensions or {}).get(DEFINITION_BACKREF)
        resolver = field.resolve
        if (
            definition is None
            or field.args
            or resolver is None
            or not getattr(resolver, "_is_default", False)
            or not getattr(definition, "is_basic_field", False)
        ):
            return None
        complete = _completer(field.type)
        if complete is None:
            return None
        plan[name] = (_reader(definition.default_resolver, definition.python_name), complete)
    return plan


def _reader(default_resolver: Callable[[Any, str], Any], python_name: str) -> Callable[[Any], Any]:
    if default_resolver is getattr:
        return operator.attrgetter(python_name)
    return lambda source: default_resolver(source, python_name)


def _completer(graphql_type: GraphQLOutputType) -> Completer | None:
    if isinstance(graphql_type, GraphQLNonNull):
        inner = _completer(graphql_type.of_type)
        if inner is None:
            return None

        def non_null(executor: LeanCompletion, value: Any, nodes: FieldDetailsList) -> Any:
            completed = inner(executor, value, nodes)
            if completed is None:
                raise _NotPlain
            return completed

        return non_null
    if isinstance(graphql_type, GraphQLList):
        item = _completer(graphql_type.of_type)
        if item is None:
            return None

        def listed(executor: LeanCompletion, value: Any, nodes: FieldDetailsList) -> Any:
            if value is None:
                return None
            if not isinstance(value, list | tuple):
                raise _NotPlain
            return [item(executor, each, nodes) for each in value]

        return listed
    if isinstance(graphql_type, GraphQLScalarType | GraphQLEnumType):
        return _leaf(graphql_type)
    if isinstance(graphql_type, GraphQLObjectType):
        object_type = graphql_type
        if object_type not in _building and plan_of(object_type) is None:
            return None  # an object whose plain parts graphql-core completes field by field

        def plain_object(executor: LeanCompletion, value: Any, nodes: FieldDetailsList) -> Any:
            if value is None:
                return None
            plan = plan_of(object_type)
            if plan is None:
                raise _NotPlain
            return executor.complete_plain(object_type, plan, nodes, value)

        return plain_object
    return None  # an interface or a union: graphql-core resolves the type


def _int_as_is(value: Any) -> bool:
    return bool(GRAPHQL_MIN_INT <= value <= GRAPHQL_MAX_INT)


def _float_as_is(value: Any) -> bool:
    return math.isfinite(value)


def _always(_value: Any) -> bool:
    return True


# a value of exactly this Python type that passes the check is what the built-in scalar's own
# coercion returns for it (graphql.type.scalars), so it is taken as it is
_AS_IS: dict[GraphQLScalarType, tuple[type | None, Callable[[Any], bool]]] = {
    GraphQLString: (str, _always),
    GraphQLID: (str, _always),
    GraphQLInt: (int, _int_as_is),
    GraphQLFloat: (float, _float_as_is),
    GraphQLBoolean: (bool, _always),
}


def _leaf(leaf_type: GraphQLScalarType | GraphQLEnumType) -> Completer:
    coerce = leaf_type.coerce_output_value
    exact, as_is = (
        _AS_IS.get(leaf_type, (None, _always))
        if isinstance(leaf_type, GraphQLScalarType)
        else (None, _always)
    )

    def leaf(_executor: LeanCompletion, value: Any, _nodes: FieldDetailsList) -> Any:
        if value is None:
            return None
        if type(value) is exact and as_is(value):
            return value
        if isinstance(value, Exception):  # graphql-core raises it as the field's error
            raise _NotPlain
        try:
            coerced = coerce(value)
        except Exception:
            raise _NotPlain from None
        if coerced is None or coerced is Undefined:
            raise _NotPlain
        return coerced

    return leaf


# a plain object's selection, as completed: (response name, its field or None for __typename,
# the field's collected nodes)
Selection = list[tuple[str, tuple[Callable[[Any], Any], Completer] | None, FieldDetailsList]]


class LeanCompletion(StrawberryGraphQLCoreExecutionContext):
    """Strawberry's executor, completing values of plain types in one pass (module docs)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a plain type's selection at one place of the operation, like graphql-core's own
        # collect_subfields memo (which keeps the nodes list, and so its id, alive)
        self._selections: dict[tuple[GraphQLObjectType, int], Selection] = {}

    def complete_object_value(
        self,
        return_type: GraphQLObjectType,
        field_details_list: FieldDetailsList,
        info: GraphQLResolveInfo[Any],
        path: Path,
        result: Any,
        position_context: Any,
    ) -> Any:
        plan = plan_of(return_type)
        if plan is not None and (
            self.middleware_manager is None or not self.middleware_manager.middlewares
        ):
            try:
                return self.complete_plain(return_type, plan, field_details_list, result)
            except _NotPlain:
                pass
        return super().complete_object_value(
            return_type, field_details_list, info, path, result, position_context
        )

    def selection(
        self, object_type: GraphQLObjectType, plan: Plan, field_details_list: FieldDetailsList
    ) -> Selection:
        key = (object_type, id(field_details_list))
        selection = self._selections.get(key)
        if selection is None:
            grouped_field_set, defer_usages, _ = self.collect_subfields(
                object_type, field_details_list
            )
            if defer_usages:
                raise _NotPlain
            selection = []
            for response_name, nodes in grouped_field_set.items():
                name = nodes[0].node.name.value
                if name == "__typename":
                    selection.append((response_name, None, nodes))
                elif name in plan:
                    selection.append((response_name, plan[name], nodes))
                else:
                    raise _NotPlain
            self._selections[key] = selection
        return selection

    def complete_plain(
        self,
        object_type: GraphQLObjectType,
        plan: Plan,
        field_details_list: FieldDetailsList,
        value: Any,
    ) -> dict[str, Any]:
        if isinstance(value, Exception):
            raise _NotPlain
        completed: dict[str, Any] = {}
        try:
            for response_name, field, nodes in self.selection(
                object_type, plan, field_details_list
            ):
                if field is None:
                    completed[response_name] = object_type.name
                else:
                    read, complete = field
                    completed[response_name] = complete(self, read(value), nodes)
        except _NotPlain:
            raise
        except Exception:  # a value without the attribute...: graphql-core places the error
            raise _NotPlain from None
        return completed
