"""The bounds of what the API accepts (docs/web.md, "Bounds"): every name, text, list and nesting
depth a request may carry has a limit, written into the OpenAPI schema (``maxLength``,
``maxItems``, ``maximum``, the descriptions) and named in the refusal of a request past it.

Free-form values (a game's ``params``, a campaign step's ``value``) are JSON of any shape, so
their limits are checked here, without recursion: a value nested thousands of levels deep is a
400 naming the bound, never a ``RecursionError``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import AfterValidator, BaseModel, Field

from soloboard.core.saves import nesting
from soloboard.i18n import LANGUAGES, _

MAX_ID = 64  # an identifier: a game, an agent, a city, a tile, a component, a step, a language
MAX_TEXT = 200  # a text inside a free-form value; a move's notation
MAX_TOKEN = 64  # a secret token (the server's are 32 characters)
MAX_DEPTH = 4  # levels of arrays and objects in a free-form value
MAX_ITEMS = 64  # entries of one array or object in a free-form value
MAX_SEATS = 16  # seats listed in a request (a game has at most 6)
MAX_QUERY_JSON = 4_000  # characters of JSON given in a query string (GET /api/setup?params=)
# Any request's body: the largest thing sent is a game's save file (web/api.py's MAX_IMPORT_BYTES,
# 4 MB); a larger body is refused (413) as soon as its length is known, before it is read.
MAX_BODY = 4_200_000
# levels of arrays and objects in any JSON body, checked on its text before it is parsed (the fields' own,
# tighter bounds then name themselves); well under what Python's parser reads at its default recursion limit
MAX_BODY_DEPTH = 500


def problem(value: Any, what: str) -> str | None:
    """What breaks the free-form value's bounds, in words naming the bound (None: nothing)."""
    depth = nesting(value)
    if depth > MAX_DEPTH:
        return _("{what} nests {depth} levels of arrays and objects; at most {limit}").format(
            what=what, depth=depth, limit=MAX_DEPTH)
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and len(item) > MAX_TEXT:
            return _("a text in {what} has {n} characters; at most {limit}").format(
                what=what, n=len(item), limit=MAX_TEXT)
        if isinstance(item, dict | list):
            if len(item) > MAX_ITEMS:
                return _("an array or object in {what} has {n} entries; at most {limit}").format(
                    what=what, n=len(item), limit=MAX_ITEMS)
            if isinstance(item, dict):
                long_key = next((k for k in item if isinstance(k, str) and len(k) > MAX_TEXT), None)
                if long_key is not None:
                    return _("a key in {what} has {n} characters; at most {limit}").format(
                        what=what, n=len(long_key), limit=MAX_TEXT)
                stack.extend(item.values())
            else:
                stack.extend(item)
    return None


def _bounded(what: str) -> AfterValidator:
    def check(value: Any) -> Any:
        found = problem(value, what)
        if found is not None:
            raise ValueError(found)
        return value

    return AfterValidator(check)


FREE_FORM = (f"any JSON, nested at most {MAX_DEPTH} levels, at most {MAX_ITEMS} entries in an array or object, "
             f"texts of at most {MAX_TEXT} characters")
Params = Annotated[dict[str, Any], _bounded("'params'"),
                   Field(description=f"load_game's parameters (GET /api/catalog): {FREE_FORM}",
                         max_length=MAX_ITEMS)]
StepValue = Annotated[Any, _bounded("'value'")]
Id = Annotated[str, Field(max_length=MAX_ID)]
Token = Annotated[str, Field(max_length=MAX_TOKEN)]


# the language of a request's texts: the schema lists the languages, so a fuzzer (or a client) knows them
Lang = Annotated[str, Query(max_length=MAX_ID, description="language of the texts",
                            json_schema_extra={"enum": list(LANGUAGES)})]


class Refusal(BaseModel):
    """Every refusal's body (docs/web.md, "Errors"): the reason in words, the rule's stable name and
    the rule in the request's language."""

    error: str
    rule: str | None = None
    rule_text: str | None = None


def refusals(**descriptions: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for refusals: status code (``r400=...``) to its description, all with
    the :class:`Refusal` body (413 and 400 for a body past MAX_BODY or MAX_BODY_DEPTH come with every route)."""
    documented: dict[int | str, dict[str, Any]] = {
        413: {"model": Refusal, "description": f"the request's body is larger than {MAX_BODY} bytes"}}
    for key, description in descriptions.items():
        documented[int(key.removeprefix("r"))] = {"model": Refusal, "description": description}
    return documented
