#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/openapi.yaml as JSON, for the test suites' answer checks (tests/common/openapicheck.h).

Usage: openapi-json.py IN.yaml OUT.json
"""
import json
import os
import sys

import yaml


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    if not isinstance(doc, dict) or "paths" not in doc:
        print(f"{sys.argv[1]}: not an OpenAPI description", file=sys.stderr)
        return 1
    tmp = sys.argv[2] + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


    os.replace(tmp, sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
