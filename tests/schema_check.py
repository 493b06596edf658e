#!/usr/bin/env python3
"""schema_check.py: the JSON Schemas of `podium schema`, checked with
jsonschema (t_schema.sh).

  schema_check.py schema FILE...            each a valid draft 2020-12 schema
  schema_check.py validate SCHEMA YAML...   each YAML file valid against SCHEMA

YAML is read as an editor's YAML language server reads it, by the YAML 1.2
core schema: true/false, null, decimal, octal (0o) and hex numbers are
typed, everything else (dates, 12:11, yes) is a string, and mapping keys
are their text. One line per problem, "FILE: PATH: MESSAGE"; exit 1 if any.
"""
import json
import re
import sys

import jsonschema
import yaml


class Core12Loader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's implicit types only."""


Core12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
]:
    Core12Loader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(pattern),
                                       list(first) + ([""] if tag == "null" else []))


def _int(loader, node):
    v = loader.construct_scalar(node)
    if v.startswith("0o"):
        return int(v[2:], 8)
    if v.startswith("0x"):
        return int(v[2:], 16)
    return int(v, 10)


def _float(loader, node):
    v = loader.construct_scalar(node).lower()
    if v.endswith(".inf"):
        return float("-inf") if v.startswith("-") else float("inf")
    if v == ".nan":
        return float("nan")
    return float(v)


def _bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


def _mapping(loader, node):
    loader.flatten_mapping(node)
    out = {}
    for k, v in node.value:
        key = k.value if isinstance(k, yaml.ScalarNode) else json.dumps(
            loader.construct_object(k, deep=True))
        out[key] = loader.construct_object(v, deep=True)
    return out


Core12Loader.add_constructor("tag:yaml.org,2002:int", _int)
Core12Loader.add_constructor("tag:yaml.org,2002:float", _float)
Core12Loader.add_constructor("tag:yaml.org,2002:bool", _bool)
Core12Loader.add_constructor("tag:yaml.org,2002:map", _mapping)


def main(argv):
    bad = 0
    if len(argv) >= 2 and argv[0] == "schema":
        for path in argv[1:]:
            with open(path, encoding="utf-8") as f:
                schema = json.load(f)
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.SchemaError as e:
                print(f"{path}: {e.message}")
                bad += 1
    elif len(argv) >= 3 and argv[0] == "validate":
        with open(argv[1], encoding="utf-8") as f:
            validator = jsonschema.Draft202012Validator(json.load(f))
        for path in argv[2:]:
            with open(path, encoding="utf-8") as f:
                doc = yaml.load(f, Loader=Core12Loader)
            for e in sorted(validator.iter_errors(doc), key=lambda e: list(e.path)):
                where = "/".join(str(p) for p in e.path) or "(top)"
                print(f"{path}: {where}: {e.message}")
                bad += 1
    else:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
