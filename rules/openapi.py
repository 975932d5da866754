"""The OpenAPI 3.1 description of Check my lot's JSON, generated from the declarations.

Nothing in the document is listed here by hand. Its parameters are the form's fields: the
engine's inputs, read from the registry (name, unit, kind, range or choices), and the form's
own options (the projects, the fence's feet and inches, the date, the preview). The answer's
shapes are the engine's dataclasses (``Finding``, ``Answer``, ``Fix``…) read from their type
hints, each code among its declared values: rule ids, topics and notes from the registry,
projects, outcomes, statuses and approvals from the engine's tables. A rule, an input or a
project added to the engine is in the document with nothing edited here.
Served at ``/check-my-lot/openapi.json``; schemathesis holds the live endpoint to it.
"""

from __future__ import annotations

import hashlib
import json
import types
from dataclasses import fields, is_dataclass
from datetime import date
from enum import Enum
from typing import Union, get_args, get_origin, get_type_hints

from django import forms

from law.engine.answers import OUTCOMES, REASONS, Alternative, Answer, Condition, Fix
from law.engine.caches import process_cache
from law.engine.findings import APPROVAL_ORDER, Finding, MinorVariance, Share, Status
from law.engine.registry import registry
from rules.fields import AnswerField, YesNoField
from rules.forms import CheckForm
from rules.numbers import (
    MAX_LENGTH,
    NumberField,
    WholeNumberField,
    read_measure,
    read_whole,
    typed_pattern,
)

RESULT_PATH = "/check-my-lot/result.json"
# The dataclasses whose ``to_dict`` makes the answer's objects, and the one member whose JSON
# name is not its field's (``Answer.to_dict`` calls the fixes what they are to a reader).
SHAPES = (Answer, Fix, Condition, Alternative, Finding, MinorVariance, Share)
JSON_NAMES = {(Answer, "fixes"): "what_would_pass"}
_YES_NO = "yes or no: true/false, yes/no, on/off or 1/0"
# How people write a number of each unit (rules/numbers.py reads them all); a field's examples
# are those within its range.
_TYPED = {
    "feet": ("3", "3 ft", "3 feet", "7'", "6'6\"", "6 ft 6 in", "1,200"),
    "inches": ("6", "6 in", '6"', "84 in", "7'", "6'6\""),
    "square feet": ("8000", "8,000", "120 sq ft", "0.2 acre", "10x12", "10 × 12 ft"),
    "percent": ("40", "40%"),
}
_TYPED_PLAIN = ("8", "1,200")
_TYPED_WHOLE = ("4", "1,200")
_TYPED_WORDS = {
    "feet": "with its unit (`3 ft`, `7'`) or in feet and inches (`6'6\"`, `6 ft 6 in`)",
    "inches": "with its unit (`6 in`, `6\"`) or in feet and inches (`7'`, `6'6\"`)",
    "square feet": (
        "with its unit (`120 sq ft`), in acres (`0.2 acre`) or as two sides in feet (`10x12`)"
    ),
    "percent": "with a percent sign (`40%`)",
}


def parameters() -> list[dict]:
    """One query parameter per form field, in the form's order."""
    specs = registry().inputs
    listed = []
    for name, field in CheckForm.base_fields.items():
        entry = specs.get(name)
        spec = entry.spec if entry else None
        schema = _field_schema(field)
        unit = spec.unit if spec else getattr(field, "unit", "")
        if unit:
            schema["x-unit"] = unit
        if spec:
            schema["x-kind"] = spec.kind
            if spec.definition_url:  # the text that defines the question's terms
                schema["externalDocs"] = {"url": spec.definition_url}
        words = [str(field.label).rstrip(".") + "."]
        if field.help_text:
            words.append(str(field.help_text))
        if isinstance(field, YesNoField | AnswerField):
            words.append(f"Answer {_YES_NO}.")
        if isinstance(field, AnswerField):
            words.append("Absent or empty: not answered (never read as no).")
        if isinstance(field, WholeNumberField | NumberField):
            words.append(_number_words(field, unit))
        parameter = {
            "name": name,
            "in": "query",
            "required": field.required,
            "description": " ".join(words),
            "schema": schema,
        }
        if schema.get("type") == "array":
            parameter |= {"style": "form", "explode": True}  # repeated: ?project=a&project=b
        listed.append(parameter)
    return listed


def _field_schema(field: forms.Field) -> dict:
    """What the field accepts, as JSON Schema (its range as the form enforces it)."""
    if isinstance(field, forms.MultipleChoiceField):
        return {"type": "array", "items": _choices(field), "uniqueItems": True}
    if isinstance(field, forms.ChoiceField):
        return _choices(field)
    if isinstance(field, YesNoField | AnswerField):
        return {"type": "boolean"}
    if isinstance(field, forms.DateField):
        return {"type": "string", "format": "date"}
    if isinstance(field, WholeNumberField | NumberField):
        # A string as people type it ("8,000", "3 ft", "6'6\"", "0.2 acre", "10x12"), read by
        # rules/numbers.py; the range it must fall in, in the field's unit, as x-minimum and
        # x-maximum (JSON Schema's minimum and maximum bind numbers only) and in words.
        whole = isinstance(field, WholeNumberField)
        unit = getattr(field, "unit", None)
        return {
            "type": "string",
            "pattern": typed_pattern(unit, whole=whole),
            "maxLength": MAX_LENGTH,
            "examples": _examples(field, unit, whole),
            "x-minimum": field.min_value,
            "x-maximum": field.max_value,
        }
    raise TypeError(f"no schema for {type(field).__name__}: teach rules/openapi.py its kind")


def _examples(field, unit: str | None, whole: bool) -> list[str]:
    """How people write this field's numbers: those of its unit within its range."""
    typed = _TYPED_WHOLE if whole else _TYPED.get(unit, _TYPED_PLAIN)
    read = [(text, read_whole(text) if whole else read_measure(text, unit)) for text in typed]
    return [text for text, number in read if field.min_value <= number <= field.max_value]


def _number_words(field, unit: str | None) -> str:
    """The number a field takes, in words: its kind, range and the ways it may be written."""
    whole = isinstance(field, WholeNumberField)
    kind = "A whole number" if whole else "A number"
    of = f" of {unit}" if unit else ""
    ways = [] if whole else [_TYPED_WORDS[unit]] if unit in _TYPED_WORDS else []
    if field.max_value >= 1000:
        ways.insert(0, "thousands with commas (`8,000`)")
    written = f": digits (ASCII only), {', or '.join(ways)}" if ways else ": digits (ASCII only)"
    low, high = (
        f"{figure:,g}" if figure % 1 else f"{int(figure):,}"
        for figure in (field.min_value, field.max_value)
    )
    return f"{kind}{of} from {low} to {high}, as people write it{written}."


def _choices(field: forms.ChoiceField) -> dict:
    chosen = [(str(key), str(label)) for key, label in field.choices if key != ""]
    return {
        "type": "string",
        "enum": [key for key, _label in chosen],
        "x-enumDescriptions": dict(chosen),
    }


def _codes() -> dict[str, tuple]:
    """The declared values of each coded member of the answer's objects, by member name."""
    reg = registry()
    rules = reg.rule_order
    return {
        "rule": rules,
        "rules": rules,
        "unknown": rules,
        "topic": reg.topics,
        "note": tuple(sorted(reg.notes)),
        "exception": tuple(sorted(reg.notes)),
        "reason": REASONS,
        "approval": APPROVAL_ORDER,
        "approvals": APPROVAL_ORDER,
        "project": tuple(reg.projects),
        "outcome": OUTCOMES,
        "missing": tuple(CheckForm.base_fields),
    }


def shape(cls) -> dict:
    """The JSON Schema of ``cls.to_dict()``: every field, required, and nothing else."""
    hints = get_type_hints(cls)
    codes = _codes()
    properties = {
        JSON_NAMES.get((cls, f.name), f.name): _typed(hints[f.name], codes.get(f.name))
        for f in fields(cls)
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _typed(hint, codes) -> dict:
    """A type hint as JSON Schema; ``codes`` the values a text may take (None: any)."""
    args = get_args(hint)
    if get_origin(hint) in (Union, types.UnionType) and type(None) in args:
        (inner,) = (arg for arg in args if arg is not type(None))
        schema = _typed(inner, codes)
        if "type" not in schema:  # a reference
            return {"anyOf": [schema, {"type": "null"}]}
        schema = {**schema, "type": [schema["type"], "null"]}
        if "enum" in schema:
            schema["enum"] = [*schema["enum"], None]
        return schema
    if get_origin(hint) is tuple:
        return {"type": "array", "items": _typed(args[0], codes)}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"type": "string", "enum": [member.value for member in hint]}
    if is_dataclass(hint):
        return {"$ref": f"#/components/schemas/{hint.__name__}"}
    if hint is str:
        return {"type": "string", "enum": list(codes)} if codes else {"type": "string"}
    if hint is date:
        return {"type": "string", "format": "date"}
    kinds = {bool: "boolean", int: "integer", float: "number"}
    if hint in kinds:
        return {"type": kinds[hint]}
    raise TypeError(f"no schema for {hint!r}: teach rules/openapi.py its kind")


def _responses() -> dict:
    fields_ = CheckForm.base_fields
    ignored = {
        "type": "array",
        "items": {"type": "string"},
        "uniqueItems": True,
        "description": "Every query parameter the answer did not read, sorted (a misspelt name).",
    }
    dated = {"type": ["string", "null"], "format": "date"}
    answer = {
        "ignored": ignored,
        "as_of": {"type": "string", "format": "date"},
        "include_proposed": {"type": "boolean"},
        "proposals": {"type": "object", "additionalProperties": dated},
        "zone": _choices(fields_["zone"]),
        "projects": _field_schema(fields_["project"]),
        "counts": {
            "type": "object",
            "propertyNames": {"enum": [status.value for status in Status]},
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "answers": {"type": "array", "items": {"$ref": "#/components/schemas/Answer"}},
        "errors": {"type": "object", "maxProperties": 0},
        "findings": {"type": "array", "items": {"$ref": "#/components/schemas/Finding"}},
    }
    messages = {"type": "array", "items": {"type": "string"}, "minItems": 1}
    refusal = {
        "ignored": ignored,
        "errors": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"enum": list(fields_)},
            "additionalProperties": messages,
        },
        "answers": {"type": "array", "maxItems": 0},
        "findings": {"type": "array", "maxItems": 0},
    }
    return {
        "200": _json("One answer per project chosen, then the findings.", answer),
        "400": _json("An answer that cannot be read: the messages keyed by field.", refusal),
    }


def _json(description: str, properties: dict) -> dict:
    schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    return {"description": description, "content": {"application/json": {"schema": schema}}}


@process_cache
def document() -> dict:
    """The OpenAPI 3.1 document (built once per process)."""
    operation = {
        "operationId": "checkMyLot",
        "summary": "What the City of Cotati's rules say about a plan for a lot.",
        "description": (
            "Every answer is a query parameter; only `zone` is required. A rule whose inputs "
            "are missing is `not_checked`, naming them in `missing`. Each project's answer has "
            "an `outcome`; `cannot_tell` only while a question that changes it is unanswered "
            "(all of them in `missing`); `allowed_with_approval` names the approvals a held rule "
            "needs, with what the City decides besides in `unknown`; `city_decides` where "
            "nothing held stops the plan and what is left is a rule this site does not hold (in "
            "`unknown`). `variance` names the failed rules a variance could relax. `conditions` of the permit never change the outcome; "
            "`alternatives` name other projects, with a reason. Parameters the answer did not "
            "read are named in `ignored`."
        ),
        "parameters": parameters(),
        "responses": _responses(),
    }
    body = {
        "paths": {RESULT_PATH: {"get": operation}},
        "components": {"schemas": {cls.__name__: shape(cls) for cls in SHAPES}},
    }
    # The version changes exactly when the contract does.
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]
    info = {"title": "City of Cotati: Check my lot", "version": digest}
    return {"openapi": "3.1.0", "info": info, **body}


@process_cache
def document_json() -> bytes:
    return json.dumps(document()).encode()
