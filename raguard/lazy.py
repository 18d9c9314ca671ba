"""A lazily computed attribute, without the lock of ``functools.cached_property``."""

from __future__ import annotations

from typing import Any, Callable, Generic, Optional, TypeVar, overload

_T = TypeVar("_T")


class lazy(Generic[_T]):
    """``functools.cached_property`` without its lock: before Python 3.12 every first read of a
    property took one lock shared by all instances (about ten per verify for the context, and
    as many for each new document). Without it, two threads reading the same new attribute at
    once may both compute it; that is only done for values that depend on the instance's text
    alone (a context belongs to one call in one thread; a document index is read-only once built),
    so both store the same value."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: Optional[type] = None) -> "lazy[_T]": ...
    @overload
    def __get__(self, instance: object, owner: Optional[type] = None) -> _T: ...

    def __get__(self, instance: Any, owner: Optional[type] = None) -> Any:
        if instance is None:
            return self
        # (a non-data descriptor: once stored, the instance's value is found before this)
        value = instance.__dict__[self.name] = self.func(instance)
        return value
