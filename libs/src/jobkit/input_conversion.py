"""Nested input types converted by a converter made once per type (ADR 0065).

Strawberry turns an argument's input value (graphql-core's coerced dict) into its input classes
with one generic function that asks, for every field of every nested value on every request,
what kind of type it is, what its GraphQL name is and what its resolved type is. For a search's
``JobSearchInput`` (facets, condition groups with their conditions, a place, sorts: some sixty
values) that was about a tenth of an uncached search's CPU.

:func:`converted_once` gives an input type strawberry's ``from_input`` hook (which strawberry
calls with the whole input value) with a converter made on first use from the type's fields:
the same keyword arguments strawberry would pass (``None`` for a field without a default that
the value leaves out, lists copied, nested input types converted the same way) and the same
class built. A field of any other kind (an enum, a custom scalar, a global id, an input type
of its own hook) is converted by strawberry itself (``InputContext.convert``), so
the result is what strawberry's own conversion makes in every case. ``Maybe`` fields are refused
(strawberry does not check their literal nulls in a type with the hook).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple, TypeVar

from strawberry.types.arguments import InputContext
from strawberry.types.base import (
    StrawberryList,
    StrawberryMaybe,
    StrawberryOptional,
    StrawberryType,
    get_object_definition,
)

T = TypeVar("T", bound=type)

# the value graphql-core gives is already the Python value for these
_AS_IS: frozenset[type] = frozenset({str, int, float, bool})

Path = tuple[str | int, ...]
InputConverter = Callable[[type, Mapping[str, Any], InputContext], Any]


class Converter(NamedTuple):
    """One value's conversion: ``convert(value, context, path)``; ``path`` (the value's place in
    the argument, as strawberry passes it on) is kept up to date only where something beneath
    is converted by strawberry itself (``by_strawberry``), the one place it is read."""

    convert: Callable[[Any, InputContext, Path], Any]
    by_strawberry: bool


def converted_once(cls: T) -> T:
    """Give the strawberry input type ``cls`` a converter made once (module docs); returns
    ``cls``, so it can decorate the class under ``@strawberry.input``."""
    definition = get_object_definition(cls, strict=True)
    if not definition.is_input or definition.is_one_of or definition.from_input is not None:
        raise TypeError(f"{cls.__name__}: a plain input type is expected")
    made: dict[tuple[int, type], Converter] = {}

    def from_input(target: type, value: Mapping[str, Any], context: InputContext) -> Any:
        # one converter per naming configuration (a schema's) and class built, made on first
        # use: the fields' types are resolved only once every type of the module is defined
        key = (id(context.config), target)
        converter = made.get(key)
        if converter is None:
            converter = made[key] = _object_converter(cls, context, target)
        return converter.convert(value, context, context.path)

    definition.from_input = from_input
    return cls


def _object_converter(cls: type, context: InputContext, target: type | None = None) -> Converter:
    definition = get_object_definition(cls, strict=True)
    build = target or cls
    name_of = context.config.name_converter.from_field
    implicit_none = tuple(
        field.python_name
        for field in definition.fields
        if field.default_value is dataclasses.MISSING
        and field.default_factory is dataclasses.MISSING
    )
    fields = tuple(
        (
            name_of(field),
            field.python_name,
            _converter(field.resolve_type(type_definition=definition), context),
        )
        for field in definition.fields
    )
    by_strawberry = any(converter.by_strawberry for _, _, converter in fields)

    def convert(value: Any, context: InputContext, path: Path) -> Any:
        if value is None:
            return None
        kwargs: dict[str, Any] = dict.fromkeys(implicit_none)
        for graphql_name, python_name, (field_convert, field_path) in fields:
            if graphql_name in value:
                kwargs[python_name] = field_convert(
                    value[graphql_name], context, (*path, graphql_name) if field_path else path
                )
        return build(**kwargs)

    return Converter(convert, by_strawberry)


def _as_is_type(type_: object) -> bool:
    return isinstance(type_, type) and type_ in _AS_IS


def _as_is(value: Any, _context: InputContext, _path: Path) -> Any:
    return value


def _copied(value: Any, _context: InputContext, _path: Path) -> Any:
    # copied: graphql-core gives every request that leaves it out the same default list
    return None if value is None else list(value)


def _converter(type_: StrawberryType | type, context: InputContext) -> Converter:
    if isinstance(type_, StrawberryMaybe):
        # strawberry's document check of a Maybe's literal null skips types with the hook
        raise TypeError("converted_once: an input type with a Maybe field is not supported")
    if isinstance(type_, StrawberryOptional):
        return _converter(type_.of_type, context)  # every converter passes None through
    if isinstance(type_, StrawberryList):
        if _as_is_type(type_.of_type):
            return Converter(_copied, by_strawberry=False)
        item_convert, item_path = _converter(type_.of_type, context)

        def listed(value: Any, context: InputContext, path: Path) -> Any:
            if value is None:
                return None
            if item_path:
                return [item_convert(each, context, (*path, i)) for i, each in enumerate(value)]
            return [item_convert(each, context, path) for each in value]

        return Converter(listed, item_path)
    if _as_is_type(type_):
        return Converter(_as_is, by_strawberry=False)
    definition = get_object_definition(type_)
    if (
        definition is not None
        and definition.is_input
        and not definition.is_one_of
        and definition.from_input is None
        and isinstance(type_, type)
    ):
        return _object_converter(type_, context)
    return _by_strawberry(type_)


def _by_strawberry(type_: StrawberryType | type) -> Converter:
    """Strawberry's own conversion (an enum, a custom scalar, a type with its own hook)."""

    def convert(value: Any, context: InputContext, path: Path) -> Any:
        return dataclasses.replace(context, path=()).convert(value, type_, *path)

    return Converter(convert, by_strawberry=True)


@contextmanager
def strawberrys_own_conversion(*classes: type) -> Iterator[None]:
    """Strawberry's generic conversion for these types while in the block (tests compare the
    two paths)."""
    definitions = [get_object_definition(cls, strict=True) for cls in classes]
    hooks = [definition.from_input for definition in definitions]
    for definition in definitions:
        definition.from_input = None
    try:
        yield
    finally:
        for definition, hook in zip(definitions, hooks, strict=True):
            definition.from_input = hook


__all__ = ["converted_once", "strawberrys_own_conversion"]
